/**
 * Answer schemas the SPA's calls need that domain/contract does not have yet, built only from its schemas.
 * They belong in domain/contract beside the rest; they wait here while the contract's response wrappers are
 * being reworked, and move there (unchanged) once that work has landed.
 */
import { z } from 'zod';
import { TimestampSchema } from '../../domain/contract/common';
import { ArticleSchema, ReferenceItemSchema, type ReferenceKind } from '../../domain/contract/reference';
import { UserSchema } from '../../domain/contract/session';

/** DELETE /session (sign out): an empty object (the route's own `z.object({})`). */
export const SignedOutSchema = z.object({});

/**
 * A staff account as the user admin screen sees it (server/services/users/admin.ts `userWire`): the
 * contract's User plus whether it may sign in and when it was made.
 */
export const AdminUserSchema = UserSchema.extend({ active: z.boolean(), created_at: TimestampSchema });
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** GET /users: every account, active first. */
export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema) });

/** POST /users, PUT /users/{id}, POST /users/{id}/reset_password: the account as it now is. */
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });

/** POST /articles, PUT /articles/{id}: the article as saved. */
export const ArticleResponseSchema = z.object({ article: ArticleSchema });

/**
 * GET /{kind}: one reference list under its own name (`{"registries": [...]}`). The contract's
 * ReferenceListSchema cannot check it: a record keyed by the enum of all five kinds wants every kind.
 */
export const referenceListSchema = <K extends ReferenceKind>(kind: K) =>
  z.looseRecord(z.literal(kind), z.array(ReferenceItemSchema));

/**
 * POST /{kind}, PUT /{kind}/{id}: the item as saved, under the singular of its list
 * (`{"registry": {...}}`, server/routes/reference.ts).
 */
export const referenceItemResponseSchema = <K extends string>(singular: K) =>
  z.looseRecord(z.literal(singular), ReferenceItemSchema);

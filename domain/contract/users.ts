/** The user admin screen's answers (GET/POST /users, PUT /users/{id}, POST /users/{id}/reset_password). */
import { z } from 'zod';
import { TimestampSchema } from './common';
import { UserSchema } from './session';

/** A staff account as admins see it: the user plus whether it may sign in, never the password hash. */
export const AdminUserSchema = UserSchema.extend({
  active: z.boolean(),
  /** Whether 2-step verification is on. */
  mfa_enabled: z.boolean(),
  created_at: TimestampSchema,
}).meta({
  id: 'AdminUser',
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** Every account, active first, by name. */
export const AdminUserListSchema = z.object({ users: z.array(AdminUserSchema) });
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** What creating, changing or resetting the password of an account answers. */
export const AdminUserResponseSchema = z.object({ user: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

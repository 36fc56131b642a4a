/** Building blocks shared by the contract schemas: money, dates, ids, text, paging and lock versions. */
import { z } from 'zod';

/** Integer pence, as money always travels on the wire. */
export const PenceSchema = z
  .number({ error: 'Enter an amount.' })
  .int('Enter whole pence.')
  .min(0, 'Enter £0.00 or more.')
  .max(100_000_000, 'That amount is too large.');

/** Signed integer pence (differences, report figures that may be negative). */
export const SignedPenceSchema = z.number().int();

/** A London calendar day as 'yyyy-MM-dd'. */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.');

/** A moment as an ISO 8601 string. */
export const TimestampSchema = z.string();

/** A database id. */
export const IdSchema = z.number().int().positive().max(2_147_483_647);

/** Short free text (references, names). */
export const ShortTextSchema = z.string().max(500, 'Keep this under 500 characters.');

/** Long free text (messages, notes). */
export const LongTextSchema = z.string().max(20_000, 'Keep this under 20,000 characters.');

/** Text that must have content once trimmed, with the message a form shows when it has none. */
export function requiredText(message: string, max = 20_000) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Keep this under ${max} characters.`);
}

/** A zod enum of an option list's values, with the message a form shows for anything else. */
export function enumOf<const V extends string>(options: readonly { value: V }[], error: string) {
  return z.enum(options.map((o) => o.value) as [V, ...V[]], { error });
}

/** The lock_version every order-item write may carry; a stale one gets 409. */
export const LockVersionSchema = z.number().int().min(0).optional();

/** A body with its wrapper keys and the optional top-level lock_version. */
export function withLock<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, lock_version: LockVersionSchema });
}

/** The paging fields of a paged list (page is 1-based). */
export const PagingSchema = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total_count: z.number().int().min(0),
  total_pages: z.number().int().min(0),
});
export type Paging = z.infer<typeof PagingSchema>;

/** The `page` query parameter. */
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/** `{ user: {id, name} }` as an assignee or author appears inside other records. */
export const UserRefSchema = z.object({ id: IdSchema, name: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;

/** Building blocks shared by the contract schemas: money, dates, ids, text, paging and lock versions. */
import { z } from 'zod';
import { londonToday } from '../format';

/** Integer pence, as money always travels on the wire. */
export const PenceSchema = z
  .number({ error: 'Enter an amount.' })
  .int('Enter whole pence.')
  .min(0, 'Enter £0.00 or more.')
  .max(100_000_000, 'That amount is too large.');

/**
 * The limits every text field the API accepts is held to (docs/decisions/input-validation.md): a database
 * text column has no limit of its own, so without these one request could store megabytes.
 */
export const TEXT_LIMITS = {
  /** RFC 5321's longest deliverable address. */
  email: 254,
  /** A person's first name or surname. */
  personName: 200,
  /** Short free text: references, names of things, subjects, address lines. */
  short: 500,
  /** Long free text: notes, messages, e-mails to customers, FAQ answers. */
  long: 20_000,
  /** A whole reference article (HTML), the one longer text. */
  article: 100_000,
} as const;

/** PostgreSQL has no year 0 (and rejects it); JavaScript and ISO 8601 accept it. */
const notYearZero = (s: string) => !s.startsWith('0000');

/**
 * A London calendar day as 'yyyy-MM-dd' that exists on the calendar: 2026-02-31 and 2025-02-29 are refused
 * here (422 naming the field), not by the database (a 500).
 */
export const IsoDateSchema = z.iso
  .date({ error: 'Enter a real date as yyyy-mm-dd.' })
  .max(10)
  .refine(notYearZero, 'Enter a real date as yyyy-mm-dd.');

/** The day of a birth, marriage or death: a real London calendar day, today at the latest. */
export const EventDateSchema = IsoDateSchema.refine(
  (day) => day <= londonToday(new Date()),
  'The event date cannot be in the future.',
);

/** A moment as an ISO 8601 string (responses). */
export const TimestampSchema = z.string();

/** A moment sent to us: ISO 8601 with an offset, on a real calendar day and a real time. */
export const IsoDateTimeSchema = z.iso
  .datetime({ offset: true, error: 'Enter a date and time as ISO 8601 with an offset.' })
  .max(40)
  .refine(notYearZero, 'Enter a date and time as ISO 8601 with an offset.');

/** An e-mail address we can send to. */
export const EmailSchema = z
  .email('Enter a valid e-mail address.')
  .max(TEXT_LIMITS.email, `An e-mail address has at most ${TEXT_LIMITS.email} characters.`);

/** The largest PostgreSQL integer: an id or count above it never reaches the database. */
export const MAX_ID = 2_147_483_647;

/** A database id (a PostgreSQL integer: larger numbers never reach the database). */
export const IdSchema = z.number().int().positive().max(MAX_ID);

/**
 * How a path segment that is either an id or a ref names a record: 'id' with the number, 'ref', or 'none'
 * for digits beyond the integer range (no record has that id, and the database would refuse the number).
 */
export function keyKind(key: string): { kind: 'id'; id: number } | { kind: 'ref' } | { kind: 'none' } {
  if (!/^\d+$/.test(key)) return { kind: 'ref' };
  const id = Number(key);
  return id >= 1 && id <= MAX_ID ? { kind: 'id', id } : { kind: 'none' };
}

/** Short free text (references, names). */
export const ShortTextSchema = z.string().max(TEXT_LIMITS.short, 'Keep this under 500 characters.');

/** Long free text (messages, notes). */
export const LongTextSchema = z.string().max(TEXT_LIMITS.long, 'Keep this under 20,000 characters.');

/** Text that must have content once trimmed, with the message a form shows when it has none. */
export function requiredText(message: string, max: number = TEXT_LIMITS.long) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Keep this under ${max} characters.`);
}

/** A JSON object body that its service parses with its own schema; even its keys are bounded text. */
export const FreeFormBodySchema = z.record(z.string().max(100), z.unknown());

/** A zod enum of an option list's values, with the message a form shows for anything else. */
export function enumOf<const V extends string>(options: readonly { value: V }[], error: string) {
  return z.enum(options.map((o) => o.value) as [V, ...V[]], { error });
}

/** The lock_version every order-item write may carry; a stale one gets 409. */
export const LockVersionSchema = z.number().int().min(0).max(2_147_483_647).optional();

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

/**
 * A count for each value of a fixed list, every one present: an object with one integer per value (a record
 * keyed by an enum says the same to zod, but its JSON Schema lists required keys it never defines).
 */
export function countsBy<const V extends string>(values: readonly V[]) {
  return z.object(
    Object.fromEntries(values.map((value) => [value, z.number().int()])) as Record<V, z.ZodNumber>,
  );
}

/**
 * UK GDPR requests about one customer (admins only, docs/privacy.md): a subject access export of everything
 * held about an e-mail address (a ZIP file), and the erasure of it.
 */
import { z } from 'zod';
import { EmailSchema, TEXT_LIMITS } from './common';

/** The customer a request is about, by the e-mail address their orders and messages carry (any case). */
export const CustomerExportQuerySchema = z.object({ email: EmailSchema });
export type CustomerExportQuery = z.infer<typeof CustomerExportQuerySchema>;

export const CustomerErasureRequestSchema = z.object({
  email: EmailSchema,
  /** Why: shown to the admin who types it, counted in the audit log by its length only. */
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the data is erased (at least 3 characters).')
    .max(TEXT_LIMITS.short, `At most ${TEXT_LIMITS.short} characters.`),
});
export type CustomerErasureRequest = z.infer<typeof CustomerErasureRequestSchema>;

/** What an erasure changed, in counts (nothing of the erased data). */
export const CustomerErasureSchema = z.object({
  erased: z.literal(true),
  orders: z.number().int().nonnegative(),
  order_items: z.number().int().nonnegative(),
  /** The refs of the erased orders: kept, with their amounts, dates and types, for the accounts. */
  order_refs: z.array(z.string()),
  conversations: z.number().int().nonnegative(),
  emails: z.number().int().nonnegative(),
  documents_deleted: z.number().int().nonnegative(),
});
export type CustomerErasure = z.infer<typeof CustomerErasureSchema>;

/**
 * The e-mails the company sends its customers, one template each (server/mail/templates/), and GET
 * /email_templates (admins): every template rendered with sample data, as the customer would receive it.
 */
import { z } from 'zod';

/** Every kind of customer e-mail; each has exactly one template. */
export const CUSTOMER_EMAIL_KINDS = [
  'customer_contact',
  'reminder',
  'documents_rejected',
  'upgrade_payment_request',
  'downgrade_approval_request',
  'update_withdrawn',
  'scan_send',
  'despatched',
  'refund',
  'cancelled',
  'unpaid_cart',
  'conversation_reply',
] as const;
export type CustomerEmailKind = (typeof CUSTOMER_EMAIL_KINDS)[number];

export const EmailTemplateSchema = z.object({
  kind: z.enum(CUSTOMER_EMAIL_KINDS),
  /** What the template is for, in staff's words. */
  description: z.string(),
  subject: z.string(),
  /** The whole HTML document as it is sent (to be shown in a sandboxed frame, never inline). */
  html: z.string(),
  /** The plain-text part sent beside it: the same message. */
  text: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplateSchema>;

export const EmailTemplateListSchema = z.object({ templates: z.array(EmailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof EmailTemplateListSchema>;

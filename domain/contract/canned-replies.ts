/** Canned replies: kept by admins, inserted by any member of staff into a conversation's reply box. */
import { z } from 'zod';
import { unknownPlaceholders } from '../canned-replies';
import { IdSchema, requiredText, TEXT_LIMITS, TimestampSchema } from './common';

export const CannedReplySchema = z.object({
  id: IdSchema,
  title: z.string(),
  /** Plain text with {{placeholders}} (domain/canned-replies.ts lists them). */
  body: z.string(),
  updated_at: TimestampSchema,
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

export const CannedReplyResponseSchema = z.object({ canned_reply: CannedReplySchema });
export type CannedReplyResponse = z.infer<typeof CannedReplyResponseSchema>;

/** Every canned reply by title (a short list kept by hand). */
export const CannedReplyListSchema = z.object({ canned_replies: z.array(CannedReplySchema) });
export type CannedReplyList = z.infer<typeof CannedReplyListSchema>;

/** POST /canned_replies and PUT /canned_replies/{id}. */
export const CannedReplyRequestSchema = z.object({
  canned_reply: z.object({
    title: requiredText('Enter a title.', TEXT_LIMITS.short),
    body: requiredText('Enter the reply.').refine((body) => unknownPlaceholders(body).length === 0, {
      error: (issue) =>
        `Unknown placeholder: ${unknownPlaceholders(String(issue.input))
          .map((n) => `{{${n}}}`)
          .join(', ')}.`,
    }),
  }),
});
export type CannedReplyRequest = z.infer<typeof CannedReplyRequestSchema>;

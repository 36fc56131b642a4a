/**
 * Undo (issue 49): a change that can be taken back (an assignment, a flag, archiving a conversation, and the
 * bulk assign and flag) answers an undo offer beside its usual answer (the answers are extended where they are
 * defined: order-item.ts, lists.ts, conversations.ts); `POST /undo.json` with the offer's token takes the
 * change back, once, if nothing has changed since (docs/decisions/undo.md). Kept small: the app shell loads it.
 */
import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';

/** What an undo takes back: an assignment (one item or many), a flag or unflag (one or many), an archive. */
export const UNDO_KINDS = ['assign', 'flag', 'archive'] as const;
export const UndoKindSchema = z.enum(UNDO_KINDS);
export type UndoKind = z.infer<typeof UndoKindSchema>;

const TOKEN_MESSAGE = 'Send the undo token the change answered with.';

/** An undo token: 32 random bytes, base64url (43 characters). */
export const UndoTokenSchema = z
  .string({ error: TOKEN_MESSAGE })
  .max(43, TOKEN_MESSAGE)
  .regex(/^[A-Za-z0-9_-]{43}$/, TOKEN_MESSAGE)
  .describe('The token of an undo offer, as the change answered it.');

/** The offer a reversible change answers with: the token, usable once by whoever made the change. */
export const UndoOfferSchema = z
  .object({
    token: UndoTokenSchema,
    /** After this moment the change can no longer be undone (410). */
    expires_at: TimestampSchema,
  })
  .describe(
    'Takes the change back through POST /undo.json, once, by the member of staff who made it, until ' +
      'expires_at, and only while nothing has changed since.',
  );
export type UndoOffer = z.infer<typeof UndoOfferSchema>;

export const UndoRequestSchema = z.object({ undo: z.object({ token: UndoTokenSchema }) });
export type UndoRequest = z.infer<typeof UndoRequestSchema>;

/** What an undo took back. */
export const UndoResultSchema = z.object({
  undone: z.object({
    kind: UndoKindSchema,
    /** In the staff's words, e.g. 'Undone: 100234-2 assigned to Alice Orderer.' */
    message: z.string(),
    /** The order items put back (assign, flag), in id order; empty for an archive. */
    order_item_refs: z.array(z.string()),
    /** The conversation put back in the inbox (archive); null otherwise. */
    conversation_id: IdSchema.nullable(),
  }),
});
export type UndoResult = z.infer<typeof UndoResultSchema>;

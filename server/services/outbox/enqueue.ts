/**
 * The transactional outbox: every customer e-mail is a row written in the same transaction as the action
 * that causes it, so an e-mail is never sent for an action that rolled back nor lost for one that committed.
 * The delivery worker (server/mail/worker.ts) sends the rows.
 */
import { randomBytes } from 'node:crypto';
import type { CustomerEmailKind } from '../../../domain/contract/email-templates';
import type { Db, Tx } from '../../db/client';
import { outbox } from '../../db/schema';
import { composeEmail } from '../../mail/compose';

export interface EmailToSend {
  kind: CustomerEmailKind;
  to: string;
  subject: string;
  /** The message in plain text; the kind's template lays it out (server/mail/templates). */
  text: string;
  /** Whom it is addressed to, for the greeting of the messages we write. */
  customerName?: string | null;
  /** The order item's or basket's ref it is about, shown above the message. */
  reference?: string | null;
  orderItemId?: number | null;
  /** The conversation it answers, so the customer's answer to it comes back to that thread. */
  conversationId?: number | null;
  attachmentIds?: number[];
}

/**
 * The token of an e-mail's Reply-To plus-address (orders+<token>@…): 16 URL-safe characters (96 random bits),
 * so a customer's answer names the e-mail it answers and nobody can guess another's (docs/decisions/inbound-mail.md).
 */
export const newReplyToken = (): string => randomBytes(12).toString('base64url');

/**
 * The outbox row of an e-mail, composed as it is sent (multipart/alternative: the template's HTML and the same
 * message as text), with a Message-ID of its own that stays the same however often delivery is tried
 * (idempotent delivery). For a caller that inserts it as part of a larger statement.
 */
export function outboxRow(email: EmailToSend): typeof outbox.$inferInsert {
  const composed = composeEmail(email.kind, {
    subject: email.subject,
    text: email.text,
    customerName: email.customerName,
    reference: email.reference,
  });
  return {
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: composed.text,
    htmlBody: composed.html,
    orderItemId: email.orderItemId ?? null,
    conversationId: email.conversationId ?? null,
    replyToken: newReplyToken(),
    attachmentIds: email.attachmentIds && email.attachmentIds.length > 0 ? email.attachmentIds : null,
    messageId: `<${email.kind}.${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@ukds.back-office>`,
  };
}

/** Queues an e-mail inside the caller's transaction. */
export async function enqueueEmail(tx: Db | Tx, email: EmailToSend): Promise<void> {
  await tx.insert(outbox).values(outboxRow(email));
}

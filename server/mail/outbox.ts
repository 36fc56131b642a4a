/**
 * The transactional outbox: every customer e-mail is a row written in the same transaction as the action
 * that causes it, so an e-mail is never sent for an action that rolled back nor lost for one that committed.
 * The delivery worker (server/mail/worker.ts) sends the rows.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/client';
import { outbox } from '../db/schema';

export interface EmailToSend {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to the text (optional; the text is always sent). */
  html?: string;
  orderItemId?: number | null;
  attachmentIds?: number[];
}

/** Queues an e-mail inside the caller's transaction, with a stable Message-ID for idempotent delivery. */
export async function enqueueEmail(tx: Db | Tx, email: EmailToSend): Promise<void> {
  const messageId = `<${email.kind}.${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@ukds.back-office>`;
  await tx.insert(outbox).values({
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    orderItemId: email.orderItemId ?? null,
    attachmentIds: email.attachmentIds && email.attachmentIds.length > 0 ? email.attachmentIds : null,
    messageId,
  });
}

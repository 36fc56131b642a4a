/**
 * The transactional outbox: every customer e-mail is a row written in the same transaction as the action
 * that causes it, so an e-mail is never sent for an action that rolled back nor lost for one that committed.
 * The delivery worker (server/mail/worker.ts) sends the rows.
 */
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../../db/client';
import { outbox } from '../../db/schema';

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

/**
 * The outbox row of an e-mail, with a Message-ID of its own that stays the same however often delivery is
 * tried (idempotent delivery). For a caller that inserts it as part of a larger statement.
 */
export function outboxRow(email: EmailToSend): typeof outbox.$inferInsert {
  return {
    kind: email.kind,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    orderItemId: email.orderItemId ?? null,
    attachmentIds: email.attachmentIds && email.attachmentIds.length > 0 ? email.attachmentIds : null,
    messageId: `<${email.kind}.${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@ukds.back-office>`,
  };
}

/** Queues an e-mail inside the caller's transaction. */
export async function enqueueEmail(tx: Db | Tx, email: EmailToSend): Promise<void> {
  await tx.insert(outbox).values(outboxRow(email));
}

/**
 * Stores one inbound e-mail, once (docs/decisions/inbound-mail.md). Its Message-ID is a unique key: the row is
 * inserted first in the transaction that stores everything else, so a message delivered twice, read by two
 * instances at once or read again after a crash is stored exactly once. A bounce marks our e-mail `bounced`; an
 * auto-reply is kept out of the inbox; anything else is a customer message, matched to what it answers by reply
 * token, then In-Reply-To/References, then sender, and stored through the conversation service the storefront
 * uses (an item waiting for the customer takes it as their reply). Its PDF, JPEG and PNG files become customer
 * uploads on the item through the upload service's checks; other files are listed on the message.
 */
import { Readable } from 'node:stream';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { InboundFile } from '../../../domain/contract/conversations';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { conversations, inboundMessages, orderItemEvents, orderItems, outbox } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { lockCustomer, storeCustomerMessage } from '../conversations/conversations';
import { publishChange } from '../live/publish';
import { recordCustomerUpload, type StoredUpload, storeCustomerFile } from '../order-items/attachments';
import { type InboundPart, type ParsedInbound, parseInbound } from './parse';

/** What became of one e-mail. */
export type InboundResult =
  | { outcome: 'duplicate'; messageId: string }
  | { outcome: 'auto_reply'; messageId: string }
  | { outcome: 'bounce'; messageId: string; outboxId: number | null }
  | {
      outcome: 'message';
      messageId: string;
      conversationId: number;
      matchedBy: 'token' | 'in_reply_to' | 'sender' | 'new';
      orderItemRef: string | null;
      uploads: number;
      files: InboundFile[];
    };

/** The types a customer's e-mail may add to an item as uploads; other files stay listed on the message. */
const UPLOAD_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png']);

/** A reply token in an address's plus part: orders+<token>@… (services/outbox/enqueue.ts newReplyToken). */
const TOKEN = /\+([A-Za-z0-9_-]{16})@/;

type Match = {
  matchedBy: 'token' | 'in_reply_to' | 'sender' | 'new';
  conversationId: number | null;
  item: { id: number; ref: string } | null;
};

/** The e-mail of ours a message answers: by reply token first, then by In-Reply-To/References. */
async function matchOf(tx: Tx, mail: ParsedInbound): Promise<Match> {
  const tokens = [...new Set(mail.recipients.map((a) => TOKEN.exec(a)?.[1]).filter((t) => t !== undefined))];
  const answered = async (where: ReturnType<typeof inArray>) => {
    const [row] = await tx
      .select({ conversationId: outbox.conversationId, itemId: orderItems.id, itemRef: orderItems.ref })
      .from(outbox)
      .leftJoin(orderItems, eq(orderItems.id, outbox.orderItemId))
      .where(where)
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row;
  };
  const asMatch = (
    matchedBy: Match['matchedBy'],
    row: NonNullable<Awaited<ReturnType<typeof answered>>>,
  ) => ({
    matchedBy,
    conversationId: row.conversationId,
    item: row.itemId !== null && row.itemRef !== null ? { id: row.itemId, ref: row.itemRef } : null,
  });
  if (tokens.length > 0) {
    const row = await answered(inArray(outbox.replyToken, tokens));
    if (row) return asMatch('token', row);
  }
  if (mail.references.length > 0) {
    const row = await answered(inArray(outbox.messageId, mail.references));
    if (row) return asMatch('in_reply_to', row);
    // The customer answering their own earlier e-mail (a follow-up in the same thread).
    const [earlier] = await tx
      .select({ conversationId: inboundMessages.conversationId })
      .from(inboundMessages)
      .where(
        and(inArray(inboundMessages.messageId, mail.references), isNotNull(inboundMessages.conversationId)),
      )
      .limit(1);
    if (earlier?.conversationId)
      return { matchedBy: 'in_reply_to', conversationId: earlier.conversationId, item: null };
  }
  const [open] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(sql`lower(${conversations.email})`, mail.fromAddress), eq(conversations.active, true)))
    .limit(1);
  return { matchedBy: open ? 'sender' : 'new', conversationId: null, item: null };
}

/** Inserts the message's row, or nothing when its Message-ID is stored already: answers the new row's id. */
async function claim(tx: Tx, mail: ParsedInbound, outcome: 'message' | 'auto_reply' | 'bounce', now: Date) {
  const [row] = await tx
    .insert(inboundMessages)
    .values({
      messageId: mail.messageId,
      fromAddress: mail.fromAddress,
      subject: mail.subject,
      outcome,
      byteSize: mail.byteSize,
      createdAt: now,
    })
    .onConflictDoNothing({ target: inboundMessages.messageId })
    .returning({ id: inboundMessages.id });
  return row?.id;
}

/** A bounce: our e-mail it reports on becomes `bounced`, with the reason, on the outbox and on its item's timeline. */
async function storeBounce(db: Db, mail: ParsedInbound, now: Date): Promise<InboundResult> {
  const bounce = mail.bounce as NonNullable<ParsedInbound['bounce']>;
  return transaction(db, async (tx) => {
    const id = await claim(tx, mail, 'bounce', now);
    if (id === undefined) return { outcome: 'duplicate', messageId: mail.messageId };
    const [bounced] =
      bounce.messageIds.length === 0
        ? []
        : await tx
            .update(outbox)
            .set({ status: 'bounced', lastError: `Bounced: ${bounce.reason}` })
            .where(
              and(inArray(outbox.messageId, bounce.messageIds), inArray(outbox.status, ['sent', 'sending'])),
            )
            .returning({ id: outbox.id, orderItemId: outbox.orderItemId, subject: outbox.subject });
    if (bounced) {
      await tx.update(inboundMessages).set({ bouncedOutboxId: bounced.id }).where(eq(inboundMessages.id, id));
      if (bounced.orderItemId !== null) {
        const [item] = await tx
          .select({ ref: orderItems.ref, state: orderItems.currentState })
          .from(orderItems)
          .where(eq(orderItems.id, bounced.orderItemId));
        await tx.insert(orderItemEvents).values({
          orderItemId: bounced.orderItemId,
          userId: null,
          action: 'email_bounced',
          fromState: item.state,
          toState: item.state,
          payload: { outbox_id: bounced.id, subject: bounced.subject, reason: bounce.reason },
        });
        await publishChange(tx, { topic: 'order_item', id: item.ref });
      }
    }
    return { outcome: 'bounce', messageId: mail.messageId, outboxId: bounced?.id ?? null };
  });
}

/** A file as the upload checks take it: its bytes as a stream. */
const asUpload = (part: InboundPart) => ({ filename: part.filename, stream: Readable.from([part.content]) });

/**
 * Puts the message's PDF, JPEG and PNG files in the store through the upload checks (before the transaction:
 * a failed one is removed again); every other file, and every file of a message about no item, is listed.
 */
async function storeFiles(storage: Storage, parts: InboundPart[], aboutItem: boolean) {
  const uploads: { part: InboundPart; stored: StoredUpload }[] = [];
  const listed: InboundFile[] = [];
  const list = (part: InboundPart, reason: string) =>
    listed.push({
      filename: part.filename,
      content_type: part.contentType,
      byte_size: part.content.length,
      reason,
    });
  for (const part of parts) {
    if (!aboutItem) list(part, 'The message is about no order item.');
    else if (!UPLOAD_TYPES.has(part.contentType)) list(part, 'Only PDF, JPEG and PNG files become uploads.');
    else {
      try {
        const stored = await storeCustomerFile(storage, asUpload(part));
        if (UPLOAD_TYPES.has(stored.contentType)) uploads.push({ part, stored });
        else {
          await storage.remove(stored.key);
          list(part, `Its content is ${stored.contentType}, not a PDF, JPEG or PNG.`);
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== 'invalid_input' && code !== 'payload_too_large') {
          for (const u of uploads) await storage.remove(u.stored.key).catch(() => undefined);
          throw error;
        }
        list(part, (error as Error).message);
      }
    }
  }
  return { uploads, listed };
}

/** A customer's message: matched, then stored with its uploads in one transaction. */
async function storeMessage(
  db: Db,
  storage: Storage,
  mail: ParsedInbound,
  now: Date,
): Promise<InboundResult> {
  // The match is read again in the transaction; this first read only decides which files go to the store.
  const first = await transaction(db, (tx) => matchOf(tx, mail));
  const { uploads, listed } = await storeFiles(storage, mail.files, first.item !== null);
  const removeFiles = async () => {
    for (const u of uploads) await storage.remove(u.stored.key).catch(() => undefined);
  };
  try {
    const result = await transaction(db, async (tx): Promise<InboundResult> => {
      await lockCustomer(tx, mail.fromAddress);
      const id = await claim(tx, mail, 'message', now);
      if (id === undefined) return { outcome: 'duplicate', messageId: mail.messageId };
      const match = await matchOf(tx, mail);
      const item = match.item && first.item?.id === match.item.id ? match.item : null;
      const files = item
        ? listed
        : [...listed, ...uploads.map((u) => fileOf(u.part, 'The message is about no order item.'))];
      // Files first: an upload that clears a rejection does so as a storefront upload would, before the text.
      if (item) for (const u of uploads) await recordCustomerUpload(tx, item.id, u.part, u.stored);
      const stored = await storeCustomerMessage(
        tx,
        { email: mail.fromAddress, name: mail.fromName, subject: mail.subject, content: mail.html },
        `mail:${mail.messageId}`,
        {
          conversationId: match.conversationId,
          item: match.item ? item : null,
          openThreadOnly: match.matchedBy === 'sender' || match.matchedBy === 'new',
          commentText: mail.newText,
        },
        now,
      );
      await tx
        .update(inboundMessages)
        .set({
          matchedBy: match.matchedBy,
          conversationId: stored.id,
          conversationMessageId: stored.messageId,
          orderItemId: item?.id ?? null,
          files,
        })
        .where(eq(inboundMessages.id, id));
      return {
        outcome: 'message',
        messageId: mail.messageId,
        conversationId: stored.id,
        matchedBy: match.matchedBy,
        orderItemRef: stored.orderItemRef,
        uploads: item ? uploads.length : 0,
        files,
      };
    });
    if (result.outcome !== 'message' || result.uploads === 0) await removeFiles();
    return result;
  } catch (error) {
    await removeFiles();
    throw error;
  }
}

const fileOf = (part: InboundPart, reason: string): InboundFile => ({
  filename: part.filename,
  content_type: part.contentType,
  byte_size: part.content.length,
  reason,
});

/**
 * Reads and stores one raw e-mail. Refuses garbage with InboundRefused (the caller sets it aside); any other
 * rejection is a fault (the database is away) and the message is left to be read again.
 */
export async function receiveInboundEmail(
  deps: { db: Db; storage: Storage },
  raw: Buffer,
  now = new Date(),
): Promise<InboundResult> {
  const mail = await parseInbound(raw);
  const [known] = await deps.db
    .select({ id: inboundMessages.id })
    .from(inboundMessages)
    .where(eq(inboundMessages.messageId, mail.messageId));
  if (known) return { outcome: 'duplicate', messageId: mail.messageId };
  if (mail.bounce) return storeBounce(deps.db, mail, now);
  if (mail.autoReply) {
    const id = await transaction(deps.db, (tx) => claim(tx, mail, 'auto_reply', now));
    return id === undefined
      ? { outcome: 'duplicate', messageId: mail.messageId }
      : { outcome: 'auto_reply', messageId: mail.messageId };
  }
  return storeMessage(deps.db, deps.storage, mail, now);
}

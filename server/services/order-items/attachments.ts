/**
 * Staff attachments on an order item: upload (any state), select for scan-send (attach/unattach) and review
 * each file (approve, reject with a reason; the SPEC's toggle_approval cycles not reviewed/false → true,
 * true → false). Each change is on the timeline; a review keeps who and when on the file.
 */

import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { fileTypeFromStream } from 'file-type/node';
import { permissionRefusal } from '../../../domain/workflow/decide';
import type { Actor } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { attachments, orderItemEvents, orderItems } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { storableText } from '../../input-guard';
import { MAX_ATTACHMENT_BYTES, newStorageKey, type Storage, StoredFileMissing } from '../../storage/storage';
import { publishChange } from '../live/publish';
import { loadOrderItem, type OrderItemRow } from './read';
import { applyItemAction, lockOrderItem } from './run-action';

/** What customers send us: scans and photos of documents, PDFs and Word files. */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/tiff',
  'image/gif',
  'image/webp',
  'image/heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'application/x-cfb',
] as const;
const ALLOWED_TYPES = new Set<string>(ATTACHMENT_TYPES);
const MALFORMED = 'The upload was cut off or malformed: send the file again.';
/** The refusal of a multipart body that is cut off or not multipart at all. */
export const malformedUpload = () =>
  new AppError('invalid_input', MALFORMED, [{ field: 'file', message: MALFORMED }]);
/**
 * The first file part of a multipart request. The multipart parser's own refusals carry their 4xx status;
 * any other failure to read a part is a body that is cut off or not multipart: the client's bad input.
 */
export async function firstFilePart<T>(part: Promise<T>): Promise<T> {
  try {
    return await part;
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw malformedUpload();
  }
}
const UNSUPPORTED = 'Only PDF, image (JPEG, PNG, TIFF, GIF, WebP, HEIC) and Word files can be uploaded.';

function checkMayChange(row: OrderItemRow, actor: Actor) {
  // Attachments are part of working the item: the assignee or an admin.
  const refusal = permissionRefusal(row.item, 'approve_scan_send', actor);
  if (refusal) throw new AppError('forbidden', refusal.message);
}

async function recordEvent(
  tx: Tx,
  row: OrderItemRow,
  actor: Actor,
  action: string,
  payload: Record<string, unknown>,
) {
  await tx.insert(orderItemEvents).values({
    orderItemId: row.item.id,
    userId: actor.kind === 'user' ? actor.id : null,
    action,
    fromState: row.item.currentState,
    toState: row.item.currentState,
    payload,
  });
  await tx
    .update(orderItems)
    .set({ lockVersion: sql`${orderItems.lockVersion} + 1`, updatedAt: new Date() })
    .where(eq(orderItems.id, row.item.id));
  await publishChange(tx, { topic: 'order_item', id: row.item.ref });
}

/**
 * The type a stored file's bytes show. Read back from the store as far as the detector needs (a few KB,
 * more for a Word file whose parts come late), so the check is the same on every driver and for every size.
 */
async function detectedType(storage: Storage, key: string) {
  const stream = await storage.get(key);
  try {
    return await fileTypeFromStream(stream);
  } finally {
    stream.destroy();
  }
}

/** A file in upload: its name as sent, and the request's stream of it. */
type UploadedFile = { filename: string; stream: Readable & { truncated?: boolean } };

/** A file streamed to the store and checked: where it is, its size and the type its bytes show. */
export interface StoredUpload {
  key: string;
  bytes: number;
  contentType: string;
}

/**
 * Whether the upload stream was cut off, heard from the start of the request's handling. A body cut off before
 * its closing boundary errors the upload stream: that is the client's bad input, told apart from a fault of
 * our own disk by where the error came from.
 */
function watchCutOff(stream: UploadedFile['stream']): () => boolean {
  let cutOff: Error | undefined;
  stream.once('error', (error) => {
    cutOff = error;
  });
  return () => Boolean(cutOff ?? stream.errored);
}

/**
 * Streams an uploaded file to the store and checks it: not cut off, not too large, a type we take. A refused
 * file is removed from the store before the refusal is thrown.
 */
async function storeUpload(
  storage: Storage,
  file: UploadedFile,
  cutOff: () => boolean,
): Promise<StoredUpload> {
  const saved = { key: newStorageKey(), bytes: 0 };
  try {
    saved.bytes = (await storage.put(saved.key, file.stream)).bytes;
  } catch (error) {
    await storage.remove(saved.key).catch(() => undefined);
    if (cutOff()) throw malformedUpload();
    throw error;
  }
  if (file.stream.truncated) {
    await storage.remove(saved.key);
    throw new AppError('payload_too_large', `Files can be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`);
  }
  // Trust the bytes, not the name or the browser's claim: an executable renamed .pdf is refused.
  const detected = await detectedType(storage, saved.key);
  if (!detected || !ALLOWED_TYPES.has(detected.mime)) {
    await storage.remove(saved.key);
    throw new AppError('invalid_input', UNSUPPORTED, [{ field: 'file', message: UNSUPPORTED }]);
  }
  return { ...saved, contentType: detected.mime };
}

/** Records a stored file on the item (locked by the caller's transaction) and on its timeline. */
async function recordUpload(
  tx: Tx,
  itemId: number,
  file: Pick<UploadedFile, 'filename'>,
  stored: StoredUpload,
  actor: Actor,
  source: 'staff' | 'customer',
) {
  const locked = await lockOrderItem(tx, itemId);
  const [attachment] = await tx
    .insert(attachments)
    .values({
      orderItemId: locked.item.id,
      filename: storableText(file.filename.slice(0, 255)) || 'upload',
      contentType: stored.contentType,
      byteSize: stored.bytes,
      storageKey: stored.key,
      source,
      uploadedById: actor.kind === 'user' ? actor.id : null,
    })
    .returning();
  await recordEvent(tx, locked, actor, 'attachment_uploaded', {
    attachment_id: attachment.id,
    filename: attachment.filename,
  });
  return attachment;
}

/**
 * Runs `record` in one transaction once the file is in the store; when the transaction fails, the stored file
 * is removed too, so a failed upload leaves neither a row nor a file.
 */
async function inTransactionWithFile<T>(
  db: Db,
  storage: Storage,
  stored: StoredUpload,
  record: (tx: Tx) => Promise<T>,
) {
  try {
    return await transaction(db, record);
  } catch (error) {
    await storage.remove(stored.key);
    throw error;
  }
}

/** Stores an uploaded file (streamed to the store) and records it on the item. */
export async function uploadAttachment(
  db: Db,
  storage: Storage,
  key: string,
  file: UploadedFile,
  actor: Actor,
  source: 'staff' | 'customer' = 'staff',
) {
  const cutOff = watchCutOff(file.stream);
  const row = await loadOrderItem(db, key);
  if (source === 'staff') checkMayChange(row, actor);
  const stored = await storeUpload(storage, file, cutOff);
  return inTransactionWithFile(db, storage, stored, (tx) =>
    recordUpload(tx, row.item.id, file, stored, actor, source),
  );
}

/**
 * A customer's upload through the storefront: the file is recorded on the item and the item takes it
 * (customer_upload: a rejection outstanding is cleared, the assignee is told), in one transaction, so an
 * action that fails leaves no attachment behind (nor its stored file). An item the action does not apply to
 * (wrong_state) keeps the file all the same.
 */
export async function receiveCustomerUpload(db: Db, storage: Storage, key: string, file: UploadedFile) {
  const cutOff = watchCutOff(file.stream);
  const row = await loadOrderItem(db, key);
  const stored = await storeUpload(storage, file, cutOff);
  return inTransactionWithFile(db, storage, stored, (tx) =>
    recordCustomerUpload(tx, row.item.id, file, stored),
  );
}

/**
 * A file a customer sent by e-mail (services/inbound), streamed to the store and put through the upload's
 * checks (size, and a type the bytes show); a refused file is removed before the refusal is thrown.
 */
export async function storeCustomerFile(storage: Storage, file: UploadedFile): Promise<StoredUpload> {
  const stored = await storeUpload(storage, file, () => false);
  if (stored.bytes > MAX_ATTACHMENT_BYTES) {
    await storage.remove(stored.key);
    throw new AppError('payload_too_large', `Files can be at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB.`);
  }
  return stored;
}

/**
 * Records a customer's stored file on the item, inside the caller's transaction, and lets the item take it as
 * a storefront upload does (customer_upload); an item the action does not apply to keeps the file all the same.
 */
export async function recordCustomerUpload(
  tx: Tx,
  itemId: number,
  file: Pick<UploadedFile, 'filename'>,
  stored: StoredUpload,
) {
  const actor: Actor = { kind: 'system' };
  const attachment = await recordUpload(tx, itemId, file, stored, actor, 'customer');
  // Read again under the lock: the action sees the new file and the lock_version the upload moved on.
  const withFile = await lockOrderItem(tx, itemId);
  try {
    await applyItemAction(tx, withFile, { action: { type: 'customer_upload' }, actor });
  } catch (error) {
    // A refusal is thrown before the action writes anything, so the upload still commits.
    if (!(error instanceof AppError && error.code === 'wrong_state')) throw error;
  }
  return attachment;
}

/** What a call does to one attachment: select it for scan-send, or review it. */
export type AttachmentChange =
  | { kind: 'attach' | 'unattach' | 'toggle_approval' | 'approve' }
  | { kind: 'reject'; reason: string };

type AttachmentRow = typeof attachments.$inferSelect;

/** The columns a change sets, or null when the file already stands so (a repeat changes nothing). */
function patchFor(attachment: AttachmentRow, change: AttachmentChange, actor: Actor, now: Date) {
  if (change.kind === 'attach' || change.kind === 'unattach') return { selected: change.kind === 'attach' };
  const approved =
    change.kind === 'toggle_approval' ? attachment.approved !== true : change.kind === 'approve';
  const reason = change.kind === 'reject' ? storableText(change.reason.trim()) : null;
  if (
    change.kind !== 'toggle_approval' &&
    attachment.approved === approved &&
    attachment.rejectionReason === reason
  )
    return null;
  return {
    approved,
    rejectionReason: reason,
    reviewedById: actor.kind === 'user' ? actor.id : null,
    reviewedAt: now,
  };
}

/** The timeline's name of a change: the SPEC's calls keep theirs, a review says what it decided. */
const EVENT_OF: Readonly<Record<AttachmentChange['kind'], string>> = {
  attach: 'attachment_attach',
  unattach: 'attachment_unattach',
  toggle_approval: 'attachment_toggle_approval',
  approve: 'attachment_approved',
  reject: 'attachment_rejected',
};

/**
 * Changes one attachment's selection or review state. A review records who and when on the file; approving
 * an approved file (or rejecting a rejected one for the same reason) is a repeat and records nothing.
 */
export async function changeAttachment(
  db: Db,
  key: string,
  attachmentId: number,
  change: AttachmentChange,
  actor: Actor,
) {
  await transaction(db, async (tx) => {
    const row = await lockOrderItem(tx, key);
    checkMayChange(row, actor);
    const [attachment] = await tx
      .select()
      .from(attachments)
      .where(and(eq(attachments.id, attachmentId), eq(attachments.orderItemId, row.item.id)))
      .limit(1);
    if (!attachment) throw notFound('Attachment');
    const patch = patchFor(attachment, change, actor, new Date());
    if (!patch) return;
    await tx.update(attachments).set(patch).where(eq(attachments.id, attachment.id));
    const decided =
      'selected' in patch
        ? { selected: patch.selected }
        : { approved: patch.approved, ...(patch.rejectionReason ? { reason: patch.rejectionReason } : {}) };
    await recordEvent(tx, row, actor, EVENT_OF[change.kind], {
      attachment_id: attachment.id,
      filename: attachment.filename,
      ...decided,
    });
  });
}

/**
 * The stored attachment of an item and its open file, for download. A row whose file is gone (a restore
 * without the files, a disk fault) is a 404 with our error shape, not a broken stream after a 200.
 */
export async function openAttachment(db: Db, storage: Storage, key: string, attachmentId: number) {
  const attachment = await findAttachment(db, key, attachmentId);
  try {
    return { attachment, stream: await storage.get(attachment.storageKey) };
  } catch (error) {
    if (!(error instanceof StoredFileMissing)) throw error;
    throw new AppError('not_found', 'The file of this attachment is missing.', [
      { field: 'file', message: 'The stored file is missing.' },
    ]);
  }
}

/** The stored attachment of an item, for download. */
export async function findAttachment(db: Db, key: string, attachmentId: number) {
  const row = await loadOrderItem(db, key);
  const [attachment] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, attachmentId), eq(attachments.orderItemId, row.item.id)))
    .limit(1);
  if (!attachment) throw notFound('Attachment');
  return attachment;
}

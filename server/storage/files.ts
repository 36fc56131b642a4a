/**
 * Attachment files on disk under DATA_DIR/attachments. Names are random (never the uploader's), so a
 * filename can never climb out of the folder; the database keeps the original name for downloads.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const folder = (dataDir: string) => path.join(dataDir, 'attachments');

/** Streams an upload to a new file; answers its storage key and size. */
export async function saveAttachmentFile(
  dataDir: string,
  stream: Readable,
): Promise<{ key: string; bytes: number }> {
  await mkdir(folder(dataDir), { recursive: true });
  const key = randomUUID();
  const file = path.join(folder(dataDir), key);
  try {
    await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { key, bytes: (await stat(file)).size };
}

/** The absolute path of a stored attachment. */
export function attachmentPath(dataDir: string, key: string): string {
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`Not an attachment key: ${key}`);
  return path.join(folder(dataDir), key);
}

/** A read stream of a stored attachment. */
export function readAttachmentFile(dataDir: string, key: string): Readable {
  return createReadStream(attachmentPath(dataDir, key));
}

/** Removes a stored file (used when the database write that would reference it fails). */
export async function removeAttachmentFile(dataDir: string, key: string): Promise<void> {
  await rm(attachmentPath(dataDir, key), { force: true });
}

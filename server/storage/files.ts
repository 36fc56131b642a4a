/**
 * Attachment files on disk under DATA_DIR/attachments. Names are random (never the uploader's), so a
 * filename can never climb out of the folder; the database keeps the original name for downloads.
 * Customers' documents are readable by the server's own user only: files 0600 in a 0700 folder.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

const folder = (dataDir: string) => path.join(dataDir, 'attachments');
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** Streams an upload to a new file; answers its storage key and size. */
export async function saveAttachmentFile(
  dataDir: string,
  stream: Readable,
): Promise<{ key: string; bytes: number }> {
  await mkdir(folder(dataDir), { recursive: true, mode: FOLDER_MODE });
  // A folder made by an earlier version (0755) is closed too: that also hides the files it already holds.
  await chmod(folder(dataDir), FOLDER_MODE);
  const key = randomUUID();
  const file = path.join(folder(dataDir), key);
  try {
    await pipeline(stream, createWriteStream(file, { flags: 'wx', mode: FILE_MODE }));
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

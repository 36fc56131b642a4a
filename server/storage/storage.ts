/**
 * Where the files the app keeps (attachments) live: one interface, two drivers. The local folder under
 * DATA_DIR is the embedded default; S3-compatible object storage (AWS S3, MinIO, R2, B2) lets several
 * instances share the files, since a file uploaded through one instance must be readable by every other.
 * Both drivers stream both ways: no file is ever held whole in memory. Keys are random UUIDs chosen here
 * (never the uploader's file name), so a key can never name anything outside the store.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Streams `stream` to `key` (replacing nothing: keys are new); answers the bytes stored. */
  put(key: string, stream: Readable, opts?: { contentType?: string }): Promise<{ bytes: number }>;
  /** A read stream of a stored file; throws StoredFileMissing when there is none. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removes a stored file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** The typed "no such stored file" of every driver (a restore without the files, a disk fault). */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored file ${key}`);
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A new random storage key. */
export const newStorageKey = (): string => randomUUID();

/** Refuses anything that is not a key we made (so no driver ever sees a path or a prefix). */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}

/**
 * The storage contract: the same cases against both drivers (the local folder, and S3 through s3rver on
 * 127.0.0.1), including a 20 MB file streamed in and out.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startObjectStore, type TestObjectStore } from '../test/s3';
import { localStorage } from './local';
import { s3Storage } from './s3';
import { MAX_ATTACHMENT_BYTES, newStorageKey, type Storage, StoredFileMissing } from './storage';

let objectStore: TestObjectStore;
beforeAll(async () => {
  objectStore = await startObjectStore();
});
afterAll(async () => {
  await objectStore?.stop();
});

const drivers: [string, () => Storage][] = [
  ['local', () => localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-store-')))],
  ['s3', () => s3Storage(objectStore.config)],
];

/** `size` bytes of a repeating, position-dependent pattern, made 1 MB at a time (never whole in memory). */
function pattern(size: number): Readable {
  const chunk = 1024 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < size; at += chunk) {
        const part = Buffer.alloc(Math.min(chunk, size - at));
        for (let i = 0; i < part.length; i += 4096) part.writeUInt32BE((at + i) >>> 0, i);
        yield part;
      }
    })(),
  );
}

async function digest(stream: Readable): Promise<{ sha: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha: hash.digest('hex'), bytes };
}

describe.each(drivers)('the %s storage driver', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores, reads back, tells existence and removes', async () => {
    const key = newStorageKey();
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('scan')]))).toEqual({
      bytes: 10,
    });
    expect(await storage.exists(key)).toBe(true);
    expect((await digest(await storage.get(key))).bytes).toBe(10);
    const text = Buffer.concat(await (await storage.get(key)).toArray()).toString('utf8');
    expect(text).toBe('hello scan');
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    // Removing what is not there is not an error (a failed upload's clean-up may run twice).
    await storage.remove(key);
  });

  it('throws the typed StoredFileMissing for a key it does not hold', async () => {
    await expect(storage.get(newStorageKey())).rejects.toBeInstanceOf(StoredFileMissing);
  });

  it('refuses a key it did not make', async () => {
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/Not a storage key/);
    await expect(storage.exists('attachments/x')).rejects.toThrow(/Not a storage key/);
  });

  it('fails a put whose source errors (a cut-off upload) and keeps nothing', async () => {
    const key = newStorageKey();
    const source = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put(key, source)).rejects.toThrow(/client went away/);
    expect(await storage.exists(key)).toBe(false);
  });

  it('streams a 20 MB file in and out', async () => {
    const key = newStorageKey();
    const expected = await digest(pattern(MAX_ATTACHMENT_BYTES));
    const started = performance.now();
    expect(await storage.put(key, pattern(MAX_ATTACHMENT_BYTES))).toEqual({ bytes: MAX_ATTACHMENT_BYTES });
    const put = performance.now() - started;
    expect(await digest(await storage.get(key))).toEqual(expected);
    console.info(
      `${storage.kind}: 20 MB put ${Math.round(put)} ms, put+get ${Math.round(performance.now() - started)} ms`,
    );
    await storage.remove(key);
  });
});

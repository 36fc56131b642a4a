/**
 * Attachments through the API on both storage drivers (the local folder and S3 on s3rver): a 20 MB upload
 * and its download, the type and size refusals leaving nothing in the store, a missing object as a 404;
 * and `storage:migrate` copying local files into the object store, run twice (the second copies nothing).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../db/schema';
import { scratchDatabase } from '../test/app-process';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { multipartFile, PNG_BYTES } from '../test/items';
import { startObjectStore, type TestObjectStore } from '../test/s3';
import { type LocalStorage, localStorage } from './local';
import { migrateStorage } from './migrate';
import { type S3Storage, s3Storage } from './s3';
import { MAX_ATTACHMENT_BYTES, newStorageKey } from './storage';

let objectStore: TestObjectStore;
beforeAll(async () => {
  objectStore = await startObjectStore();
});
afterAll(async () => {
  await objectStore?.stop();
});

const newLocal = () => localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-store-')));

async function storedKeys(storage: LocalStorage | S3Storage): Promise<string[]> {
  if (storage.kind === 'local') return storage.keys();
  const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: storage.bucket }));
  return (listed.Contents ?? []).map((o) => (o.Key ?? '').replace(/^attachments\//, ''));
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

describe.each([
  ['local', newLocal],
  ['s3', () => s3Storage(objectStore.config)],
] as const)('attachments through the API on the %s driver', (_name, make) => {
  let storage: LocalStorage | S3Storage;
  let ctx: TestContext;
  let alice: Agent;
  let aliceId: number;
  beforeAll(async () => {
    storage = make();
    ctx = await createTestApp({ storage });
    const user = await buildUser(ctx.database);
    aliceId = user.id;
    alice = await signInAs(ctx.app, user.email);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  const newItem = () => buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: aliceId });
  const upload = (ref: string, name: string, content: Buffer) =>
    alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${ref}/attachments.json`,
      ...multipartFile(name, content),
    });

  it('uploads 20 MB and downloads the same bytes', async () => {
    const item = await newItem();
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_ATTACHMENT_BYTES - PNG_BYTES.length, 7)]);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const up = await upload(item.ref, 'big-scan.png', big);
    const uploadMs = performance.now() - started;
    expect(up.statusCode, up.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    expect(row.byteSize).toBe(MAX_ATTACHMENT_BYTES);
    expect(row.contentType).toBe('image/png');
    expect(await storage.exists(row.storageKey)).toBe(true);
    const down = await alice.request({
      method: 'GET',
      url: `/api/v1/order_items/${item.ref}/attachments/${row.id}/file`,
    });
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.length).toBe(MAX_ATTACHMENT_BYTES);
    expect(sha(down.rawPayload)).toBe(sha(big));
    console.info(
      `${storage.kind}: 20 MB upload through the API ${Math.round(uploadMs)} ms, upload+download ` +
        `${Math.round(performance.now() - started)} ms; RSS ${mb(rssBefore)} → ${mb(process.memoryUsage().rss)} MB`,
    );
  });

  it('refuses an executable renamed .pdf and a file over 20 MB, keeping nothing in the store', async () => {
    const item = await newItem();
    const before = (await storedKeys(storage)).sort();
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
    expect((await upload(item.ref, 'invoice.pdf', elf)).statusCode).toBe(422);
    const tooBig = Buffer.concat([PNG_BYTES, Buffer.alloc(MAX_ATTACHMENT_BYTES)]);
    expect((await upload(item.ref, 'big.png', tooBig)).statusCode).toBe(413);
    expect((await storedKeys(storage)).sort()).toEqual(before);
    const rows = await ctx.database.db.select().from(attachments).where(eq(attachments.orderItemId, item.id));
    expect(rows).toEqual([]);
  });

  it('answers 404 in the error shape when the stored file is gone', async () => {
    const item = await newItem();
    expect((await upload(item.ref, 'scan.png', PNG_BYTES)).statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    await storage.remove(row.storageKey);
    const res = await alice.request({
      method: 'GET',
      url: `/api/v1/order_items/${item.ref}/attachments/${row.id}/file`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('storage:migrate', () => {
  it('copies every local file into the object store; a second run copies nothing', async () => {
    const from = newLocal();
    const to = s3Storage({ ...objectStore.config });
    const keys = [newStorageKey(), newStorageKey(), newStorageKey()];
    for (const [i, key] of keys.entries()) await from.put(key, Readable.from([Buffer.from(`file ${i}`)]));
    // One is already there (an interrupted earlier run): skipped, not copied again.
    await to.put(keys[0], Readable.from([Buffer.from('file 0')]));
    expect(await migrateStorage(from, to)).toEqual({ copied: 2, skipped: 1, bytes: 12 });
    for (const [i, key] of keys.entries()) {
      expect(Buffer.concat(await (await to.get(key)).toArray()).toString()).toBe(`file ${i}`);
    }
    expect(await migrateStorage(from, to)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
  });

  it('runs as `npm run cli -- storage:migrate`', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-migrate-'));
    const from = localStorage(dataDir);
    const key = newStorageKey();
    await from.put(key, Readable.from([Buffer.from('a scan')]));
    const scratch =
      process.env.TEST_DB_KIND === 'postgres' ? await scratchDatabase({ migrated: true }) : undefined;
    try {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url, NODE_ENV: 'production' } : {}),
        ...objectStore.env,
      };
      const run = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'storage:migrate'], {
          env,
          timeout: 60_000,
        });
      expect((await run()).stdout).toMatch(/Copied 1 files .* 0 already there/);
      expect(await s3Storage(objectStore.config).exists(key)).toBe(true);
      expect((await run()).stdout).toMatch(/Copied 0 files .* 1 already there/);
    } finally {
      await scratch?.close();
    }
  }, 90_000);
});

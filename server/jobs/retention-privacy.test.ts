/**
 * The retention job's personal data (issue 50 item 5): documents of items finished longer than
 * RETENTION_DOCUMENTS_DAYS are deleted (file, then row, recorded per item), recent ones and open items' stay;
 * customers with no order for RETENTION_CUSTOMER_YEARS are erased (recorded as such), recent ones and those
 * with open work stay.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { attachments, auditEvents, orderItemEvents, orderItems, orders } from '../db/schema';
import { customerAuditTarget } from '../services/audit/record';
import { localStorage } from '../storage/local';
import { newStorageKey, type Storage } from '../storage/storage';
import { buildAttachment, buildOrder, buildOrderItem } from '../test/factories';
import { freshDatabase } from '../test/harness';
import { PNG_BYTES } from '../test/items';
import { RETENTION_DEFAULTS, runRetention } from './retention';

let database: Database;
let storage: Storage;
beforeAll(async () => {
  database = await freshDatabase();
  storage = localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-retention-privacy-')));
});
afterAll(() => database.close());

const DAY = 24 * 3600 * 1000;
const now = new Date('2026-11-29T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

/** An item in `state`, finished (its timeline's step into the state) `finishedDaysAgo`, with one stored document. */
async function itemWithDocument(
  state: 'order_complete' | 'cancelled' | 'unassigned',
  finishedDaysAgo: number,
) {
  const item = await buildOrderItem(database, { currentState: state, updatedAt: ago(finishedDaysAgo) });
  if (state !== 'unassigned') {
    await database.db.insert(orderItemEvents).values({
      orderItemId: item.id,
      action: 'complete',
      fromState: null,
      toState: state,
      createdAt: ago(finishedDaysAgo),
    });
  }
  const key = newStorageKey();
  await storage.put(key, Readable.from([PNG_BYTES]));
  const doc = await buildAttachment(database, item.id, { storageKey: key });
  return { item, doc, key };
}

const run = () => runRetention(database.db, RETENTION_DEFAULTS, now, 2, { storage });
const docExists = async (id: number) =>
  (await database.db.select().from(attachments).where(eq(attachments.id, id))).length === 1;

describe('retention of personal data', () => {
  it('deletes the documents of items finished more than RETENTION_DOCUMENTS_DAYS ago, file and row', async () => {
    const old = await itemWithDocument('order_complete', 200);
    const oldCancelled = await itemWithDocument('cancelled', 181);
    const recent = await itemWithDocument('order_complete', 100);
    const open = await itemWithDocument('unassigned', 400);
    // Touched lately (a note) but finished long ago: finished is what counts.
    await database.db.update(orderItems).set({ updatedAt: now }).where(eq(orderItems.id, old.item.id));

    const result = await run();
    expect(result.documents).toBe(2);
    expect(await docExists(old.doc.id)).toBe(false);
    expect(await storage.exists(old.key)).toBe(false);
    expect(await docExists(oldCancelled.doc.id)).toBe(false);
    expect(await storage.exists(oldCancelled.key)).toBe(false);
    for (const kept of [recent, open]) {
      expect(await docExists(kept.doc.id)).toBe(true);
      expect(await storage.exists(kept.key)).toBe(true);
    }
    const rows = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, 'document.deleted_by_retention'));
    expect(rows.map((r) => r.targetId).sort()).toEqual([old.item.ref, oldCancelled.item.ref].sort());
    expect((await run()).documents).toBe(0);
  });

  it('keeps the row when the storage fails, and deletes it at the next run', async () => {
    const old = await itemWithDocument('order_complete', 300);
    const failing: Storage = { ...storage, remove: () => Promise.reject(new Error('storage away')) };
    await expect(runRetention(database.db, RETENTION_DEFAULTS, now, 2, { storage: failing })).rejects.toThrow(
      /storage away/,
    );
    expect(await docExists(old.doc.id)).toBe(true);
    await run();
    expect(await docExists(old.doc.id)).toBe(false);
    expect(await storage.exists(old.key)).toBe(false);
  });

  it('erases customers with no order for RETENTION_CUSTOMER_YEARS, leaving recent ones and open work', async () => {
    const sevenYears = new Date('2019-06-01T10:00:00Z');
    const gone = await buildOrder(database, {
      email: 'Old.Customer@test.example',
      placedAt: sevenYears,
      items: [{ currentState: 'order_complete' }],
    });
    const returning = 'returning@test.example';
    await buildOrder(database, {
      email: returning,
      placedAt: sevenYears,
      items: [{ currentState: 'order_complete' }],
    });
    await buildOrder(database, {
      email: returning,
      placedAt: ago(30),
      items: [{ currentState: 'order_complete' }],
    });
    const stuck = await buildOrder(database, {
      email: 'stuck@test.example',
      placedAt: sevenYears,
      items: [{ currentState: 'unassigned' }],
    });

    const result = await run();
    expect(result.customersErased).toBe(1);
    const [erased] = await database.db.select().from(orders).where(eq(orders.id, gone.order.id));
    expect(erased.email).toMatch(/@erased\.invalid$/);
    const [kept] = await database.db.select().from(orders).where(eq(orders.id, stuck.order.id));
    expect(kept.email).toBe('stuck@test.example');
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where email = ${returning}`,
    );
    expect(rows[0].n).toBe(2);
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, customerAuditTarget('old.customer@test.example')));
    expect(audit).toEqual([expect.objectContaining({ kind: 'customer.erased_by_retention', actorId: null })]);
    expect((await run()).customersErased).toBe(0);
  });
});

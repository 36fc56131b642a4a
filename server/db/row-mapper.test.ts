/**
 * The order item's mapper made for its shape answers exactly what Drizzle's own mapping answers, on real rows:
 * with and without a shipping address, assigned and not, with a pending update (JSON), dates and timestamps.
 */
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseQuery,
  loadOrderItem,
  loadOrderItemPage,
  loadOrderItemRows,
  type OrderItemRow,
} from '../services/order-items/read';
import { buildOrder, buildOrderItem } from '../test/factories';
import { buildUser, freshDatabase } from '../test/harness';
import type { Database } from './client';
import { compileRowMapper } from './row-mapper';
import { orderItems, users } from './schema';

let database: Database;
const ids: number[] = [];
beforeAll(async () => {
  database = await freshDatabase();
  const orderer = await buildUser(database);
  // Assigned, flagged, with a pending update, a date set; a shipping address of its own.
  const assigned = await buildOrderItem(
    database,
    {
      userId: orderer.id,
      currentState: 'gro_order_required',
      flagged: true,
      originalReceivedOn: '2026-11-20',
      pendingUpdate: {
        attributes: { copies: 2 },
        newTotalInPence: 4200,
        differenceInPence: 1000,
        requestedAt: '2026-11-26T10:00:00.000Z',
      },
    },
    { shippingAddress: { name: 'Ship To', zip: 'SW1A 1AA' } },
  );
  // Unassigned, no shipping address: both left-joined groups missing.
  const bare = await buildOrderItem(database, {}, { shippingAddress: null });
  // Two items of one order, of other kinds.
  const { items } = await buildOrder(database, {
    items: [{ orderableType: 'Translation' }, { orderableType: 'AdultDeedPoll' }],
  });
  ids.push(assigned.id, bare.id, ...items.map((i) => i.id));
});
afterAll(() => database.close());

const byId = (rows: OrderItemRow[]) => [...rows].sort((a, b) => a.item.id - b.item.id);

describe('the order item row mapper', () => {
  it("answers what Drizzle's own mapping answers, value for value and type for type", async () => {
    const ours = await loadOrderItemRows(database.db, ids);
    // Drizzle's own mapping (the shape is typed by our mapper: the joined read serves several shapes).
    const theirs = (await baseQuery(database.db).where(inArray(orderItems.id, ids))) as OrderItemRow[];
    expect(ours).toHaveLength(ids.length);
    expect(byId(ours)).toStrictEqual(byId(theirs));
    // One by id and by ref, as the order page and the actions load it.
    const [first] = byId(theirs);
    expect(await loadOrderItem(database.db, first.item.id)).toStrictEqual(first);
    expect(await loadOrderItem(database.db, first.item.ref)).toStrictEqual(first);
    expect(first.item.createdAt).toBeInstanceOf(Date);
  });

  it('makes a left-joined group null only when no row joined', async () => {
    const rows = new Map((await loadOrderItemRows(database.db, ids)).map((r) => [r.item.id, r]));
    const [assignedId, bareId] = ids;
    expect(rows.get(assignedId)?.assignee).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(rows.get(assignedId)?.shipping).toEqual(expect.objectContaining({ name: 'Ship To' }));
    expect(rows.get(assignedId)?.item.pendingUpdate).toEqual(
      expect.objectContaining({ newTotalInPence: 4200 }),
    );
    expect(rows.get(bareId)?.assignee).toBeNull();
    expect(rows.get(bareId)?.shipping).toBeNull();
  });

  it('maps SQL values and a group of columns: the order page row is the record and its lists as JSON', async () => {
    for (const id of ids) {
      const { record, attachments, comments, events, item } = await loadOrderItemPage(database.db, id);
      const row = await loadOrderItem(database.db, id);
      expect(item).toStrictEqual({
        id: row.item.id,
        currentState: row.item.currentState,
        orderableType: row.item.orderableType,
        userId: row.item.userId,
        isEscalated: row.item.isEscalated,
        netValue: row.item.netValue,
        pendingUpdate: row.item.pendingUpdate,
      });
      expect(record).toEqual(expect.objectContaining({ id, ref: row.item.ref }));
      for (const list of [attachments, comments, events]) expect(Array.isArray(list)).toBe(true);
    }
    const [first] = ids;
    const byRef = await loadOrderItemPage(database.db, (await loadOrderItem(database.db, first)).item.ref);
    expect(byRef.item.id).toBe(first);
  });

  it('refuses a left-joined group the shape does not have', () => {
    expect(() => compileRowMapper({ user: users }, ['nobody'])).toThrow(/no group nobody/);
  });
});

/**
 * The record PostgreSQL writes (read.ts `itemRecordJson`, completed by serialize.ts `recordJson`) is the record
 * the app's own code writes (`orderItemWire`), value for value, for every item of the demo data (every state,
 * flag and product line) and a few edge cases, seen by an admin and by an orderer: the order page and every
 * action's answer are built this way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { orderItems } from '../../db/schema';
import { seedDemoIfEmpty } from '../../seed/demo';
import { buildOrderItem } from '../../test/factories';
import { buildUser, freshDatabase } from '../../test/harness';
import { loadOrderItem, loadOrderItemPage, loadOrderItemRows } from './read';
import { orderItemDetailJson, orderItemWire, recordJson } from './serialize';

let database: Database;
let ids: number[];
let viewers: SessionUser[];
beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db);
  const orderer = await buildUser(database, { name: 'Zoë "Quote" O\'Brien \\ \n' });
  const admin = await buildUser(database, { role: 'admin' });
  // Names JSON must escape, a pending change, a shipping address, an escalated item worth refunding.
  await buildOrderItem(
    database,
    {
      userId: orderer.id,
      currentState: 'gro_order_required',
      isEscalated: true,
      stateBeforeEscalation: 'gro_order_required',
      netValue: 4200,
      flagged: true,
      originalReceivedOn: '2026-11-20',
      despatchDueOn: '2026-12-01',
      pendingUpdate: {
        attributes: { copies: 2, serviceLevel: 'priority' },
        newTotalInPence: 4200,
        differenceInPence: 1000,
        requestedAt: '2026-11-26T10:00:00.000Z',
        repriced: [{ id: 1, ref: '1-2', currentInPence: 100, newTotalInPence: 200 }],
      },
      orderable: {
        firstnameA: 'Émile "Em"',
        surnameA: "D'Arcy\t😀",
        eventDate: '1990-02-28',
        eventPlace: 'Leeds',
      },
    },
    { shippingAddress: { name: 'Ship </script> To', zip: 'SW1A 1AA' }, customerName: 'Ann\u2028Line' },
  );
  await buildOrderItem(
    database,
    { orderableType: 'Translation', userId: orderer.id },
    { shippingAddress: null },
  );
  ids = (await database.db.select({ id: orderItems.id }).from(orderItems)).map((r) => r.id);
  const viewer = (u: typeof admin): SessionUser => ({ ...u, isOrderer: u.isOrderer ?? false });
  viewers = [viewer(admin), viewer(orderer)];
}, 60_000);
afterAll(() => database.close());

describe("an item's record as PostgreSQL writes it", () => {
  it("is the record the app writes, with the order page's lists after it, for every item and viewer", async () => {
    expect(ids.length).toBeGreaterThan(100);
    const rows = new Map((await loadOrderItemRows(database.db, ids)).map((r) => [r.item.id, r]));
    // The demo data has items in an FCO batch, with a pending change and with a shipping address.
    const all = [...rows.values()];
    expect(all.some((r) => r.item.fcoBatchId !== null)).toBe(true);
    expect(all.some((r) => r.item.pendingUpdate !== null)).toBe(true);
    expect(all.some((r) => r.shipping !== null)).toBe(true);
    for (const id of ids) {
      const page = await loadOrderItemPage(database.db, id);
      const row = rows.get(id);
      if (!row) throw new Error(`item ${id} not read`);
      for (const viewer of viewers) {
        expect(JSON.parse(recordJson(page, viewer)), `item ${id}`).toStrictEqual(orderItemWire(row, viewer));
        expect(JSON.parse(orderItemDetailJson(page, viewer))).toStrictEqual({
          ...orderItemWire(row, viewer),
          ...JSON.parse(page.lists),
        });
      }
    }
  });

  it('is read by ref as by id', async () => {
    const id = ids[ids.length - 1];
    const { ref } = (await loadOrderItem(database.db, id)).item;
    expect(await loadOrderItemPage(database.db, ref)).toStrictEqual(await loadOrderItemPage(database.db, id));
  });
});

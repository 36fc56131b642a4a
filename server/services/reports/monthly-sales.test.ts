import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { orderItems, orders, refunds } from '../../db/schema';
import { buildOrder } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { type Figures, monthFiguresFromItems } from './from-items';
import { monthFigures, monthlySalesReport } from './monthly-sales';

let ctx: TestContext;
let admin: Agent;
let orderer: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  orderer = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
  const { db } = ctx.database;
  // July 2026 (British Summer Time, UTC+1).
  // A: 1 July 00:30 London = 30 June 23:30 UTC → July. Two items 2800 + 8000, UK.
  await buildOrder(ctx.database, {
    placedAt: new Date('2026-06-30T23:30:00Z'),
    deliveryRegion: 'UK',
    items: [{ netValue: 2800 }, { netValue: 8000, orderableType: 'Translation' }],
  });
  // B: 15 July, EC, one item; 1000 of its 5000 refunded on 20 July → net_value now 4000, paid 5000.
  const b = await buildOrder(ctx.database, {
    placedAt: new Date('2026-07-15T10:00:00Z'),
    deliveryRegion: 'EC',
    items: [{ netValue: 4000 }],
  });
  await db.insert(refunds).values({
    orderItemId: b.items[0].id,
    action: 'refund_only',
    amount: 1000,
    reason: 'over_payment',
    createdAt: new Date('2026-07-20T09:00:00Z'),
  });
  // C: 31 July 23:30 UTC = 1 August 00:30 London → August, not July.
  await buildOrder(ctx.database, { placedAt: new Date('2026-07-31T23:30:00Z'), items: [{ netValue: 9999 }] });
  // D: June order of 1500, 500 refunded in July (net value now 1000): the refund counts in July, the sale in June.
  const d = await buildOrder(ctx.database, {
    placedAt: new Date('2026-06-10T12:00:00Z'),
    items: [{ netValue: 1000 }],
  });
  await db.insert(refunds).values({
    orderItemId: d.items[0].id,
    action: 'refund_only',
    amount: 500,
    reason: 'duplicate',
    createdAt: new Date('2026-07-02T12:00:00Z'),
  });
  // E: July 2025, for the same month last year.
  await buildOrder(ctx.database, { placedAt: new Date('2025-07-04T12:00:00Z'), items: [{ netValue: 3000 }] });
});
afterAll(() => ctx.close());

describe('monthly sales report', () => {
  it('matches the hand-computed figures for July 2026', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2026/7.json' });
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json();
    // Sales: A (2800 + 8000) + B (4000 + 1000 refunded) = 15800 over 2 orders, 3 items.
    // Refunds made in July: 1000 (B) + 500 (D) = 1500. Net 14300. Average order 15800 / 2 = 7900.
    expect(report.totals).toEqual({
      orders: 2,
      items: 3,
      gross_in_pence: 15800,
      refunds_in_pence: 1500,
      net_in_pence: 14300,
      average_order_in_pence: 7900,
    });
    expect(report.by_region).toEqual(
      expect.arrayContaining([
        {
          delivery_region: 'UK',
          items: 2,
          gross_in_pence: 10800,
          refunds_in_pence: 500,
          net_in_pence: 10300,
        },
        { delivery_region: 'EC', items: 1, gross_in_pence: 5000, refunds_in_pence: 1000, net_in_pence: 4000 },
      ]),
    );
    expect(report.by_type).toEqual(
      expect.arrayContaining([
        {
          type: 'Certified Translation',
          items: 1,
          gross_in_pence: 8000,
          refunds_in_pence: 0,
          net_in_pence: 8000,
        },
        {
          type: 'Birth Certificate',
          items: 2,
          gross_in_pence: 7800,
          refunds_in_pence: 1500,
          net_in_pence: 6300,
        },
      ]),
    );
    expect(report.daily).toHaveLength(31);
    expect(report.daily[0]).toEqual({
      date: '2026-07-01',
      orders: 1,
      gross_in_pence: 10800,
      net_in_pence: 10800,
    });
    expect(report.daily[1]).toEqual({ date: '2026-07-02', orders: 0, gross_in_pence: 0, net_in_pence: -500 });
    expect(report.daily[30].date).toBe('2026-07-31');
    expect(report.daily[30].orders).toBe(0);
    // June: D (1500) only; A belongs to July. Last July: E.
    expect(report.previous_month).toMatchObject({ orders: 1, gross_in_pence: 1500, refunds_in_pence: 0 });
    expect(report.same_month_last_year).toMatchObject({ orders: 1, gross_in_pence: 3000 });
    // A past month is compared whole with whole months.
    expect(report).toMatchObject({
      month_to_date: false,
      period: { from: '2026-07-01', to: '2026-07-31' },
      previous_period: { from: '2026-06-01', to: '2026-06-30' },
      same_month_last_year_period: { from: '2025-07-01', to: '2025-07-31' },
    });
  });

  it('puts the 00:30 London order of 1 August in August', async () => {
    const { report } = await monthlySalesReport(ctx.database.db, 2026, 8, new Date('2026-11-22T12:00:00Z'));
    expect(report.totals.orders).toBe(1);
    expect(report.totals.gross_in_pence).toBe(9999);
    expect(report.daily[0]).toMatchObject({ date: '2026-08-01', orders: 1 });
  });

  it('refuses a month after this month and a year before 2012 (422), a path that is no month (404); orderers get 403', async () => {
    await expect(
      monthlySalesReport(ctx.database.db, 2026, 12, new Date('2026-11-22T12:00:00Z')),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2099/1.json' })).statusCode,
    ).toBe(422);
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2011/12.json' })).statusCode,
    ).toBe(422);
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2020/13.json' })).statusCode,
    ).toBe(404);
    expect(
      (await orderer.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2026/7.json' })).statusCode,
    ).toBe(403);
  });
});

/** A month's figures in one comparable shape (breakdowns by key, numbers as numbers). */
function comparable(f: Figures) {
  const rows = (b: Figures['by_type']) =>
    (b ?? [])
      .map((r) => ({
        key: r.key,
        items: Number(r.items),
        gross: Number(r.gross),
        refunds: Number(r.refunds),
      }))
      .sort((x, y) => (x.key < y.key ? -1 : 1));
  return {
    orders: Number(f.orders),
    items: Number(f.items),
    gross: Number(f.gross),
    refunds: Number(f.refunds),
    by_type: rows(f.by_type),
    by_region: rows(f.by_region),
    daily: (f.daily ?? []).map((d) => ({
      date: d.date,
      orders: Number(d.orders),
      gross: Number(d.gross),
      refunds: Number(d.refunds),
    })),
  };
}

const MONTHS = [
  [2025, 7],
  [2026, 5],
  [2026, 6],
  [2026, 7],
  [2026, 8],
] as const;

async function expectSummaryAgrees(db: Db) {
  for (const [year, month] of MONTHS) {
    expect(comparable(await monthFigures(db, year, month)), `${year}-${month}`).toEqual(
      comparable(await monthFiguresFromItems(db, year, month, true)),
    );
  }
}

describe('the sales summary kept by the database', () => {
  it('agrees with the figures computed from the items, before and after every kind of change', async () => {
    const { db } = ctx.database;
    await expectSummaryAgrees(db);

    // A price change, a changed type, a refund corrected and one withdrawn, an order moved to another month
    // and region, an item removed, and several orders' items inserted in one statement.
    const f = await buildOrder(ctx.database, {
      placedAt: new Date('2026-07-08T08:00:00Z'),
      deliveryRegion: 'NA',
      items: [{ netValue: 6000 }, { netValue: 2500 }],
    });
    const [kept, removed] = f.items;
    const [refund] = await db
      .insert(refunds)
      .values([
        {
          orderItemId: kept.id,
          action: 'refund_only',
          amount: 700,
          reason: 'duplicate',
          createdAt: new Date('2026-07-09T10:00:00Z'),
        },
        {
          orderItemId: kept.id,
          action: 'refund_only',
          amount: 300,
          reason: 'duplicate',
          createdAt: new Date('2026-08-01T10:00:00Z'),
        },
      ])
      .returning();
    await db.update(orderItems).set({ netValue: 5000 }).where(eq(orderItems.id, kept.id));
    await expectSummaryAgrees(db);

    await db.update(orderItems).set({ type: 'Marriage Certificate' }).where(eq(orderItems.id, kept.id));
    await db.update(refunds).set({ amount: 900 }).where(eq(refunds.id, refund.id));
    await expectSummaryAgrees(db);

    await db
      .update(orders)
      .set({ placedAt: new Date('2026-06-20T12:00:00Z'), deliveryRegion: 'WW' })
      .where(eq(orders.id, f.order.id));
    await expectSummaryAgrees(db);

    await db.delete(refunds).where(eq(refunds.id, refund.id));
    await db.delete(orderItems).where(eq(orderItems.id, removed.id));
    await expectSummaryAgrees(db);

    const g = await buildOrder(ctx.database, {
      placedAt: new Date('2026-05-03T12:00:00Z'),
      items: [{ netValue: 100 }],
    });
    const h = await buildOrder(ctx.database, {
      placedAt: new Date('2026-05-04T12:00:00Z'),
      items: [{ netValue: 200 }],
    });
    const [template] = await db.select().from(orderItems).where(eq(orderItems.id, g.items[0].id));
    const { id: _id, ref: _ref, ...rest } = template;
    await db.insert(orderItems).values([
      { ...rest, ref: `${g.order.ref}-2`, position: 2, netValue: 150 },
      { ...rest, orderId: h.order.id, ref: `${h.order.ref}-2`, position: 2, netValue: 250 },
    ]);
    await expectSummaryAgrees(db);
    const may = await monthFigures(db, 2026, 5);
    expect(may).toMatchObject({ orders: 2, items: 4, gross: 700 });
  });
});

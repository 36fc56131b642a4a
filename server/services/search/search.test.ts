import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fcoBatches, groOrders } from '../../db/schema';
import { buildOrder, buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { MAX_COUNTED } from './search';

let ctx: TestContext;
let agent: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  agent = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
});
afterAll(() => ctx.close());

const simple = (query: string) =>
  agent.request({ method: 'POST', url: '/api/v1/search/simple.json', payload: { search: { query } } });
const advanced = (query: object) =>
  agent.request({ method: 'POST', url: '/api/v1/search/advanced.json', payload: { search: { query } } });
const refs = (res: Awaited<ReturnType<typeof simple>>) =>
  res.json().results.map((r: { ref: string }) => r.ref);

/** How many times a statement's plan looked up order items by their orderable (EXPLAIN ANALYZE's loops). */
async function itemsJoined(query: SQL) {
  const explained = await ctx.database.db.execute<{ 'QUERY PLAN': unknown }>(
    sql`explain (analyze, format json) ${query}`,
  );
  const raw = explained.rows[0]['QUERY PLAN'];
  const plans = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  type PlanNode = { 'Index Name'?: string; 'Actual Loops': number; Plans?: PlanNode[] };
  const loops = (node: PlanNode): number =>
    (node['Index Name'] === 'order_items_orderable_idx' ? node['Actual Loops'] : 0) +
    (node.Plans ?? []).reduce((sum, child) => sum + loops(child), 0);
  return loops(plans[0].Plan);
}

describe('quick search', () => {
  it('finds by each field', async () => {
    const { items, order } = await buildOrder(ctx.database, {
      ref: '731900',
      customerName: 'Philippa Quenby',
      email: 'pquenby@mailbox.example',
      postcode: 'YO31 7QX',
      items: [{ orderable: { firstnameA: 'Zebedee', surnameA: 'Marchbanks' } }],
    });
    const item = items[0];
    await ctx.database.db.insert(groOrders).values({
      orderItemId: item.id,
      reference: 'GROQ77123',
      destination: 'customer',
      service: 'standard',
      cost: 925,
    });
    const [batch] = await ctx.database.db
      .insert(fcoBatches)
      .values({ ref: 'FCO-X1', state: 'pending_despatch', fcoReference: 'FCOREF-55821', fcoCost: 100 })
      .returning();
    const { items: batched } = await buildOrder(ctx.database, { items: [{ fcoBatchId: batch.id }] });
    for (const [query, expected] of [
      [item.ref, item.ref],
      [order.ref, item.ref],
      ['quenby', item.ref],
      ['PQUENBY@MAIL', item.ref],
      ['yo317qx', item.ref],
      ['YO31 7Q', item.ref],
      ['groq77', item.ref],
      ['marchbank', item.ref],
      ['zebedee march', item.ref],
      ['55821', batched[0].ref],
    ] as const) {
      const res = await simple(query);
      expect(res.statusCode, query).toBe(200);
      expect(refs(res), query).toContain(expected);
    }
  });

  it('ranks an exact ref first and answers the total', async () => {
    const { items } = await buildOrder(ctx.database, { ref: '845100', items: [{}, {}] });
    await buildOrder(ctx.database, { ref: '8451001', customerName: 'Noise' });
    const res = await simple('845100-2');
    expect(refs(res)[0]).toBe(items[1].ref);
    const byOrder = await simple('845100');
    expect(refs(byOrder).slice(0, 2).sort()).toEqual([items[0].ref, items[1].ref].sort());
    expect(byOrder.json().total).toBeGreaterThanOrEqual(3);
  });

  it('matches refs from their start, not anywhere inside them', async () => {
    const { items } = await buildOrder(ctx.database, { ref: '563412', items: [{}] });
    expect(refs(await simple('5634'))).toContain(items[0].ref);
    expect(refs(await simple('563412-1'))).toEqual([items[0].ref]);
    // "3412" is inside 563412-1 but is not how a ref is read or typed.
    expect(refs(await simple('3412'))).not.toContain(items[0].ref);
  });

  it('stops counting at MAX_COUNTED and says so', async () => {
    const many = Array.from({ length: 25 }, () => ({}));
    for (let i = 0; i < MAX_COUNTED / many.length; i++)
      await buildOrder(ctx.database, { customerName: 'Capped Plentiful', items: many });
    const res = await simple('plentiful');
    expect(res.json()).toMatchObject({ total: MAX_COUNTED, total_capped: true });
    expect(res.json().results).toHaveLength(50);
  });

  it('a common whole surname: the newest of its first MAX_COUNTED matches, then exact counts below the cap', async () => {
    // 21 orders of 25 items for the Abbotsleighs (525 items), every other one an Oliver.
    const orders = [];
    for (let o = 0; o < 21; o++) {
      const items = Array.from({ length: 25 }, (_, i) => ({
        orderable: { firstnameA: i % 2 ? 'Oliver' : 'Harriet', surnameA: 'Abbotsleigh' },
      }));
      orders.push(await buildOrder(ctx.database, { customerName: 'Orla Unrelated', items }));
    }
    const newest = orders[orders.length - 1].items.map((i) => i.ref).sort();
    const quick = await simple('ABBOTSLEIGH');
    expect(quick.json()).toMatchObject({ total: MAX_COUNTED, total_capped: true });
    // Walked newest first: the last order's items lead the page (not 500 taken in storage order).
    expect(refs(quick).slice(0, 25).sort()).toEqual(newest);

    const all = await advanced({ surname_a: 'abbotsleigh' });
    expect(all.json()).toMatchObject({ total: MAX_COUNTED, total_capped: true });
    expect(
      all
        .json()
        .results.map((r: { ref: string }) => r.ref)
        .slice(0, 25)
        .sort(),
    ).toEqual(newest);
    // 252 Olivers: under the cap, so every match is counted, through the trigram indexes as well. The
    // whole-surname lookup stopped short of the cap: it does not even join its matches' items.
    const execute = vi.spyOn(ctx.database.db, 'execute');
    const olivers = await advanced({ surname_a: 'Abbotsleigh', firstname_a: 'Ol' });
    const first = execute.mock.calls
      .map(([query]) => query as SQL)
      .find((query) => new PgDialect().sqlToQuery(query).sql.includes('with newest as'));
    execute.mockRestore();
    if (!first) throw new Error('the whole-surname lookup did not run');
    expect(await itemsJoined(first)).toBe(0);
    expect(olivers.json()).toMatchObject({ total: 21 * 12, total_capped: false });
    // A fragment of the surname still finds them (the trigram indexes), capped.
    expect((await simple('bbotslei')).json()).toMatchObject({ total: MAX_COUNTED, total_capped: true });
  });

  it('counts an item found twice (by its customer and by a name on it) once, and every item', async () => {
    // 300 items whose customer and certificate are both Twicematch (600 rows found), then 150 whose
    // certificate only is: 750 rows for 450 items. Collecting 500 rows and then telling them apart counted
    // the 300 only, and said that was all.
    const items = () => Array.from({ length: 25 }, () => ({ orderable: { surnameA: 'Twicematch' } }));
    for (let o = 0; o < 12; o++)
      await buildOrder(ctx.database, { customerName: 'Quillon Twicematch', items: items() });
    for (let o = 0; o < 6; o++)
      await buildOrder(ctx.database, { customerName: 'Other Person', items: items() });
    const res = await simple('twicematch');
    expect(res.json()).toMatchObject({ total: 450, total_capped: false });
  });

  it('is bounded at 50 with the total', async () => {
    for (let i = 0; i < 11; i++)
      await buildOrder(ctx.database, { customerName: 'Bounded Searchington', items: [{}, {}, {}, {}, {}] });
    const res = await simple('searchington');
    expect(res.json().results).toHaveLength(50);
    expect(res.json().total).toBe(55);
  });

  it('answers [] cleanly, treats % literally, and refuses a short or empty query (422)', async () => {
    expect((await simple('nothing-like-this')).json()).toEqual({
      results: [],
      total: 0,
      total_capped: false,
    });
    expect((await simple('%%%')).json().results).toEqual([]);
    for (const q of ['', ' ', 'ab']) {
      const res = await simple(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it('needs a signed-in user and CSRF', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/search/simple.json',
          payload: { search: { query: 'abc' } },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await agent.request({
          method: 'POST',
          url: '/api/v1/search/simple.json',
          payload: { search: { query: 'abc' } },
          csrf: null,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('advanced search', () => {
  it('every given field must match, partially and case-insensitively; the type narrows', async () => {
    const birth = await buildOrderItem(ctx.database, {
      orderable: {
        firstnameA: 'Ottoline',
        surnameA: 'Ravensworth',
        firstnameB: 'Cuthbert',
        surnameB: 'Ravensworth',
      },
    });
    const deedPoll = await buildOrderItem(ctx.database, {
      orderableType: 'AdultDeedPoll',
      orderable: { firstnameA: 'Ottoline', surnameA: 'Ravensworth' },
    });
    const both = await advanced({ firstname_a: 'ottol', surname_a: 'RAVENS' });
    expect(
      both
        .json()
        .results.map((r: { ref: string }) => r.ref)
        .sort(),
    ).toEqual([birth.ref, deedPoll.ref].sort());
    const typed = await advanced({ type: 'Adult Deed Poll', surname_a: 'ravensworth' });
    expect(typed.json().results.map((r: { ref: string }) => r.ref)).toEqual([deedPoll.ref]);
    const father = await advanced({ firstname_b: 'cuthb', surname_a: 'ravens' });
    expect(father.json().results.map((r: { ref: string }) => r.ref)).toEqual([birth.ref]);
    // One or two letters are an initial: they match the start of the name, alone or with other fields.
    const short = await advanced({ firstname_b: 'cu', surname_a: 'ravensworth' });
    expect(short.json().results.map((r: { ref: string }) => r.ref)).toEqual([birth.ref]);
    const middle = await advanced({ firstname_b: 'th', surname_a: 'ravensworth' });
    expect(middle.json().results).toEqual([]);
    const initial = await advanced({ firstname_b: 'C', surname_a: 'ravensworth' });
    expect(initial.json().results.map((r: { ref: string }) => r.ref)).toEqual([birth.ref]);
    const none = await advanced({ firstname_b: 'zq', surname_a: 'ravensworth' });
    expect(none.json().results).toEqual([]);
    const alone = await advanced({ firstname_b: 'Cu', surname_b: 'Ra' });
    expect(alone.json().results.map((r: { ref: string }) => r.ref)).toContain(birth.ref);
  });

  it("a first name's initial matches its start, whatever its case, and nothing else in it", async () => {
    // The first name's initial goes through its own btree (migration 0028), the others' through trigrams.
    const names = ['Oswin', 'osmond', 'Bosworth', 'O%wen', 'Ogden'];
    const items = await Promise.all(
      names.map((firstnameA) =>
        buildOrderItem(ctx.database, { orderable: { firstnameA, surnameA: 'Quillingford' } }),
      ),
    );
    const refsOf = async (query: object) =>
      (await advanced(query))
        .json()
        .results.map((r: { ref: string }) => r.ref)
        .sort();
    const refs = (...firstNames: string[]) => firstNames.map((n) => items[names.indexOf(n)].ref).sort();
    expect(await refsOf({ firstname_a: 'Os', surname_a: 'quillingford' })).toEqual(refs('Oswin', 'osmond'));
    expect(await refsOf({ firstname_a: 'oS', surname_a: 'Quilling' })).toEqual(refs('Oswin', 'osmond'));
    expect(await refsOf({ firstname_a: 'o', surname_a: 'quillingford' })).toEqual(
      refs('Oswin', 'osmond', 'O%wen', 'Ogden'),
    );
    // A LIKE wildcard typed in an initial is a character like any other.
    expect(await refsOf({ firstname_a: 'O%', surname_a: 'quillingford' })).toEqual(refs('O%wen'));
    expect(await refsOf({ firstname_a: 'sw', surname_a: 'quillingford' })).toEqual([]);
  });

  it('a first surname with a first name: fragments match the names written, anywhere, any case, and names corrected since', async () => {
    const [marianne, annabel, wildcard] = await Promise.all(
      [
        { firstnameA: 'Marianne', surnameA: 'Goldsmith-Vantreece' },
        { firstnameA: 'Annabel', surnameA: 'Vantreece' },
        { firstnameA: 'Marigold', surnameA: 'Va%ntreece' },
      ].map((orderable) => buildOrderItem(ctx.database, { orderable })),
    );
    const refsOf = async (query: object) =>
      (await advanced(query))
        .json()
        .results.map((r: { ref: string }) => r.ref)
        .sort();
    // Both fragments go through the words written (migration 0029), not the orderables' trigrams.
    const execute = vi.spyOn(ctx.database.db, 'execute');
    expect(await refsOf({ surname_a: 'VANTREE', firstname_a: 'ANNE' })).toEqual([marianne.ref]);
    const texts = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
    execute.mockRestore();
    expect(texts.some((t) => t.includes('"name_a_surnames"') && t.includes('"name_a_firstnames"'))).toBe(
      true,
    );
    expect(await refsOf({ surname_a: 'smith-van', firstname_a: 'mar' })).toEqual([marianne.ref]);
    // An initial still matches the start of the first name.
    expect(await refsOf({ surname_a: 'vantreece', firstname_a: 'a' })).toEqual([annabel.ref]);
    expect(await refsOf({ surname_a: 'treece', firstname_a: 'ari' })).toEqual(
      [marianne.ref, wildcard.ref].sort(),
    );
    // A LIKE wildcard is a character like any other.
    expect(await refsOf({ surname_a: 'a%n', firstname_a: 'mar' })).toEqual([wildcard.ref]);
    expect(await refsOf({ surname_a: 'vantreece', firstname_a: 'zzq' })).toEqual([]);
    // A name corrected after the order came in is found by its new spelling (the update trigger).
    await ctx.database.db.execute(
      sql`update orderables set surname_a = 'Quenterbury-Hale', firstname_a = 'Rosalind'
        where id = (select orderable_id from order_items where ref = ${annabel.ref})`,
    );
    expect(await refsOf({ surname_a: 'terbury-h', firstname_a: 'SALIN' })).toEqual([annabel.ref]);
    expect(await refsOf({ surname_a: 'vantreece', firstname_a: 'annab' })).toEqual([]);
  });

  it('an empty result is {"results": []}', async () => {
    const res = await advanced({ surname_c: 'Nobodyatall' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([]);
  });

  it('refuses a query with no field (422) and an unknown type (422)', async () => {
    expect((await advanced({})).statusCode).toBe(422);
    expect((await advanced({ type: 'Moon Certificate', surname_a: 'x' })).statusCode).toBe(422);
  });
});

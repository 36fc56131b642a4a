/**
 * The list filter on the dashboard, my queue and the work queues; the escalations desk (admins only: rows,
 * stages, ages, counts by stage); the matching ids behind "select all N matching".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EscalationsPageSchema } from '../../domain/contract/escalations';
import { BULK_CAP, MatchingIdsSchema } from '../../domain/contract/lists';
import { CUSTOMER_STAGES, statesOfStage } from '../../domain/states';
import { orderItemEvents } from '../db/schema';
import { buildOrder, buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { act } from '../test/items';

let ctx: TestContext;
let admin: Agent;
let fay: Agent;
let fayId: number;
let otherId: number;
/** Fay's items by letter. */
const items: Record<string, { id: number; ref: string }> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const f = await buildUser(ctx.database, { name: 'Fay Filter' });
  otherId = (await buildUser(ctx.database, { name: 'Otto Other' })).id;
  fayId = f.id;
  admin = await signInAs(ctx.app, a.email);
  fay = await signInAs(ctx.app, f.email);
  const specs = {
    a: { currentState: 'gro_order_required', despatchDueOn: '2026-01-10', flagged: true },
    b: { currentState: 'waiting_gro', type: 'Death Certificate', despatchDueOn: '2099-01-15' },
    c: { currentState: 'despatch_escalation', isEscalated: true, stateBeforeEscalation: 'despatch_required' },
    d: { currentState: 'waiting_apostille_response', isEscalated: true, waitingCustomerResponse: true },
    e: { currentState: 'on_hold_waiting_despatch_response', isEscalated: true, isOnHold: true },
    f: { currentState: 'despatch_required', despatchDueOn: '2099-03-01' },
    g: { currentState: 'order_complete', isEscalated: true },
  } as const;
  for (const [letter, spec] of Object.entries(specs)) {
    items[letter] = await buildOrderItem(
      ctx.database,
      { despatchDueOn: '2099-02-01', ...spec, userId: fayId },
      { customerName: `Customer ${letter.toUpperCase()} Filterson` },
    );
  }
});
afterAll(() => ctx.close());

const letters = (body: { order_items: { ref: string }[] }) =>
  body.order_items
    .map((row) => Object.entries(items).find(([, item]) => item.ref === row.ref)?.[0] ?? row.ref)
    .sort();

describe('the list filter on my queue and the work queues', () => {
  const mine = async (query: string) => {
    const res = await fay.request({ method: 'GET', url: `/api/v1/order_items/my_orders.json?${query}` });
    expect(res.statusCode, query).toBe(200);
    const body = res.json();
    expect(body.total_count, query).toBe(body.order_items.length);
    return letters(body);
  };

  it('narrows by group, state, flag, type and despatch-by dates', async () => {
    expect(await mine('')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await mine('group=escalated')).toEqual(['c']);
    expect(await mine('group=waiting')).toEqual(['b', 'd']);
    expect(await mine('group=on_hold,in_progress')).toEqual(['a', 'e', 'f']);
    expect(await mine('state=waiting_gro,despatch_required')).toEqual(['b', 'f']);
    expect(await mine('flag=escalated')).toEqual(['c', 'd', 'e']);
    // Every flag given must hold.
    expect(await mine('flag=escalated,on_hold')).toEqual(['e']);
    expect(await mine('flag=waiting_customer')).toEqual(['d', 'e']);
    expect(await mine('flag=flagged')).toEqual(['a']);
    expect(await mine('flag=overdue')).toEqual(['a']);
    expect(await mine('type=Death%20Certificate')).toEqual(['b']);
    expect(await mine('type=Birth%20Certificate,Death%20Certificate&state=waiting_gro')).toEqual(['b']);
    expect(await mine('due_from=2099-01-01&due_to=2099-01-31')).toEqual(['b']);
    expect(await mine('due_from=2099-02-15')).toEqual(['f']);
    expect(await mine('due_to=2026-12-31')).toEqual(['a']);
    expect(await mine(`orderer=${fayId}`)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(await mine(`orderer=${otherId}`)).toEqual([]);
    expect(await mine('orderer=none')).toEqual([]);
  });

  it('q matches state labels and keys and flag words, as well as names and refs', async () => {
    expect(await mine('q=Waiting%20Customer')).toEqual(['d', 'e']);
    expect(await mine('q=despatch_required')).toEqual(['f']);
    expect(await mine('q=Dispatch%20Reqd')).toEqual(['f']);
    expect(await mine('q=escalated')).toEqual(['c', 'd', 'e']);
    expect(await mine('q=on%20hold')).toEqual(['e']);
    expect(await mine('q=flagged')).toEqual(['a']);
    expect(await mine('q=overdue')).toEqual(['a']);
    expect(await mine('q=waiting%20gro')).toEqual(['b']);
    expect(await mine('q=customer%20b%20filter')).toEqual(['b']);
    expect(await mine(`q=${items.c.ref}`)).toEqual(['c']);
    // Text and the other fields together.
    expect(await mine('q=filterson&group=escalated')).toEqual(['c']);
    expect(await mine('q=%25')).toEqual([]);
  });

  it('the filtered page pages and sorts, and the work queue takes the same filter', async () => {
    const res = await fay.request({
      method: 'GET',
      url: '/api/v1/order_items/my_orders.json?flag=escalated&per_page=2&sort=state&dir=desc',
    });
    expect(res.json()).toMatchObject({ total_count: 3, total_pages: 2, per_page: 2 });
    expect(letters(res.json())).toEqual(['d', 'e']);
    const queue = await admin.request({
      method: 'GET',
      url: `/api/v1/orderers/${fayId}/order_items.json?group=waiting&sort=customer`,
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().order_items.map((r: { ref: string }) => r.ref)).toEqual([items.b.ref, items.d.ref]);
    expect(queue.json().total_count).toBe(2);
  });

  it('bad filter values are 422, never 500', async () => {
    for (const bad of [
      'group=bogus',
      'state=waiting_gro,nope',
      'flag=late',
      'type=Passport',
      'orderer=abc',
      'orderer=0',
      'orderer=99999999999',
      'due_from=2026-02-31',
      'due_to=tomorrow',
      `q=${'x'.repeat(101)}`,
      'sort=escalated_at',
    ]) {
      const res = await fay.request({ method: 'GET', url: `/api/v1/order_items/my_orders.json?${bad}` });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.code, bad).toBe('invalid_input');
    }
  });
});

describe('the list filter on the dashboard', () => {
  it('filters and sorts the unassigned items (oldest first without a sort)', async () => {
    const made = [
      await buildOrderItem(ctx.database, {
        type: 'Adult Deed Poll',
        orderableType: 'AdultDeedPoll',
        netValue: 100,
      }),
      await buildOrderItem(ctx.database, {
        type: 'Adult Deed Poll',
        orderableType: 'AdultDeedPoll',
        netValue: 300,
      }),
      await buildOrderItem(ctx.database, { netValue: 200, flagged: true }),
    ];
    const get = async (query: string) =>
      (await admin.request({ method: 'GET', url: `/api/v1/order_items/dashboard.json?${query}` })).json();
    const deedPolls = await get('type=Adult%20Deed%20Poll');
    expect(deedPolls.order_items.map((r: { ref: string }) => r.ref)).toEqual([made[0].ref, made[1].ref]);
    const byValue = await get('type=Adult%20Deed%20Poll&sort=value&dir=desc');
    expect(byValue.order_items.map((r: { ref: string }) => r.ref)).toEqual([made[1].ref, made[0].ref]);
    expect((await get('flag=flagged')).order_items.map((r: { ref: string }) => r.ref)).toEqual([made[2].ref]);
    // Unfiltered but sorted: the prepared statements answer the same rows.
    const all = await get('per_page=500');
    const sorted = await get('per_page=500&sort=value&dir=desc');
    expect(sorted.total_count).toBe(all.total_count);
    const values = sorted.order_items.map((r: { net_value: number }) => r.net_value);
    expect(values).toEqual([...values].sort((x: number, y: number) => y - x));
    expect((await get('orderer=none')).total_count).toBe(all.total_count);
    expect((await get('q=unassigned')).total_count).toBe(all.total_count);
  });
});

describe('GET /order_items/escalations.json', () => {
  it('is for admins only', async () => {
    const res = await fay.request({ method: 'GET', url: '/api/v1/order_items/escalations.json' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('lists every open escalated item with its stage and when it was escalated, and counts by stage', async () => {
    const gus = await buildUser(ctx.database, { name: 'Gus Desk' });
    const gusAgent = await signInAs(ctx.app, gus.email);
    // Escalated through the API: its timeline holds the escalate event.
    const viaApi = await buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: gus.id });
    expect(
      (await act(gusAgent, viaApi.ref, 'escalate', { escalation: { message: 'Seal unclear' } })).statusCode,
    ).toBe(200);
    const older = await buildOrderItem(ctx.database, {
      currentState: 'gro_order_escalation',
      isEscalated: true,
      userId: gus.id,
    });
    await ctx.database.db.insert(orderItemEvents).values({
      orderItemId: older.id,
      action: 'escalate',
      fromState: 'gro_order_required',
      toState: 'gro_order_escalation',
      createdAt: new Date('2026-01-02T09:00:00Z'),
    });
    // A GRO refund is escalated in place: its stage is gro_refunded, never "—".
    const refunded = await buildOrderItem(ctx.database, { currentState: 'gro_refunded', userId: gus.id });
    expect(
      (await act(gusAgent, refunded.ref, 'escalate', { escalation: { message: 'GRO refund?' } })).statusCode,
    ).toBe(200);
    const noStage = await buildOrderItem(ctx.database, {
      currentState: 'waiting_gro',
      isEscalated: true,
      userId: gus.id,
    });
    const unassigned = await buildOrderItem(ctx.database, {
      currentState: 'waiting_gro_order_response',
      isEscalated: true,
      waitingCustomerResponse: true,
    });
    await buildOrderItem(ctx.database, { currentState: 'cancelled', isEscalated: true, userId: gus.id });
    await buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: gus.id });

    const res = await admin.request({
      method: 'GET',
      url: `/api/v1/order_items/escalations.json?orderer=${gus.id}`,
    });
    expect(res.statusCode).toBe(200);
    const page = EscalationsPageSchema.parse(res.json());
    // Oldest escalation first; never escalated through the timeline last.
    expect(page.order_items.map((r) => r.ref)).toEqual([older.ref, viaApi.ref, refunded.ref, noStage.ref]);
    expect(page.order_items.map((r) => r.escalation_stage)).toEqual([
      'gro_order',
      'apostille',
      'gro_refunded',
      null,
    ]);
    expect(page.order_items[0].escalated_at).toBe('2026-01-02T09:00:00.000Z');
    expect(Date.now() - Date.parse(page.order_items[1].escalated_at ?? '')).toBeLessThan(60_000);
    expect(page.order_items[3].escalated_at).toBeNull();
    expect(page.by_stage).toEqual({
      gro_order: 1,
      gro_reorder: 0,
      apostille: 1,
      scan_send: 0,
      despatch: 0,
      gro_refunded: 1,
    });
    expect(page.total_count).toBe(4);

    const desc = (
      await admin.request({
        method: 'GET',
        url: `/api/v1/order_items/escalations.json?orderer=${gus.id}&dir=desc`,
      })
    ).json();
    expect(desc.order_items.map((r: { ref: string }) => r.ref)).toEqual([
      refunded.ref,
      viaApi.ref,
      older.ref,
      noStage.ref,
    ]);

    // Across orderers and the unassigned.
    const all = EscalationsPageSchema.parse(
      (
        await admin.request({ method: 'GET', url: '/api/v1/order_items/escalations.json?per_page=500' })
      ).json(),
    );
    const refs = all.order_items.map((r) => r.ref);
    expect(refs).toEqual(
      expect.arrayContaining([items.c.ref, items.d.ref, items.e.ref, unassigned.ref, viaApi.ref]),
    );
    expect(refs).not.toContain(items.g.ref);
    expect(all.order_items.find((r) => r.ref === unassigned.ref)?.escalation_stage).toBe('gro_order');
    expect(all.order_items.find((r) => r.ref === items.e.ref)?.escalation_stage).toBe('despatch');
    expect(all.by_stage).toEqual({
      gro_order: 2,
      gro_reorder: 0,
      apostille: 2,
      scan_send: 0,
      despatch: 2,
      gro_refunded: 1,
    });
    const none = (
      await admin.request({ method: 'GET', url: '/api/v1/order_items/escalations.json?orderer=none' })
    ).json();
    expect(none.order_items.map((r: { ref: string }) => r.ref)).toEqual([unassigned.ref]);
    const byStageFiltered = (
      await admin.request({ method: 'GET', url: '/api/v1/order_items/escalations.json?q=Waiting%20Customer' })
    ).json();
    expect(byStageFiltered.by_stage).toMatchObject({ gro_order: 1, apostille: 1, despatch: 1 });

    // Each stage chip's count is what its link (the desk narrowed to the stage's states) lists.
    for (const stage of CUSTOMER_STAGES) {
      const narrowed = EscalationsPageSchema.parse(
        (
          await admin.request({
            method: 'GET',
            url: `/api/v1/order_items/escalations.json?per_page=500&state=${statesOfStage(stage).join(',')}`,
          })
        ).json(),
      );
      expect(narrowed.total_count, stage).toBe(all.by_stage[stage]);
    }

    for (const bad of ['sort=age', 'group=x', 'per_page=501']) {
      const r = await admin.request({ method: 'GET', url: `/api/v1/order_items/escalations.json?${bad}` });
      expect(r.statusCode, bad).toBe(422);
    }
  });
});

describe('GET /order_items/ids.json', () => {
  const ids = (agent: Agent, query: string) =>
    agent.request({ method: 'GET', url: `/api/v1/order_items/ids.json?${query}` });

  it("answers every matching id in the list's order, for each scope", async () => {
    const mine = MatchingIdsSchema.parse((await ids(fay, 'scope=my_queue&flag=escalated&sort=state')).json());
    expect(mine).toEqual({ ids: [items.c.id, items.e.id, items.d.id], total_count: 3, capped: false });
    // The queue's default order: despatch-by date.
    const byDue = (await ids(fay, 'scope=my_queue')).json();
    expect(byDue.ids[0]).toBe(items.a.id);
    expect(byDue.ids.at(-1)).toBe(items.f.id);
    const queue = (await ids(admin, `scope=work_queue&orderer_id=${fayId}&q=despatch_required`)).json();
    expect(queue).toEqual({ ids: [items.f.id], total_count: 1, capped: false });
    const desk = (await ids(admin, `scope=escalations&orderer=${fayId}`)).json();
    expect(desk.ids.sort()).toEqual([items.c.id, items.d.id, items.e.id].sort());
    const dashboard = (await ids(admin, 'scope=dashboard&flag=flagged')).json();
    expect(dashboard.total_count).toBe(dashboard.ids.length);
  });

  it('the escalations scope is for admins; a work queue needs its orderer; bad input is 422', async () => {
    expect((await ids(fay, 'scope=escalations')).statusCode).toBe(403);
    for (const bad of [
      '',
      'scope=everything',
      'scope=work_queue',
      'scope=my_queue&state=nope',
      'scope=my_queue&sort=x',
    ]) {
      expect((await ids(fay, bad)).statusCode, bad).toBe(422);
    }
  });

  it(`stops at ${BULK_CAP} and says so`, async () => {
    const cap = await buildUser(ctx.database, { name: 'Cap Many' });
    await buildOrder(ctx.database, {
      items: Array.from({ length: BULK_CAP + 3 }, () => ({ currentState: 'waiting_gro', userId: cap.id })),
    });
    const res = MatchingIdsSchema.parse((await ids(admin, `scope=work_queue&orderer_id=${cap.id}`)).json());
    expect(res.ids).toHaveLength(BULK_CAP);
    expect(new Set(res.ids).size).toBe(BULK_CAP);
    expect(res).toMatchObject({ total_count: BULK_CAP + 3, capped: true });
  });
});

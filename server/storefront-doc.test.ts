/**
 * docs/storefront.md stays true. Its examples are fenced blocks marked as server/test/doc-examples.ts reads
 * them (```json request POST /api/v1/storefront/orders.json, then ```json response 201). Each request is
 * sent, in the document's order, to the app the test harness builds (one fresh database), and its answer
 * must equal the response block that follows it: same status, same fields, same values, except the
 * placeholders "<id>", "<timestamp>" and "<request_id>", which stand for any value of that kind. `setup=`
 * names what staff do first (through the staff API), `check=` what must hold in the back office afterwards;
 * both are defined below.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from './db/schema';
import { type DocExample, differences, parseExamples } from './test/doc-examples';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from './test/harness';
import { actAsRead, multipartFile } from './test/items';

const DOC_PATH = path.resolve(import.meta.dirname, '../docs/storefront.md');

/** A tiny PDF: the upload check trusts the bytes, not the name. */
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let ctx: TestContext;
let admin: Agent;
let alice: { id: number; name: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  alice = await buildUser(ctx.database, { name: 'Alice Orderer' });
});
afterAll(() => ctx.close());

const itemJson = async (ref: string) =>
  (await admin.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` })).json().order_item;

/** Staff work the guide's item `ref` through the staff API, as the office would. */
async function staffAct(ref: string, name: string, payload: object = {}) {
  const res = await actAsRead(admin, ref, name, payload);
  expect(res.statusCode, `${name} on ${ref}: ${res.body}`).toBe(200);
}

async function assignToAlice(ref: string) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/order_items/assign_to_orderer.json',
    payload: { order_assignment: { orderer_id: alice.id, order_item_ids: [(await itemJson(ref)).id] } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** What the office has done before an example (its `setup=`). */
const SETUPS: Record<string, () => Promise<void>> = {
  // 700234-1 is assigned, escalated, and staff e-mailed the customer a question that needs an answer.
  'waiting-for-customer': async () => {
    await assignToAlice('700234-1');
    await staffAct('700234-1', 'escalate', { escalation: { message: 'Place of birth unclear.' } });
    await staffAct('700234-1', 'contact_customer', {
      message: { body: 'Was Amelia born in Leeds or in York?', response_required: true },
    });
    expect((await itemJson('700234-1')).current_state).toBe('waiting_gro_order_response');
  },
  // 700234-2 is assigned, and staff changed it to 2 copies through Modify Order: it waits for payment.
  'upgrade-requested': async () => {
    await assignToAlice('700234-2');
    await staffAct('700234-2', 'request_update', { order_item_update: { copies: 2 } });
    expect((await itemJson('700234-2')).current_state).toBe('waiting_upgrade_payment');
  },
};

/** What must hold in the back office after an example (its `check=`). */
const CHECKS: Record<string, (answer: Record<string, unknown>) => Promise<void>> = {
  'still-waiting': async (answer) => {
    const item = await itemJson('700234-1');
    expect(item).toMatchObject({
      current_state: 'waiting_gro_order_response',
      waiting_customer_response: true,
    });
    expect(item.comments.map((c: { kind: string }) => c.kind)).not.toContain('customer');
    const { id } = answer.conversation as { id: number };
    const [row] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(row).toMatchObject({ active: true, orderItemId: null, orderRef: '700234-1' });
  },
  'reply-counted': async () => {
    const item = await itemJson('700234-1');
    expect(item).toMatchObject({
      current_state: 'gro_order_response_received',
      waiting_customer_response: false,
    });
    expect(item.comments.map((c: { kind: string }) => c.kind)).toContain('customer');
  },
  'in-inbox': async (answer) => {
    const { id } = answer.conversation as { id: number };
    const res = await admin.request({ method: 'GET', url: '/api/v1/conversations/active.json?active=true' });
    expect(res.json().conversations.map((c: { id: number }) => c.id)).toContain(id);
  },
  'cart-unpaid': async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/carts/unpaid.json' });
    expect(res.json().carts.map((c: { ref: string }) => c.ref)).toContain('C-20931');
  },
  'cart-gone': async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/carts/unpaid.json' });
    expect(res.json().carts.map((c: { ref: string }) => c.ref)).not.toContain('C-20931');
  },
  'upload-on-item': async () => {
    const item = await itemJson('700234-1');
    expect(item.ukds_attachments).toEqual([
      expect.objectContaining({ filename: 'birth-certificate-scan.pdf', source: 'customer' }),
    ]);
  },
};

function send(example: DocExample) {
  const auth =
    example.key === 'none'
      ? {}
      : { authorization: `Bearer ${example.key === 'valid' ? STOREFRONT_KEY : 'not-the-key'}` };
  if (example.body.kind === 'multipart') {
    const form = multipartFile(example.body.filename, PDF_BYTES, example.body.contentType);
    return ctx.app.inject({
      method: example.method as 'POST',
      url: example.path,
      payload: form.payload,
      headers: { ...form.headers, ...auth },
    });
  }
  return ctx.app.inject({
    method: example.method as 'POST',
    url: example.path,
    payload: example.body.text,
    headers: { 'content-type': 'application/json', ...auth },
  });
}

const examples = parseExamples(readFileSync(DOC_PATH, 'utf8'));

describe('docs/storefront.md', () => {
  it('has an example of every storefront call, and names only setups and checks that exist', async () => {
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths)
      .filter(([route]) => route.startsWith('/api/v1/storefront/'))
      .flatMap(([route, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${route}`));
    expect(calls.length).toBeGreaterThanOrEqual(6);
    const pattern = (call: string) =>
      new RegExp(`^${call.replace(/\./g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const call of calls) {
      expect(
        examples.some((e) => pattern(call).test(`${e.method} ${e.path}`)),
        `no example of ${call}`,
      ).toBe(true);
    }
    for (const e of examples) {
      if (e.setup) expect(Object.keys(SETUPS), `line ${e.line}`).toContain(e.setup);
      if (e.check) expect(Object.keys(CHECKS), `line ${e.line}`).toContain(e.check);
    }
  });

  // One test per example, in the document's order: later examples build on what earlier ones stored.
  for (const example of examples) {
    it(`line ${example.line}: ${example.method} ${example.path} answers ${example.status}`, async () => {
      if (example.setup) await SETUPS[example.setup]();
      const res = await send(example);
      const actual = JSON.parse(res.body) as Record<string, unknown>;
      const problems = differences(example.response, actual);
      expect(
        { status: res.statusCode, problems },
        `the answer was:\n${JSON.stringify(actual, null, 2)}`,
      ).toEqual({ status: example.status, problems: [] });
      if (example.check) await CHECKS[example.check](actual);
    });
  }
});

describe('the example checker', () => {
  it('matches placeholders by kind and reports extra, missing and different values', () => {
    expect(differences({ id: '<id>', at: '<timestamp>' }, { id: 7, at: '2026-05-11T08:30:00.000Z' })).toEqual(
      [],
    );
    expect(differences({ id: '<id>' }, { id: 'x' })).toEqual(['$.id: "x" is not a <id>']);
    expect(differences({ a: 1 }, { a: 1, b: 2 })).toEqual(['$.b: answered but not documented']);
    expect(differences({ a: 1, b: 2 }, { a: 1 })).toEqual(['$.b: documented but not answered']);
    expect(differences([1, 2], [1, 3])).toEqual(['$[1]: documented 2, got 3']);
    expect(differences({ a: '<when>' }, { a: 1 })).toEqual(['$.a: unknown placeholder <when>']);
  });

  it('pairs each request with its response and refuses a request without one', () => {
    const md = [
      '```json request POST /api/v1/storefront/x.json key=wrong setup=s',
      '{}',
      '```',
      '```json response 401',
      '{"a": 1}',
      '```',
    ].join('\n');
    expect(parseExamples(md)).toEqual([
      {
        line: 1,
        method: 'POST',
        path: '/api/v1/storefront/x.json',
        key: 'wrong',
        setup: 's',
        check: undefined,
        body: { kind: 'json', text: '{}' },
        status: 401,
        response: { a: 1 },
      },
    ]);
    expect(() => parseExamples(md.split('\n').slice(0, 3).join('\n'))).toThrow(/no response block/);
  });
});

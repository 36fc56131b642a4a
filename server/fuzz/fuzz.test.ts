/**
 * Fuzz: no request gets a 5xx, every answer has a status its operation declares, and every error answers
 * `{"error":{"code","message",...}}`. Drives every operation of the OpenAPI description the app generates,
 * in-process, with seeded fast-check: bodies, paths and queries shaped by the operation's schemas and
 * mutated, hostile strings and numbers, raw and malformed bodies, odd content types and headers; as
 * anonymous, the storefront, an orderer and an admin.
 *
 * CI runs FUZZ_RUNS requests (default 1,500); `npm run fuzz` runs 25,000. FUZZ_SEED picks the sequence.
 * A failure prints every request that got a 5xx, an undeclared status or broke the error shape, ready to
 * replay.
 */
import { gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorSchema } from '../../domain/contract/session';
import { NORMAL_STATES } from '../../domain/states';
import { buildOrderItem } from '../test/factories';
import { FREE_FORM_BODIES } from '../test/free-form-bodies';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../test/harness';
import { multipartFile, PNG_BYTES } from '../test/items';
import { fromSchema, HOSTILE_STRINGS, type JsonSchema, mutated } from './arbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? 15);
/** One request that takes longer than this is reported as hung. */
const REQUEST_TIMEOUT_MS = 15_000;

type Role = 'anonymous' | 'storefront' | 'orderer' | 'admin';

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema: unknown }[];
  body?: unknown;
  /** The statuses the operation declares it answers ('200', '404', '5XX'…). */
  statuses: Set<string>;
}

interface FuzzRequest {
  role: Role;
  operation: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let ctx: TestContext;
const agents = {} as Record<'orderer' | 'admin', Agent>;
/** Refs and ids that exist, so generated paths reach past the 404s. */
const known = {
  refs: [] as string[],
  cartRefs: ['C-FUZZ-1'],
  victimUserId: 0,
  protectedUserIds: [] as number[],
};

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const orderer = await buildUser(ctx.database);
  const victim = await buildUser(ctx.database);
  known.victimUserId = victim.id;
  known.protectedUserIds = [admin.id, orderer.id];
  agents.admin = await signInAs(ctx.app, admin.email);
  agents.orderer = await signInAs(ctx.app, orderer.email);
  for (const [index, state] of NORMAL_STATES.entries()) {
    const item = await buildOrderItem(ctx.database, {
      currentState: state,
      userId: state === 'unassigned' ? null : orderer.id,
      orderableType: (['Certificate', 'Translation', 'AdultDeedPoll', 'DivorceCertificate'] as const)[
        index % 4
      ],
      orderable: { apostilleCopies: index % 3 === 0 ? 1 : 0 },
    });
    known.refs.push(item.ref);
  }
  const escalated = await buildOrderItem(ctx.database, {
    currentState: 'despatch_escalation',
    isEscalated: true,
    stateBeforeEscalation: 'despatch_required',
    userId: orderer.id,
  });
  known.refs.push(escalated.ref);
  const upload = multipartFile('scan.png', PNG_BYTES, 'image/png');
  await agents.orderer.request({
    method: 'POST',
    url: `/api/v1/order_items/${known.refs[1]}/attachments.json`,
    ...upload,
  });
  const storefront = { authorization: `Bearer ${STOREFRONT_KEY}` };
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/messages.json',
    headers: storefront,
    payload: {
      message: { email: 'fuzz@example.com', content: 'Where is my order?', order_ref: known.refs[0] },
    },
  });
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/carts.json',
    headers: storefront,
    payload: {
      cart: {
        ref: known.cartRefs[0],
        email: 'cart@example.com',
        billing_address: { name: 'Cart Person' },
        items: [{ type: 'Birth Certificate', net_value: 2800 }],
        total_in_pence: 2800,
      },
    },
  });
  const category = await agents.admin.request({
    method: 'POST',
    url: '/api/v1/faq_categories.json',
    payload: { faq_category: { site: 'ukds', title: 'Fuzz' } },
  });
  const categoryId = category.json<{ id?: number; faq_category?: { id: number } }>();
  const id = categoryId.faq_category?.id ?? categoryId.id ?? 1;
  await agents.admin.request({
    method: 'POST',
    url: `/api/v1/faq_categories/${id}/faqs.json`,
    payload: { faq: { question: 'Why?', answer: 'Because.' } },
  });
  await agents.admin.request({
    method: 'POST',
    url: '/api/v1/registries.json',
    payload: { registry: { name: 'Fuzz registry', details: 'x' } },
  });
  const editable = await buildOrderItem(ctx.database, { userId: orderer.id });
  known.refs.push(editable.ref);
  Object.assign(examples, {
    'POST /api/v1/storefront/orders.json': [
      (n: number) =>
        storefrontOrder(String(700_000 + n), {
          event_date: '2024-02-29',
          firstname_a: 'Ann',
          surname_a: 'Smith',
          event_place: 'York',
        }),
      (n: number) => storefrontOrder(String(800_000 + n), {}),
    ],
    'POST /api/v1/storefront/messages.json': [
      (n: number) => ({
        message: {
          email: 'a@example.com',
          subject: 'Hi',
          content: `Hello ${n}`,
          order_ref: known.refs[n % 5],
        },
      }),
    ],
    'POST /api/v1/storefront/carts.json': [
      (n: number) => ({
        cart: {
          ref: `C-${n}`,
          email: 'cart@example.com',
          billing_address: { name: 'Cart Person' },
          items: [{ type: 'Birth Certificate', net_value: 2800 }],
          total_in_pence: 2800,
        },
      }),
    ],
    'PUT /api/v1/order_items/{ref}.json': [
      () => ({ orderable_attributes: { id: editable.orderable.id, event_date: '2024-02-29' } }),
      () => ({ shipping_address_attributes: { id: 1, name: 'New Name' } }),
      () => ({ order_attributes: { id: editable.order.id, email: 'new@example.com' } }),
    ],
    'POST /api/v1/order_items/{ref}/despatch.json': [
      () => ({ despatch: { despatched_on: '2026-01-02', carrier: 'royal_mail', service: 'First Class' } }),
    ],
    'POST /api/v1/order_items/{ref}/original_received.json': [
      () => ({ original_received: { received_on: '2026-01-02' } }),
    ],
    'POST /api/v1/notifications/mark_read.json': [() => ({ notification_ids: [1, 2] })],
  });
}, 120_000);
afterAll(() => ctx?.close());

/**
 * Bodies known to be accepted, by operation: mutated one place at a time, they reach the services with a
 * single bad field (a schema-shaped value rarely gets every field of a paid order right at once).
 */
const examples: Record<string, ((n: number) => unknown)[]> = {};
const storefrontOrder = (ref: string, orderable: Record<string, unknown>) => ({
  order: {
    ref,
    email: 'shop@example.com',
    phone: '01234 567890',
    delivery_region: 'UK',
    placed_at: '2026-11-01T10:00:00Z',
    billing_address: { name: 'Sam Shop', line_1: '1 Road', city: 'York', zip: 'YO1 1AA' },
    shipping_address: {
      name: 'Sam Shop',
      line_1: '2 Lane',
      city: 'Leeds',
      zip: 'LS1 1AA',
      country_code: 'GB',
    },
    items: [
      {
        orderable_type: 'Certificate',
        type: 'Birth Certificate',
        net_value: 2800,
        orderable: { service_level: 'standard', copies: 1, certificate_country: 'EW', ...orderable },
      },
    ],
  },
});

/** Every operation of the description, but the event stream (it never ends) and the health checks. */
function operations(doc: { paths: Record<string, Record<string, JsonSchema>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/') || path.startsWith('/api/v1/events')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters'] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        statuses: new Set(Object.keys((op.responses as Record<string, unknown> | undefined) ?? {})),
      });
    }
  }
  return ops;
}

/** A path or query value as text in a URL: percent-encoded, or a raw escape that is itself the test. */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded as UTF-8: send the bytes a client would.
    return '%ED%A0%80';
  }
}

const RAW_SEGMENTS = [
  '%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%',
  '..',
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '1e3',
  '%20',
];

function pathValue(name: string, schema: unknown, resolve: (ref: string) => unknown): fc.Arbitrary<string> {
  const existing =
    name === 'ref'
      ? fc.constantFrom(...known.refs, ...known.cartRefs)
      : name === 'year'
        ? fc.constantFrom('2025', '2026', '2011', '9999')
        : name === 'month'
          ? fc.constantFrom('1', '6', '12', '13', '0')
          : fc.integer({ min: 1, max: 40 }).map(String);
  return fc.oneof(
    { weight: 6, arbitrary: existing },
    { weight: 2, arbitrary: fromSchema(schema, resolve).map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=latin1',
];

/** A body: schema-shaped (or mutated) JSON, raw text, malformed JSON, or a multipart upload. */
function bodyFor(
  op: Operation,
  resolve: (ref: string) => unknown,
): fc.Arbitrary<{ payload?: string | Buffer; type?: string }> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null', type: 'application/json' });
  const serviceSchemas = FREE_FORM_BODIES[`${op.method} ${op.path}`];
  const shapes: fc.Arbitrary<unknown>[] = (examples[`${op.method} ${op.path}`] ?? []).map((example) =>
    fc.nat().map(example),
  );
  // Known-good bodies are the better start where there are some; the schema's shapes still come too.
  if (shapes.length > 0) shapes.push(...shapes, ...shapes);
  if (op.body) shapes.push(fromSchema(op.body, resolve));
  for (const schema of serviceSchemas ?? []) shapes.push(fromSchema(zodJson(schema), resolve));
  const shaped = shapes.length > 0 ? mutated(fc.oneof(...shapes)) : fc.jsonValue({ maxDepth: 2 });
  const isUpload = op.path.endsWith('/attachments.json') && op.method === 'POST';
  const upload = multipartFile('scan.png', PNG_BYTES, 'image/png');
  const nulName = multipartFile('a\u0000b.png', PNG_BYTES, 'image/png');
  const notDocument = multipartFile('x.exe', Buffer.from('MZ\u0090\u0000'), 'application/pdf');
  const type = (part: typeof upload) => part.headers['content-type'];
  const multipart = fc
    .constantFrom<[Buffer, string, string]>(
      [upload.payload, type(upload), 'whole'],
      [upload.payload.subarray(0, upload.payload.length - 12), type(upload), 'no closing boundary'],
      [upload.payload.subarray(0, 40), type(upload), 'cut in the part header'],
      [nulName.payload, type(nulName), 'NUL in the file name'],
      [notDocument.payload, type(notDocument), 'not a document'],
      [Buffer.from('not multipart'), type(upload), 'garbage'],
    )
    .map(([payload, contentType]) => ({ payload, type: contentType }));
  return fc.oneof(
    { weight: isUpload ? 1 : 8, arbitrary: shaped.map(json) },
    { weight: isUpload ? 6 : 1, arbitrary: multipart },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '{"__proto__":{"x":1}}',
            '"\\ud800"',
            'null',
            '{"a":"\\u0000"}',
          ),
          fc.string({ maxLength: 30 }),
        )
        .map((payload) => ({ payload, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 30 }))
        .map(([type, payload]) => ({ payload, type })),
    },
  );
}

/** A zod schema as JSON Schema (input side), for the bodies services parse themselves. */
const zodJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function requestFor(op: Operation, resolve: (ref: string) => unknown): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const path = fc.tuple(...pathParams.map((p) => pathValue(p.name, p.schema, resolve))).map((values) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      let value = values[i];
      // The fuzz users keep their accounts: changes to users land on a user of its own.
      if (op.path.startsWith('/api/v1/users/{id}') && known.protectedUserIds.includes(Number(value)))
        value = String(known.victimUserId);
      url = url.replace(`{${p.name}}`, value);
    });
    return url;
  });
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(
          fc.oneof(
            { weight: 4, arbitrary: fromSchema(p.schema, resolve) },
            { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
          ),
          { nil: undefined },
        ),
      ),
      fc.option(fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })), { nil: undefined }),
    )
    .map((values) => {
      const extra = values.pop() as [string, string] | undefined;
      const pairs = queryParams.flatMap((p, i) =>
        values[i] === undefined ? [] : [`${encode(p.name)}=${encode(values[i])}`],
      );
      if (extra) pairs.push(`${encode(extra[0])}=${encode(extra[1])}`);
      return pairs.length > 0 ? `?${pairs.join('&')}` : '';
    });
  const hasBody = op.method !== 'GET' && op.method !== 'HEAD';
  const body = hasBody
    ? fc.option(bodyFor(op, resolve), { nil: undefined, freq: 8 })
    : fc.constant(undefined);
  const extraHeaders = fc.record(
    {
      'if-match': fc.oneof(fc.constantFrom('"1"', '*', 'W/"0"'), fc.string({ maxLength: 20 })),
      'idempotency-key': fc.string({ maxLength: 80 }),
      'x-request-id': fc.string({ maxLength: 40 }),
      'accept-encoding': fc.constantFrom('gzip', 'deflate', 'br', 'identity', '*'),
    },
    { requiredKeys: [] },
  );
  // Mostly the role the operation is for, so requests get past the 401s and 403s to the code behind them.
  const isStorefront = op.path.startsWith('/api/v1/storefront/');
  // Signing out would end the fuzz users' sessions for the rest of the run: only the signed-out try it.
  const signsOut = op.method === 'DELETE' && op.path === '/api/v1/session.json';
  const role = signsOut
    ? fc.constantFrom<Role>('anonymous', 'storefront')
    : fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom<Role>('anonymous') },
        { weight: isStorefront ? 12 : 1, arbitrary: fc.constantFrom<Role>('storefront') },
        { weight: isStorefront ? 1 : 6, arbitrary: fc.constantFrom<Role>('orderer', 'admin') },
      );
  const wrongCsrf = fc.oneof(
    { weight: 19, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  );
  return fc
    .record({ role, path, query, body, extraHeaders, wrongCsrf })
    .map(({ role: who, path: url, query: qs, body: b, extraHeaders: extra, wrongCsrf: csrf }) => {
      const headers: Record<string, string> = {};
      if (who === 'storefront') headers.authorization = `Bearer ${STOREFRONT_KEY}`;
      if (who === 'orderer' || who === 'admin') {
        headers.cookie = agents[who].cookie;
        headers['x-csrf-token'] = csrf ?? agents[who].csrf;
      }
      Object.assign(headers, extra);
      if (b?.type) headers['content-type'] = b.type;
      return {
        role: who,
        operation: op,
        method: op.method,
        url: `${url}${qs}`,
        headers,
        payload: b?.payload,
      };
    });
}

/** A request as text to print and replay (the session cookie stands for the role). */
function describeRequest(r: FuzzRequest, status: number | string, body: string) {
  const { cookie: _cookie, ...headers } = r.headers;
  const payload =
    r.payload === undefined
      ? undefined
      : Buffer.isBuffer(r.payload)
        ? `<${r.payload.length} bytes> ${r.payload.subarray(0, 200).toString('latin1')}`
        : r.payload.slice(0, 2000);
  return JSON.stringify({
    status,
    role: r.role,
    method: r.method,
    url: r.url,
    headers,
    payload,
    body: body.slice(0, 500),
  });
}

describe('fuzz', () => {
  it(
    `no 5xx and the error shape on every answer (${RUNS} requests, seed ${SEED})`,
    async () => {
      const doc = ctx.app.swagger() as unknown as {
        paths: Record<string, Record<string, JsonSchema>>;
        components?: { schemas?: Record<string, unknown> };
      };
      const resolve = (ref: string) => doc.components?.schemas?.[ref.split('/').at(-1) ?? ''];
      const ops = operations(doc);
      expect(ops.length).toBeGreaterThan(100);
      // Operations with known-good bodies get more turns: their services are where a bad field can get furthest.
      const request = fc
        .oneof(
          ...ops.map((op) => ({
            weight: examples[`${op.method} ${op.path}`] ? 6 : 1,
            arbitrary: fc.constant(op),
          })),
        )
        .chain((op) => requestFor(op, resolve));

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let refusedByClient = 0;
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let res: Awaited<ReturnType<typeof ctx.app.inject>>;
          try {
            res = await Promise.race([
              ctx.app.inject({
                method: r.method as 'GET',
                url: r.url,
                headers: r.headers,
                payload: r.payload,
              }),
              new Promise<never>((_, reject) =>
                setTimeout(() => reject(new Error('hung')), REQUEST_TIMEOUT_MS).unref(),
              ),
            ]);
          } catch (error) {
            if ((error as Error).message === 'hung') {
              failures.push(describeRequest(r, 'hung', ''));
              return;
            }
            // The HTTP client itself refused the request (a header no client can send): nothing reached us.
            refusedByClient += 1;
            return;
          }
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // Every answer is one the operation declares (routes/answers.ts), by its status or its class.
          const status = String(res.statusCode);
          const declared = r.operation.statuses.has(status) || r.operation.statuses.has(`${status[0]}XX`);
          if (!declared) {
            failures.push(
              describeRequest(r, `${status} not declared by ${r.method} ${r.operation.path}`, res.body),
            );
            return;
          }
          if (res.statusCode >= 500) {
            failures.push(describeRequest(r, res.statusCode, res.body));
            return;
          }
          const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
          // A request that accepts compression gets a long error body (every bad field listed) compressed.
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'gzip'
              ? gunzipSync(res.rawPayload).toString('utf8')
              : encoding === 'deflate'
                ? inflateSync(res.rawPayload).toString('utf8')
                : res.body;
          const parsed = (() => {
            try {
              return ErrorSchema.safeParse(JSON.parse(text)).success;
            } catch {
              return false;
            }
          })();
          if (res.statusCode >= 400 && (!isJson || !parsed))
            failures.push(describeRequest(r, `${res.statusCode} not in the error shape`, text));
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
      console.info(
        `fuzz: ${sent} requests sent (${refusedByClient} refused by the HTTP client), ${failures.length} failures; ${byStatus.join(', ')}`,
      );
      expect(failures.slice(0, 20), `${failures.length} requests failed`).toEqual([]);
    },
    Math.max(120_000, RUNS * 200),
  );
});

/**
 * Serializer benchmark: `npm run bench:serialize -- [--data-dir ./bench/data] [--rounds 21]` against a database
 * filled by `npm run bench:data`. Takes the real answers of the list screens, the quick search and the order item,
 * then times turning each into JSON the ways docs/decisions/api-contract.md compares: plain `JSON.stringify`,
 * zod's `safeEncode` then stringify (fastify-type-provider-zod's serializer), and server/response-serializer.ts in
 * check mode (tests, development) and publish mode (production). Methods are timed in interleaved rounds and the
 * median of the rounds is printed, so a busy machine slows them all alike.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { OrderItemResponseSchema } from '../domain/contract/order-item';
import { DashboardPageSchema, OrdererQueueSchema, QueuePageSchema } from '../domain/contract/queues';
import { SearchResultsSchema } from '../domain/contract/search';
import { buildApp } from '../server/app';
import { fromPglite, openPglite } from '../server/db/client';
import { responseSerializerCompiler } from '../server/response-serializer';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: './bench/data' },
    rounds: { type: 'string', default: '21' },
  },
});
const ROUNDS = Number(values.rounds);
/** How long each method runs in each round. */
const ROUND_MS = 60;

/** Microseconds per call of `fn`, run repeatedly for `ms`. */
function timed(fn: () => string, ms: number) {
  let n = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < 5; i++) fn();
    n += 5;
    elapsed = performance.now() - start;
  }
  return (elapsed / n) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const database = fromPglite(await openPglite(`${values['data-dir']}/pgdata`));
  await database.migrate();
  const app = await buildApp({
    config: {
      sessionSecret: 'bench-secret-bench-secret-bench-secret',
      secureCookies: false,
      logLevel: 'silent',
      storefrontApiKey: undefined,
    },
    database,
    webRoot: '/nonexistent',
    logger: false,
    live: false,
  });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/session.json',
    payload: { email: 'orderer1@bench.test', password: 'bench-password' },
  });
  if (signIn.statusCode !== 200)
    throw new Error('Sign-in failed: generate data first with npm run bench:data');
  const headers = {
    cookie: `ukds_session=${signIn.cookies.find((c) => c.name === 'ukds_session')?.value}`,
    'x-csrf-token': signIn.json<{ csrf_token: string }>().csrf_token,
  };
  const pick = await database.db.execute<{ ref: string; user_id: number }>(sql`
    select ref, user_id from order_items where user_id is not null and current_state <> 'order_complete'
    order by id desc limit 1`);
  const sample = pick.rows[0];
  const answer = async (url: string, payload?: object) =>
    (await app.inject({ method: payload ? 'POST' : 'GET', url, payload, headers })).json<unknown>();
  const answers: [string, z.ZodType, unknown][] = [
    ['dashboard', DashboardPageSchema, await answer('/api/v1/order_items/dashboard.json')],
    ['my_orders', QueuePageSchema, await answer('/api/v1/order_items/my_orders.json')],
    [
      'orderer queue',
      OrdererQueueSchema,
      await answer(`/api/v1/orderers/${sample.user_id}/order_items.json`),
    ],
    [
      'simple search',
      SearchResultsSchema,
      await answer('/api/v1/search/simple.json', { search: { query: 'Smith' } }),
    ],
    ['order item', OrderItemResponseSchema, await answer(`/api/v1/order_items/${sample.ref}.json`)],
  ];
  await app.close();
  await database.close();

  console.log(`µs per answer, median of ${ROUNDS} interleaved rounds`);
  for (const [name, schema, data] of answers) {
    const compiled = (mode: 'check' | 'publish') =>
      responseSerializerCompiler(mode)({ schema, method: 'GET', url: name });
    const [check, publish] = [compiled('check'), compiled('publish')];
    const methods: Record<string, () => string> = {
      stringify: () => JSON.stringify(data),
      'zod safeEncode': () => JSON.stringify((schema as z.ZodType).encode(data)),
      check: () => check(data),
      publish: () => publish(data),
    };
    for (const fn of Object.values(methods)) for (let i = 0; i < 200; i++) fn();
    const samples = Object.fromEntries(Object.keys(methods).map((m) => [m, [] as number[]]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [method, fn] of Object.entries(methods)) samples[method].push(timed(fn, ROUND_MS));
    const size = `${(JSON.stringify(data).length / 1024).toFixed(0)} KB`;
    const cells = Object.entries(samples).map(([method, xs]) => `${method} ${median(xs).toFixed(0)}`);
    console.log(`${name.padEnd(14)} ${size.padStart(6)}  ${cells.join('  ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

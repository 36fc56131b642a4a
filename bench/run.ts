/**
 * API benchmark: `npm run bench -- [--database-url postgres://…] [--data-dir ./bench/data] [--seconds 5]
 * [--connections 10] [--only 'dashboard,order item'] [--responses publish|check]` against a database filled by `npm run bench:data`.
 *
 * For each screen's call it measures, side by side in one run:
 *  - the API: p50/p95 latency and throughput with `connections` requests in flight (closed loop, keep-alive),
 *    sent from a worker thread (bench/http-load.mjs) so the client does not share the app's event loop;
 *  - the raw SQL of the same call: the exact statements the API ran (captured through Drizzle's logger during
 *    one call), replayed directly on the database with the same concurrency, each as the API ran it: a
 *    statement the API prepared is prepared once per connection, the others are sent unnamed (capture.ts).
 * First in each level comes the floor: `current_user`, which runs no SQL (the session is in the cache), so it
 * times what every call pays before and after its SQL: the HTTP exchange with the load client, the sign-in
 * check and the answer. A call whose SQL takes less than twice the floor cannot have an API/raw ratio under 1.5.
 * Then the transport: a bare node:http server in this process answering the floor's bytes (status, headers and
 * body as the app sent them) with no framework, no session and no database, timed with the same client: what
 * the machine's loopback, Node's HTTP and the load client cost before any code of ours runs. Each call's row
 * also gives (API − transport) / raw, the ratio with that part taken out (an approximation: p50s subtracted).
 * It also counts this process's garbage collections (full and young) and their pauses while the API was measured.
 * Prints a table with the API/raw ratio and writes it as JSON under bench/results/. Also reports the SPA's
 * gzip weight (initial JS/CSS and each lazy chunk) from dist/.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import { buildApp } from '../server/app';
import { fromPglite, fromPostgres, openPglite, POSTGRES_SESSION_OPTIONS } from '../server/db/client';
import type { ResponseMode } from '../server/response-serializer';
import { namedStatements } from './capture';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: './bench/data' },
    seconds: { type: 'string', default: '5' },
    /** Requests in flight; a comma-separated list measures each level in turn (e.g. 1,2,8). */
    connections: { type: 'string', default: '1,2,8' },
    /** Comma-separated call names to run (e.g. for a CPU profile of one call); all when absent. */
    only: { type: 'string' },
    /** Skips the raw-SQL replay (for a CPU profile of the app alone: node --cpu-prof …). */
    'api-only': { type: 'boolean', default: false },
    /**
     * How answers are serialized (server/response-serializer.ts): `publish`, as production does, or `check`,
     * as tests and development do (every answer held to its schema), to measure what checking costs.
     */
    responses: { type: 'string', default: 'publish' },
    /** Prints each chosen call's captured statements (what the raw replay runs) before measuring. */
    'show-sql': { type: 'boolean', default: false },
  },
});
if (values.responses !== 'publish' && values.responses !== 'check')
  throw new Error('--responses: publish (as production) or check (as tests and development)');
const RESPONSES: ResponseMode = values.responses;
const SECONDS = Number(values.seconds);
const LEVELS = values.connections.split(',').map(Number);
if (LEVELS.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error('--connections: whole numbers ≥ 1, e.g. 1,2,8');
const MAX_CONNECTIONS = Math.max(...LEVELS);

interface Captured {
  text: string;
  params: unknown[];
  /** The API sent it as a named (prepared) statement. */
  named: boolean;
}
let capturing: Captured[] | null = null;
const logger: Logger = {
  logQuery(query, params) {
    capturing?.push({ text: query, params, named: false });
  },
};

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const summary = (latencies: number[]) => ({
  p50: percentile(latencies, 50),
  p95: percentile(latencies, 95),
  rps: latencies.length / SECONDS,
  n: latencies.length,
});

/**
 * The garbage collector's pauses in this process (the app's and the raw replay's isolate, not the load
 * client's) while `measure` runs: full (mark-compact) and young-generation collections, and their pauses in ms
 * (a full collection's incremental marking runs between its pauses and is not counted in them).
 */
async function withGc<T>(measure: () => Promise<T>) {
  const gc = { major: 0, minor: 0, pause_ms: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.pause_ms += entry.duration;
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
      else if (kind === perfConstants.NODE_PERFORMANCE_GC_MINOR) gc.minor++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const result = await measure();
  // Entries are delivered in a later task: let the last ones in before counting.
  await new Promise((resolve) => setImmediate(resolve));
  observer.disconnect();
  return { result, gc: { ...gc, pause_ms: Math.round(gc.pause_ms) } };
}

/** Sends one call from `connections` loops for `seconds` in a worker thread; answers its latency summary. */
function loadHttp(
  call: { url: string; method: string; headers: Record<string, string>; body?: string },
  connections: number,
) {
  return new Promise<ReturnType<typeof summary>>((resolve, reject) => {
    const worker = new Worker(new URL('./http-load.mjs', import.meta.url), {
      workerData: { ...call, seconds: SECONDS, connections },
    });
    worker.once('message', (m: { latencies: number[]; failures: number }) => {
      if (m.failures > 0) reject(new Error(`${call.url}: ${m.failures} answers were not 2xx`));
      else resolve(summary(m.latencies));
    });
    worker.once('error', reject);
  });
}

/** Captures one answer of the app as bytes (status, headers, body) for the bare server to repeat. */
function captureAnswer(call: { url: string; method: string; headers: Record<string, string> }) {
  return new Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(call.url, { method: call.method, headers: call.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers: http.OutgoingHttpHeaders = { ...res.headers };
          // The bare server's own connection handling and clock write these, as Node does for the app.
          for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete headers[name];
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** A node:http server on 127.0.0.1 that answers every request with `answer`, reading nothing of it. */
async function bareServer(answer: Awaited<ReturnType<typeof captureAnswer>>) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Runs `task` from `connections` loops for `seconds`; answers latency percentiles (ms) and throughput. */
async function load(task: () => Promise<void>, connections: number) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await task();
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return summary(latencies);
}

function spaWeight() {
  const dist = path.resolve('dist');
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
  );
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
  const assets = readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
  const sum = (files: string[]) => files.reduce((t, f) => t + gz(f), 0);
  return {
    initial_js_gzip_bytes: sum([...initial].filter((f) => f.endsWith('.js'))),
    initial_css_gzip_bytes: sum([...initial].filter((f) => f.endsWith('.css'))),
    lazy_chunks: assets
      .filter((f) => f.endsWith('.js') && !initial.has(f))
      .map((f) => ({ file: f, gzip_bytes: gz(f) }))
      .sort((a, b) => b.gzip_bytes - a.gzip_bytes),
  };
}

async function main() {
  const url = values['database-url'];
  const database = url
    ? fromPostgres(url, MAX_CONNECTIONS, logger)
    : fromPglite(await openPglite(`${values['data-dir']}/pgdata`), logger);
  // The data may predate newer migrations (indexes, the sales summary): bring it up to date first.
  await database.migrate();
  const raw = url
    ? new pg.Pool({ connectionString: url, max: MAX_CONNECTIONS, options: POSTGRES_SESSION_OPTIONS })
    : null;
  // On PostgreSQL each statement is replayed as the API ran it (capture.ts): one the API prepared is a named
  // statement here too (parsed once per connection, its plan kept when PostgreSQL finds a generic one as good),
  // the others are parsed and planned on every run, as the API's are.
  const statementName = (text: string) =>
    `bench_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  const runRaw = async (statements: Captured[]) => {
    for (const s of statements) {
      if (raw)
        await raw.query(
          s.named
            ? { name: statementName(s.text), text: s.text, values: s.params }
            : { text: s.text, values: s.params },
        );
      else await database.pglite?.query(s.text, s.params as unknown[]);
    }
  };
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
    responses: RESPONSES,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${base}/api/v1/session.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'orderer1@bench.test', password: 'bench-password' }),
  });
  if (!signIn.ok)
    throw new Error(`Sign-in failed (${signIn.status}): generate data first with npm run bench:data`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };

  const pick = await database.db.execute<{ ref: string; user_id: number; surname: string }>(sql`
    select oi.ref, oi.user_id, ob.surname_a as surname from order_items oi join orderables ob on ob.id = oi.orderable_id
    where oi.user_id is not null and oi.current_state <> 'order_complete' order by oi.id desc limit 1`);
  const sample = pick.rows[0];
  // Searches look for the most common surname: the worst case (most matches) real data can ask of them.
  const common = await database.db.execute<{ surname: string }>(sql`
    select surname_a as surname from orderables where surname_a is not null
    group by 1 order by count(*) desc limit 1`);
  const surname = common.rows[0].surname;
  const now = new Date();
  const reportMonth =
    now.getUTCMonth() === 0
      ? { y: now.getUTCFullYear() - 1, m: 12 }
      : { y: now.getUTCFullYear(), m: now.getUTCMonth() };
  const calls: {
    name: string;
    target: number;
    method: string;
    path: string;
    body?: unknown;
    /** The HTTP floor: a call that runs no SQL (its session comes from the cache), timed as a yardstick. */
    floor?: boolean;
  }[] = [
    {
      name: 'floor: current user',
      target: 50,
      method: 'GET',
      path: '/api/v1/users/current_user.json',
      floor: true,
    },
    { name: 'dashboard', target: 50, method: 'GET', path: '/api/v1/order_items/dashboard.json' },
    { name: 'my_orders', target: 50, method: 'GET', path: '/api/v1/order_items/my_orders.json' },
    {
      name: 'orderer queue',
      target: 50,
      method: 'GET',
      path: `/api/v1/orderers/${sample.user_id}/order_items.json`,
    },
    { name: 'orderer stats', target: 50, method: 'GET', path: '/api/v1/orderers/stats.json' },
    { name: 'order item', target: 50, method: 'GET', path: `/api/v1/order_items/${sample.ref}.json` },
    {
      name: 'simple search',
      target: 100,
      method: 'POST',
      path: '/api/v1/search/simple.json',
      body: { search: { query: surname } },
    },
    {
      name: 'simple search (ref)',
      target: 100,
      method: 'POST',
      path: '/api/v1/search/simple.json',
      body: { search: { query: sample.ref } },
    },
    {
      name: 'advanced search',
      target: 100,
      method: 'POST',
      path: '/api/v1/search/advanced.json',
      body: { search: { query: { surname_a: surname, firstname_a: 'Ol' } } },
    },
    {
      name: 'monthly report',
      target: 300,
      method: 'GET',
      path: `/api/v1/sales-reports/monthly/${reportMonth.y}/${reportMonth.m}.json`,
    },
  ];
  const httpCall = (c: (typeof calls)[number]) => ({
    url: `${base}${c.path}`,
    method: c.method,
    headers: {
      cookie,
      'x-csrf-token': csrf,
      ...(c.body ? { 'content-type': 'application/json' } : {}),
    } as Record<string, string>,
    body: c.body ? JSON.stringify(c.body) : undefined,
  });
  const request = (c: (typeof calls)[number]) => {
    const { url, ...init } = httpCall(c);
    return fetch(url, init);
  };

  const counts = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from order_items`);
  const items = Number(counts.rows[0].n);
  console.log(
    `\n${database.kind}, ${items.toLocaleString('en-GB')} order items, ${SECONDS} s per call and level, searching "${surname}", answers serialized in ${RESPONSES} mode`,
  );
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  const only = values.only?.split(',').map((name) => name.trim());
  const chosen = calls.filter((call) => !only || only.includes(call.name));
  // The statements each call runs, captured once (the session lookup is the API's own overhead).
  const captured = new Map<string, Captured[]>();
  const named = namedStatements();
  for (const c of chosen) {
    capturing = [];
    named.start();
    const first = await request(c);
    if (!first.ok) throw new Error(`${c.name}: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    const namedTexts = named.stop();
    captured.set(
      c.name,
      capturing
        .filter((s) => !/"sessions"/.test(s.text))
        .map((s) => ({ ...s, named: namedTexts.has(s.text) })),
    );
    capturing = null;
    if (values['show-sql'])
      for (const s of captured.get(c.name) ?? []) console.log(`-- ${c.name} ${JSON.stringify(s)}`);
  }
  const floorCall = calls.find((c) => c.floor);
  if (!floorCall) throw new Error('no floor call');
  const bare = await bareServer(await captureAnswer(httpCall(floorCall)));
  const rows = [];
  for (const connections of LEVELS) {
    console.log(`\n${connections} in flight`);
    const transport = await loadHttp(
      { ...httpCall(floorCall), url: `${bare.url}${floorCall.path}` },
      connections,
    );
    rows.push({
      call: 'transport: bare node:http',
      connections,
      api_p50_ms: +transport.p50.toFixed(2),
      api_p95_ms: +transport.p95.toFixed(2),
      api_rps: Math.round(transport.rps),
      transport: true,
    });
    console.log(
      `${'transport'.padEnd(20)} p50 ${transport.p50.toFixed(2).padStart(11)} ms  p95 ${transport.p95.toFixed(1).padStart(7)} ms   ${' '.repeat(4)}  ${String(Math.round(transport.rps)).padStart(5)} req/s | a bare node:http server repeating the floor's answer: no code of ours`,
    );
    for (const c of chosen) {
      const statements = captured.get(c.name) ?? [];
      const { result: api, gc } = await withGc(() => loadHttp(httpCall(c), connections));
      const direct =
        values['api-only'] || c.floor
          ? { p50: 0, p95: 0 }
          : await load(() => runRaw(statements), connections);
      const row = {
        call: c.name,
        connections,
        api_p50_ms: +api.p50.toFixed(2),
        api_p95_ms: +api.p95.toFixed(2),
        api_rps: Math.round(api.rps),
        raw_p50_ms: +direct.p50.toFixed(2),
        raw_p95_ms: +direct.p95.toFixed(2),
        statements: statements.length,
        // No ratio for the floor: it has no SQL to compare with.
        ratio_p50: c.floor ? null : +(api.p50 / Math.max(direct.p50, 0.001)).toFixed(2),
        // The same with the transport's p50 taken out of the API's: what our code adds, against the SQL.
        ratio_p50_beyond_transport: c.floor
          ? null
          : +((api.p50 - transport.p50) / Math.max(direct.p50, 0.001)).toFixed(2),
        target_p95_ms: c.target,
        met: api.p95 < c.target,
        // The app's collections while the API was measured (a full one every few hundred ms is a heap problem).
        api_gc_major: gc.major,
        api_gc_minor: gc.minor,
        api_gc_pause_ms: gc.pause_ms,
        ...(c.floor ? { floor: true } : {}),
      };
      rows.push(row);
      if (c.floor) {
        console.log(
          `${row.call.padEnd(20)} API p50 ${row.api_p50_ms.toFixed(1).padStart(7)} ms  p95 ${row.api_p95_ms.toFixed(1).padStart(7)} ms   ${' '.repeat(4)}  ${String(row.api_rps).padStart(5)} req/s | no SQL: the HTTP round trip, sign-in check and answer every call pays`,
        );
        continue;
      }
      console.log(
        `${row.call.padEnd(20)} API p50 ${row.api_p50_ms.toFixed(1).padStart(7)} ms  p95 ${row.api_p95_ms.toFixed(1).padStart(7)} ms ${row.met ? '✓' : '✗'}${String(row.target_p95_ms).padStart(4)}  ${String(row.api_rps).padStart(5)} req/s | raw p50 ${row.raw_p50_ms.toFixed(1).padStart(7)} ms  p95 ${row.raw_p95_ms.toFixed(1).padStart(7)} ms (${row.statements} stmt) | API/raw ${row.ratio_p50?.toFixed(2)} (${row.ratio_p50_beyond_transport?.toFixed(2)} beyond transport) | gc ${gc.major} full ${gc.minor} young, ${gc.pause_ms} ms`,
      );
    }
  }
  const spa = spaWeight();
  if (spa) {
    console.log(
      `\nSPA: initial JS ${(spa.initial_js_gzip_bytes / 1024).toFixed(1)} KB gzip, CSS ${(spa.initial_css_gzip_bytes / 1024).toFixed(1)} KB gzip`,
    );
    for (const chunk of spa.lazy_chunks.slice(0, 12))
      console.log(`  lazy ${chunk.file.padEnd(48)} ${(chunk.gzip_bytes / 1024).toFixed(1)} KB`);
  }
  if (only || values['api-only']) {
    // A partial run (one call, or the app alone for a profile) must not replace the full run's record.
    console.log('\nnot written: --only and --api-only runs are partial');
  } else {
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/${now.toISOString().slice(0, 10)}-${database.kind}-${items}.json`;
    writeFileSync(
      file,
      `${JSON.stringify({ when: now.toISOString(), database: database.kind, items, connections: LEVELS, seconds: SECONDS, responses: RESPONSES, searched_surname: surname, machine: { cpus: cpus().length, model: cpus()[0]?.model, memory_gib: Math.round(totalmem() / 2 ** 30), node: process.version, node_flags: process.execArgv.filter((arg) => arg.startsWith('--max')) }, calls: rows, spa }, null, 2)}\n`,
    );
    console.log(`\nwritten ${file}`);
  }
  await bare.close();
  await app.close();
  await raw?.end();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Observability: GET /metrics behind its token, each metric family present and moving; request ids in the
 * x-request-id header, every error body and the one log line per request; demo mode keeps request lines out.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { outbox } from './db/schema';
import type { JobStats } from './jobs/runner';
import { openEvents } from './test/event-stream';
import { buildUser, freshDatabase, STOREFRONT_KEY, signInAs, TEST_PASSWORD } from './test/harness';
import { buildInfo } from './version';

const TOKEN = 'metrics-token-0123456789abcdef';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const baseConfig = {
  storefrontApiKey: STOREFRONT_KEY,
  sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
  secureCookies: false,
  logLevel: 'info',
  mailFrom: 'UKDS Test <test@ukds.example>',
};

/** The value of one sample in Prometheus text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let app: FastifyInstance;
  let database: Database;
  let baseUrl: string;
  const jobStats: JobStats[] = [
    {
      name: 'mail',
      runs: 3,
      failures: 1,
      lastSuccessAt: new Date('2026-11-23T10:00:00Z'),
      counts: { retrying: 4, gave_up: 1 },
    },
    { name: 'retention', runs: 0, failures: 0, lastSuccessAt: null },
  ];

  beforeAll(async () => {
    database = await freshDatabase();
    // Before the first scrape: outbox counts are cached for a few seconds.
    const base = { kind: 'test', toAddress: 'a@b.example', subject: 's', textBody: 't' };
    await database.db.insert(outbox).values([
      { ...base, messageId: '<m1@test>', status: 'pending', createdAt: new Date(Date.now() - 120_000) },
      { ...base, messageId: '<m2@test>', status: 'failed' },
      { ...base, messageId: '<m3@test>', status: 'sent', sentAt: new Date() },
    ]);
    app = await buildApp({
      config: {
        ...baseConfig,
        dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-metrics-')),
        metricsToken: TOKEN,
      },
      database,
      webRoot: '/nonexistent-web-root',
      logger: false,
      jobs: { ready: () => true, stats: () => jobStats },
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const scrape = async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('requires the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', TOKEN]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('http_requests_total');
      expect(res.json().error.code).toBe('unauthenticated');
    }
  });

  it('counts the outbox: pending, failed and the age of the oldest pending e-mail', async () => {
    const text = await scrape();
    expect(sample(text, 'outbox_messages', { status: 'pending' })).toBe(1);
    expect(sample(text, 'outbox_messages', { status: 'failed' })).toBe(1);
    expect(sample(text, 'outbox_messages', { status: 'sending' })).toBe(0);
    expect(sample(text, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(119);
  });

  it('counts requests by route pattern and status, with their latency', async () => {
    const user = await buildUser(database);
    const agent = await signInAs(app, user.email);
    const labels = { method: 'GET', route: '/api/v1/order_items/:ref.json', status: '404' };
    const before = await scrape();
    const count = sample(before, 'http_requests_total', labels) ?? 0;
    const observed = sample(before, 'http_request_duration_seconds_count', labels) ?? 0;
    for (const ref of ['NOPE-1', 'NOPE-2']) {
      expect((await agent.request({ url: `/api/v1/order_items/${ref}.json` })).statusCode).toBe(404);
    }
    const after = await scrape();
    expect(sample(after, 'http_requests_total', labels)).toBe(count + 2);
    expect(sample(after, 'http_request_duration_seconds_count', labels)).toBe(observed + 2);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(
      observed + 2,
    );
    // The pattern, never the URL: no series per record.
    expect(after).not.toContain('NOPE-1');
  });

  it('counts failed sign-ins', async () => {
    const user = await buildUser(database);
    const before = sample(await scrape(), 'sign_in_failures_total', { reason: 'invalid_credentials' }) ?? 0;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/session.json',
      payload: { email: user.email, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(res.statusCode).toBe(401);
    await signInAs(app, user.email);
    expect(sample(await scrape(), 'sign_in_failures_total', { reason: 'invalid_credentials' })).toBe(
      before + 1,
    );
  });

  it('shows open event streams', async () => {
    const user = await buildUser(database);
    const agent = await signInAs(app, user.email);
    expect(sample(await scrape(), 'sse_clients_open')).toBe(0);
    const stream = await openEvents(baseUrl, agent.cookie);
    expect(stream.status).toBe(200);
    expect(sample(await scrape(), 'sse_clients_open')).toBe(1);
    stream.close();
    await expect.poll(async () => sample(await scrape(), 'sse_clients_open'), { timeout: 5000 }).toBe(0);
  });

  it("reports each job's runs, failures and last success, the pool and the process", async () => {
    const text = await scrape();
    expect(sample(text, 'job_runs_total', { job: 'mail' })).toBe(3);
    expect(sample(text, 'job_failures_total', { job: 'mail' })).toBe(1);
    expect(sample(text, 'job_last_success_timestamp_seconds', { job: 'mail' })).toBe(
      Date.parse('2026-11-23T10:00:00Z') / 1000,
    );
    expect(sample(text, 'job_last_success_timestamp_seconds', { job: 'retention' })).toBe(0);
    // The mail job's failed deliveries (server/jobs/mail-failures.test.ts makes them happen).
    expect(sample(text, 'mail_delivery_failures_total', { outcome: 'retrying' })).toBe(4);
    expect(sample(text, 'mail_delivery_failures_total', { outcome: 'gave_up' })).toBe(1);
    // Which build runs.
    const build = buildInfo();
    expect(sample(text, 'build_info', { version: build.version, commit: build.commit })).toBe(1);
    jobStats[1].runs = 1;
    expect(sample(await scrape(), 'job_runs_total', { job: 'retention' })).toBe(1);

    if (database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_pool_waiting_requests')).toBe(0);
      // The counts are the database handle's own (deadlock.test.ts makes one retry happen).
      const conflicts = database.conflictCounts?.();
      expect(sample(text, 'db_transaction_conflicts_total', { outcome: 'retried' })).toBe(conflicts?.retried);
      expect(sample(text, 'db_transaction_conflicts_total', { outcome: 'gave_up' })).toBe(conflicts?.gaveUp);
    } else {
      // PGlite is one in-process connection: no pool to report, and no deadlock to retry.
      expect(text).not.toContain('db_pool_connections');
      expect(text).not.toContain('db_transaction_conflicts_total');
    }
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });
});

describe('request ids and request log lines', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const build = async (extra: { demoMode?: boolean; metricsToken?: string } = {}) => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      config: { ...baseConfig, dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-logs-')), ...extra },
      database,
      webRoot: '/nonexistent-web-root',
      live: false,
      logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
    });
    await app.ready();
    return { app, lines };
  };

  it('answers 404 at /metrics without METRICS_TOKEN', async () => {
    const { app } = await build();
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    await app.close();
  });

  it('puts the request id in the header and every error body', async () => {
    const { app } = await build();
    const cases = [
      { url: '/api/v1/no-such-thing.json', status: 404 }, // the not-found handler
      { url: '/api/v1/order_items/dashboard.json', status: 401 }, // the guard
      { url: '/api/v1/session.json', method: 'POST' as const, payload: { email: 1 }, status: 422 }, // validation
      { url: '/metrics', status: 404 }, // an AppError from a route
      { url: '/api/v1/%E0%A4%A.json', status: 404 }, // the router's own refusal (an unreadable path)
    ];
    const ids = new Set<string>();
    for (const { status, ...request } of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, request.url).toBe(status);
      const id = res.headers['x-request-id'];
      expect(id, request.url).toMatch(UUID);
      expect(res.json().error.request_id, request.url).toBe(id);
      ids.add(String(id));
    }
    expect(ids.size).toBe(cases.length);
    // Success answers carry the header too.
    expect((await app.inject({ url: '/healthz' })).headers['x-request-id']).toMatch(UUID);
    await app.close();
  });

  it('keeps a plain x-request-id from the caller and replaces one that is not', async () => {
    const { app } = await build();
    const kept = await app.inject({ url: '/api/v1/nope.json', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    expect(kept.json().error.request_id).toBe('lb-7f3a.42:1');
    for (const bad of ['a b', 'x'.repeat(129), 'id\u00e9']) {
      const res = await app.inject({ url: '/api/v1/nope.json', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    await app.close();
  });

  it('logs one line per request, with its id, route, status and duration', async () => {
    const { app, lines } = await build();
    const res = await app.inject({ url: '/api/v1/order_items/ABC-1.json?x=1' });
    const id = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.request_id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/v1/order_items/:ref.json',
      path: '/api/v1/order_items/ABC-1.json',
      status: 401,
    });
    expect(mine[0].duration_ms).toEqual(expect.any(Number));
    await app.close();
  });

  it('keeps request lines out of the log in demo mode, and errors in', async () => {
    const { app, lines } = await build({ demoMode: true });
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/api/v1/nope.json' });
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(0);
    app.log.error('still shown');
    expect(lines.map((l) => l.msg)).toContain('still shown');
    await app.close();
  });
});

/**
 * The app outlives its database (issue 15): the real server runs as a child process on a scratch PostgreSQL
 * database while the test ends its connections, refuses new ones for a while, and makes errors nothing
 * catches. A crash would be a process exit, which an in-process app would hide. PostgreSQL only: PGlite
 * runs inside the process and has no connections to lose.
 */
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from '../db/client';
import {
  type AppProcess,
  type ScratchDatabase,
  STOREFRONT_API_KEY,
  scratchDatabase,
  signInOverHttp,
  startAppProcess,
  waitUntil,
} from '../test/app-process';
import { openEvents } from '../test/event-stream';
import { buildUser, TEST_PASSWORD } from '../test/harness';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

async function readiness(baseUrl: string): Promise<{ code: number; body: Readiness }> {
  const res = await fetch(`${baseUrl}/readyz`);
  return { code: res.status, body: (await res.json()) as Readiness };
}

describe.skipIf(!onPostgres)('the app outlives its database', () => {
  let scratch: ScratchDatabase;
  let app: AppProcess;
  let cookie: string;
  const get = (url: string) => fetch(`${app.baseUrl}${url}`, { headers: { cookie } });
  /** Fails at once, with the process's last words, if the app exits while the test waits. */
  const orCrash = <T>(wait: Promise<T>) =>
    Promise.race([
      wait,
      app.exited.then((code): never => {
        throw new Error(`the app exited (${code}):\n${app.lines.slice(-15).join('\n')}`);
      }),
    ]);
  /**
   * Sends calls 0 … total−1, `inFlight` at a time, and ends every database connection just before call
   * `dropAt`; answers how many connections were ended.
   */
  const burstWithDrop = async (
    { total, inFlight, dropAt }: { total: number; inFlight: number; dropAt: number },
    call: (n: number) => Promise<void>,
  ) => {
    let next = 0;
    let terminated = 0;
    const worker = async () => {
      while (next < total) {
        const n = next++;
        if (n === dropAt) terminated = await scratch.terminateAll();
        await call(n);
      }
    };
    await orCrash(Promise.all(Array.from({ length: inFlight }, worker)));
    return terminated;
  };

  beforeAll(async () => {
    scratch = await scratchDatabase({ migrated: true });
    const seed = fromPostgres(scratch.url, 1);
    // An admin, so the burst can read the admins' screens too (the audit log).
    const user = await buildUser(seed, { role: 'admin', is_orderer: true });
    await seed.close();
    app = await startAppProcess(scratch.url);
    cookie = await signInOverHttp(app.baseUrl, user.email, TEST_PASSWORD);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await scratch?.close();
  });

  it('terminating every connection while idle leaves the process up, and it recovers by itself', async () => {
    expect((await get('/api/v1/users/current_user.json')).status).toBe(200);
    expect((await readiness(app.baseUrl)).code).toBe(200);
    // Idle pool connections and the LISTEN connection at least.
    expect(await scratch.terminateAll()).toBeGreaterThanOrEqual(2);
    const recoveredMs = await orCrash(
      waitUntil('ready again', async () => {
        const ready = (await readiness(app.baseUrl)).code === 200;
        return ready && (await get('/api/v1/users/current_user.json')).status === 200;
      }),
    );
    expect(app.alive()).toBe(true);
    // The drop was seen and survived, not missed: the listener said it lost its connection.
    expect(app.logs().some((l) => /listener connection lost/.test(l.msg))).toBe(true);
    console.info(`[faults] idle drop: ready and serving again after ${Math.round(recoveredMs)} ms`);
  });

  it('terminating every connection during a burst: every answer is 200 or a clean 503, then all succeed', async () => {
    const urls = [
      '/api/v1/users/current_user.json',
      '/api/v1/notifications.json',
      '/api/v1/conversations/inbox.json',
      '/api/v1/audit_events.json',
    ];
    const statuses: number[] = [];
    const badBodies: string[] = [];
    const total = 400;
    const terminated = await burstWithDrop({ total, inFlight: 20, dropAt: 100 }, async (n) => {
      const res = await get(urls[n % urls.length]);
      statuses.push(res.status);
      if (res.status !== 200) {
        const body = await res.text();
        const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code;
        if (res.status !== 503 || code !== 'unavailable') badBodies.push(`${res.status} ${body}`);
      } else await res.arrayBuffer();
    });
    expect(terminated).toBeGreaterThanOrEqual(1);
    expect(badBodies).toEqual([]);
    expect(app.alive()).toBe(true);
    const ok = statuses.filter((s) => s === 200).length;
    const unavailable = statuses.filter((s) => s === 503).length;
    expect(ok + unavailable).toBe(total);
    await waitUntil('ready again', async () => (await readiness(app.baseUrl)).code === 200);
    const after = await Promise.all(Array.from({ length: 20 }, () => get(urls[0])));
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(200));
    console.info(
      `[faults] burst of ${total} (20 in flight), ${terminated} connections ended at request 100: ${ok} × 200, ${unavailable} × 503`,
    );
  });

  it('storefront orders during a drop: each is stored once, a 503 resent as the guide says stores it then', async () => {
    // One statement per order (ingest-order.ts): ended mid-way it wrote nothing or everything.
    const total = 120;
    const orderOf = (n: number) => ({
      order: {
        ref: `97${String(n).padStart(4, '0')}`,
        email: `fault${n}@example.com`,
        delivery_region: 'UK',
        placed_at: '2026-03-11T10:00:00Z',
        billing_address: { name: `Fault ${n}` },
        items: [
          {
            orderable_type: 'Certificate',
            type: 'Birth Certificate',
            net_value: 2800,
            orderable: { service_level: 'standard' },
          },
          {
            orderable_type: 'Certificate',
            type: 'Death Certificate',
            net_value: 2800,
            orderable: { service_level: 'standard' },
          },
        ],
      },
    });
    const send = (n: number) =>
      fetch(`${app.baseUrl}/api/v1/storefront/orders.json`, {
        method: 'POST',
        headers: { authorization: `Bearer ${STOREFRONT_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(orderOf(n)),
      });
    const refused: number[] = [];
    const badAnswers: string[] = [];
    const terminated = await burstWithDrop({ total, inFlight: 8, dropAt: 30 }, async (n) => {
      const res = await send(n);
      const body = await res.text();
      if (res.status === 503) refused.push(n);
      else if (res.status !== 201) badAnswers.push(`${res.status} ${body}`);
    });
    expect(terminated).toBeGreaterThanOrEqual(1);
    expect(badAnswers).toEqual([]);
    await waitUntil('ready again', async () => (await readiness(app.baseUrl)).code === 200);
    for (const n of refused) expect([200, 201]).toContain((await send(n)).status);
    // Every order once, each with both its items and one billing address: nothing lost, nothing twice.
    const { rows } = await scratch.query(
      `select count(distinct o.id)::int as orders, count(oi.id)::int as items,
         count(distinct o.billing_address_id)::int as addresses
       from orders o join order_items oi on oi.order_id = o.id where o.ref like '97%'`,
    );
    expect(rows[0]).toEqual({ orders: total, items: 2 * total, addresses: total });
    const { rows: summary } = await scratch.query(
      `select orders from sales_daily_orders where day = '2026-03-11'`,
    );
    expect(summary).toEqual([{ orders: total }]);
    console.info(`[faults] ${total} orders, connections ended at order 30: ${refused.length} × 503, resent`);
  });

  it('an outage longer than several backoffs: /readyz says so, then live updates and jobs come back and clients resync', async () => {
    const stream = await openEvents(app.baseUrl, cookie);
    expect(stream.status).toBe(200);
    const attempts = () =>
      app
        .logs()
        .filter((l) => /cannot listen yet/.test(l.msg))
        .map((l) => Number(l.attempt));
    const jobFailures = () => app.logs().filter((l) => /background jobs failed/.test(l.msg)).length;
    const before = { attempts: attempts().length, jobFailures: jobFailures() };
    try {
      await scratch.admin(`ALTER DATABASE ${scratch.name} ALLOW_CONNECTIONS false`);
      await scratch.terminateAll();
      const down = await (async () => {
        let last: Readiness | undefined;
        await waitUntil('/readyz to report the outage', async () => {
          const r = await readiness(app.baseUrl);
          last = r.body;
          return r.code === 503 && r.body.checks.listener === 'down' && r.body.checks.database === 'down';
        });
        return last;
      })();
      expect(down?.status).toBe('unavailable');
      // Past the first few backoffs (250 ms, 500 ms, 1 s, 2 s, jittered) and two failed job rounds.
      await waitUntil(
        'the listener to keep retrying',
        () => attempts().length - before.attempts >= 5 && jobFailures() - before.jobFailures >= 2,
        30_000,
      );
      expect((await readiness(app.baseUrl)).body.checks.jobs).toBe('down');
      const failedRequest = await get('/api/v1/users/current_user.json');
      expect(failedRequest.status).toBe(503);
      expect(((await failedRequest.json()) as { error: { code: string } }).error.code).toBe('unavailable');
    } finally {
      await scratch.admin(`ALTER DATABASE ${scratch.name} ALLOW_CONNECTIONS true`);
    }
    const restoredAt = performance.now();
    await waitUntil('ready again', async () => (await readiness(app.baseUrl)).code === 200, 30_000);
    const readyMs = performance.now() - restoredAt;
    expect((await readiness(app.baseUrl)).body.checks).toEqual({
      database: 'up',
      listener: 'up',
      jobs: 'up',
      storage: 'up',
    });
    try {
      await stream.waitFor((e) => e.event === 'resync', 5000);
      // Nothing of the outage is left: a NOTIFY from another connection reaches the browser.
      await scratch.query(`select pg_notify('ukds_live', $1)`, [
        JSON.stringify({ topic: 'order_item', id: 'X-1' }),
      ]);
      await expect(
        stream.waitFor((e) => e.event === 'change' && (e.data as { id: unknown }).id === 'X-1', 5000),
      ).resolves.toEqual({ topic: 'order_item', id: 'X-1' });
    } finally {
      stream.close();
    }
    expect(app.alive()).toBe(true);
    console.info(
      `[faults] outage: listener retried ${attempts().length - before.attempts} times; ready ${Math.round(readyMs)} ms after connections were allowed again`,
    );
  }, 60_000);
});

describe.skipIf(!onPostgres)('errors nothing catches', () => {
  let scratch: ScratchDatabase;
  let app: AppProcess;
  beforeAll(async () => {
    scratch = await scratchDatabase({ migrated: true });
    app = await startAppProcess(scratch.url, {
      preload: path.resolve('server/test/fixtures/process-faults.ts'),
    });
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await scratch?.close();
  });

  it('an unhandled rejection is logged and the process carries on', async () => {
    app.child.kill('SIGHUP');
    await waitUntil('the rejection to be logged', () =>
      app.logs().some((l) => l.msg === 'unhandled promise rejection' && l.level === 50),
    );
    expect(app.alive()).toBe(true);
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  });

  it('SIGTERM lets a request in flight finish, then exits 0', async () => {
    const { port } = new URL(app.baseUrl);
    const body = JSON.stringify({ email: 'nobody@test.example', password: 'not-the-password' });
    // Headers and half the body now, SIGTERM, then the rest: the request is in flight when the signal lands.
    const answer = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/session.json',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        app.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await answer).toBe(401);
    expect(await app.exited).toBe(0);
  });
});

describe.skipIf(!onPostgres)('an uncaught exception', () => {
  it('is logged as fatal and exits with code 1, never silently', async () => {
    const scratch = await scratchDatabase({ migrated: true });
    const app = await startAppProcess(scratch.url, {
      preload: path.resolve('server/test/fixtures/process-faults.ts'),
    });
    try {
      app.child.kill('SIGUSR2');
      expect(await app.exited).toBe(1);
      const fatal = app.logs().find((l) => l.level === 60);
      expect(fatal?.msg).toBe('uncaught exception; exiting');
      expect(JSON.stringify(fatal)).toContain('an exception nobody catches');
    } finally {
      await app.stop();
      await scratch.close();
    }
  }, 60_000);
});

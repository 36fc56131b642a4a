/**
 * A rolling restart loses no request (issue 45): two real app processes on one PostgreSQL database behind a
 * small load balancer that routes on /readyz and tries a refused connection again elsewhere (as Caddy does,
 * deploy/Caddyfile), under a steady load of reads and writes from signed-in staff. Each instance in turn gets
 * SIGTERM, drains (/readyz 503 while it still serves), exits 0 and is replaced by a new process; not one
 * request fails, and every write is stored exactly once. PostgreSQL only: PGlite is one process's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from './db/client';
import {
  type AppProcess,
  type ScratchDatabase,
  scratchDatabase,
  startAppProcess,
  waitUntil,
} from './test/app-process';
import { type Balancer, startBalancer } from './test/balancer';
import { buildOrderItem } from './test/factories';
import { buildUser, TEST_PASSWORD } from './test/harness';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
/** Long enough for the balancer's checks (every 250 ms) to take the instance out of rotation. */
const DRAIN_MS = 1500;
const CLIENTS = 6;

describe.skipIf(!onPostgres)('a rolling restart of two instances under load', () => {
  let scratch: ScratchDatabase;
  let balancer: Balancer;
  const running: AppProcess[] = [];
  let ref: string;
  let itemId: number;
  let adminEmail: string;

  const start = () =>
    startAppProcess(scratch.url, { env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) } }).then((app) => {
      running.push(app);
      return app;
    });

  beforeAll(async () => {
    scratch = await scratchDatabase({ migrated: true });
    const seed = fromPostgres(scratch.url, 1);
    try {
      adminEmail = (await buildUser(seed, { role: 'admin', is_orderer: false })).email;
      const item = await buildOrderItem(seed);
      [ref, itemId] = [item.ref, item.id];
    } finally {
      await seed.close();
    }
    balancer = await startBalancer();
  }, 60_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(running.map((app) => app.stop()));
    await scratch?.close();
  });

  it('restarts each instance in turn with 0 failed requests and every write stored once', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    for (const app of [a, b]) balancer.add(app.baseUrl);
    await waitUntil('both instances in rotation', async () => {
      const r = await fetch(`${balancer.baseUrl}/readyz`);
      return r.status === 200;
    });
    const signedIn = await fetch(`${balancer.baseUrl}/api/v1/session.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: TEST_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.getSetCookie().find((c) => c.startsWith('ukds_session=')) ?? '').split(
      ';',
    )[0];
    const { csrf_token: csrf } = (await signedIn.json()) as { csrf_token: string };

    let stop = false;
    const answers: number[] = [];
    const failed: string[] = [];
    let notesWritten = 0;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const write = i % 4 === 3;
        try {
          const res = write
            ? await fetch(`${balancer.baseUrl}/api/v1/order_items/bulk.json`, {
                method: 'POST',
                headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
                body: JSON.stringify({
                  bulk: { action: 'note', order_item_ids: [itemId], body: `load ${n}-${i}` },
                }),
              })
            : await fetch(`${balancer.baseUrl}/api/v1/order_items/${ref}.json`, { headers: { cookie } });
          await res.arrayBuffer();
          answers.push(res.status);
          if (res.status !== 200) failed.push(`${write ? 'POST' : 'GET'} ${res.status}`);
          else if (write) notesWritten += 1;
        } catch (error) {
          failed.push(String(error));
        }
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

    const restart = async (old: AppProcess) => {
      await new Promise((r) => setTimeout(r, 500));
      const servedBefore = balancer.served.get(old.baseUrl) ?? 0;
      expect(servedBefore).toBeGreaterThan(0);
      const stopping = old.stop();
      // It says it is draining, and answers 503 on /readyz while still serving.
      await waitUntil('the instance to report draining', async () => {
        const r = await fetch(`${old.baseUrl}/readyz`);
        const body = (await r.json()) as { phase: string };
        return r.status === 503 && body.phase === 'draining';
      });
      expect(await stopping).toBe(0);
      balancer.remove(old.baseUrl);
      const fresh = await start();
      balancer.add(fresh.baseUrl);
      await waitUntil(
        'the new instance to take traffic',
        () => (balancer.served.get(fresh.baseUrl) ?? 0) > 10,
      );
      return fresh;
    };
    const a2 = await restart(a);
    await restart(b);
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await load;

    console.info(
      `[rolling-restart] ${answers.length} requests, ${notesWritten} writes; served: ${JSON.stringify(Object.fromEntries(balancer.served))}`,
    );
    expect(failed).toEqual([]);
    expect(balancer.failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    // Every write answered 200 is stored, once.
    const notes = await scratch.query(
      "SELECT count(*)::int AS n FROM comments WHERE order_item_id = $1 AND body LIKE 'load %'",
      [itemId],
    );
    expect(notes.rows[0].n).toBe(notesWritten);
    // The stopped instances drained, then finished cleanly.
    for (const old of [a, b]) {
      const said = old.logs().map((l) => l.msg);
      expect(said).toContain('shutting down: draining (/readyz answers 503)');
      expect(said).toContain('stopped');
    }
    expect(a2.alive()).toBe(true);
  }, 90_000);
});

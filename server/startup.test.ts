/**
 * Start-up as a liveness probe sees it (issue 45): the process listens before it migrates, so /healthz
 * answers (with the version) while a migration runs or waits for another instance's lock, while /readyz and
 * the API answer 503 until the migrations are applied and the jobs run. PostgreSQL only: the migration lock
 * is PostgreSQL's (another connection holds it here to keep the migration waiting).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from './db/client';
import { scratchDatabase, startAppProcess, waitUntil } from './test/app-process';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.skipIf(!onPostgres)('starting up', () => {
  it('answers /healthz while it waits to migrate; /readyz and the API only once migrated', async () => {
    const scratch = await scratchDatabase({ migrated: false });
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const app = await startAppProcess(scratch.url, { until: 'listening' });
    try {
      const health = await fetch(`${app.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
      const ready = await fetch(`${app.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'unavailable', phase: 'starting' });
      const api = await fetch(`${app.baseUrl}/api/v1/session.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('2');

      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await waitUntil(
        '/readyz to answer 200',
        async () => (await fetch(`${app.baseUrl}/readyz`)).status === 200,
      );
      expect(
        (
          await fetch(`${app.baseUrl}/api/v1/session.json`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status,
      ).toBe(422);
      const said = app.logs().map((l) => l.msg);
      expect(said.indexOf('listening: /healthz answers; migrating before serving')).toBeLessThan(
        said.indexOf('back office running'),
      );
    } finally {
      await app.stop();
      await holder.end();
      await scratch.close();
    }
  }, 60_000);
});

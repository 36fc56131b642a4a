/**
 * The backup and restore of docs/operations.md, tried as an operator would: a seeded database dumped with
 * `pg_dump -Fc`, restored with `pg_restore` into a new database, the app started on the copy, and every
 * table's rows counted on both sides; the restored app signs a user in and reads an item. PostgreSQL only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from './db/client';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from './seed/demo';
import {
  type AppProcess,
  type ScratchDatabase,
  scratchDatabase,
  signInOverHttp,
  startAppProcess,
} from './test/app-process';

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** Rows of every table of the app's schemas, by table. */
async function countRows(database: ScratchDatabase): Promise<Record<string, number>> {
  const { rows } = await database.query(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema IN ('public', 'drizzle') ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows as { name: string }[]) {
    const [schema, table] = name.split('.');
    const result = await database.query(`SELECT count(*)::int AS n FROM "${schema}"."${table}"`);
    counts[name] = result.rows[0].n;
  }
  return counts;
}

describe.skipIf(!onPostgres)('backup and restore', () => {
  let source: ScratchDatabase;
  let copy: ScratchDatabase;
  let app: AppProcess;
  let dir: string;
  let before: Record<string, number>;
  let after: Record<string, number>;

  beforeAll(async () => {
    [source, copy] = await Promise.all([
      scratchDatabase({ migrated: true }),
      scratchDatabase({ migrated: false }),
    ]);
    const seeded = fromPostgres(source.url, 2);
    await seedDemoIfEmpty(seeded.db);
    await seeded.close();
    dir = mkdtempSync(path.join(tmpdir(), 'ukds-backup-'));
    const dump = path.join(dir, 'ukds.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', dump, source.url], { timeout: 60_000 });
    await run('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', copy.url, dump], {
      timeout: 60_000,
    });
    // Counted before the app starts: its jobs (reminders, retention) write to the copy at once.
    [before, after] = await Promise.all([countRows(source), countRows(copy)]);
    app = await startAppProcess(copy.url);
  }, 180_000);

  afterAll(async () => {
    await app?.stop();
    await Promise.all([source?.close(), copy?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('restores every row of every table', async () => {
    expect(Object.keys(before).length).toBeGreaterThan(15);
    expect(before['public.order_items']).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('the app starts on the restored database, finds its migrations applied and serves the data', async () => {
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const admin = DEMO_USERS.find((u) => u.role === 'admin');
    if (!admin) throw new Error('the demo set has no admin');
    const cookie = await signInOverHttp(app.baseUrl, admin.email, DEMO_PASSWORD);
    const { rows } = await copy.query('SELECT ref FROM order_items ORDER BY id LIMIT 1');
    const item = await fetch(`${app.baseUrl}/api/v1/order_items/${rows[0].ref}.json`, {
      headers: { cookie },
    });
    expect(item.status).toBe(200);
    // Nothing was migrated again: the restored history is the whole history.
    expect(app.logs().some((l) => /migrat/i.test(l.msg) && l.level >= 50)).toBe(false);
  });
});

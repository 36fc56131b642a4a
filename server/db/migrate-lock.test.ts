/**
 * Many instances start at once (issue 15): migrations run under a PostgreSQL advisory lock, so three app
 * processes started together on an empty database all become ready with each migration applied once, and
 * `npm run db:migrate` (the CLI's db:migrate) waits for whoever holds the lock, saying so in the log after a
 * second; an instance waiting meanwhile does not deadlock another's concurrent index build (issue 45).
 * PostgreSQL only: PGlite is one process and needs no lock.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fromPostgres, MIGRATION_LOCK_KEY, migrationsFolder } from '../db/client';
import {
  type AppProcess,
  type ScratchDatabase,
  scratchDatabase,
  startAppProcess,
  waitUntil,
} from '../test/app-process';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const migrationCount = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function appliedMigrations(scratch: ScratchDatabase) {
  const { rows } = await scratch.query(
    'select count(*)::int as rows, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
  );
  return rows[0] as { rows: number; distinct_hashes: number };
}

/**
 * True once a session of the scratch database has tried the migration lock and not left it (migrate.ts polls
 * with pg_try_advisory_lock rather than queueing in pg_locks; the holders here take it with pg_advisory_lock).
 */
async function waitsForTheLock(scratch: ScratchDatabase) {
  const { rows } = await scratch.admin(
    `select 1 from pg_stat_activity where datname = $1 and query like '%pg_try_advisory_lock%'`,
    [scratch.name],
  );
  return rows.length === 1;
}

/** Runs `node --import tsx server/cli/main.ts db:migrate` (what `npm run db:migrate` runs). */
function runMigrateCli(databaseUrl: string): { exited: Promise<{ code: number | null; output: string }> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/main.ts', 'db:migrate'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  return { exited: new Promise((resolve) => child.on('exit', (code) => resolve({ code, output }))) };
}

describe.skipIf(!onPostgres)('migrations under an advisory lock', () => {
  it('three instances started together on an empty database all become ready; each migration is applied once', async () => {
    const scratch = await scratchDatabase({ migrated: false });
    const apps: AppProcess[] = [];
    try {
      const started = await Promise.allSettled([0, 1, 2].map(() => startAppProcess(scratch.url)));
      for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ready'))).toEqual([
        'ready',
        'ready',
        'ready',
      ]);
      for (const app of apps) {
        const res = await fetch(`${app.baseUrl}/readyz`);
        expect(res.status).toBe(200);
      }
      expect(await appliedMigrations(scratch)).toEqual({
        rows: migrationCount,
        distinct_hashes: migrationCount,
      });
    } finally {
      await Promise.all(apps.map((a) => a.stop()));
      await scratch.close();
    }
  }, 60_000);

  it('npm run db:migrate waits for the lock, then migrates alone; a second run changes nothing', async () => {
    const scratch = await scratchDatabase({ migrated: false });
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const first = runMigrateCli(scratch.url);
      await waitUntil('the CLI to wait for the migration lock', () => waitsForTheLock(scratch));
      const { rows } = await holder.query("select to_regclass('drizzle.__drizzle_migrations') as t");
      expect(rows[0].t).toBeNull();
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      const result = await first.exited;
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain('Migrations applied');
      expect(await appliedMigrations(scratch)).toEqual({
        rows: migrationCount,
        distinct_hashes: migrationCount,
      });

      const again = await runMigrateCli(scratch.url).exited;
      expect(again.code, again.output).toBe(0);
      expect(await appliedMigrations(scratch)).toEqual({
        rows: migrationCount,
        distinct_hashes: migrationCount,
      });
    } finally {
      await holder.end();
      await scratch.close();
    }
  }, 60_000);
});

describe.skipIf(!onPostgres)('migrations and the statement timeout', () => {
  it("are not cancelled by the requests' statement timeout (a large table's index or backfill takes minutes)", async () => {
    const scratch = await scratchDatabase({ migrated: false });
    // A 1 ms timeout: every request statement slower than that is cancelled, as a 5M-item backfill would be
    // at the usual 15 s. The whole set of migrations still applies.
    const database = fromPostgres(scratch.url, { max: 2, statementTimeoutMs: 1 });
    try {
      await database.migrate();
      expect((await appliedMigrations(scratch)).rows).toBe(migrationCount);
      // The timeout still holds for everything else on that connection afterwards.
      await expect(database.db.execute(sql`select pg_sleep(0.05)`)).rejects.toThrow();
    } finally {
      await database.close();
      await scratch.close();
    }
  });

  it("nor is the wait for the lock, while another instance's long migration holds it", async () => {
    const scratch = await scratchDatabase({ migrated: false });
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    const database = fromPostgres(scratch.url, { max: 2, statementTimeoutMs: 100 });
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let settled = false;
      const migrating = database.migrate().finally(() => {
        settled = true;
      });
      await waitUntil('the instance to wait for the migration lock', () => waitsForTheLock(scratch));
      // Three statement timeouts later it is still waiting, not cancelled.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
      expect((await appliedMigrations(scratch)).rows).toBe(migrationCount);
    } finally {
      await holder.end();
      await database.close();
      await scratch.close();
    }
  });
});

/** Every line migrate() logged: message and fields. */
function recordingLog() {
  const lines: { msg: string; obj: Record<string, unknown> }[] = [];
  const record = (obj: object, msg: string) => lines.push({ msg, obj: { ...obj } });
  return {
    lines,
    log: { info: record, warn: record },
    said: (msg: string) => lines.find((l) => l.msg === msg),
  };
}

describe.skipIf(!onPostgres)('the wait for the migration lock', () => {
  it('is logged once it passes a second, and how long it lasted once the lock is taken', async () => {
    const scratch = await scratchDatabase({ migrated: false });
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    const database = fromPostgres(scratch.url, 2);
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const { lines, log, said } = recordingLog();
      const started = performance.now();
      const migrating = database.migrate({ log });
      await waitUntil('the wait to be logged', () =>
        Boolean(said('waiting for the migration lock held by another instance')),
      );
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(lines).toHaveLength(1);
      expect(lines[0].obj.waited_ms).toBeGreaterThanOrEqual(1_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
      expect(lines.map((l) => l.msg).slice(0, 2)).toEqual([
        'waiting for the migration lock held by another instance',
        'migration lock acquired',
      ]);
      expect(said('migration lock acquired')?.obj.waited_ms).toBeGreaterThanOrEqual(1_500);
      expect(lines.filter((l) => l.msg === 'migration applied')).toHaveLength(migrationCount);
    } finally {
      await holder.end();
      await database.close();
      await scratch.close();
    }
  });

  it("does not deadlock another instance's concurrent index build (a session blocked in pg_advisory_lock would)", async () => {
    const scratch = await scratchDatabase({ migrated: true });
    await scratch.query(
      "create table concurrent_fixture (id int, code text); insert into concurrent_fixture values (1, 'a')",
    );
    const steps = mkdtempSync(path.join(tmpdir(), 'ukds-concurrent-'));
    writeFileSync(
      path.join(steps, '0001_fixture_code.sql'),
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS concurrent_fixture_code_idx ON concurrent_fixture (code);',
    );
    // A request's transaction that wrote to the table and is still open: the build waits for it to end.
    const writer = new pg.Client({ connectionString: scratch.url });
    await writer.connect();
    const first = fromPostgres(scratch.url, 2);
    const second = fromPostgres(scratch.url, 2);
    try {
      await writer.query("begin; insert into concurrent_fixture values (2, 'b')");
      const a = recordingLog();
      const building = first.migrate({ log: a.log, concurrentFolder: steps });
      await waitUntil('the build to start', () =>
        Boolean(a.said('building an index concurrently (writes go on meanwhile)')),
      );
      const b = recordingLog();
      const waiting = second.migrate({ log: b.log, concurrentFolder: steps });
      // Past the server's deadlock_timeout (1 s), so a deadlock would have been found and broken by now.
      await waitUntil('the second instance to wait', () =>
        Boolean(b.said('waiting for the migration lock held by another instance')),
      );
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await writer.query('commit');
      await Promise.all([building, waiting]);
      expect(a.said('concurrent migration applied')).toBeDefined();
      expect(b.lines.map((l) => l.msg)).toEqual([
        'waiting for the migration lock held by another instance',
        'migration lock acquired',
        'migrations up to date',
      ]);
      const { rows } = await scratch.query(
        "select indisvalid from pg_index where indexrelid = to_regclass('concurrent_fixture_code_idx')",
      );
      expect(rows).toEqual([{ indisvalid: true }]);
    } finally {
      await writer.end();
      await Promise.all([first.close(), second.close()]);
      await scratch.close();
    }
  });
});

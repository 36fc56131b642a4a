/**
 * `database.migrate()` says what it did (issue 45): each migration applied by name, or that the database was
 * up to date; and it runs the concurrent migrations (index builds on large tables, outside any transaction)
 * once each, dropping and building again an INVALID index a failed build left. On PGlite and PostgreSQL.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDatabase } from '../test/app-process';
import { freshDatabase } from '../test/harness';
import { type Database, fromPglite, fromPostgres, migrationsFolder, openPglite } from './client';
import { concurrentIndexName } from './migrate';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const journalTags = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries.map((e) => e.tag);

/** Every line migrate() logged, as level, message and fields. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; msg: string; obj: Record<string, unknown> }[] = [];
  return {
    lines,
    log: {
      info: (obj: object, msg: string) => lines.push({ level: 'info', msg, obj: { ...obj } }),
      warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, obj: { ...obj } }),
    },
  };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database with nothing applied yet. */
async function emptyDatabase(): Promise<Database> {
  if (!onPostgres) {
    const database = fromPglite(await openPglite('memory://'));
    cleanups.push(() => database.close());
    return database;
  }
  const scratch = await scratchDatabase({ migrated: false });
  cleanups.push(() => scratch.close());
  const database = fromPostgres(scratch.url, 2);
  cleanups.push(() => database.close());
  return database;
}

/** A migrated database. */
async function migratedDatabase(): Promise<Database> {
  const database = await freshDatabase();
  cleanups.push(() => database.close());
  return database;
}

/** Runs SQL (one statement or several) on its own connection; answers the last statement's rows. */
async function query<T>(database: Database, text: string): Promise<T[]> {
  if (database.pglite) return ((await database.pglite.exec(text)).at(-1)?.rows ?? []) as T[];
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query(text);
    return (Array.isArray(result) ? result.at(-1) : result).rows as T[];
  } finally {
    await client.end();
  }
}

/** A folder of concurrent migrations holding these files. */
function concurrentFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'ukds-concurrent-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}

const noConcurrentMigrations = () => concurrentFolder({});

describe('the migration log', () => {
  it('names each migration applied, in order; a second run says the database is up to date', async () => {
    const database = await emptyDatabase();
    const first = recordingLog();
    await database.migrate({ log: first.log, concurrentFolder: noConcurrentMigrations() });
    expect(first.lines.filter((l) => l.msg === 'migration applied').map((l) => l.obj.migration)).toEqual(
      journalTags,
    );
    expect(first.lines[0]).toEqual({
      level: 'info',
      msg: 'applying migrations',
      obj: { pending: journalTags },
    });
    expect(first.lines.map((l) => l.msg)).not.toContain('migrations up to date');
    expect(first.lines.filter((l) => l.level === 'warn')).toEqual([]);

    const second = recordingLog();
    await database.migrate({ log: second.log, concurrentFolder: noConcurrentMigrations() });
    expect(second.lines).toEqual([
      { level: 'info', msg: 'migrations up to date', obj: { latest: journalTags.at(-1) } },
    ]);
  });

  it('still migrates when given nothing (the callers of before)', async () => {
    const database = await emptyDatabase();
    await database.migrate();
    const [{ count }] = await query<{ count: number }>(
      database,
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(count).toBe(journalTags.length);
  });

  it('warns when the database has migrations this release does not know (a rollback past a newer release)', async () => {
    const database = await migratedDatabase();
    await query(
      database,
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Date.now()})`,
    );
    const { lines, log } = recordingLog();
    await database.migrate({ log, concurrentFolder: noConcurrentMigrations() });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'the database has migrations this release does not know: a newer release applied them'],
      ['info', 'migrations up to date'],
    ]);
  });
});

describe('concurrent migrations', () => {
  const STEP = '0001_fixture_code.sql';
  const INDEX = 'concurrent_fixture_code_idx';
  const folder = () =>
    concurrentFolder({
      [STEP]: `-- Codes are unique once the duplicates are merged.\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ${INDEX} ON concurrent_fixture (code);\n`,
    });
  const indexState = async (database: Database) =>
    query<{ valid: boolean }>(
      database,
      `select indisvalid as valid from pg_index where indexrelid = to_regclass('${INDEX}')`,
    );

  it('build the index outside a transaction, after the migrations, once', async () => {
    const database = await migratedDatabase();
    await query(
      database,
      "create table concurrent_fixture (id int, code text); insert into concurrent_fixture values (1, 'a'), (2, 'b')",
    );
    const steps = folder();
    const first = recordingLog();
    // PostgreSQL (and PGlite, its build) refuse CREATE INDEX CONCURRENTLY inside a transaction block: that it
    // ran at all says it ran outside one.
    await database.migrate({ log: first.log, concurrentFolder: steps });
    expect(await indexState(database)).toEqual([{ valid: true }]);
    expect(first.lines.map((l) => [l.msg, l.obj.migration])).toEqual([
      ['building an index concurrently (writes go on meanwhile)', '0001_fixture_code'],
      ['concurrent migration applied', '0001_fixture_code'],
    ]);
    expect(first.lines[1].obj).toMatchObject({ index: INDEX, duration_ms: expect.any(Number) });
    expect(
      await query(database, "select name from drizzle.__concurrent_migrations where name like '%fixture%'"),
    ).toEqual([{ name: '0001_fixture_code' }]);

    // Applied once: an index a later migration dropped is not built again at the next start.
    await query(database, `drop index ${INDEX}`);
    const second = recordingLog();
    await database.migrate({ log: second.log, concurrentFolder: steps });
    expect(second.lines.map((l) => l.msg)).toEqual(['migrations up to date']);
    expect(await indexState(database)).toEqual([]);
  });

  it('drop the INVALID index a failed build left, and build it again', async () => {
    const database = await migratedDatabase();
    await query(
      database,
      "create table concurrent_fixture (id int, code text); insert into concurrent_fixture values (1, 'a'), (2, 'a')",
    );
    const steps = folder();
    await expect(database.migrate({ concurrentFolder: steps })).rejects.toThrow(
      /could not create unique index/,
    );
    // The failed build left the index behind, INVALID; IF NOT EXISTS alone would keep it so for ever.
    expect(await indexState(database)).toEqual([{ valid: false }]);
    expect(
      await query(database, "select name from drizzle.__concurrent_migrations where name like '%fixture%'"),
    ).toEqual([]);

    await query(database, 'delete from concurrent_fixture where id = 2');
    const { lines, log } = recordingLog();
    await database.migrate({ log, concurrentFolder: steps });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'dropping the invalid index a failed concurrent build left'],
      ['info', 'building an index concurrently (writes go on meanwhile)'],
      ['info', 'concurrent migration applied'],
    ]);
    expect(await indexState(database)).toEqual([{ valid: true }]);
  });

  it('refuse a file that is not one named CREATE INDEX CONCURRENTLY IF NOT EXISTS', async () => {
    const database = await migratedDatabase();
    const steps = concurrentFolder({ '0001_plain.sql': 'CREATE INDEX plain_idx ON orders (ref);' });
    await expect(database.migrate({ concurrentFolder: steps })).rejects.toThrow(
      /0001_plain\.sql: a concurrent migration must be exactly one/,
    );
  });
});

describe('the index a concurrent migration builds', () => {
  it('is read from its one statement, quoted or not, comments aside', () => {
    expect(concurrentIndexName('CREATE INDEX CONCURRENTLY IF NOT EXISTS Orders_X ON orders (x);')).toEqual({
      index: 'orders_x',
    });
    expect(
      concurrentIndexName(
        '-- why\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "Odd ""name""" ON "orders" USING btree (lower("email"))\n  WHERE placed_at IS NOT NULL;\n',
      ),
    ).toEqual({ index: 'Odd "name"' });
  });

  it('is refused when the file is not exactly one such statement', () => {
    for (const text of [
      'CREATE INDEX CONCURRENTLY orders_x ON orders (x);',
      'CREATE INDEX IF NOT EXISTS orders_x ON orders (x);',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_x ON orders (x); DROP TABLE orders;',
      'ALTER TABLE orders ADD COLUMN x text;',
      '',
    ]) {
      expect(concurrentIndexName(text), text).toHaveProperty('error');
    }
  });
});

/**
 * What `database.migrate()` runs around Drizzle's migrator, on PGlite and PostgreSQL alike: it logs each
 * migration applied (Drizzle's migrator says nothing of what it did), then runs the concurrent migrations
 * (server/db/migrations-concurrent/): index builds on large existing tables, `CREATE INDEX CONCURRENTLY`,
 * which PostgreSQL refuses inside the one transaction Drizzle's migrator wraps every migration in.
 * docs/operations.md, "Migrations: expand, then contract".
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where migrate() reports what it does; pino's logger fits. */
export interface MigrationLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface MigrateOptions {
  log?: MigrationLog;
  /** The folder of the concurrent migrations (server/db/migrations-concurrent); tests point it at their own. */
  concurrentFolder?: string;
}

/** One connection outside any transaction: PGlite itself, or the pg client that holds the migration lock. */
export interface MigrationSession {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const silent: MigrationLog = { info: () => undefined, warn: () => undefined };

/** The waits for the lock shorter than this are not worth a line: instances started together queue briefly. */
const LOCK_WAIT_LOGGED_AFTER_MS = 1_000;
const LOCK_POLL_MS = 200;

/**
 * Takes the session-level advisory lock `key`, polling rather than waiting in `pg_advisory_lock`: a session
 * blocked in that call keeps its statement's snapshot for the whole wait, and the holder's
 * `CREATE INDEX CONCURRENTLY` waits for every older snapshot to end before it finishes — a deadlock, which
 * PostgreSQL breaks by failing one of the two (seen on 15: the waiting instance's start-up failed). Between
 * two tries this session holds no snapshot.
 */
export async function takeMigrationLock(
  session: MigrationSession,
  key: number,
  log: MigrationLog = silent,
): Promise<void> {
  const started = performance.now();
  let saidWaiting = false;
  for (;;) {
    const { rows } = await session.query('select pg_try_advisory_lock($1) as taken', [key]);
    const waitedMs = Math.round(performance.now() - started);
    if ((rows[0] as { taken: boolean }).taken) {
      if (saidWaiting) log.info({ waited_ms: waitedMs }, 'migration lock acquired');
      return;
    }
    if (!saidWaiting && waitedMs >= LOCK_WAIT_LOGGED_AFTER_MS) {
      log.info({ waited_ms: waitedMs }, 'waiting for the migration lock held by another instance');
      saidWaiting = true;
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The `created_at` of every migration recorded as applied (Drizzle stores each one's journal `when`). */
async function appliedMigrations(session: MigrationSession): Promise<Set<string>> {
  const { rows } = await session.query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!(rows[0] as { present: boolean }).present) return new Set();
  const applied = await session.query(
    'select created_at::text as created_at from drizzle.__drizzle_migrations',
  );
  return new Set((applied.rows as { created_at: string }[]).map((r) => r.created_at));
}

/**
 * Runs `applyDrizzle` (Drizzle's migrator on this session), logs what it applied, then the concurrent
 * migrations not yet applied. On PostgreSQL the caller holds the migration lock.
 */
export async function runMigrations(
  session: MigrationSession,
  applyDrizzle: () => Promise<void>,
  opts: { migrationsFolder: string; concurrentFolder: string; log?: MigrationLog },
): Promise<void> {
  const log = opts.log ?? silent;
  const journal = (
    JSON.parse(readFileSync(path.join(opts.migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries;
  const before = await appliedMigrations(session);
  // Drizzle's rule: every journal entry newer than the newest one recorded. Said before it starts, as the
  // migrations run in one transaction and a large backfill keeps the log silent until all are applied.
  const newest = Math.max(0, ...[...before].map(Number));
  const pending = journal.filter((m) => m.when > newest).map((m) => m.tag);
  if (pending.length > 0) log.info({ pending }, 'applying migrations');
  await applyDrizzle();
  const after = await appliedMigrations(session);
  const applied = journal.filter((m) => after.has(String(m.when)) && !before.has(String(m.when)));
  for (const m of applied) log.info({ migration: m.tag }, 'migration applied');
  const known = new Set(journal.map((m) => String(m.when)));
  const unknown = [...after].filter((when) => !known.has(when));
  if (unknown.length > 0) {
    // Drizzle applies nothing older than the newest migration recorded, so a release behind the database runs
    // on a schema it was not written for: safe only while the newer migrations were expand-only.
    log.warn(
      { unknown_migrations: unknown.length },
      'the database has migrations this release does not know: a newer release applied them',
    );
  }
  const built = await runConcurrentMigrations(session, opts.concurrentFolder, log);
  if (applied.length === 0 && built === 0) {
    log.info({ latest: journal.at(-1)?.tag ?? null }, 'migrations up to date');
  }
}

const CONCURRENT_INDEX =
  /^CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+(?:"((?:[^"]|"")+)"|([A-Za-z_][A-Za-z0-9_$]*))\s+ON\s[^;]+;?$/i;

/**
 * The index a concurrent migration builds, or an error saying why the file is not one. Each is exactly one
 * `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …` statement: one, as a failed concurrent build
 * leaves its index behind and the statement cannot be undone with others by a rollback; named, so an INVALID
 * index left by a failed build can be found and dropped before building it again.
 */
export function concurrentIndexName(sqlText: string): { index: string } | { error: string } {
  const statement = sqlText
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .trim();
  const match = CONCURRENT_INDEX.exec(statement);
  if (!match) {
    return {
      error:
        'a concurrent migration must be exactly one `CREATE [UNIQUE] INDEX CONCURRENTLY IF NOT EXISTS <name> ON …` statement',
    };
  }
  return { index: match[1] !== undefined ? match[1].replaceAll('""', '"') : match[2].toLowerCase() };
}

/** The concurrent migrations' files, in the order they run (their NNNN_ prefix). */
export function concurrentMigrationFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Runs each concurrent migration not yet recorded, one by one, outside a transaction; answers how many ran. */
async function runConcurrentMigrations(
  session: MigrationSession,
  folder: string,
  log: MigrationLog,
): Promise<number> {
  const files = concurrentMigrationFiles(folder);
  if (files.length === 0) return 0;
  await session.query(
    'create table if not exists drizzle.__concurrent_migrations (name text primary key, applied_at timestamptz not null default now())',
  );
  const { rows } = await session.query('select name from drizzle.__concurrent_migrations');
  const done = new Set((rows as { name: string }[]).map((r) => r.name));
  let ran = 0;
  for (const file of files) {
    const name = file.replace(/\.sql$/, '');
    if (done.has(name)) continue;
    const sqlText = readFileSync(path.join(folder, file), 'utf8');
    const parsed = concurrentIndexName(sqlText);
    if ('error' in parsed) throw new Error(`${path.join(folder, file)}: ${parsed.error}`);
    const { index } = parsed;
    const existing = await session.query(
      'select indisvalid from pg_index where indexrelid = to_regclass($1)',
      [quoted(index)],
    );
    if (existing.rows.length > 0 && !(existing.rows[0] as { indisvalid: boolean }).indisvalid) {
      // A build that failed (duplicates for a unique index, a cancel, a lost connection) leaves the index
      // INVALID: still written to on every insert, never read. IF NOT EXISTS would keep it as it is.
      log.warn({ migration: name, index }, 'dropping the invalid index a failed concurrent build left');
      await session.query(`drop index concurrently if exists ${quoted(index)}`);
    }
    log.info({ migration: name, index }, 'building an index concurrently (writes go on meanwhile)');
    const started = performance.now();
    await session.query(sqlText);
    await session.query('insert into drizzle.__concurrent_migrations (name) values ($1)', [name]);
    log.info(
      { migration: name, index, duration_ms: Math.round(performance.now() - started) },
      'concurrent migration applied',
    );
    ran += 1;
  }
  return ran;
}

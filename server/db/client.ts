/**
 * The database handle: embedded PGlite under DATA_DIR by default, a `pg` Pool when DATABASE_URL is set.
 * Both speak PostgreSQL; the rest of the server sees one Drizzle type and never the driver.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type MigrateOptions, type MigrationSession, runMigrations, takeMigrationLock } from './migrate';
import { type ConflictCounts, type ConflictRetry, conflictRetry } from './retry';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services accept `Db | Tx` so they can join an outer transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The conflict policy of each PostgreSQL handle (retry.ts); PGlite's handles have none. */
const retries = new WeakMap<Db | Tx, ConflictRetry>();

/**
 * Runs `work` in a transaction of `db`: on PostgreSQL, again (from the start) when it loses a deadlock or a
 * serialization check (retry.ts), so `work` does database work only. Given a transaction, it is a savepoint
 * inside it, never retried on its own. Every service starts its transactions here, not with `db.transaction`.
 */
export function transaction<T>(
  db: Db | Tx,
  work: (tx: Tx) => Promise<T>,
  config?: Parameters<Db['transaction']>[1],
): Promise<T> {
  const retry = retries.get(db);
  return retry ? retry.run(() => db.transaction(work, config)) : db.transaction(work, config);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the migrations up to the newest committed one, then the concurrent ones (migrate.ts), reporting each
   * one applied, or that there was none, and any wait for another instance's migration lock to `opts.log`.
   */
  migrate(opts?: MigrateOptions): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (tests clone it). */
  pglite?: PGlite;
  /** The connection string on PostgreSQL (tests open a second pool to race the first). */
  url?: string;
  /** The pool's connections and waiting queries, on PostgreSQL (PGlite has one connection, no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Transactions run again after losing a deadlock, and those that lost every time, on PostgreSQL (retry.ts). */
  conflictCounts?(): ConflictCounts;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Index builds that cannot run in a migration's transaction: docs/operations.md, "Migrations: expand, then contract". */
const concurrentMigrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations-concurrent',
);

const migrationFolders = (opts: MigrateOptions | undefined) => ({
  migrationsFolder,
  concurrentFolder: opts?.concurrentFolder ?? concurrentMigrationsFolder,
  log: opts?.log,
});

/** Opens PGlite with the extensions the migrations need (they must be passed at every open). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir && !dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm }, loadDataDir });
  return pglite;
}

export function fromPglite(pglite: PGlite, logger?: Logger): Database {
  // PGlite's Drizzle driver has the same query surface as node-postgres; one type keeps services simple.
  const db = drizzlePglite(pglite, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    // One process owns an embedded database: no lock to take.
    migrate: (opts) =>
      runMigrations(
        pglite,
        () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder }),
        migrationFolders(opts),
      ),
    ping: async () => {
      await pglite.query('select 1');
      return true;
    },
    close: () => pglite.close(),
  };
}

/**
 * Start-up options of every PostgreSQL connection.
 * - random_page_cost 1.1: the default (4) is tuned for spinning disks; on SSD or a cached working set it makes
 *   the planner scan a million items instead of walking an index (the report's month read: 800 → 180 ms).
 * - No parallel workers: every statement here reads an index range of at most a few thousand rows, where
 *   starting workers costs more than it saves (a search branch: 4–5 ms of Gather start-up for 2 ms of work),
 *   and under concurrent users the cores are already busy serving other requests.
 * A connection string's own `options` would replace these.
 */
export const POSTGRES_SESSION_OPTIONS = '-c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';

/** Sizing and limits of the PostgreSQL pool (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS). */
export interface PoolOptions {
  max?: number;
  /** Server-side limit of one statement; a runaway query is cancelled rather than holding a connection. */
  statementTimeoutMs?: number;
  /** Where broken idle connections are reported; they are dropped from the pool either way. */
  onError?: (error: Error) => void;
  /** Hears of a transaction that lost a deadlock and is run again (retry.ts). */
  onConflictRetry?: (error: unknown, attempt: number) => void;
}

/**
 * One key for every instance of the app, so migrations run one at a time across them. Advisory locks are
 * scoped to the database, so two databases on one server never wait for each other.
 */
export const MIGRATION_LOCK_KEY = 7_251_385_311;

/**
 * Waiting for a pooled connection is bounded: while the database refuses connections a request fails with
 * 503 instead of queueing for ever.
 */
const CONNECT_TIMEOUT_MS = 10_000;

export function fromPostgres(
  url: string,
  maxOrOptions: number | PoolOptions = {},
  logger?: Logger,
): Database {
  const opts = typeof maxOrOptions === 'number' ? { max: maxOrOptions } : maxOrOptions;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    options: POSTGRES_SESSION_OPTIONS,
    statement_timeout: opts.statementTimeoutMs ?? 15_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const report = opts.onError ?? (() => undefined);
  // Without these listeners a connection the server ends (restart, failover, pg_terminate_backend) is an
  // unhandled 'error' event that kills the process. An idle connection's error reaches the pool, which drops
  // it; a checked-out one's also fails its query, and the pool drops it when it is released.
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const db = drizzlePg(pool, { schema, logger });
  // Concurrent transactions can deadlock on PostgreSQL (never on PGlite's one connection): the loser runs again.
  const retry = conflictRetry({ onRetry: opts.onConflictRetry });
  retries.set(db, retry);
  return {
    db,
    kind: 'postgres',
    url,
    migrate: async (opts) => {
      // Instances started together would race to create the same tables; the lock makes the later ones wait
      // and then find nothing left to apply. It lives on one dedicated connection and ends with it.
      const client = await pool.connect();
      const session: MigrationSession = { query: (text, params) => client.query(text, params) };
      try {
        // A migration may build an index or fill a new table over millions of rows: the requests' statement
        // timeout would cancel it half-way on a large database (each migration runs in its transaction).
        await client.query('set statement_timeout = 0');
        try {
          await takeMigrationLock(session, MIGRATION_LOCK_KEY, opts?.log);
          try {
            await runMigrations(
              session,
              () => migratePg(drizzlePg(client, { schema }), { migrationsFolder }),
              migrationFolders(opts),
            );
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
        } finally {
          await client.query('reset statement_timeout');
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
      return true;
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    conflictCounts: retry.counts,
  };
}

const DB_UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57014', // query_canceled: the statement timeout
  '53300', // too_many_connections
  '55000', // object_not_in_prerequisite_state: "database does not allow connections"
  // The transaction lost to another and was rolled back whole: nothing was written, and trying again succeeds.
  // db.transaction has already tried again (retry.ts); these reach here only when it lost every time.
  '40P01', // deadlock_detected
  '40001', // serialization_failure
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DB_UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when an error (or one it wraps, as Drizzle does) says the database cannot serve this request right now
 * (unreachable, overloaded, or a transaction rolled back by a deadlock), as opposed to a query that is wrong:
 * nothing was done, the request may be retried and deserves a 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (DB_UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The database the configuration names. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  databasePoolSize?: number;
  databaseStatementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
  onConflictRetry?: (error: unknown, attempt: number) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    return fromPostgres(opts.databaseUrl, {
      max: opts.databasePoolSize,
      statementTimeoutMs: opts.databaseStatementTimeoutMs,
      onError: opts.onPoolError,
      onConflictRetry: opts.onConflictRetry,
    });
  }
  return fromPglite(await openPglite(path.join(opts.dataDir, 'pgdata')));
}

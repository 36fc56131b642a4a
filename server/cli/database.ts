/**
 * The database as the CLI's commands see it: the server's configuration (without its production refusals,
 * which `doctor` reports), a write that migrates first under the server's advisory lock (so running it beside
 * starting instances is safe), a read that never migrates nor creates anything. Also db:migrate.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, loadConfig } from '../config';
import { type Database, isDatabaseUnavailable, openDatabase } from '../db/client';
import type { MigrationLog } from '../db/migrate';
import { CommandFailed, errorLine, type Io, invocation, maskUrl, type Run } from './command';

/** The configuration of a command: the server's variables, validated the same way. */
export const commandConfig = (io: Io): Config => loadConfig(io.env, { purpose: 'tool' });

/** Where the database is, fit to print. */
export const databaseName = (config: Config): string =>
  config.databaseUrl
    ? `PostgreSQL ${maskUrl(config.databaseUrl)}`
    : `the embedded database in ${path.join(config.dataDir, 'pgdata')}`;

/**
 * What migrate() reports, as lines on stderr (stdout keeps the command's answer): "applied 0031_x" for each
 * migration applied, a wait for another instance's lock, warnings. "Up to date" only when asked.
 */
function migrationLog(io: Io, opts: { upToDate: boolean }): MigrationLog {
  const line = (obj: object, msg: string) => {
    const { migration, ...rest } = obj as { migration?: string; [key: string]: unknown };
    const details = Object.entries(rest).map(([key, value]) => `${key.replaceAll('_', ' ')} ${shown(value)}`);
    const text =
      migration && /applied$/.test(msg) ? `applied ${migration}` : migration ? `${msg}: ${migration}` : msg;
    return details.length > 0 ? `${text} (${details.join(', ')})` : text;
  };
  return {
    info: (obj, msg) => {
      if (opts.upToDate || msg !== 'migrations up to date') io.err(line(obj, msg));
    },
    warn: (obj, msg) => io.err(`warning: ${line(obj, msg)}`),
  };
}

/** A logged value in a few words: a long list as its count, first and last. */
const shown = (value: unknown): string =>
  Array.isArray(value) && value.length > 2
    ? `${value.length}: ${String(value[0])} … ${String(value.at(-1))}`
    : Array.isArray(value)
      ? value.join(', ')
      : String(value);

/** True when the embedded database has been created (a read must not create an empty one). */
export const embeddedExists = (config: Config): boolean =>
  existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));

/**
 * Runs `work` on the configured database: `write` migrates first, `migrate` too and says when there was
 * nothing to apply, `read` never migrates and refuses a database that was never created. A database that cannot be reached is one line naming it.
 */
export async function withDatabase<T>(
  io: Io,
  config: Config,
  mode: 'read' | 'write' | 'migrate',
  work: (database: Database) => Promise<T>,
): Promise<T> {
  if (mode === 'read' && !config.databaseUrl && !embeddedExists(config))
    throw new CommandFailed(
      `there is no database yet in ${path.join(config.dataDir, 'pgdata')}: start the server, or run ${invocation()} db:migrate, first`,
    );
  let database: Database | undefined;
  try {
    database = await openDatabase(config);
    if (mode !== 'read') await database.migrate({ log: migrationLog(io, { upToDate: mode === 'migrate' }) });
    return await work(database);
  } catch (error) {
    if (isDatabaseUnavailable(error))
      throw new CommandFailed(`cannot reach ${databaseName(config)}: ${errorLine(error)}`);
    // undefined_table: a database the migrations never ran on.
    if (hasCode(error, '42P01'))
      throw new CommandFailed(
        `${databaseName(config)} has no tables yet: run ${invocation()} db:migrate, or start the server, first`,
      );
    throw error;
  } finally {
    await database?.close();
  }
}

/** True when the error, or one it wraps (as Drizzle does), carries this PostgreSQL error code. */
function hasCode(error: unknown, code: string): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if ((e as { code?: unknown }).code === code) return true;
  return false;
}

/** db:migrate: the migrations and nothing else. */
export const migrateCommand: Run = async (_values, io) => {
  await withDatabase(io, commandConfig(io), 'migrate', async () => undefined);
  io.out('Migrations applied: the database is up to date.');
  return undefined;
};

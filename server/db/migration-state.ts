/**
 * How far a database's schema is from this build's migrations, read without changing anything (the CLI's
 * `doctor`). Drizzle's migrator applies every migration of the journal newer than the newest one recorded
 * in drizzle.__drizzle_migrations; the same rule counts what is pending here. The concurrent migrations (index
 * builds, migrate.ts) count too: each is pending until drizzle.__concurrent_migrations records it.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Database, migrationsFolder } from './client';
import { concurrentMigrationFiles } from './migrate';
import { pgBigint, rowsOf } from './rows';

/** Beside the migrations, in the sources and in a release alike (client.ts). */
const concurrentFolder = path.join(path.dirname(migrationsFolder), 'migrations-concurrent');

export interface MigrationState {
  /** PostgreSQL's version, as `server_version` says. */
  serverVersion: string;
  /** Migrations this build has (its journal, then its concurrent migrations). */
  known: number;
  /** Of those, the ones the database has. */
  applied: number;
  /** Names of the ones it has not: the next start (or db:migrate) applies them. */
  pending: string[];
  /** Migrations the database has that this build does not know: a newer release migrated it. */
  newer: number;
}

interface JournalEntry {
  tag: string;
  when: number;
}

export async function migrationState(database: Database): Promise<MigrationState> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const rows = async <S extends z.ZodType>(query: ReturnType<typeof sql>, row: S) =>
    rowsOf(row, (await database.db.execute(query)).rows);
  const [{ server_version: serverVersion }] = await rows(
    sql`show server_version`,
    z.object({ server_version: z.string() }),
  );
  const [{ table }] = await rows(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as table`,
    z.object({ table: z.string().nullable() }),
  );
  const recorded = table
    ? (
        await rows(
          sql`select created_at from drizzle.__drizzle_migrations`,
          z.object({ created_at: pgBigint() }),
        )
      ).map((r) => Number(r.created_at))
    : [];
  const last = Math.max(0, ...recorded);
  const newest = Math.max(0, ...journal.entries.map((e) => e.when));
  const concurrent = concurrentMigrationFiles(concurrentFolder).map((f) => f.replace(/\.sql$/, ''));
  const [{ built }] = await rows(
    sql`select to_regclass('drizzle.__concurrent_migrations')::text as built`,
    z.object({ built: z.string().nullable() }),
  );
  const done = new Set(
    built
      ? (
          await rows(sql`select name from drizzle.__concurrent_migrations`, z.object({ name: z.string() }))
        ).map((r) => r.name)
      : [],
  );
  const pending = [
    ...journal.entries.filter((e) => e.when > last).map((e) => e.tag),
    ...concurrent.filter((name) => !done.has(name)),
  ];
  const known = journal.entries.length + concurrent.length;
  return {
    serverVersion,
    known,
    applied: known - pending.length,
    pending,
    newer: recorded.filter((when) => when > newest).length,
  };
}

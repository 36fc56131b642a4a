/**
 * The adapter reaches into Drizzle's session (drizzle-adapter.ts): it is pinned to the version it was written
 * against, and what it answers is checked here on the installed one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { DRIZZLE_VERSION, prepareMapped, prepareRows } from './drizzle-adapter';

// The package's exports leave out its package.json: read it beside its entry point.
const entry = fileURLToPath(import.meta.resolve('drizzle-orm'));
const { version: installed } = JSON.parse(
  readFileSync(path.join(path.dirname(entry), 'package.json'), 'utf8'),
) as { version: string };
const dialect = new PgDialect();

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

describe('the Drizzle adapter', () => {
  it('is written for the installed drizzle-orm (re-read drizzle-adapter.ts before changing the version)', () => {
    expect(installed).toBe(DRIZZLE_VERSION);
  });

  it('prepares SQL under a name and answers rows as objects, with the values given', async () => {
    const query = dialect.sqlToQuery(sql`select ${sql.placeholder('n')}::int * 2 as n, 'x' as s`);
    const statement = prepareRows<{ n: number; s: string }>(database.db, query, 'adapter_test_rows');
    expect(await statement.execute({ n: 21 })).toEqual([{ n: 42, s: 'x' }]);
    expect(await statement.execute({ n: 2 })).toEqual([{ n: 4, s: 'x' }]);
  });

  it('hands rows as arrays, in the select list order, to the mapper', async () => {
    const query = dialect.sqlToQuery(sql`select ${sql.placeholder('n')}::int as a, 'b' as b`);
    let seen: unknown[][] = [];
    const statement = prepareMapped(database.db, query, 'adapter_test_mapped', (rows) => {
      seen = rows;
      return rows.map(([a, b]) => `${a}${b}`);
    });
    expect(await statement.execute({ n: 7 })).toEqual(['7b']);
    expect(seen).toEqual([[7, 'b']]);
  });
});

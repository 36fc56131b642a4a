/** JSON SQL generated from a zod schema and a column map (json-sql.ts), run on the database. */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { jsonObjectSql, nestedJson } from './json-sql';

const Schema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
});

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const json = async (built: ReturnType<typeof sql>) =>
  (await database.db.execute(sql`select ${built}::text as j`)).rows[0].j as string;

describe('jsonObjectSql', () => {
  it("writes the schema's keys in its order, nested objects and a missing one as null", async () => {
    const columns = (ownerId: number | null) => ({
      tags: sql`json_build_array('a', 'b')`,
      name: sql`${'Zoë "Q"'}::text`,
      id: sql`7`,
      owner: nestedJson({ id: sql`${ownerId}::int`, name: sql`'Ann'` }, sql`${ownerId}::int`),
    });
    expect(JSON.parse(await json(jsonObjectSql(Schema, columns(3))))).toStrictEqual({
      id: 7,
      name: 'Zoë "Q"',
      owner: { id: 3, name: 'Ann' },
      tags: ['a', 'b'],
    });
    const text = await json(jsonObjectSql(Schema, columns(null)));
    expect(Object.keys(JSON.parse(text))).toEqual(['id', 'name', 'owner', 'tags']);
    expect(JSON.parse(text).owner).toBeNull();
  });

  it('leaves out the keys the app adds', async () => {
    const built = jsonObjectSql(Schema, { id: sql`1`, name: sql`'x'` }, { omit: ['owner', 'tags'] });
    expect(JSON.parse(await json(built))).toStrictEqual({ id: 1, name: 'x' });
  });

  it('refuses a map without a key of the schema, or a plain value for a nested object', () => {
    expect(() => jsonObjectSql(Schema, { id: sql`1`, name: sql`'x'`, tags: sql`'[]'` })).toThrow(
      /no column for owner/,
    );
    expect(() =>
      jsonObjectSql(z.object({ a: z.object({ b: z.number() }) }), { a: nestedJson({ c: sql`1` }) }),
    ).toThrow(/no column for a\.b/);
    expect(() => jsonObjectSql(z.object({ a: z.number() }), { a: nestedJson({}) })).toThrow(/not an object/);
  });

  it('never writes a key that is not a plain word into the SQL', () => {
    expect(() => jsonObjectSql(z.object({ "a'); drop": z.number() }), { "a'); drop": sql`1` })).toThrow(
      /not a plain word/,
    );
    expect(new PgDialect().sqlToQuery(jsonObjectSql(z.object({ a: z.number() }), { a: sql`${1}` })).sql).toBe(
      "json_build_object('a', $1)",
    );
  });
});

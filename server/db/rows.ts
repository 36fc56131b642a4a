/**
 * Rows of SQL written by hand (a search's CTEs, the report's ranges, a few aggregates) have a shape the
 * TypeScript compiler cannot see. Each such read names its row schema; outside production every row is held to
 * it (as every answer is held to its schema, response-serializer.ts), so a column renamed or retyped in the SQL
 * fails the tests that run it instead of reaching a screen as `undefined`. In production the rows pass as they
 * are: the check costs time on every call, and the tests have run it.
 */
import { z } from 'zod';

const checking = process.env.NODE_ENV !== 'production';

/** The rows as `Row`: checked against `schema` outside production (a mismatch throws), never transformed. */
export function rowsOf<S extends z.ZodType>(schema: S, rows: unknown[]): z.output<S>[] {
  if (checking) {
    for (const [index, row] of rows.entries()) {
      const result = schema.safeParse(row);
      if (!result.success) {
        throw new Error(`A row (${index}) does not match its schema: ${result.error.message}`);
      }
    }
  }
  return rows as z.output<S>[];
}

/**
 * A `bigint` (count(*), a sum of pence) as the drivers give it: a string from node-postgres, a number from
 * PGlite. Read it with Number().
 */
export const pgBigint = () => z.union([z.number(), z.string(), z.bigint()]);

/** A timestamp as the drivers give it in raw SQL: a Date, or its text. */
export const pgTimestamp = () => z.union([z.date(), z.string()]);

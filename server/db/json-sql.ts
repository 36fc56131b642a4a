/**
 * JSON answers PostgreSQL writes, generated from the contract: `jsonObjectSql(schema, columns)` walks a zod
 * object schema's keys, in the schema's order, and writes `json_build_object('key', value, …)` with each value
 * taken from one column map (a column or SQL expression per key; a nested map per nested object). A key the
 * schema has and the map lacks is an error when the module loads, and `JsonColumnsOf<T>` makes the compiler ask
 * for every key of the answer's type, so the SQL and the contract cannot drift apart key by key; the tests hold
 * the values' types to the schema (response-serializer.ts `check` mode parses every such answer).
 *
 * Why SQL at all: a list page is one statement whose rows PostgreSQL aggregates into one JSON text, and the
 * order page's record, attachments, comments and timeline are one statement too (docs/performance.md).
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';

/** A nested object of the answer: its own map and, for one that may be null, the value whose null means absent. */
export interface NestedJson<M> {
  readonly nested: M;
  /** The object is null when this is (a left-joined row that is not there). */
  readonly presentWhen?: SQLWrapper;
}

/**
 * The column map of an answer of type T: a SQL value for every key, and a `NestedJson` of the nested type's map
 * for every nested object (arrays are one SQL value: an aggregate the caller writes).
 */
export type JsonColumnsOf<T> = {
  readonly [K in keyof T]-?: unknown extends T[K]
    ? SQLWrapper
    : NonNullable<T[K]> extends readonly unknown[]
      ? SQLWrapper
      : NonNullable<T[K]> extends Record<string, unknown>
        ? NestedJson<JsonColumnsOf<NonNullable<T[K]>>>
        : SQLWrapper;
};

type AnyColumns = { readonly [key: string]: SQLWrapper | NestedJson<AnyColumns> };

/** A nested object's map; `presentWhen` for one that may be missing (its JSON is then null). */
export const nestedJson = <M>(nested: M, presentWhen?: SQLWrapper): NestedJson<M> => ({
  nested,
  presentWhen,
});

const isNested = (value: SQLWrapper | NestedJson<AnyColumns>): value is NestedJson<AnyColumns> =>
  'nested' in value;

type Schema = z.core.$ZodType;
const defOf = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.def;

/** The object schema inside nullable/optional wrappers, or undefined when the field is not an object. */
function objectOf(schema: Schema): z.core.$ZodObject | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return schema as z.core.$ZodObject;
  if (def.type === 'nullable' || def.type === 'optional') return objectOf(def.innerType);
  return undefined;
}

/** A JSON key as a SQL literal: the contract's keys are snake_case words, checked so none can break the text. */
function keyLiteral(key: string, path: string): SQL {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`jsonObjectSql: key ${path}${key} is not a plain word`);
  return sql.raw(`'${key}'`);
}

/**
 * `json_build_object(…)` of `schema`'s keys (but `omit`'s, which the app adds), each from `columns`. Throws
 * when a key has no column, or a nested object's column is not a nested map.
 */
export function jsonObjectSql(
  schema: z.core.$ZodObject,
  columns: AnyColumns,
  opts: { omit?: readonly string[] } = {},
  path = '',
): SQL {
  const shape = schema._zod.def.shape;
  const pairs = Object.entries(shape)
    .filter(([key]) => !opts.omit?.includes(key))
    .map(([key, field]) => {
      const column = columns[key];
      if (column === undefined) throw new Error(`jsonObjectSql: no column for ${path}${key}`);
      const literal = keyLiteral(key, path);
      if (!isNested(column)) return sql`${literal}, ${column}`;
      const inner = objectOf(field);
      if (!inner) throw new Error(`jsonObjectSql: ${path}${key} is not an object in the schema`);
      const built = jsonObjectSql(inner, column.nested, {}, `${path}${key}.`);
      return column.presentWhen
        ? sql`${literal}, case when ${column.presentWhen} is null then null else ${built} end`
        : sql`${literal}, ${built}`;
    });
  // PostgreSQL takes at most 100 arguments: 50 keys an object (nest the rest).
  if (pairs.length > 50) throw new Error(`jsonObjectSql: ${path || 'the answer'} has over 50 keys`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

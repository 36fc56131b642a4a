/**
 * Whether a schema gives back exactly what it is given: it checks, but transforms, defaults, coerces and
 * pipes nothing anywhere inside. For such an answer the SPA may use the JSON as it came and check it later
 * (client.ts, answerChecks); any other schema's output differs from its input, so it is parsed before use.
 * Walked once per schema (a WeakMap remembers).
 */
import type { z } from 'zod';

/** The parts of zod 4's schema definitions this walk reads. */
interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
}

/** Leaves that pass their value through unchanged (unless coerced). */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'literal',
  'enum',
  'any',
  'unknown',
  'never',
  'template_literal',
]);

const known = new WeakMap<z.ZodType, boolean>();

export function isPlainSchema(schema: z.ZodType): boolean {
  const seen = known.get(schema);
  if (seen !== undefined) return seen;
  const answer = walk(schema);
  known.set(schema, answer);
  return answer;
}

function walk(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (def.coerce) return false;
  if (LEAVES.has(def.type)) return true;
  const all = (parts: readonly (z.ZodType | null | undefined)[]) =>
    parts.every((part) => part === null || part === undefined || isPlainSchema(part));
  switch (def.type) {
    case 'object':
      return all([...Object.values(def.shape ?? {}), def.catchall]);
    case 'array':
      return all([def.element]);
    case 'union':
      return all(def.options ?? []);
    case 'intersection':
      return all([def.left, def.right]);
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return all([def.innerType]);
    case 'record':
      return all([def.keyType, def.valueType]);
    case 'tuple':
      return all([...(def.items ?? []), def.rest]);
    default:
      // pipe, transform, default, prefault, catch, lazy, date and anything newer: parse before use.
      return false;
  }
}

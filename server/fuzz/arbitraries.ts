/**
 * fast-check arbitraries for the fuzz test: values shaped by a JSON Schema (as the OpenAPI description
 * states them), the hostile strings and numbers a schema-shaped value should also meet, and mutations of
 * a shaped value (a field nulled, given the wrong type, an extra key, the whole body replaced).
 */
import fc from 'fast-check';

export type JsonSchema = { [key: string]: unknown };

/** Strings that have broken servers before: NUL, lone surrogates, escapes, markup, SQL, odd Unicode. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '%00',
  '%ED%A0%80',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '１２３',
  '\u202etxt.exe',
  '😀',
  '2147483648',
  '-1',
  '1e309',
  'null',
  '{}',
];

/** Numbers at and beyond the edges of PostgreSQL's and JavaScript's integer ranges. */
export const EDGE_NUMBERS = [
  0,
  -1,
  1,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  2 ** 53 - 1,
  1e20,
  1.5,
  -0.5,
];

/** Calendar strings that look like dates and are not (or are, only just). */
const EDGE_DATES = [
  '2026-02-31',
  '2025-02-29',
  '2024-02-29',
  '0000-01-01',
  '9999-12-31',
  '2026-13-01',
  '2026-00-10',
];
const EDGE_DATETIMES = [
  '2026-02-31T10:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  '2026-01-01T24:00:00Z',
  '2026-06-01T10:00:00',
];

const day = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const hostile = fc.constantFrom(...HOSTILE_STRINGS);
  const edges =
    maxLength === undefined
      ? []
      : [fc.constant('x'.repeat(maxLength)), fc.constant('x'.repeat(maxLength + 1))];
  let shaped: fc.Arbitrary<string>;
  if (s.format === 'date')
    shaped = fc.oneof(
      day.map((d) => d.slice(0, 10)),
      fc.constantFrom(...EDGE_DATES),
    );
  else if (s.format === 'date-time') shaped = fc.oneof(day, fc.constantFrom(...EDGE_DATETIMES));
  else if (s.format === 'email')
    shaped = fc.emailAddress().filter((v) => maxLength === undefined || v.length <= maxLength);
  else if (typeof s.pattern === 'string') {
    const pattern = s.pattern;
    shaped = fc
      .stringMatching(new RegExp(pattern))
      .filter((v) => maxLength === undefined || v.length <= maxLength);
  } else
    shaped = fc.oneof(
      fc.string({ minLength, maxLength: Math.min(maxLength ?? 40, 40) }),
      fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength ?? 20, 20) }),
    );
  // Mostly valid, so that whole bodies get past validation to the services; mutated() adds the odd value.
  return fc.oneof(
    { weight: 20, arbitrary: shaped },
    { weight: 1, arbitrary: hostile },
    ...edges.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + 1
        : -1_000_000;
  const max = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
  const lo = Math.max(min, -2_147_483_648);
  const hi = Math.min(max, 2_147_483_647);
  const shaped = integer
    ? fc.integer({ min: lo, max: Math.max(lo, hi) })
    : fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true });
  // Small positive numbers name existing records (ids, lock versions): the paths past the 404 get tried.
  const smallLo = Math.max(Math.ceil(lo), 0);
  const small = fc.integer({ min: smallLo, max: Math.max(smallLo, Math.min(Math.floor(hi), 40)) });
  return fc.oneof(
    { weight: 8, arbitrary: small },
    { weight: 8, arbitrary: shaped },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  );
}

/** A value shaped by a JSON Schema (depth-limited), now and then with a hostile string or number. */
export function fromSchema(
  schema: unknown,
  resolve: (ref: string) => unknown,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema === null || typeof schema !== 'object' || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') return fromSchema(resolve(s.$ref), resolve, depth + 1);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length > 0)
      return fc.oneof(...list.map((child) => fromSchema(child, resolve, depth + 1)));
  }
  if (Array.isArray(s.allOf) && s.allOf.length > 0) return fromSchema(s.allOf[0], resolve, depth + 1);
  if (Array.isArray(s.type))
    return fc.oneof(...s.type.map((type) => fromSchema({ ...s, type }, resolve, depth + 1)));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Math.min(typeof s.minItems === 'number' ? s.minItems : 0, 3);
      return fc.array(fromSchema(s.items, resolve, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, 3),
      });
    }
    case 'object':
    case undefined: {
      const properties = (s.properties as JsonSchema | undefined) ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0) {
        if (s.type === undefined && s.additionalProperties === undefined)
          return fc.jsonValue({ maxDepth: 2 });
        return fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
      }
      const shape = Object.fromEntries(keys.map((k) => [k, fromSchema(properties[k], resolve, depth + 1)]));
      const required = ((s.required as string[] | undefined) ?? []).filter((k) => keys.includes(k));
      return fc.record(shape, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Every path (list of keys) to a value inside a JSON value, the root included. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => pathsOf(v, [...at, i])));
  if (value !== null && typeof value === 'object')
    return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...at, k])));
  return here;
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, replacement) : v));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    copy[head as string] = setAt(copy[head as string], rest, replacement);
    return copy;
  }
  return value;
}

/** A shaped value as it is, or with one place (a field, an item, the whole) replaced by something else. */
export function mutated(shaped: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const replacement = fc.oneof(
    fc.constant(null),
    fc.constantFrom(...EDGE_DATES, ...EDGE_DATETIMES),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(...EDGE_NUMBERS),
    fc.jsonValue({ maxDepth: 2 }),
    fc.constant({}),
    fc.constant([]),
  );
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    {
      weight: 4,
      arbitrary: fc.tuple(shaped, fc.nat(), replacement).map(([value, pick, other]) => {
        const paths = pathsOf(value);
        return setAt(value, paths[pick % paths.length], other);
      }),
    },
    {
      // A leaf's near neighbour: a date that is not on the calendar, a number past a range, a hostile string.
      weight: 4,
      arbitrary: fc.tuple(shaped, fc.nat(), fc.nat()).map(([value, pick, which]) => {
        const leaves = pathsOf(value).filter((p) => {
          const leaf = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
          return typeof leaf === 'string' || typeof leaf === 'number';
        });
        if (leaves.length === 0) return value;
        const path = leaves[pick % leaves.length];
        const leaf = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
        const near =
          typeof leaf === 'number'
            ? EDGE_NUMBERS
            : /^\d{4}-\d{2}-\d{2}T/.test(leaf as string)
              ? EDGE_DATETIMES
              : /^\d{4}-\d{2}-\d{2}$/.test(leaf as string)
                ? EDGE_DATES
                : HOSTILE_STRINGS;
        return setAt(value, path, near[which % near.length]);
      }),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

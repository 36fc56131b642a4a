/**
 * How answers become JSON (docs/decisions/api-contract.md). Every route declares its answers as zod schemas;
 * the serializer compiler turns each into a function Fastify calls on the way out, in one of two modes:
 *
 * - `check` (tests, development, demo): the answer must match its schema exactly: zod checks every value,
 *   and a key the schema does not declare is refused too (zod alone would drop it without a word). A mismatch
 *   throws `ResponseSerializationError`, which app.ts answers as a logged 500, so a test fails.
 * - `publish` (production): no checks, only a projection onto the schema's keys, compiled once per schema,
 *   then JSON.stringify. A column a service forgot to leave out is never published, and an answer that drifted
 *   from its schema is still sent rather than becoming a 500 for the user. Zod's check costs 2.3–2.5 times the
 *   JSON.stringify it precedes; the projection 1.04–1.1 times (the figures are in the decision note).
 */
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * An answer PostgreSQL has already written as JSON (a list page built by one statement, read.ts): `publish`
 * sends its text as it is; `check` parses it and holds it to the schema like any other answer, so the SQL
 * that builds it is tested against the contract (every key declared, every value of its type).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Wraps JSON text as the answer of a route whose schema says `T`. The text must be what JSON.stringify of a
 * `T` would be; `check` mode (every test) refuses it otherwise.
 */
export const jsonText = <T>(text: string): T => new JsonText(text) as unknown as T;
/** Copies a value keeping only what its schema declares; null: the schema declares nothing to strip. */
type Projection = ((value: unknown) => unknown) | null;

/** Which serializer the app uses: `check` everywhere but production, where it is `publish`. */
export type ResponseMode = 'check' | 'publish';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema's parts, as zod's own union of schema types (for narrowing on `def.type`). */
const defOf = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.def;

/** Whether an object schema keeps keys it does not declare (looseObject, catchall). */
function keepsUndeclaredKeys(def: z.core.$ZodObjectDef): boolean {
  return def.catchall !== undefined && defOf(def.catchall).type !== 'never';
}

/**
 * Compiles a projection: objects keep the keys their schema declares (in the schema's order), arrays and
 * records project their elements, wrappers (nullable, optional, default…) project what they wrap, and
 * values of any other type are kept as they are. A value of an unexpected kind (a string where an object
 * was declared) is kept too: `check` mode is where such a mismatch is caught.
 */
export function compileProjection(schema: Schema, seen = new Map<Schema, Projection>()): Projection {
  if (seen.has(schema)) return seen.get(schema) ?? null;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      // Registered before the fields compile, so a schema that contains itself (z.lazy) finds it.
      let compiled: (value: Record<string, unknown>) => unknown = () => undefined;
      const project = (value: unknown) => (isPlainObject(value) ? compiled(value) : value);
      seen.set(schema, project);
      compiled = objectProjection(
        Object.entries(def.shape).map(([key, field]) => [key, compileProjection(field, seen)]),
        keepsUndeclaredKeys(def),
      );
      return project;
    }
    case 'array': {
      const element = compileProjection(def.element, seen);
      return element === null ? null : (value) => (Array.isArray(value) ? value.map(element) : value);
    }
    case 'record': {
      const entry = compileProjection(def.valueType, seen);
      if (entry === null) return null;
      return (value) =>
        isPlainObject(value)
          ? Object.fromEntries(Object.entries(value).map(([key, v]) => [key, entry(v)]))
          : value;
    }
    case 'nullable':
    case 'optional':
    case 'nonoptional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      // Null and undefined pass through every projection unchanged, so the wrapped schema's one serves.
      return compileProjection(def.innerType, seen);
    case 'lazy': {
      let inner: Projection | undefined;
      const project = (value: unknown) => {
        inner ??= compileProjection(def.getter(), seen) ?? ((v: unknown) => v);
        return inner(value);
      };
      seen.set(schema, project);
      return project;
    }
    case 'pipe':
      // An answer is what the pipe puts out.
      return compileProjection(def.out, seen);
    case 'union':
    case 'intersection':
    case 'tuple': {
      // Which branch a value takes needs the checks publish mode skips: zod decides, here only (no answer
      // schema of ours has an object inside a union). A value no branch accepts is left out, never leaked.
      const parts =
        def.type === 'union'
          ? def.options
          : def.type === 'intersection'
            ? [def.left, def.right]
            : [...def.items, ...(def.rest ? [def.rest] : [])];
      if (parts.every((part) => compileProjection(part, seen) === null)) return null;
      return (value) => {
        const result = z.safeEncode(schema as z.ZodType, value);
        return result.success ? result.data : undefined;
      };
    }
    default:
      return null;
  }
}

/**
 * One object literal with the declared keys, built by generated code: V8 gives every answer of a schema one
 * hidden class, which makes the copy about as cheap as JSON.stringify reading it (the decision note has the
 * figures). Keys are embedded as JSON string literals, so no key can inject code.
 */
function objectProjection(fields: [string, Projection][], keepUndeclared: boolean) {
  const projections = fields.map(([, field]) => field);
  const body = fields
    .map(([key, field], i) => {
      const read = `v[${JSON.stringify(key)}]`;
      return `${JSON.stringify(key)}: ${field === null ? read : `p[${i}](${read})`}`;
    })
    .join(', ');
  const build = new Function('p', `return (v) => ({ ${keepUndeclared ? '...v, ' : ''}${body} });`);
  return build(projections) as (value: Record<string, unknown>) => unknown;
}

type Path = (string | number)[];

/**
 * The keys in `value` that `schema` does not declare, as zod's own `unrecognized_keys` issues (one per
 * object, with its path): what zod's parse would drop without a word. One walk with one path stack, copied
 * only for an issue, as every answer in tests and development goes through it.
 */
export function undeclaredKeys(schema: Schema, value: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const path: Path = [];
  const below = (inner: Schema, v: unknown, key: string | number) => {
    path.push(key);
    walk(inner, v);
    path.pop();
  };
  const walk = (node: Schema, v: unknown): void => {
    const def = defOf(node);
    switch (def.type) {
      case 'object': {
        if (!isPlainObject(v)) return;
        const shape = def.shape;
        if (!keepsUndeclaredKeys(def)) {
          const keys = Object.keys(v).filter((key) => !(key in shape) && v[key] !== undefined);
          if (keys.length > 0) {
            issues.push({
              code: 'unrecognized_keys',
              keys,
              path: [...path],
              message: `Undeclared: ${keys.join(', ')}`,
            });
          }
        }
        for (const key in shape) if (v[key] !== undefined) below(shape[key], v[key], key);
        return;
      }
      case 'array':
        if (Array.isArray(v)) for (let i = 0; i < v.length; i++) below(def.element, v[i], i);
        return;
      case 'record':
        if (isPlainObject(v)) for (const key in v) below(def.valueType, v[key], key);
        return;
      case 'nullable':
      case 'optional':
      case 'nonoptional':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        if (v !== null && v !== undefined) walk(def.innerType, v);
        return;
      case 'lazy':
        walk(def.getter(), v);
        return;
      case 'pipe':
        walk(def.out, v);
        return;
      default:
      // Unions and the like: zod's own check decides which branch applies; no key check below them.
    }
  };
  walk(schema, value);
  return issues;
}

/** Fastify's serializer compiler for zod answer schemas, in the given mode (see the top of this file). */
export function responseSerializerCompiler(mode: ResponseMode) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    if (!(schema instanceof z.core.$ZodType))
      throw new Error(`${method} ${url}: an answer schema is not zod`);
    if (mode === 'publish') {
      const project = compileProjection(schema);
      return (data: unknown) =>
        data instanceof JsonText ? data.text : JSON.stringify(project === null ? data : project(data));
    }
    return (answer: unknown) => {
      const data = answer instanceof JsonText ? JSON.parse(answer.text) : answer;
      const result = z.safeEncode(schema as z.ZodType, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      const undeclared = undeclaredKeys(schema, data);
      if (undeclared.length > 0) {
        throw new ResponseSerializationError(method, url, { cause: new z.ZodError(undeclared) });
      }
      return JSON.stringify(result.data);
    };
  };
}

/**
 * Every text field the API accepts has a maximum length (docs/decisions/input-validation.md). Walks the
 * request side of the OpenAPI description the routes generate (path, query and header parameters, JSON
 * bodies) and fails on any string without maxLength. A body the route takes as a free-form object must be
 * listed in server/test/free-form-bodies.ts with the schemas its service parses it with, and those are walked too.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FREE_FORM_BODIES } from '../server/test/free-form-bodies';
import { generateOpenApi } from './openapi';

type JsonSchema = { [key: string]: unknown };

interface Walk {
  unbounded: string[];
  freeForm: string[];
}

/** Collects every string without maxLength (or enum/const) and every object that takes any keys. */
function walk(schema: unknown, at: string, out: Walk, resolve: (ref: string) => unknown): void {
  if (schema === null || typeof schema !== 'object') return;
  const s = schema as JsonSchema;
  if (typeof s.$ref === 'string') {
    walk(resolve(s.$ref), at, out, resolve);
    return;
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string') && s.maxLength === undefined && s.enum === undefined && s.const === undefined)
    out.unbounded.push(at);
  for (const [key, child] of Object.entries((s.properties as JsonSchema | undefined) ?? {}))
    walk(child, `${at}.${key}`, out, resolve);
  if (s.items) walk(s.items, `${at}[]`, out, resolve);
  for (const list of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const)
    for (const child of (s[list] as unknown[] | undefined) ?? []) walk(child, at, out, resolve);
  if (s.propertyNames) walk(s.propertyNames, `${at}{key}`, out, resolve);
  const extra = s.additionalProperties;
  if (extra === true || (extra !== undefined && extra !== false && Object.keys(extra as object).length === 0))
    out.freeForm.push(at);
  else if (extra && typeof extra === 'object') walk(extra, `${at}.*`, out, resolve);
}

const walkZod = (schema: z.ZodType, at: string, out: Walk) =>
  walk(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), at, out, () => ({}));

describe('text limits', () => {
  it('every string a request may carry has a maximum length', async () => {
    const doc = JSON.parse(await generateOpenApi()) as {
      paths: Record<string, Record<string, JsonSchema>>;
      components?: { schemas?: Record<string, unknown> };
    };
    const resolve = (ref: string) => doc.components?.schemas?.[ref.split('/').at(-1) ?? ''];
    const unbounded: string[] = [];
    const unlisted: string[] = [];
    let operations = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${route}`;
        const out: Walk = { unbounded: [], freeForm: [] };
        for (const p of (op.parameters as { in: string; name: string; schema: unknown }[] | undefined) ?? [])
          walk(p.schema, `${p.in}.${p.name}`, out, resolve);
        const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
          ?.content;
        for (const media of Object.values(body ?? {})) walk(media.schema, 'body', out, resolve);
        if (out.freeForm.length > 0) {
          const parsers = FREE_FORM_BODIES[name];
          if (!parsers) unlisted.push(`${name} ${out.freeForm.join(', ')}`);
          for (const [index, schema] of (parsers ?? []).entries()) walkZod(schema, `service[${index}]`, out);
        }
        unbounded.push(...out.unbounded.map((at) => `${name} ${at}`));
      }
    }
    expect(operations).toBeGreaterThan(100);
    expect(unlisted, 'free-form bodies without the schemas their service parses them with').toEqual([]);
    expect(unbounded, 'strings without maxLength').toEqual([]);
  }, 60_000);

  it('the walk finds a string without a limit, inside arrays, unions and records', () => {
    const out: Walk = { unbounded: [], freeForm: [] };
    walkZod(
      z.object({
        ok: z.string().max(3),
        tags: z.array(z.string()),
        either: z.string().max(2).or(z.string()),
        map: z.record(z.string().max(5), z.string()),
        any: z.record(z.string().max(5), z.unknown()),
      }),
      'body',
      out,
    );
    expect(out.unbounded.sort()).toEqual(['body.either', 'body.map.*', 'body.tags[]']);
    expect(out.freeForm).toEqual(['body.any']);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileProjection, responseSerializerCompiler, undeclaredKeys } from './response-serializer';

const Row = z.object({
  id: z.number().int(),
  name: z.string(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(z.string()),
  note: z.string().optional(),
});
const Page = z.object({
  rows: z.array(Row),
  by_group: z.record(z.string(), z.object({ n: z.number() })),
  extra: z.looseObject({ name: z.string() }),
  payload: z.unknown(),
});

const row = { id: 1, name: 'A', user: { id: 2, name: 'B' }, tags: ['x'] };
const page = {
  rows: [row],
  by_group: { open: { n: 1 } },
  extra: { name: 'n', kept: true },
  payload: { any: 1 },
};

const serializer = (mode: 'check' | 'publish', schema: z.ZodType) =>
  responseSerializerCompiler(mode)({ schema, method: 'GET', url: '/x' });

describe('publish mode', () => {
  const publish = serializer('publish', Page);

  it('sends what the schema declares, as JSON.stringify would', () => {
    expect(JSON.parse(publish(page))).toEqual(page);
  });

  it('leaves out every key the schema does not declare, at any depth, but keeps a loose object whole', () => {
    const leaky = {
      ...page,
      password_hash: 'x',
      rows: [{ ...row, secret: 1, user: { ...row.user, email: 'b@x' } }],
      by_group: { open: { n: 1, internal: true } },
    };
    expect(JSON.parse(publish(leaky))).toEqual(page);
  });

  it('never throws on an answer that drifted from its schema (no 500 in production)', () => {
    expect(() => publish({ rows: 'oops', by_group: null, extra: 3 })).not.toThrow();
    expect(JSON.parse(publish({ rows: [{ id: '7' }] }))).toEqual({ rows: [{ id: '7' }] });
  });

  it('needs no copy when the schema has no object to strip', () => {
    expect(compileProjection(z.array(z.string()).nullable())).toBeNull();
    expect(compileProjection(z.object({}))).not.toBeNull();
  });

  it('projects recursive schemas and unions of objects', () => {
    type Node = { name: string; children: Node[] };
    const NodeSchema: z.ZodType<Node> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(NodeSchema) }),
    );
    const tree = { name: 'a', x: 1, children: [{ name: 'b', y: 2, children: [] }] };
    expect(JSON.parse(serializer('publish', NodeSchema)(tree))).toEqual({
      name: 'a',
      children: [{ name: 'b', children: [] }],
    });
    const Either = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(JSON.parse(serializer('publish', z.object({ e: Either }))({ e: { b: 1, c: 2 } }))).toEqual({
      e: { b: 1 },
    });
  });
});

describe('check mode', () => {
  const check = serializer('check', Page);

  it('sends a matching answer', () => {
    expect(JSON.parse(check(page))).toEqual(page);
  });

  it('refuses a value of the wrong type', () => {
    expect(() => check({ ...page, rows: [{ ...row, id: 'one' }] })).toThrow(/doesn't match the schema/);
  });

  it('refuses a key the schema does not declare, naming where it is', () => {
    const leaky = { ...page, rows: [{ ...row, user: { ...row.user, email: 'b@x' } }] };
    expect(undeclaredKeys(Page, leaky)).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['email'], path: ['rows', 0, 'user'] }),
    ]);
    expect(() => check(leaky)).toThrow(/doesn't match the schema/);
  });

  it('accepts undeclared keys only in a loose object, and absent optional keys', () => {
    expect(undeclaredKeys(Page, { ...page, extra: { name: 'n', more: 1 } })).toEqual([]);
    expect(undeclaredKeys(Row, { ...row, note: undefined })).toEqual([]);
  });
});

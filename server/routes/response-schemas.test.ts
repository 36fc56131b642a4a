/**
 * Every /api/v1 operation declares its answers: a schema for each success status and the shared error body
 * for its refusals, read from the OpenAPI description the app generates from the routes' `schema.response`.
 * Tests run the serializer in check mode (server/response-serializer.ts), so an answer that does not match
 * its declared schema fails the test that asked for it; this file makes sure there is always a schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES } from '../services/order-items/attachments';
import { createTestApp, type TestContext } from '../test/harness';

/**
 * Answers that are not JSON, each with the content types it declares instead: files are sent as they are
 * stored (a stream or a buffer is never serialized), and the event stream writes to the socket itself.
 */
const NOT_JSON: Record<string, string[]> = {
  'get /api/v1/events': ['text/event-stream'],
  'get /api/v1/order_items/{ref}/cover_letter.pdf': ['application/pdf'],
  'get /api/v1/order_items/{ref}/attachments/{id}/file': [...ATTACHMENT_TYPES],
  'post /api/v1/order_items/export.csv': ['text/csv'],
  'get /api/v1/audit_events.csv': ['text/csv'],
  'get /api/v1/customers/export.json': ['application/zip'],
};

interface Response {
  content?: Record<string, { schema?: unknown }>;
}
type Operations = Record<string, Record<string, { responses: Record<string, Response> }>>;

let ctx: TestContext;
let operations: [string, Record<string, Response>][];

beforeAll(async () => {
  ctx = await createTestApp();
  const paths = (ctx.app.swagger() as unknown as { paths: Operations }).paths;
  operations = Object.entries(paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]): [string, Record<string, Response>] => [
        `${method} ${path}`,
        op.responses,
      ]),
    );
});
afterAll(() => ctx.close());

const successes = (responses: Record<string, Response>) =>
  Object.entries(responses).filter(([status]) => status.startsWith('2'));
const failures = (responses: Record<string, Response>) =>
  Object.entries(responses).filter(([status]) => /^[45]/.test(status));

describe('every /api/v1 operation declares its answers', () => {
  it('finds the operations (the description is not empty)', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it('declares a schema for each success, as JSON unless it is a named exception', () => {
    const missing = operations.flatMap(([name, responses]) => {
      const declared = successes(responses);
      if (declared.length === 0) return [`${name}: no 2xx answer`];
      return declared.flatMap(([status, response]) => {
        const types = Object.keys(response.content ?? {});
        const expected = NOT_JSON[name] ?? ['application/json'];
        const problems: string[] = [];
        if (types.join() !== expected.join())
          problems.push(`${name} ${status}: content ${types.join() || 'none'}`);
        for (const type of types) {
          if (!response.content?.[type]?.schema) problems.push(`${name} ${status} ${type}: no schema`);
        }
        return problems;
      });
    });
    expect(missing).toEqual([]);
  });

  it('declares its refusals with the shared error body, and a 5xx', () => {
    const missing = operations.flatMap(([name, responses]) => {
      const declared = failures(responses);
      const problems = declared
        .filter(([, response]) => {
          const schema = response.content?.['application/json']?.schema;
          return JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/ApiError' });
        })
        .map(([status]) => `${name} ${status}: not the shared error body`);
      if (!declared.some(([status]) => status.startsWith('4'))) problems.push(`${name}: no 4xx refusal`);
      if (!responses['5XX']) problems.push(`${name}: no 5XX`);
      return problems;
    });
    expect(missing).toEqual([]);
  });

  it('declares 401 wherever the guard asks for a session or a key, and 403 on staff writes', () => {
    // Signing in: the second-factor steps read a SameSite=Strict pending cookie, no session (auth/mfa-pending.ts).
    const unguarded = new Set([
      'post /api/v1/session.json',
      'post /api/v1/session/mfa.json',
      'post /api/v1/session/mfa/enrolment.json',
    ]);
    const missing = operations.flatMap(([name, responses]) => {
      const problems: string[] = [];
      if (!unguarded.has(name) && !responses['401']) problems.push(`${name}: no 401`);
      const write = !name.startsWith('get ');
      const storefront = name.includes(' /api/v1/storefront/');
      if (write && !storefront && !unguarded.has(name) && !responses['403']) problems.push(`${name}: no 403`);
      return problems;
    });
    expect(missing).toEqual([]);
  });
});

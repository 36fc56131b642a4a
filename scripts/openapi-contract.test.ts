/**
 * The OpenAPI description is one a client generator can use (issue 48 item 4, docs/decisions/api-contract.md):
 * Redocly's recommended ruleset finds no error in docs/openapi.json; every operation has a unique operationId,
 * tags and the security its guard asks for; no request body is an untyped object; the fixed-value filters
 * declare the domain's values; every refusal's `details` has one shape per code; servers and the webhooks
 * (one per event type, with the Standard Webhooks headers) are declared. The drift check (npm run check) keeps
 * docs/openapi.json equal to what the routes generate.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ITEM_FLAGS } from '../domain/contract/lists';
import { ERROR_CODES, ErrorSchema } from '../domain/contract/session';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../domain/contract/webhooks';
import { DESPATCH_SERVICE_VALUES } from '../domain/pricing';
import { ALL_STATES, ORDER_ITEM_TYPES, STATE_GROUPS } from '../domain/states';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOC_PATH = path.join(ROOT, 'docs/openapi.json');

type Json = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: Json;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, unknown>;
}
const doc = JSON.parse(readFileSync(DOC_PATH, 'utf8')) as {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components: { securitySchemes: Record<string, Json>; schemas: Record<string, Json> };
};
const operations = Object.entries(doc.paths).flatMap(([route, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    name: `${method.toUpperCase()} ${route}`,
    method,
    route,
    op,
  })),
);

/** The problems Redocly finds, by severity (its JSON report). */
async function redoclyLint(file: string) {
  const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
  const run = await promisify(execFile)(
    process.execPath,
    [cli, 'lint', '--extends=recommended', '--format=json', file],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(run.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  return report;
}

describe('Redocly recommended ruleset', () => {
  it('finds no error in docs/openapi.json, and only the warnings the decision lists', async () => {
    const report = await redoclyLint(DOC_PATH);
    const errors = report.problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    // docs/decisions/api-contract.md says why these stay.
    const warnings = report.problems
      .filter((p) => p.severity === 'warn')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)
      .sort();
    expect(warnings).toEqual([
      'info-license #/info',
      'operation-4xx-response #/paths/~1healthz/get/responses',
      'operation-4xx-response #/paths/~1readyz/get/responses',
    ]);
  }, 120_000);

  it('can fail: a document without servers and with a duplicate operationId is an error', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const broken = structuredClone(doc);
    delete broken.servers;
    const [first, second] = operations;
    broken.paths[second.route][second.method].operationId = first.op.operationId;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(broken));
    const report = await redoclyLint(file);
    const rules = report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(rules).toContain('no-empty-servers');
    expect(rules).toContain('operation-operationId-unique');
  }, 120_000);
});

describe('every operation', () => {
  it('has a unique operationId and tags', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !op.operationId || !op.tags?.length).map((o) => o.name)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares what its caller presents: the session (and the CSRF header on writes), the bearer key, or nothing', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['csrf', 'session', 'storefront']);
    expect(doc.components.securitySchemes.csrf).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-CSRF-Token',
    });
    // The second-factor steps of a sign-in present the short-lived pending cookie the password step set, not
    // a session (docs/decisions/mfa.md): open, like the password step itself.
    const open = new Set([
      'GET /healthz',
      'GET /readyz',
      'POST /api/v1/session.json',
      'POST /api/v1/session/mfa.json',
      'POST /api/v1/session/mfa/enrolment.json',
    ]);
    const wrong = operations.flatMap(({ name, method, route, op }) => {
      const expected = open.has(name)
        ? []
        : route.startsWith('/api/v1/storefront/')
          ? [{ storefront: [] }]
          : [method === 'get' ? { session: [] } : { session: [], csrf: [] }];
      return JSON.stringify(op.security) === JSON.stringify(expected)
        ? []
        : [`${name}: ${JSON.stringify(op.security)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('types its request body: no body is an object of anything, the uploads are multipart forms', () => {
    const untyped = operations.flatMap(({ name, op }) =>
      Object.entries(op.requestBody?.content ?? {})
        .filter(([, media]) => {
          const s = media.schema;
          return !s.$ref && !s.anyOf && !s.oneOf && !s.properties;
        })
        .map(([type]) => `${name} ${type}`),
    );
    expect(untyped).toEqual([]);
    for (const upload of [
      '/api/v1/order_items/{ref}/attachments.json',
      '/api/v1/storefront/order_items/{ref}/attachments.json',
    ]) {
      const body = doc.paths[upload].post.requestBody?.content['multipart/form-data'];
      expect(body?.schema, upload).toMatchObject({
        properties: { file: { format: 'binary' } },
        required: ['file'],
      });
    }
  });

  it('declares 404 for a path that cannot be read, and never 400', () => {
    const withParams = operations.filter(({ op }) => op.parameters?.some((p) => p.in === 'path'));
    expect(withParams.filter(({ op }) => !op.responses['404']).map((o) => o.name)).toEqual([]);
    expect(operations.filter(({ op }) => op.responses['400']).map((o) => o.name)).toEqual([]);
  });
});

describe('fixed values', () => {
  it('the list filters declare the domain values, as arrays sent comma-separated', () => {
    const lists = operations.filter(({ op }) => op.parameters?.some((p) => p.name === 'group'));
    expect(lists.length).toBeGreaterThanOrEqual(6);
    const expected: Record<string, readonly string[]> = {
      group: STATE_GROUPS,
      state: ALL_STATES,
      flag: ITEM_FLAGS,
      type: ORDER_ITEM_TYPES,
    };
    for (const { name, op } of lists) {
      for (const [param, values] of Object.entries(expected)) {
        const p = op.parameters?.find((q) => q.name === param);
        expect(p, `${name} ${param}`).toMatchObject({
          in: 'query',
          style: 'form',
          explode: false,
          schema: { type: 'array', items: { type: 'string', enum: [...values] } },
        });
      }
    }
  });

  it('the despatch service is one of the despatch services', () => {
    const body =
      doc.paths['/api/v1/order_items/{ref}/despatch.json'].post.requestBody?.content['application/json'];
    const despatch = ((body?.schema.properties ?? {}) as Record<string, Json>).despatch;
    expect((despatch.properties as Record<string, Json>).service).toEqual({
      type: 'string',
      enum: DESPATCH_SERVICE_VALUES,
    });
  });
});

describe('the error body', () => {
  it('is one shape per code: field errors, what went stale, the items to choose from, or none', () => {
    const variants = ErrorSchema.shape.error.options;
    const codes = variants.flatMap((variant) => variant.shape.code.options);
    expect([...codes].sort()).toEqual([...ERROR_CODES].sort());
    const api = JSON.stringify(doc.components.schemas.ApiError);
    for (const code of ERROR_CODES) expect(api).toContain(`"${code}"`);
    const details = (code: string) => {
      const parsed = ErrorSchema.safeParse({ error: { code, message: 'm', request_id: 'r', details: [] } });
      return parsed.success;
    };
    // Field errors are an array; a stale write's details an object; codes without details take none.
    expect(details('invalid_input')).toBe(true);
    expect(details('stale')).toBe(false);
    expect(details('choose_item')).toBe(false);
  });
});

describe('servers and webhooks', () => {
  it('declares the server', () => {
    expect(doc.servers?.length).toBe(1);
  });

  it('describes one webhook per event type, each with the Standard Webhooks headers and its body', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual(
      [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort(),
    );
    for (const [type, { post }] of Object.entries(doc.webhooks ?? {})) {
      expect(post.parameters?.filter((p) => p.in === 'header' && p.required).map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const body = post.requestBody?.content['application/json'].schema as Json;
      expect((body.properties as Record<string, Json>).type, type).toEqual({ type: 'string', const: type });
    }
  });
});

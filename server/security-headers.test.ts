/**
 * Browser security headers on every answer, the Swagger UI's own policy, /api/docs signed-in only in
 * production, and TRUST_PROXY deciding whose address the server believes.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { signInFailures } from './db/schema';
import { SWAGGER_UI_CSP } from './security-headers';
import { buildOrderItem } from './test/factories';
import { buildUser, createTestApp, STOREFRONT_KEY, signInAs, type TestContext } from './test/harness';
import { multipartFile, PNG_BYTES } from './test/items';

let ctx: TestContext;
let webRoot: string;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'ukds-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>UKDS</title><div id="root"></div>');
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1);');
  ctx = await createTestApp({ webRoot });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await ctx.close();
});

/** Another app on the same database, as configured for production or behind a proxy. */
async function appWith(config: { nodeEnv?: 'production'; trustProxy?: number | string[] | false }) {
  const app = await buildApp({
    config: {
      storefrontApiKey: STOREFRONT_KEY,
      sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
      secureCookies: config.nodeEnv === 'production',
      logLevel: 'silent',
      dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-api-')),
      ...config,
    },
    database: ctx.database,
    webRoot,
    logger: false,
    live: false,
  });
  await app.ready();
  extraApps.push(app);
  return app;
}

const directives = (res: LightMyRequestResponse) =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
}

describe('security headers', () => {
  it('are on every answer: API, SPA, asset, 404, errors, health', async () => {
    const agent = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
    const answers: [string, LightMyRequestResponse][] = [
      ['API JSON', await agent.request({ method: 'GET', url: '/api/v1/users/current_user.json' })],
      ['401', await ctx.app.inject({ method: 'GET', url: '/api/v1/users/current_user.json' })],
      ['403 CSRF', await agent.request({ method: 'DELETE', url: '/api/v1/session.json', csrf: null })],
      ['SPA index', await ctx.app.inject({ method: 'GET', url: '/orders/100234-1' })],
      ['asset', await ctx.app.inject({ method: 'GET', url: '/assets/app-1.js' })],
      ['missing asset', await ctx.app.inject({ method: 'GET', url: '/assets/gone.js' })],
      ['API 404', await ctx.app.inject({ method: 'GET', url: '/api/v1/no_such_thing.json' })],
      [
        'malformed JSON',
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/session.json',
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        }),
      ],
      ['bad URL', await ctx.app.inject({ method: 'GET', url: '/api/v1/order_items/%E0%A4%A.json' })],
      ['health', await ctx.app.inject({ method: 'GET', url: '/healthz' })],
    ];
    expect(answers.map(([what, res]) => `${what} ${res.statusCode}`)).toEqual([
      'API JSON 200',
      '401 401',
      '403 CSRF 403',
      'SPA index 200',
      'asset 200',
      'missing asset 404',
      'API 404 404',
      'malformed JSON 422',
      'bad URL 404',
      'health 200',
    ]);
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
  });

  it('allow inline styles (Mantine) but never inline scripts, and keep HSTS out of plain-http development', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = directives(res);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests in production', async () => {
    const app = await appWith({ nodeEnv: 'production' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res).has('upgrade-insecure-requests')).toBe(true);
    expectSecurityHeaders(res, 'production SPA');
  });

  it('give the Swagger UI its own policy, still with no inline script and no framing', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(SWAGGER_UI_CSP);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keep an attachment a download of its detected type', async () => {
    const user = await buildUser(ctx.database, { role: 'admin', is_orderer: true });
    const agent = await signInAs(ctx.app, user.email);
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: user.id });
    const upload = await agent.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      // The browser's claim is ignored: the bytes are a PNG.
      ...multipartFile('scan<script>.html', PNG_BYTES, 'text/html'),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const id = upload.json().order_item.ukds_attachments[0].id;
    const file = await agent.request({
      method: 'GET',
      url: `/api/v1/order_items/${item.ref}/attachments/${id}/file`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\w.\- ]+"$/);
    expectSecurityHeaders(file, 'attachment');
  });
});

describe('/api/docs', () => {
  it('is public outside production', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('needs a signed-in user in production, for the UI and the description alike', async () => {
    const app = await appWith({ nodeEnv: 'production' });
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('unauthenticated');
    }
    const agent = await signInAs(app, (await buildUser(ctx.database)).email);
    const json = await agent.request({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json().openapi).toBe('3.1.0');
    expect((await agent.request({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const failedSignInFrom = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string) => {
    const email = `proxy-${Math.random().toString(36).slice(2)}@test.example`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/session.json',
      payload: { email, password: 'whatever' },
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });
    expect(res.statusCode).toBe(401);
    const [row] = await ctx.database.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.email, email))
      .orderBy(desc(signInFailures.id));
    return row.ip;
  };

  it('ignores a forged X-Forwarded-For by default: the socket address is counted', async () => {
    expect(await failedSignInFrom(ctx.app, '192.0.2.40', '203.0.113.5')).toBe('192.0.2.40');
  });

  it('believes X-Forwarded-For from a trusted proxy address or range, and only from it', async () => {
    const app = await appWith({ trustProxy: ['192.0.2.0/24', '10.1.1.1'] });
    expect(await failedSignInFrom(app, '192.0.2.41', '203.0.113.6')).toBe('203.0.113.6');
    expect(await failedSignInFrom(app, '10.1.1.1', '203.0.113.7')).toBe('203.0.113.7');
    // Not a listed proxy: its header is a forgery.
    expect(await failedSignInFrom(app, '198.51.100.9', '203.0.113.8')).toBe('198.51.100.9');
    // A client behind the proxy cannot push a forged address in front of its own.
    expect(await failedSignInFrom(app, '192.0.2.41', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('believes as many hops as a hop count says', async () => {
    const app = await appWith({ trustProxy: 1 });
    expect(await failedSignInFrom(app, '192.0.2.42', '6.6.6.6, 203.0.113.10')).toBe('203.0.113.10');
  });

  it('is validated at start: a hop count or addresses and CIDR ranges, nothing else', () => {
    const base = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ukds-cfg-')) };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['true', '10.0.0.0/33', '10.0.0', 'proxy.example', '10.0.0.1,', '']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});

/**
 * What an operator and a proxy see of an instance's life (issue 45): /healthz says which build runs and
 * answers while starting; while starting, /readyz and every other path answer 503; after SIGTERM (draining)
 * /readyz answers 503 while requests are still served; object storage is reported but does not fail
 * readiness; a request whose body stops arriving is cut off after the request timeout; request log lines
 * name the user and the client address.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { createLifecycle } from './lifecycle';
import { localStorage } from './storage/local';
import type { Storage } from './storage/storage';
import { buildUser, freshDatabase, STOREFRONT_KEY, signInAs } from './test/harness';
import { buildInfo } from './version';

const baseConfig = {
  storefrontApiKey: STOREFRONT_KEY,
  sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
  secureCookies: false,
  logLevel: 'info',
  mailFrom: 'UKDS Test <test@ukds.example>',
};

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'ukds-lifecycle-'));

describe('starting, ready, draining', () => {
  it('answers the health checks only while starting, then serves; draining keeps serving but is not ready', async () => {
    const lifecycle = createLifecycle();
    const app = await buildApp({
      config: { ...baseConfig, dataDir: dataDir() },
      database,
      webRoot: '/nonexistent-web-root',
      logger: false,
      live: false,
      lifecycle,
    });
    try {
      const health = await app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', ...buildInfo() });
      expect(health.json().version).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);

      const starting = await app.inject({ url: '/readyz' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toMatchObject({ status: 'unavailable', phase: 'starting' });
      const api = await app.inject({ method: 'POST', url: '/api/v1/session.json', payload: {} });
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('2');
      expect(api.json().error).toMatchObject({
        code: 'unavailable',
        message: expect.stringMatching(/starting/),
      });

      lifecycle.ready();
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', phase: 'ready', checks: { database: 'up' } });
      expect((await app.inject({ url: '/api/v1/users/current_user.json' })).statusCode).toBe(401);

      lifecycle.drain();
      const draining = await app.inject({ url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({
        status: 'unavailable',
        phase: 'draining',
        checks: { database: 'up' },
      });
      // Still served: the proxy has not stopped sending yet.
      expect((await app.inject({ url: '/api/v1/users/current_user.json' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('reports object storage that does not answer, without failing readiness', async () => {
    const local = localStorage(dataDir());
    let up = true;
    let probes = 0;
    const storage: Storage = {
      ...local,
      async exists(key) {
        probes += 1;
        if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:9000');
        return local.exists(key);
      },
    };
    const build = () =>
      buildApp({
        config: { ...baseConfig, dataDir: dataDir() },
        database,
        webRoot: '/nonexistent-web-root',
        logger: false,
        live: false,
        storage,
      });
    const app = await build();
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.storage).toBe('up');
      // Asked once, not at every probe.
      await app.inject({ url: '/readyz' });
      expect(probes).toBe(1);
    } finally {
      await app.close();
    }
    up = false;
    const down = await build();
    try {
      const res = await down.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ready', checks: { database: 'up', storage: 'down' } });
    } finally {
      await down.close();
    }
  });
});

describe('the request timeout', () => {
  it('closes a connection whose body stops arriving, and serves the next', async () => {
    const app = await buildApp({
      config: { ...baseConfig, dataDir: dataDir(), requestTimeoutMs: 1000 },
      database,
      webRoot: '/nonexistent-web-root',
      logger: false,
      live: false,
    });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(baseUrl);
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      const started = Date.now();
      const closed = new Promise<number>((resolve) =>
        socket.on('close', () => resolve(Date.now() - started)),
      );
      // A shop's call (any holder of the key, or of a leaked one) whose body stops arriving half-way.
      socket.write(
        'POST /api/v1/storefront/orders.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer ${STOREFRONT_KEY}\r\nContent-Length: 1000\r\n\r\n{"order": {`,
      );
      const after = await closed;
      expect(after).toBeGreaterThanOrEqual(900);
      expect(after).toBeLessThan(5000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('request log lines', () => {
  it("carry the signed-in user's id and the client address, the proxy's report only when trusted", async () => {
    const user = await buildUser(database);
    const lines: Record<string, unknown>[] = [];
    const build = (trustProxy: string[] | false) =>
      buildApp({
        config: { ...baseConfig, dataDir: dataDir(), trustProxy },
        database,
        webRoot: '/nonexistent-web-root',
        live: false,
        logStream: { write: (line: string) => lines.push(JSON.parse(line)) },
      });
    const direct = await build(false);
    try {
      const agent = await signInAs(direct, user.email);
      const res = await agent.request({ method: 'GET', url: '/api/v1/users/current_user.json' });
      const line = lines.find((l) => l.request_id === res.headers['x-request-id']);
      expect(line).toMatchObject({ msg: 'request', status: 200, user_id: user.id, client_ip: '127.0.0.1' });
      const anonymous = await direct.inject({
        url: '/api/v1/users/current_user.json',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      // Not trusted: the forged header changes nothing.
      expect(lines.find((l) => l.request_id === anonymous.headers['x-request-id'])).toMatchObject({
        status: 401,
        user_id: null,
        client_ip: '127.0.0.1',
      });
      expect(JSON.stringify(lines)).not.toContain(user.email);
    } finally {
      await direct.close();
    }
    const proxied = await build(['127.0.0.1']);
    try {
      const res = await proxied.inject({
        url: '/api/v1/users/current_user.json',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(lines.find((l) => l.request_id === res.headers['x-request-id'])).toMatchObject({
        client_ip: '203.0.113.9',
      });
    } finally {
      await proxied.close();
    }
  });
});

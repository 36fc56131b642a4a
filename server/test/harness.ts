/**
 * Test harness: a fresh, migrated database per test file (PGlite copy or PostgreSQL database made from the
 * template), the app built on it, and helpers to sign in and call the API as a browser would.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Database, fromPglite, fromPostgres, openPglite } from '../db/client';
import { createUser, type NewUser } from '../services/users/users';
import type { Storage } from '../storage/storage';

export const TEST_PASSWORD = 'correct-horse-battery';
export const STOREFRONT_KEY = 'test-storefront-key-0123456789';

export async function freshDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const name = `${inject('pgTemplate')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant can collide; a short retry settles it.
        if (attempt > 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    return fromPostgres(target.toString(), 5);
  }
  const dump = new Blob([readFileSync(inject('pgliteDump'))]);
  return fromPglite(await openPglite('memory://', dump));
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: { webRoot?: string; dataDir?: string; database?: Database; storage?: Storage } = {},
): Promise<TestContext> {
  const database = opts.database ?? (await freshDatabase());
  const app = await buildApp({
    config: {
      storefrontApiKey: STOREFRONT_KEY,
      sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
      secureCookies: false,
      logLevel: 'silent',
      dataDir: opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ukds-api-')),
      mailFrom: 'UKDS Test <test@ukds.example>',
    },
    database,
    webRoot: opts.webRoot ?? '/nonexistent-web-root',
    logger: false,
    storage: opts.storage,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let userSeq = 0;
/** Builds a staff user; any field can be overridden. */
export async function buildUser(database: Database, overrides: Partial<NewUser> = {}) {
  userSeq += 1;
  return createUser(database.db, {
    email: `user${userSeq}-${randomBytes(3).toString('hex')}@test.example`,
    name: `Test User ${userSeq}`,
    role: 'orderer',
    is_orderer: true,
    password: TEST_PASSWORD,
    ...overrides,
  });
}

/** A signed-in browser: keeps the session cookie and sends the CSRF token on every request. */
export interface Agent {
  cookie: string;
  csrf: string;
  request(opts: InjectOptions & { csrf?: string | null }): Promise<LightMyRequestResponse>;
}

export async function signInAs(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<Agent> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/session.json', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.cookies.find((c) => c.name === 'ukds_session');
  if (!setCookie) throw new Error('no session cookie');
  const cookie = `ukds_session=${setCookie.value}`;
  const csrf = res.json<{ csrf_token: string }>().csrf_token;
  return {
    cookie,
    csrf,
    request: ({ csrf: csrfOverride, headers, ...opts }) =>
      app.inject({
        ...opts,
        headers: {
          cookie,
          ...(csrfOverride === null ? {} : { 'x-csrf-token': csrfOverride ?? csrf }),
          ...headers,
        },
      }),
  };
}

/**
 * Fault-test helpers: scratch PostgreSQL databases (named after the run's template, so the global teardown
 * drops them whatever happens) and the real server as a child process, so a crash is a process exit the test
 * can see rather than an exception inside the test runner.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Runs SQL on the server's maintenance database (never on the scratch one, which may refuse it). */
  admin(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Ends every connection to the scratch database; answers how many there were. */
  terminateAll(): Promise<number>;
  /** Runs SQL on the scratch database itself. */
  query(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  close(): Promise<void>;
}

/** A new database on the test server: a copy of the migrated template, or empty. */
export async function scratchDatabase(opts: { migrated: boolean }): Promise<ScratchDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const template = inject('pgTemplate');
  const name = `${template}_f${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name}${opts.migrated ? ` TEMPLATE ${template}` : ''}`);
      break;
    } catch (error) {
      // Another file copying the template at the same instant makes CREATE DATABASE fail; retry shortly.
      if (attempt > 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  return {
    name,
    url,
    admin: (sql, params) => admin.query(sql, params),
    async terminateAll() {
      const { rows } = await admin.query(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      return rows.length;
    },
    async query(sql, params) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await client.query(sql, params);
      } finally {
        await client.end();
      }
    },
    async close() {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

export const SESSION_SECRET = 'fault-test-session-secret-0123456789abcdef';
export const STOREFRONT_API_KEY = 'fault-test-storefront-key-0123456789';

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Every line the process wrote (pino JSON lines and the start-up banner). */
  lines: string[];
  /** Parsed pino lines. */
  logs(): { level: number; msg: string; [key: string]: unknown }[];
  /** Resolves with the exit code (or the signal) when the process ends. */
  exited: Promise<number | string>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL if it has not ended within 10 s. */
  stop(): Promise<number | string>;
}

/** Starts `node --import tsx server/main.ts` (or `opts.entry`) in production mode on a random port of 127.0.0.1. */
export function startAppProcess(
  databaseUrl: string | undefined,
  opts: {
    env?: Record<string, string>;
    preload?: string;
    timeoutMs?: number;
    /** Another entry point and folder than the sources' (the release test runs dist-server/main.js). */
    entry?: { args: string[]; cwd: string };
    /**
     * Resolve once the app is `ready` (the default: migrated, serving) or only `listening` (the health
     * checks answer; it may still be migrating).
     */
    until?: 'ready' | 'listening';
  } = {},
): Promise<AppProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    SESSION_SECRET,
    STOREFRONT_API_KEY,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ukds-fault-')),
    WEB_ROOT: '/nonexistent-web-root',
    LOG_LEVEL: 'info',
    // No proxy stands in front of a test's instance: stop at once (server/rolling-restart.test.ts drains).
    SHUTDOWN_DRAIN_MS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Production refuses to start without a way to send e-mail: a test's instance writes it to files unless
    // the test gives an SMTP server.
    ...(opts.env?.SMTP_URL ? {} : { MAIL_TRANSPORT: 'file' }),
    ...opts.env,
  };
  const args = opts.entry?.args ?? [
    '--import',
    'tsx',
    ...(opts.preload ? ['--import', opts.preload] : []),
    'server/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    env,
    cwd: opts.entry?.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let onLine: ((line: string) => void) | undefined;
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      rest += chunk;
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        onLine?.(line);
      }
    });
  };
  if (child.stdout) collect(child.stdout);
  if (child.stderr) collect(child.stderr);
  const proc: Omit<AppProcess, 'baseUrl'> = {
    child,
    lines,
    logs: () =>
      lines.flatMap((line) => {
        try {
          const value = JSON.parse(line) as { level?: unknown; msg?: unknown };
          return typeof value.level === 'number' ? [value as { level: number; msg: string }] : [];
        } catch {
          return [];
        }
      }),
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the app did not start in time:\n${lines.join('\n')}`));
    }, opts.timeoutMs ?? 45_000);
    onLine = (line) => {
      // The console banner, or the logger's start-up line (its "address" field); or, when only listening
      // is awaited, the line that says so (its "port" field).
      const match =
        opts.until === 'listening'
          ? /"port":(\d+),"msg":"listening/.exec(line)
          : /(?:Back office running at |"address":")(http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve({ ...proc, baseUrl: opts.until === 'listening' ? `http://127.0.0.1:${match[1]}` : match[1] });
      }
    };
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before it was ready:\n${lines.join('\n')}`));
    });
  });
}

/** Polls until the check passes (returns true) or the time is up; answers the milliseconds it took. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
  everyMs = 50,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    const passed = await Promise.resolve()
      .then(check)
      .catch(() => false);
    if (passed) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Signs in over HTTP; answers the cookie header a browser would send. */
export async function signInOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/session.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ukds_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0];
}

/**
 * The release as an operator runs it: `scripts/release.mjs` (the script the Dockerfile runs) builds the SPA
 * and the compiled server into a new folder with production dependencies only; the server starts there with
 * plain `node`, migrates an empty PostgreSQL database, keeps attachments in the object store, and answers
 * /readyz and a sign-in. PostgreSQL only (it is the production database).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppProcess,
  type ScratchDatabase,
  scratchDatabase,
  signInOverHttp,
  startAppProcess,
} from './test/app-process';
import { startObjectStore, type TestObjectStore } from './test/s3';

const run = promisify(execFile);
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const PASSWORD = 'release-test-password-1';

describe.skipIf(!onPostgres)('the release build', () => {
  let dir: string;
  let database: ScratchDatabase;
  let store: TestObjectStore;
  let app: AppProcess;

  beforeAll(async () => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'ukds-release-')), 'app');
    await run(process.execPath, ['scripts/release.mjs', dir], { timeout: 240_000, maxBuffer: 16 << 20 });
    [database, store] = await Promise.all([scratchDatabase({ migrated: false }), startObjectStore()]);
    const env = { ...store.env, WEB_ROOT: path.join(dir, 'dist') };
    app = await startAppProcess(database.url, { env, entry: { args: ['dist-server/main.js'], cwd: dir } });
    // The password piped in, as an operator's script does (never on the command line).
    await new Promise<void>((resolve, reject) => {
      const cli = spawn(
        process.execPath,
        [
          'dist-server/cli.js',
          'user:create',
          '--email',
          'ops@release.test',
          '--name',
          'Ops',
          '--role',
          'admin',
          '--password-stdin',
        ],
        {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, NODE_ENV: 'production' },
          stdio: ['pipe', 'ignore', 'inherit'],
        },
      );
      cli.on('error', reject);
      cli.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`user:create exited with ${code}`)),
      );
      cli.stdin.end(`${PASSWORD}\n`);
    });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await Promise.all([database?.close(), store?.stop()]);
    if (dir) rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('holds the built SPA, the compiled server and production dependencies only', () => {
    expect(existsSync(path.join(dir, 'dist', 'index.html'))).toBe(true);
    expect(existsSync(path.join(dir, 'dist-server', 'migrations'))).toBe(true);
    const installed = readdirSync(path.join(dir, 'node_modules'));
    expect(installed).toContain('fastify');
    for (const devOnly of ['tsx', 'vite', 'vitest', 'typescript', '@playwright', 'esbuild']) {
      expect(installed).not.toContain(devOnly);
    }
    expect(app.child.spawnargs.join(' ')).not.toContain('tsx');
  });

  it("bundles React's production build, whatever NODE_ENV the release was started under (here: test)", () => {
    const assets = path.join(dir, 'dist', 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // A warning only React's development build carries.
    const development = scripts.filter((f) =>
      readFileSync(path.join(assets, f), 'utf8').includes('should have a unique "key" prop'),
    );
    expect(development).toEqual([]);
  });

  it('migrates the empty database, is ready, serves the SPA and signs a user in', async () => {
    const ready = await fetch(`${app.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const migrations = await database.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    expect(migrations.rows[0].n).toBe(
      readdirSync(path.join(dir, 'dist-server', 'migrations')).filter((f) => f.endsWith('.sql')).length,
    );
    const page = await fetch(`${app.baseUrl}/orders/1`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const cookie = await signInOverHttp(app.baseUrl, 'ops@release.test', PASSWORD);
    const me = await fetch(`${app.baseUrl}/api/v1/users/current_user.json`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe('ops@release.test');
  });
});

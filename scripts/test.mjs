#!/usr/bin/env node
// `npm test`: every test. Unit and API tests (Vitest; API on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set) with coverage and its floors per area (vitest.config.ts), then the browser tests
// (build the SPA, Playwright in Debian Chromium).
//   node scripts/test.mjs          everything
//   node scripts/test.mjs api      API tests only
//   node scripts/test.mjs e2e      browser tests only
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const part = process.argv[2] ?? 'all';
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

if (part === 'all') {
  // A floor not met fails vitest; the per-area figures are printed either way, then its status decides.
  const tests = spawnSync('npx', ['vitest', 'run', '--coverage'], { stdio: 'inherit' });
  if (existsSync('coverage/coverage-summary.json')) {
    spawnSync('node', ['--import', 'tsx', 'scripts/coverage-summary.ts'], { stdio: 'inherit' });
  }
  if (tests.status !== 0) process.exit(tests.status ?? 1);
}
if (part === 'api') {
  const projects = ['--project', 'api'];
  if (process.env.TEST_DATABASE_URL) projects.push('--project', 'api-postgres');
  run('npx', ['vitest', 'run', ...projects]);
}
if (part === 'all' || part === 'e2e') {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Browser tests need Chromium at ${chromium}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to another Chromium binary).',
    );
    process.exit(1);
  }
  // The browser tests drive what ships: the built SPA and the compiled server (dist/, dist-server/).
  run('npx', ['vite', 'build', '--logLevel', 'warn']);
  run('node', ['scripts/build-server.mjs']);
  run('npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium, E2E_PORT: String(await freePort()) });
}

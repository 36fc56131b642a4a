import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './server/node-flags';

// scripts/test.mjs picks a free port; a direct `npx playwright test` uses 3210.
const port = Number(process.env.E2E_PORT ?? 3210);
// Config is evaluated again in each worker; the data dir is fixed per run through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'ukds-e2e-'));

// CI's machines are slower than ours and vary: the same specs took 2.5–3× as long there (a page
// of 100 rows, two Chromiums and the app on two cores), so a wait that holds here by a wide margin timed out
// there. Timeouts only bound a failing wait; they never make a passing run slower. E2E_TIMEOUT_SCALE overrides.
const scale = Number(process.env.E2E_TIMEOUT_SCALE ?? (process.env.CI ? 2 : 1));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Long flows on the 2-core machine (app, two browsers and PostgreSQL share it) take 20–35 s under load.
  timeout: 60_000 * scale,
  expect: { timeout: 10_000 * scale },
  fullyParallel: false,
  workers: 2,
  // In CI a failed test runs once more, and a test that then passes is reported as flaky and fails the run
  // (failOnFlakyTests): the retry tells a flake from a plain failure in the report, and a flake is never let
  // through as green. Locally a failure fails at once, with no retry.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    timezoneId: 'Europe/London',
    locale: 'en-GB',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The compiled server (npm run build, or scripts/test.mjs, builds it): the browser tests drive what ships.
    command: `node ${SERVER_NODE_FLAGS.join(' ')} dist-server/main.js`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'dist',
    },
  },
});

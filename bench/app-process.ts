/**
 * What the browser benchmarks (lighthouse.ts, browser.ts) share: a free port on 127.0.0.1, the built app
 * (dist-server/main.js serving dist/, both written by `npm run build`) started in a child process with a fresh
 * embedded database and the demo data, and Debian Chromium's path and flags.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/node-flags';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags every benchmark launches Chromium with: headless, and nothing of its own on the network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A port nothing listens on right now (the OS picks it; closed again before it is answered). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });

/** The app running in its child process: where it listens, and how to stop it and remove its data. */
export interface AppProcess {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** Waits for the child to exit; SIGKILL when it has not within `ms` (a hung shutdown must not hang the bench). */
function exited(child: ChildProcess, pid: number, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Starts the built app on 127.0.0.1 and a free port with an empty DATA_DIR in a temp folder: demo mode (no
 * DATABASE_URL, not production) seeds the demo data on first start, which takes about 20 s. Answers once
 * /readyz does. `stop` ends the process by its pid and removes the temp folder.
 */
export async function startApp(name: string): Promise<AppProcess> {
  for (const built of ['dist/index.html', 'dist-server/main.js'])
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `ukds-${name}-`));
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Demo mode needs a non-production environment; it also checks answers against their schemas (tens of
      // µs each).
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the app did not start');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const done = exited(child, pid, 15_000);
      process.kill(pid, 'SIGTERM');
      await done;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, pid, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('the app did not start');
}

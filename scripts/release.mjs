#!/usr/bin/env node
// Builds a release into a folder that runs on its own: the SPA (dist/), the compiled server (dist-server/),
// package.json and the lockfile, and the production dependencies only. The Dockerfile runs this script; so
// does the release test in CI (server/release.test.ts), so what CI tests is what the image holds.
//   node scripts/release.mjs <outDir>
// Then, in <outDir>:  NODE_ENV=production DATABASE_URL=… npm run start:prod
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: node scripts/release.mjs <outDir>');
  process.exit(2);
}
const target = path.resolve(outDir);
if (existsSync(target) && readdirSync(target).length > 0) {
  console.error(`${target} is not empty; give a new or empty folder.`);
  process.exit(2);
}

const run = (cmd, args, cwd = process.cwd(), env = process.env) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd, env });
  if (result.status !== 0) {
    console.error(`release: ${cmd} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
};

// A release is a production build whatever the caller's NODE_ENV: under another one (the release test runs in
// Vitest, NODE_ENV=test) Vite bundles React's development build, ~60 KB gzip more and slower.
run('npm', ['run', '--silent', 'build'], process.cwd(), { ...process.env, NODE_ENV: 'production' });
mkdirSync(target, { recursive: true });
for (const entry of ['dist', 'dist-server', 'package.json', 'package-lock.json']) {
  cpSync(entry, path.join(target, entry), { recursive: true });
}
// Production dependencies only, exactly as the lockfile pins them (`npm ci` refuses a lockfile that disagrees
// with package.json instead of resolving again); no install scripts (nothing the server needs has one).
run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], target);
rmSync(path.join(target, 'node_modules', '.package-lock.json'), { force: true });
console.log(`release ready in ${target}: cd there and run  NODE_ENV=production npm run start:prod`);

#!/usr/bin/env node
// `npm start`: one command for the demo. Builds the SPA and the server when a source is newer than the last
// build (or there is none), then runs the compiled server. A production start is `npm run start:prod`,
// which never builds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = path.join('dist-server', '.build-stamp');
const SOURCES = ['domain', 'server', 'web', 'vite.config.ts', 'package-lock.json', 'scripts'];

/** The newest modification time under a file or folder (tests are sources too: cheap to include). */
function newest(entry) {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const child of readdirSync(entry)) latest = Math.max(latest, newest(path.join(entry, child)));
  return latest;
}

const built = existsSync(STAMP) && existsSync(path.join('dist', 'index.html')) ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...SOURCES.map(newest)) > built) {
  console.log(built ? 'Sources changed since the last build: building…' : 'Building the app (first start)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, new Date().toISOString());
}

// The server's Node.js flags (server/node-flags.ts says why).
const flags = JSON.parse(readFileSync('server/node-flags.json', 'utf8'));
const server = spawn(process.execPath, [...flags, 'dist-server/main.js'], { stdio: 'inherit' });
// The server drains and exits on its own signal; forward ours and leave with its code. npm runs this script
// with `exec` (package.json), so the signal npm passes on reaches this process, and through it the server:
// none is left serving as an orphan.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

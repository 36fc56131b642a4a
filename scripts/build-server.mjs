#!/usr/bin/env node
// Compiles the server for production: server/main.ts and the operator CLI, bundled by esbuild into plain ES
// modules under dist-server/ (npm packages stay external and are loaded from node_modules), with the SQL
// migrations and the concurrent migrations copied beside them. The release then runs with `node`, no
// TypeScript loader.
//   node scripts/build-server.mjs [outDir]      default: dist-server
// Not under dist/: that folder is the SPA, served to browsers as static files.
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

// npm packages stay external, except their JSON files (country and language names): Node's ESM loader would
// need an import attribute to load those, so they are bundled.
const externalPackagesButJson = {
  name: 'external-packages-but-json',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.endsWith('.json') ? undefined : { external: true },
    );
  },
};

const outDir = path.resolve(process.argv[2] ?? 'dist-server');
rmSync(outDir, { recursive: true, force: true });

await build({
  entryPoints: { main: 'server/main.ts', cli: 'server/cli/main.ts' },
  outdir: outDir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  plugins: [externalPackagesButJson],
  sourcemap: true,
  logLevel: 'warning',
  legalComments: 'none',
});
// server/db/client.ts finds both folders beside its own module, which is main.js or cli.js (two whole
// bundles, no shared chunks, so that module is always at the top of outDir).
for (const folder of ['migrations', 'migrations-concurrent']) {
  cpSync(path.join('server/db', folder), path.join(outDir, folder), { recursive: true });
}
// Which commit this build is (server/version.ts says it in /healthz, the log and the metrics): GIT_COMMIT when
// the builder gives it (the image is built without .git), else git's own answer, else unknown.
const commitOf = () => {
  if (/^[0-9a-f]{7,40}$/i.test(process.env.GIT_COMMIT ?? ''))
    return process.env.GIT_COMMIT.slice(0, 12).toLowerCase();
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
};
writeFileSync(path.join(outDir, 'build-info.json'), `${JSON.stringify({ commit: commitOf() })}\n`);
console.log(`server built into ${path.relative(process.cwd(), outDir) || '.'}`);

/**
 * Fails when generated files drift from their sources: SQL migrations behind the Drizzle schema, or
 * docs/openapi.json behind the routes. Run by `npm run check`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApi } from './openapi';

const problems: string[] = [];

// drizzle-kit only takes an output folder relative to the project.
mkdirSync('.tmp', { recursive: true });
const tmp = path.relative(process.cwd(), mkdtempSync(path.join('.tmp', 'drift-')));
try {
  cpSync('server/db/migrations', tmp, { recursive: true });
  const before = readdirSync(tmp).filter((f) => f.endsWith('.sql'));
  const output = execFileSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './server/db/schema.ts', '--out', tmp],
    { stdio: 'pipe', encoding: 'utf8' },
  );
  const after = readdirSync(tmp).filter((f) => f.endsWith('.sql'));
  if (after.length !== before.length || !output.includes('No schema changes')) {
    problems.push(
      'server/db/schema.ts has changes without a migration: run `npm run db:generate` and commit it.',
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

let committed = '';
try {
  committed = readFileSync('docs/openapi.json', 'utf8');
} catch {
  committed = '';
}
if (committed !== (await generateOpenApi())) {
  problems.push('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
}

try {
  execFileSync('node', ['--import', 'tsx', 'scripts/workflow-diagram.ts', '--check'], { stdio: 'pipe' });
} catch {
  problems.push('docs/workflow.md is out of date: run `npm run docs:workflow` and commit it.');
}

if (problems.length) {
  console.error(problems.map((p) => `drift: ${p}`).join('\n'));
  process.exit(1);
}
console.log('No drift: migrations, OpenAPI description and workflow diagram match their sources.');

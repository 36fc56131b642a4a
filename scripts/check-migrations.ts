/**
 * Migration lint: migrations follow expand, then contract (docs/operations.md), as the release before stays
 * running beside the new schema during a rolling upgrade. squawk (the `squawk-cli` package) parses each
 * migration as PostgreSQL does; of its rules, this check refuses the ones that break the running release or
 * stop its writes, unless `server/db/migration-exemptions.json` exempts that migration from that rule with a
 * reason. The concurrent migrations must each be one named `CREATE INDEX CONCURRENTLY IF NOT EXISTS`.
 * Run by `npm run check`:
 *   node --import tsx scripts/check-migrations.ts [--migrations dir] [--concurrent dir] [--exemptions file]
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { concurrentIndexName, concurrentMigrationFiles } from '../server/db/migrate';

/** The squawk rules refused, and what each breaks. */
const RULES: Record<string, string> = {
  'ban-drop-column':
    'drops a column: the release still running reads or writes it. Stop using it in one release, drop it in a later one',
  'renaming-column':
    'renames a column: the release still running knows the old name. Add the new column, copy, switch, then drop the old one over several releases',
  'ban-drop-table':
    'drops a table: the release still running reads or writes it. Stop using it in one release, drop it in a later one',
  'renaming-table':
    'renames a table: the release still running knows the old name. Add the new table (or a view) first, drop the old one later',
  'adding-required-field':
    "adds a NOT NULL column without a default: the running release's inserts, which do not know it, fail. Give it a default, or add it nullable",
  'require-concurrent-index-creation':
    'builds an index on a table that existed before this migration, blocking its writes until built: make it a concurrent migration (server/db/migrations-concurrent/)',
  // Ours: squawk flags it only in a file of several statements, while Drizzle runs even a one-statement
  // migration in a transaction, where PostgreSQL refuses it.
  'concurrently-in-migration':
    'CREATE or DROP INDEX CONCURRENTLY cannot run in a migration (Drizzle runs them in a transaction): make it a concurrent migration (server/db/migrations-concurrent/)',
  'syntax-error': 'does not parse',
};

export interface Exemption {
  migration: string;
  rule: string;
  reason: string;
}

interface Finding {
  migration: string;
  rule: string;
  line: number;
  text: string;
}

interface SquawkViolation {
  file: string;
  line: number;
  rule_name: string;
  message: string;
}

/** squawk's findings of the refused rules in these files (every statement assumed inside a transaction). */
function squawk(files: readonly string[]): Finding[] {
  const { getBinaryPath } = createRequire(import.meta.url)('squawk-cli/js/index.js') as {
    getBinaryPath(): string;
  };
  const run = spawnSync(
    getBinaryPath(),
    ['--reporter', 'json', '--assume-in-transaction', '--pg-version', '15', ...files],
    { encoding: 'utf8', maxBuffer: 64 << 20 },
  );
  // 0: nothing found, 1: findings (in the JSON); anything else is squawk failing.
  if (run.error || (run.status !== 0 && run.status !== 1)) {
    throw new Error(`squawk failed (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr}`);
  }
  const sources = new Map(files.map((f) => [f, readFileSync(f, 'utf8').split('\n')]));
  return (JSON.parse(run.stdout || '[]') as SquawkViolation[])
    .filter((v) => v.rule_name in RULES)
    .map((v) => ({
      migration: path.basename(v.file, '.sql'),
      rule: v.rule_name,
      // squawk counts lines from 0.
      line: v.line + 1,
      text: v.rule_name === 'syntax-error' ? v.message : (sources.get(v.file)?.[v.line] ?? '').trim(),
    }));
}

const CONCURRENTLY = /\b(?:(?:CREATE\s+(?:UNIQUE\s+)?|DROP\s+)INDEX|REINDEX\b[^;]*?)\s+CONCURRENTLY\b/i;

/** The lines of a migration that build, drop or rebuild an index concurrently. */
function concurrentlyInMigration(file: string): Finding[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, i) =>
      !text.trimStart().startsWith('--') && CONCURRENTLY.test(text)
        ? [
            {
              migration: path.basename(file, '.sql'),
              rule: 'concurrently-in-migration',
              line: i + 1,
              text: text.trim(),
            },
          ]
        : [],
    );
}

/** What is wrong with the migrations and the exemptions; empty when the check passes. */
export function checkMigrations(opts: {
  migrationsFolder: string;
  concurrentFolder: string;
  exemptions: readonly Exemption[];
}): string[] {
  const problems: string[] = [];
  const files = readdirSync(opts.migrationsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(opts.migrationsFolder, f));
  const findings = [...(files.length > 0 ? squawk(files) : []), ...files.flatMap(concurrentlyInMigration)];

  const key = (e: { migration: string; rule: string }) => `${e.migration} ${e.rule}`;
  const exempted = new Map<string, Exemption>();
  for (const e of opts.exemptions) {
    const where = `exemption ${e.migration} / ${e.rule}`;
    if (!(e.rule in RULES) || e.rule === 'syntax-error') {
      problems.push(`${where}: no such rule (one of ${Object.keys(RULES).join(', ')})`);
    } else if (typeof e.reason !== 'string' || e.reason.trim().length < 20) {
      problems.push(`${where}: give the reason the migration may do this (a sentence)`);
    } else if (exempted.has(key(e))) {
      problems.push(`${where}: listed twice`);
    } else {
      exempted.set(key(e), e);
    }
  }

  const used = new Set<string>();
  for (const f of findings) {
    if (exempted.has(key(f))) {
      used.add(key(f));
      continue;
    }
    problems.push(
      `${path.join(opts.migrationsFolder, `${f.migration}.sql`)}:${f.line}: ${f.rule}: ${RULES[f.rule]}.\n    ${f.text}`,
    );
  }
  for (const e of exempted.values()) {
    if (!used.has(key(e))) {
      problems.push(`exemption ${e.migration} / ${e.rule}: the migration does nothing it exempts; remove it`);
    }
  }

  for (const file of concurrentMigrationFiles(opts.concurrentFolder)) {
    const where = path.join(opts.concurrentFolder, file);
    if (!/^\d{4}_[a-z0-9_]+\.sql$/.test(file)) problems.push(`${where}: name it NNNN_what_it_indexes.sql`);
    const parsed = concurrentIndexName(readFileSync(where, 'utf8'));
    if ('error' in parsed) problems.push(`${where}: ${parsed.error}`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      migrations: { type: 'string', default: 'server/db/migrations' },
      concurrent: { type: 'string', default: 'server/db/migrations-concurrent' },
      exemptions: { type: 'string', default: 'server/db/migration-exemptions.json' },
    },
  });
  const { exemptions } = JSON.parse(readFileSync(values.exemptions, 'utf8')) as { exemptions: Exemption[] };
  const problems = checkMigrations({
    migrationsFolder: values.migrations,
    concurrentFolder: values.concurrent,
    exemptions,
  });
  if (problems.length > 0) {
    console.error(problems.map((p) => `migration lint: ${p}`).join('\n'));
    console.error(
      `\nMigrations expand, then contract: docs/operations.md, "Migrations: expand, then contract". A migration` +
        ` that must do one of these anyway gets an entry with its reason in ${values.exemptions}.`,
    );
    process.exit(1);
  }
  console.log(
    'Migrations lint clean: nothing drops, renames, requires or blocks what the running release uses.',
  );
}

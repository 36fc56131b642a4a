import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkMigrations, type Exemption } from './check-migrations';

/** A migrations folder and a concurrent-migrations folder holding these files. */
function folders(migrations: Record<string, string>, concurrent: Record<string, string> = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'ukds-lint-'));
  const migrationsFolder = path.join(root, 'migrations');
  const concurrentFolder = path.join(root, 'migrations-concurrent');
  mkdirSync(migrationsFolder);
  mkdirSync(concurrentFolder);
  for (const [name, text] of Object.entries(migrations))
    writeFileSync(path.join(migrationsFolder, name), text);
  for (const [name, text] of Object.entries(concurrent))
    writeFileSync(path.join(concurrentFolder, name), text);
  return { root, migrationsFolder, concurrentFolder };
}

const BASE = {
  '0000_base.sql':
    'CREATE TABLE "orders" ("id" integer PRIMARY KEY, "ref" text NOT NULL, "email" text);--> statement-breakpoint\n' +
    // An index on a table the same migration creates is built before anyone writes to it.
    'CREATE INDEX "orders_ref_idx" ON "orders" USING btree ("ref");',
};

const VIOLATIONS = {
  '0001_drop_column.sql': 'ALTER TABLE "orders" DROP COLUMN "email";',
  '0002_rename_column.sql': 'ALTER TABLE "orders" RENAME COLUMN "email" TO "e_mail";',
  '0003_drop_table.sql': 'DROP TABLE "orders";',
  '0004_rename_table.sql': 'ALTER TABLE "orders" RENAME TO "sales_orders";',
  '0005_required_column.sql':
    'ALTER TABLE "orders" ADD COLUMN "placed_at" timestamp with time zone NOT NULL;',
  '0006_blocking_index.sql': 'CREATE INDEX IF NOT EXISTS orders_email_idx ON orders (email);',
  '0007_concurrent_in_transaction.sql':
    'CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_email_idx ON orders (email);',
};
const RULE_OF = {
  '0001_drop_column': 'ban-drop-column',
  '0002_rename_column': 'renaming-column',
  '0003_drop_table': 'ban-drop-table',
  '0004_rename_table': 'renaming-table',
  '0005_required_column': 'adding-required-field',
  '0006_blocking_index': 'require-concurrent-index-creation',
  '0007_concurrent_in_transaction': 'concurrently-in-migration',
};
const REASON = 'The table is new in this release and nothing reads it yet.';

describe('migration lint', () => {
  it('refuses each kind of change that breaks the running release or blocks its writes', () => {
    const { migrationsFolder, concurrentFolder } = folders({ ...BASE, ...VIOLATIONS });
    const problems = checkMigrations({ migrationsFolder, concurrentFolder, exemptions: [] });
    expect(problems).toHaveLength(Object.keys(RULE_OF).length);
    for (const [migration, rule] of Object.entries(RULE_OF)) {
      expect(
        problems.filter((p) => p.includes(`${migration}.sql:1: ${rule}:`)),
        migration,
      ).toHaveLength(1);
    }
    expect(problems.find((p) => p.includes('0001_drop_column'))).toContain(
      'ALTER TABLE "orders" DROP COLUMN "email";',
    );
  });

  it('accepts what the running release does not notice: new tables and their indexes, defaulted or nullable columns', () => {
    const { migrationsFolder, concurrentFolder } = folders(
      {
        ...BASE,
        '0001_expand.sql':
          'ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT \'web\' NOT NULL;--> statement-breakpoint\n' +
          'ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint\n' +
          'CREATE TABLE "refunds" ("id" integer PRIMARY KEY, "order_id" integer NOT NULL);--> statement-breakpoint\n' +
          'CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");',
      },
      {
        '0001_orders_email.sql':
          'CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_email_idx ON orders (email);',
      },
    );
    expect(checkMigrations({ migrationsFolder, concurrentFolder, exemptions: [] })).toEqual([]);
  });

  it('accepts a violation its migration is exempted from, with a reason', () => {
    const { migrationsFolder, concurrentFolder } = folders({ ...BASE, ...VIOLATIONS });
    const exemptions: Exemption[] = Object.entries(RULE_OF).map(([migration, rule]) => ({
      migration,
      rule,
      reason: REASON,
    }));
    expect(checkMigrations({ migrationsFolder, concurrentFolder, exemptions })).toEqual([]);
  });

  it('refuses an exemption without a reason, of an unknown rule, or that exempts nothing', () => {
    const { migrationsFolder, concurrentFolder } = folders({
      ...BASE,
      '0001_drop_column.sql': VIOLATIONS['0001_drop_column.sql'],
    });
    const problems = checkMigrations({
      migrationsFolder,
      concurrentFolder,
      exemptions: [
        { migration: '0001_drop_column', rule: 'ban-drop-column', reason: 'needed' },
        { migration: '0001_drop_column', rule: 'prefer-robust-stmts', reason: REASON },
        { migration: '0000_base', rule: 'ban-drop-table', reason: REASON },
      ],
    });
    expect(problems).toEqual([
      'exemption 0001_drop_column / ban-drop-column: give the reason the migration may do this (a sentence)',
      expect.stringMatching(/^exemption 0001_drop_column \/ prefer-robust-stmts: no such rule/),
      expect.stringContaining('0001_drop_column.sql:1: ban-drop-column:'),
      'exemption 0000_base / ban-drop-table: the migration does nothing it exempts; remove it',
    ]);
  });

  it('refuses a concurrent migration that is not one named CREATE INDEX CONCURRENTLY IF NOT EXISTS', () => {
    const { migrationsFolder, concurrentFolder } = folders(BASE, {
      '0001_orders_email.sql': 'CREATE INDEX CONCURRENTLY orders_email_idx ON orders (email);',
      'orders-ref.sql': 'CREATE INDEX CONCURRENTLY IF NOT EXISTS orders_ref2_idx ON orders (ref);',
    });
    expect(checkMigrations({ migrationsFolder, concurrentFolder, exemptions: [] })).toEqual([
      expect.stringMatching(/0001_orders_email\.sql: a concurrent migration must be exactly one/),
      expect.stringMatching(/orders-ref\.sql: name it NNNN_what_it_indexes\.sql/),
    ]);
  });

  it("passes on the repository's migrations with their exemptions", () => {
    const { exemptions } = JSON.parse(readFileSync('server/db/migration-exemptions.json', 'utf8')) as {
      exemptions: Exemption[];
    };
    expect(
      checkMigrations({
        migrationsFolder: 'server/db/migrations',
        concurrentFolder: 'server/db/migrations-concurrent',
        exemptions,
      }),
    ).toEqual([]);
  });

  it('fails `npm run check` loudly on a new violating migration', async () => {
    const { root, migrationsFolder, concurrentFolder } = folders({
      ...BASE,
      '0001_drop_column.sql': VIOLATIONS['0001_drop_column.sql'],
    });
    const exemptions = path.join(root, 'exemptions.json');
    writeFileSync(exemptions, JSON.stringify({ exemptions: [] }));
    const run = promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      'scripts/check-migrations.ts',
      '--migrations',
      migrationsFolder,
      '--concurrent',
      concurrentFolder,
      '--exemptions',
      exemptions,
    ]);
    await expect(run).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('0001_drop_column.sql:1: ban-drop-column: drops a column'),
    });
  });
});

/**
 * Every transaction a service starts goes through client.ts `transaction(db, work)`, which applies the deadlock
 * retry (retry.ts) on PostgreSQL: a direct `db.transaction(…)` would run without it and give the user a 503
 * where running it again would have succeeded. Drizzle's method stays available; this keeps it out of the app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('transactions', () => {
  it('start through transaction(db, work) everywhere but client.ts, which wraps Drizzle’s method', () => {
    const direct = sources(root).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\.transaction\(/.test(line) ? [`${path.relative(root, file)}:${i + 1}`] : [],
        ),
    );
    expect(direct.filter((where) => !where.startsWith(`db${path.sep}client.ts:`))).toEqual([]);
    expect(direct.length).toBeGreaterThan(0);
  });
});

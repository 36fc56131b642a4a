/**
 * Two transactions that lock the same rows in opposite orders: PostgreSQL rolls one back with a deadlock
 * (40P01). The app's `db.transaction` runs the loser again, so both commit (retry.ts); the raw error, as it
 * would reach the app after the last attempt (Drizzle's wrapper around the driver's), is classed as "try
 * again" (a 503, docs/decisions/resilience.md), never a 500. PGlite has one connection and cannot deadlock.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, freshDatabase } from '../test/harness';
import { type Database, type Db, isDatabaseUnavailable, type Tx, transaction } from './client';
import { isTransactionConflict } from './retry';
import { users } from './schema';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/**
 * Runs two transactions that close a circle: the first renames user A then B, the second B then A, each
 * waiting for the other to hold its first row. Answers both outcomes and how often each callback ran.
 */
async function closeACircle(
  run: (work: (tx: Tx) => Promise<void>) => Promise<void>,
  ids: [number, number],
  names: [string, string],
) {
  const runs = [0, 0];
  let firstHolds!: () => void;
  const firstReady = new Promise<void>((resolve) => {
    firstHolds = resolve;
  });
  let secondHolds!: () => void;
  const secondReady = new Promise<void>((resolve) => {
    secondHolds = resolve;
  });
  const rename = (tx: Tx, id: number, name: string) => tx.update(users).set({ name }).where(eq(users.id, id));
  const outcomes = await Promise.allSettled([
    run(async (tx) => {
      runs[0]++;
      await rename(tx, ids[0], names[0]);
      firstHolds();
      await secondReady;
      await rename(tx, ids[1], names[0]);
    }),
    run(async (tx) => {
      runs[1]++;
      await firstReady;
      await rename(tx, ids[1], names[1]);
      secondHolds();
      // Give the first a moment to queue behind this row before closing the circle.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await rename(tx, ids[0], names[1]);
    }),
  ]);
  return { outcomes, runs };
}

describe.runIf(onPostgres)('a deadlock between two transactions', () => {
  let database: Database;
  let ids: [number, number];
  beforeAll(async () => {
    database = await freshDatabase();
    ids = [(await buildUser(database)).id, (await buildUser(database)).id];
  });
  afterAll(() => database.close());

  it('rolls one back whole, and its error reads as a conflict and as "try again"', async () => {
    // A handle without the app's retry: the loser's error as PostgreSQL and Drizzle give it.
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const raw = drizzle(pool) as unknown as Db;
      const { outcomes } = await closeACircle((work) => raw.transaction(work), ids, [
        'Raw First',
        'Raw Second',
      ]);
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed).toHaveLength(1);
      const error = (failed[0] as PromiseRejectedResult).reason as Error & { cause?: { code?: string } };
      expect(error.cause?.code ?? (error as { code?: string }).code).toBe('40P01');
      expect(isTransactionConflict(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("runs the loser again through the app's handle: both commit, the loser's work last", async () => {
    const before = database.conflictCounts?.() ?? { retried: 0, gaveUp: 0 };
    const { outcomes, runs } = await closeACircle((work) => transaction(database.db, work), ids, [
      'Retry First',
      'Retry Second',
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of the two ran twice; the other once.
    expect([...runs].sort()).toEqual([1, 2]);
    const after = database.conflictCounts?.();
    expect(after).toEqual({ retried: before.retried + 1, gaveUp: before.gaveUp });
    // Whichever ran again wrote both rows after the other had committed: both rows carry its name.
    const loser = runs[0] === 2 ? 'Retry First' : 'Retry Second';
    const rows = await database.db.select({ name: users.name }).from(users).where(inArray(users.id, ids));
    expect(rows.map((r) => r.name)).toEqual([loser, loser]);
  });

  it('leaves a transaction that fails for another reason alone (it runs once)', async () => {
    let runs = 0;
    await expect(
      transaction(database.db, async (tx) => {
        runs++;
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});

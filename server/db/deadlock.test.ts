/**
 * Two transactions that lock the same rows in opposite orders: PostgreSQL rolls one back with a deadlock
 * (40P01). The error as it reaches the app (Drizzle's wrapper around the driver's) is classed as "try again"
 * (a 503, docs/decisions/resilience.md), never a 500. PGlite has one connection and cannot deadlock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, freshDatabase } from '../test/harness';
import { type Database, isDatabaseUnavailable, type Tx } from './client';
import { users } from './schema';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

describe.runIf(onPostgres)('a deadlock between two transactions', () => {
  let database: Database;
  let ids: [number, number];
  beforeAll(async () => {
    database = await freshDatabase();
    ids = [(await buildUser(database)).id, (await buildUser(database)).id];
  });
  afterAll(() => database.close());

  it('rolls one back whole, and the app reads its error as "try again"', async () => {
    let firstHolds!: () => void;
    const firstReady = new Promise<void>((resolve) => {
      firstHolds = resolve;
    });
    const touch = (tx: Tx, id: number) =>
      tx
        .update(users)
        .set({ name: sql`${users.name}` })
        .where(eq(users.id, id));
    let secondHolds!: () => void;
    const secondReady = new Promise<void>((resolve) => {
      secondHolds = resolve;
    });
    const outcomes = await Promise.allSettled([
      database.db.transaction(async (tx) => {
        await touch(tx, ids[0]);
        firstHolds();
        await secondReady;
        await touch(tx, ids[1]);
      }),
      database.db.transaction(async (tx) => {
        await firstReady;
        await touch(tx, ids[1]);
        secondHolds();
        // Give the first a moment to queue behind this row before closing the circle.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await touch(tx, ids[0]);
      }),
    ]);
    const failed = outcomes.filter((o) => o.status === 'rejected');
    expect(failed).toHaveLength(1);
    const error = (failed[0] as PromiseRejectedResult).reason as Error & { cause?: { code?: string } };
    expect(error.cause?.code ?? (error as { code?: string }).code).toBe('40P01');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

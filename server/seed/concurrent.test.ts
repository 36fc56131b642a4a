import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, fromPostgres } from '../db/client';
import { orderItems, users } from '../db/schema';
import { freshDatabase } from '../test/harness';
import { seedDemoIfEmpty } from './demo';

// Two instances starting at once on one empty database: on PostgreSQL two pools (as two processes would
// have), on PGlite the one handle twice (it is one process). Exactly one seeds; the other finds it done.
let first: Database;
let second: Database;
beforeAll(async () => {
  first = await freshDatabase();
  second = first.url ? fromPostgres(first.url, 2) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

describe('seeding the demo from two instances at once', () => {
  it('seeds once: one instance seeds, the other waits and finds the demo there', async () => {
    const results = await Promise.all([seedDemoIfEmpty(first.db), seedDemoIfEmpty(second.db)]);
    expect(results.sort()).toEqual([false, true]);
    const [{ n }] = await first.db.select({ n: count() }).from(users);
    expect(n).toBe(3);
    const [{ items }] = await first.db.select({ items: count() }).from(orderItems);
    expect(items).toBeGreaterThan(100);
  }, 60_000);
});

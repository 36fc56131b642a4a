/**
 * readsSideBySide: on the pool the reads start together; on a transaction (one connection) one after another,
 * so node-postgres never gets a query while another runs on the same client (deprecated, refused by pg@9).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveCustomerMessage, showConversation } from '../services/conversations/conversations';
import { freshDatabase } from '../test/harness';
import type { Database } from './client';
import { readsSideBySide } from './reads';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

/** A read that logs when it starts and ends, and takes a few milliseconds of the database's time. */
function tracedRead(log: string[], name: string, run: () => Promise<unknown>) {
  return async () => {
    log.push(`${name} start`);
    const rows = await run();
    log.push(`${name} end`);
    return rows;
  };
}

describe('reads side by side', () => {
  it('on the pool, starts every read before any has answered, and answers in the order given', async () => {
    const log: string[] = [];
    const { db } = database;
    const answers = await readsSideBySide(db, [
      tracedRead(log, 'a', () => db.execute(sql`select pg_sleep(0.01), 1 as n`)),
      tracedRead(log, 'b', () => db.execute(sql`select 2 as n`)),
    ]);
    expect(log.slice(0, 2)).toEqual(['a start', 'b start']);
    expect(answers.map((a) => (a as { rows: { n: number }[] }).rows[0].n)).toEqual([1, 2]);
  });

  it('on a transaction, starts each read once the one before has answered', async () => {
    const log: string[] = [];
    const answers = await database.db.transaction((tx) =>
      readsSideBySide(tx, [
        tracedRead(log, 'a', () => tx.execute(sql`select pg_sleep(0.01), 1 as n`)),
        tracedRead(log, 'b', () => tx.execute(sql`select 2 as n`)),
      ]),
    );
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
    expect(answers.map((a) => (a as { rows: { n: number }[] }).rows[0].n)).toEqual([1, 2]);
  });

  it('a conversation read inside a transaction sends node-postgres one query at a time (no deprecation warning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const { id } = await receiveCustomerMessage(database.db, {
        email: 'side-by-side@example.test',
        name: 'Side By Side',
        subject: 'Reads in a transaction',
        content: 'Hello',
      });
      const shown = await database.db.transaction((tx) => showConversation(tx, id));
      expect(shown.conversation.messages).toHaveLength(1);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
  });
});

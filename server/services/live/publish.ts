/**
 * Tells every app instance of a change, inside the transaction that makes it: a NOTIFY on the live-update
 * channel (server/live/channel.ts) is delivered when the transaction commits and dropped when it rolls back.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { LIVE_CHANNEL, type LiveChange } from '../../live/channel';

/** Announces a change to every app instance listening on the database. */
export async function publishChange(tx: Db | Tx, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * An expression that announces `changes`, in order, when PostgreSQL evaluates it (its value: how many), for a
 * statement the transaction runs anyway to carry them instead of a round trip each: put in an UPDATE's
 * RETURNING, it is evaluated once for each row the statement changes. Delivered at the commit, as publishChange's.
 */
export function announceSql(changes: readonly LiveChange[]): SQL<number> {
  const messages = changes.map((change) => JSON.stringify(change));
  return sql<number>`(select count(pg_notify(${LIVE_CHANNEL}, m)) from unnest(${sql.param(messages)}::text[]) as m)`;
}

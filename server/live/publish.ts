/**
 * Messages on the live-update channel. A NOTIFY sent inside a transaction is delivered when it commits (and
 * dropped when it rolls back), so listeners never hear of a change that did not happen.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const LIVE_CHANNEL = 'ukds_live';

/** A change hint: open screens showing this refetch it. */
export interface LiveChange {
  topic: 'order_item' | 'fco_batch' | 'conversation' | 'canned_reply' | 'cart' | 'notification';
  id?: number | string;
  /** Only this user needs to hear it (notifications). */
  userId?: number;
}

/**
 * Sessions that ended (sign-out, deactivation, password change, expiry purge): every instance closes their
 * streams. Sent by a trigger on `sessions` (migration 0025), not by the app.
 */
export interface SessionsEnded {
  topic: 'session_ended';
  /** Session ids (the SHA-256 of the cookie token, as stored), never the tokens. */
  sessionIds: string[];
}

export type LiveMessage = LiveChange | SessionsEnded;

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

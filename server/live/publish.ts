/**
 * Change hints for live updates. A NOTIFY sent inside a transaction is delivered when it commits (and
 * dropped when it rolls back), so listeners never hear of a change that did not happen.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const LIVE_CHANNEL = 'ukds_live';

export interface LiveChange {
  topic: 'order_item' | 'fco_batch' | 'conversation' | 'cart' | 'notification';
  id?: number | string;
  /** Only this user needs to hear it (notifications). */
  userId?: number;
}

/** Announces a change to every app instance listening on the database. */
export async function publishChange(tx: Db | Tx, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * Messages on the live-update channel. A NOTIFY sent inside a transaction is delivered when it commits (and
 * dropped when it rolls back), so listeners never hear of a change that did not happen.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';

export const LIVE_CHANNEL = 'ukds_live';

/** A change hint: open screens showing this refetch it. */
export interface LiveChange {
  topic: 'order_item' | 'fco_batch' | 'conversation' | 'canned_reply' | 'cart' | 'notification';
  id?: number | string;
  /** Only this user needs to hear it (notifications). */
  userId?: number;
}

/** Sessions that ended (sign-out, deactivation, password change): every instance closes their streams. */
export interface SessionsEnded {
  topic: 'session_ended';
  /** Session ids (the SHA-256 of the cookie token, as stored), never the tokens. */
  sessionIds: string[];
}

export type LiveMessage = LiveChange | SessionsEnded;

/** NOTIFY payloads are limited to 8000 bytes; 64-character ids in batches of 100 stay well under. */
const IDS_PER_MESSAGE = 100;

/** Announces a change to every app instance listening on the database. */
export async function publishChange(tx: Db | Tx, change: LiveChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
}

/** Tells every app instance that these sessions are over, so their event streams close. */
export async function publishSessionsEnded(tx: Db | Tx, sessionIds: readonly string[]): Promise<void> {
  for (let i = 0; i < sessionIds.length; i += IDS_PER_MESSAGE) {
    const message: SessionsEnded = {
      topic: 'session_ended',
      sessionIds: sessionIds.slice(i, i + IDS_PER_MESSAGE),
    };
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
  }
}

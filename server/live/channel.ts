/**
 * Messages on the live-update channel: services send them (services/live/publish.ts), every instance's hub
 * hears them (hub.ts). A NOTIFY sent inside a transaction is delivered when it commits (and dropped when it
 * rolls back), so listeners never hear of a change that did not happen.
 */

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

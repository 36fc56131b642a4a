/**
 * Server-side sessions. The browser holds a random token in an HttpOnly cookie; the database holds its
 * SHA-256, the CSRF synchronizer token and the timestamps that enforce the idle and absolute timeouts. The
 * reads and writes are services/auth/sessions.ts; here are the timeouts, the shapes and the CSRF check.
 */
import { timingSafeEqual } from 'node:crypto';

export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: 'admin' | 'orderer';
  isOrderer: boolean;
}

export interface ActiveSession {
  id: string;
  csrfToken: string;
  user: SessionUser;
  /** When the session ends unless it is used again: the idle timeout or the absolute one, whichever is first. */
  endsAt: Date;
}

/** Constant-time comparison of the CSRF token a request sent with the session's. */
export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The state between a right password and the second factor (docs/decisions/mfa.md): no session yet, only a
 * signed, HttpOnly cookie naming the user, when the password was accepted and whether enrolment is owed.
 * It lasts five minutes and allows nothing but the second-factor calls (POST /session/mfa, and
 * POST /session/mfa/enrolment when enrolment is owed).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const MFA_PENDING_COOKIE = 'ukds_mfa_pending';
export const MFA_PENDING_MS = 5 * 60 * 1000;

export interface MfaPending {
  userId: number;
  /** The policy asked for a second factor the user does not have yet: enrol first. */
  enrol: boolean;
}

const cookieOptions = (secure: boolean) => ({
  path: '/api/v1/session',
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  signed: true,
});

/** Starts the pending state after a right password. */
export function setMfaPending(reply: FastifyReply, pending: MfaPending, secure: boolean, now = Date.now()) {
  reply.setCookie(MFA_PENDING_COOKIE, `${pending.userId}.${now}.${pending.enrol ? 1 : 0}`, {
    ...cookieOptions(secure),
    maxAge: MFA_PENDING_MS / 1000,
  });
}

/** Ends the pending state (signed in, or gave up). */
export function clearMfaPending(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(MFA_PENDING_COOKIE, cookieOptions(secure));
}

/** The pending state a request's cookie names, else 401 (none, forged or older than five minutes). */
export function requireMfaPending(request: FastifyRequest, now = Date.now()): MfaPending {
  const raw = request.cookies[MFA_PENDING_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  const [userId, issuedAt, enrol] = unsigned?.valid && unsigned.value ? unsigned.value.split('.') : [];
  const age = now - Number(issuedAt);
  if (!userId || !Number.isSafeInteger(Number(userId)) || !(age >= 0 && age < MFA_PENDING_MS))
    throw new AppError('unauthenticated', 'Sign in with your password again.');
  return { userId: Number(userId), enrol: enrol === '1' };
}

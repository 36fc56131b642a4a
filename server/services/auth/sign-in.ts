/**
 * Sign-in with throttling (policy and reasons: docs/security.md, "Sign-in throttling"). Attempts are counted
 * in PostgreSQL so every app instance sees them.
 *
 * Each attempt first records itself in sign_in_failures and only then counts the attempts in the window,
 * its own included. That makes the limit hold under concurrency without locks, on PGlite and PostgreSQL
 * alike: of any set of attempts, the one whose row commits last counts every other row, so at most
 * MAX_FAILURES_PER_PAIR of them can see a count within the limit and go on to check a password. A refused
 * attempt removes its row again (it checked nothing); a checked one keeps it as a failure unless it succeeds.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { hashPassword, needsRehash, verifyDecoy, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { signInFailures, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record';
import { findUserByEmail, type UserRow } from '../users/users';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts one client address may make on one account in the window (password guessing). */
export const MAX_FAILURES_PER_PAIR = 5;
/** Failed attempts one client address may make on all accounts together (password spraying). */
export const MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Failed attempts on one account from all addresses together after which every attempt on it is slowed
 * down. Never a refusal: a refusal here would let anyone with a few addresses lock the real user out.
 */
export const ACCOUNT_SLOWDOWN_AFTER = 50;
export const ACCOUNT_SLOWDOWN_MS = 2000;

export interface SignInOptions {
  now?: Date;
  /** Extra wait per attempt on an account over ACCOUNT_SLOWDOWN_AFTER (tests shorten it). */
  accountSlowDownMs?: number;
  /** Where a distributed attack on one account is reported for operators. */
  log?: { warn(fields: object, message: string): void };
  /** The client's user agent, for the audit row. */
  userAgent?: string;
}

const tooMany = () =>
  new AppError('too_many_attempts', 'Too many failed sign-ins. Wait 15 minutes and try again.');

/** Checks the credentials; too many recent failures for the account from this address, or from this address at all, answer 429 first. */
export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string },
  options: SignInOptions = {},
): Promise<UserRow> {
  const now = options.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const { ip } = input;
  const actor = { actorId: null, ip, userAgent: options.userAgent?.slice(0, 500) ?? null };
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);

  const [attempt] = await db
    .insert(signInFailures)
    .values({ email, ip, createdAt: now })
    .returning({ id: signInFailures.id });
  const [counts] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${signInFailures.email} = ${email} and ${signInFailures.ip} = ${ip})`.mapWith(
        Number,
      ),
      address: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip})`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${signInFailures.email} = ${email})`.mapWith(Number),
    })
    .from(signInFailures)
    .where(
      and(
        gt(signInFailures.createdAt, since),
        or(eq(signInFailures.email, email), eq(signInFailures.ip, ip)),
      ),
    );
  // The counts include this attempt's own row, hence `>`.
  if (counts.pair > MAX_FAILURES_PER_PAIR || counts.address > MAX_FAILURES_PER_ADDRESS) {
    await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
    await recordAudit(db, actor, {
      kind: 'sign_in.throttled',
      targetType: 'user',
      summary: 'Sign-in refused: too many failed attempts',
    });
    throw tooMany();
  }
  if (counts.account > ACCOUNT_SLOWDOWN_AFTER) {
    options.log?.warn(
      { email, failures: counts.account },
      'many failed sign-ins for one account from many addresses: slowing its attempts down',
    );
    await new Promise((resolve) => setTimeout(resolve, options.accountSlowDownMs ?? ACCOUNT_SLOWDOWN_MS));
  }

  // Every refusal below costs one real argon2 verification, so its timing says nothing about the account:
  // an unknown e-mail verifies a decoy hash, a deactivated account its own hash.
  const user = await findUserByEmail(db, email);
  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDecoy(input.password);
  if (!user?.active || !passwordMatches) {
    await recordAudit(db, user ? { ...actor, actorId: user.id } : actor, {
      kind: 'sign_in.failed',
      targetType: 'user',
      targetId: user?.id,
      summary: !user
        ? 'Sign-in failed: unknown e-mail address'
        : user.active
          ? 'Sign-in failed: wrong password'
          : 'Sign-in failed: account deactivated',
    });
    throw new AppError('invalid_credentials', 'Wrong e-mail or password.');
  }
  // Success clears this address's failures on the account (its own attempt row among them); other
  // addresses' failures stay counted.
  await db.delete(signInFailures).where(and(eq(signInFailures.email, email), eq(signInFailures.ip, ip)));
  // A hash made with older settings (passwords.ts) is remade with today's, now that the password is known.
  // Only the hash changes: the sessions stay, and so does the user's `updated_at` (nothing they see changed).
  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    return { ...user, passwordHash };
  }
  return user;
}

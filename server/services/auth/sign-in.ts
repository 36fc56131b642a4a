/** Sign-in with throttling: failures are counted in PostgreSQL so every app instance sees them. */
import { and, count, eq, gt } from 'drizzle-orm';
import { verifyDecoy, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { AppError } from '../../errors';
import { findUserByEmail, type UserRow } from '../users/users';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

/** Checks the credentials; too many recent failures for the e-mail or the address answer 429 first. */
export async function signIn(
  db: Db,
  input: { email: string; password: string; ip: string },
  now = new Date(),
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [[byEmail], [byIp]] = await Promise.all([
    db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since))),
    db
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.ip, input.ip), gt(signInFailures.createdAt, since))),
  ]);
  if (byEmail.n >= MAX_FAILURES_PER_EMAIL || byIp.n >= MAX_FAILURES_PER_IP) {
    throw new AppError('too_many_attempts', 'Too many failed sign-ins. Wait 15 minutes and try again.');
  }
  const user = await findUserByEmail(db, email);
  const ok = user?.active ? await verifyPassword(user.passwordHash, input.password) : false;
  if (!user) await verifyDecoy(input.password);
  if (!user || !ok) {
    await db.insert(signInFailures).values({ email, ip: input.ip, createdAt: now });
    throw new AppError('invalid_credentials', 'Wrong e-mail or password.');
  }
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
  return user;
}

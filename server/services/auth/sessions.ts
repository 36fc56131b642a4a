/**
 * Server-side sessions in the database: started at sign-in, found by the cookie token on every request,
 * extended as they are used, ended by sign-out, deactivation, a password change or the retention job. The
 * table holds the token's SHA-256, never the token (server/auth/sessions.ts has the timeouts and shapes).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { forgetSessions } from '../../auth/session-cache';
import { ABSOLUTE_TIMEOUT_MS, type ActiveSession, IDLE_TIMEOUT_MS } from '../../auth/sessions';
import { type Db, type Tx, transaction } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { sessions, users } from '../../db/schema';
import { notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { deviceOf } from './device';

/** last_seen_at is written at most this often, so reads do not all turn into writes. */
const TOUCH_EVERY_MS = 60 * 1000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session for a user; returns the cookie token (never stored) and the CSRF token. */
export async function createSession(
  db: Db | Tx,
  userId: number,
  meta: { ip?: string; userAgent?: string },
  now = new Date(),
): Promise<{ token: string; csrfToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sha256(token),
    userId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
  });
  return { token, csrfToken };
}

/** The session lookup every request makes. */
const lookup = preparedStatement((db) =>
  db
    .select({
      id: sessions.id,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isOrderer: users.isOrderer,
      active: users.active,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('session_lookup'),
);

/** The live session for a cookie token, or null when unknown, idle too long, expired or the user is inactive. */
export async function findSession(db: Db, token: string, now = new Date()): Promise<ActiveSession | null> {
  const id = sha256(token);
  const [row] = await lookup(db).execute({ id });
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  if (!row.active || idle || row.expiresAt.getTime() <= now.getTime()) {
    await endSessions(db, [id]);
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    lastSeenAt = now;
  }
  return {
    id: row.id,
    csrfToken: row.csrfToken,
    user: { id: row.userId, name: row.name, email: row.email, role: row.role, isOrderer: row.isOrderer },
    endsAt: endOf({ lastSeenAt, expiresAt: row.expiresAt }),
  };
}

const endOf = (row: { lastSeenAt: Date; expiresAt: Date }) =>
  new Date(Math.min(row.lastSeenAt.getTime() + IDLE_TIMEOUT_MS, row.expiresAt.getTime()));

/**
 * When a session ends unless used again, read afresh (another request may have extended it); null when it
 * has ended or its user was deactivated. Open event streams check it at the deadline they were given.
 */
export async function sessionEndsAt(db: Db, id: string): Promise<Date | null> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, active: users.active })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  return row?.active ? endOf(row) : null;
}

/**
 * Deletes sessions by id. A trigger (migration 0025) tells every instance at commit, so their event streams
 * close and their session caches forget them; this instance's cache forgets them at once.
 */
async function endSessions(db: Db | Tx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(sessions).where(inArray(sessions.id, [...ids]));
  forgetSessions(ids);
}

/** Ends the session a cookie token names (no-op when unknown). */
export async function destroySession(db: Db, token: string): Promise<void> {
  await endSessions(db, [sha256(token)]);
}

/** Ends every session of a user at once (deactivation, password reset); told as endSessions does. */
export async function destroyUserSessions(db: Db | Tx, userId: number): Promise<void> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  forgetSessions(ended.map((s) => s.id));
}

/** Removes sessions past either timeout; run from the job worker. */
export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - IDLE_TIMEOUT_MS))),
    );
}

/** Starts a session after every factor was checked, and records the sign-in. */
export async function beginSession(
  db: Db,
  user: { id: number; name: string },
  actor: AuditActor,
  how: 'password' | 'password and code',
) {
  return transaction(db, async (tx) => {
    const started = await createSession(tx, user.id, {
      ip: actor.ip ?? undefined,
      userAgent: actor.userAgent ?? undefined,
    });
    await recordAudit(
      tx,
      { ...actor, actorId: user.id },
      {
        kind: 'sign_in.succeeded',
        targetType: 'user',
        targetId: user.id,
        summary: `${user.name} signed in with ${how}`,
      },
    );
    return started;
  });
}

/** Ends the session a cookie token names and records the sign-out (nothing when it had already ended). */
export async function signOut(db: Db, token: string, actor: AuditActor): Promise<void> {
  const id = sha256(token);
  const ended = await db.delete(sessions).where(eq(sessions.id, id)).returning({ userId: sessions.userId });
  forgetSessions([id]);
  if (ended.length > 0)
    await recordAudit(db, actor, {
      kind: 'sign_out',
      targetType: 'user',
      targetId: ended[0].userId,
      summary: 'Signed out',
    });
}

/** The reference a session is shown by: derived from its key, so it names the session but opens nothing. */
const sessionRef = (id: string) =>
  createHash('sha256').update(`ukds-session-ref:${id}`).digest('hex').slice(0, 32);

/** A user's live sessions, the one asking marked, most recently used first. */
export async function listUserSessions(
  db: Db,
  userId: number,
  currentId: string | undefined,
  now = new Date(),
) {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        sql`${sessions.expiresAt} > ${now}`,
        sql`${sessions.lastSeenAt} > ${new Date(now.getTime() - IDLE_TIMEOUT_MS)}`,
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return {
    sessions: rows.map((s) => ({
      id: sessionRef(s.id),
      device: deviceOf(s.userAgent),
      ip: s.ip,
      created_at: s.createdAt.toISOString(),
      last_seen_at: s.lastSeenAt.toISOString(),
      current: s.id === currentId,
    })),
  };
}

/** Ends one of the user's own sessions, named by its reference; 404 when it is not one of theirs. */
export async function endOwnSession(db: Db, userId: number, ref: string, actor: AuditActor) {
  const own = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  const match = own.find((s) => sessionRef(s.id) === ref);
  if (!match) throw notFound('Session');
  await transaction(db, async (tx) => {
    await endSessions(tx, [match.id]);
    await recordAudit(tx, actor, {
      kind: 'session.ended',
      targetType: 'session',
      targetId: ref,
      summary: 'Signed out one of their own sessions',
    });
  });
  return { ended: 1 };
}

/** Ends every session of a user (admins: "Sign out everywhere"); 404 for an unknown user. */
export async function endAllUserSessions(db: Db, userId: number, actor: AuditActor) {
  return transaction(db, async (tx) => {
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    forgetSessions(ended.map((s) => s.id));
    await recordAudit(tx, actor, {
      kind: 'session.ended',
      targetType: 'user',
      targetId: userId,
      summary: `Signed ${user.name} out everywhere (${ended.length} session${ended.length === 1 ? '' : 's'})`,
    });
    return { ended: ended.length };
  });
}

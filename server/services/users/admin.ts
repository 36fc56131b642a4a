/** The user admin screen's operations (admins only, enforced by the routes' guard). */
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userMfa, users } from '../../db/schema';
import { invalidInput, notFound } from '../../errors';
import type { AuditActor } from '../audit/record';
import { mfaEnabled } from '../auth/mfa';
import { createUser, type NewUser, type UserChanges, type UserRow, updateUser } from './users';

/** A user as the admin screen shows them (never the hash). */
export const userWire = (u: UserRow, mfa = false) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  is_orderer: u.isOrderer,
  active: u.active,
  mfa_enabled: mfa,
  created_at: u.createdAt.toISOString(),
});

/** Every account, active first, by name. */
export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.name), asc(users.id));
  const withMfa = await db
    .select({ userId: userMfa.userId })
    .from(userMfa)
    .where(isNotNull(userMfa.enabledAt));
  const enabled = new Set(withMfa.map((r) => r.userId));
  return {
    users: rows
      .map((u) => userWire(u, enabled.has(u.id)))
      .sort((a, b) => Number(b.active) - Number(a.active)),
  };
}

/** Creates an account. */
export async function adminCreateUser(db: Db, input: NewUser, actor: AuditActor) {
  return { user: userWire(await createUser(db, input, actor)) };
}

/** Changes name, role, orderer flag or active; an admin cannot lock themself out. */
export async function adminUpdateUser(
  db: Db,
  actor: AuditActor & { actorId: number },
  userId: number,
  input: Omit<UserChanges, 'password'>,
) {
  if (
    userId === actor.actorId &&
    (input.active === false || (input.role !== undefined && input.role !== 'admin'))
  ) {
    throw invalidInput('You cannot deactivate yourself or remove your own admin role.', [
      { field: input.active === false ? 'active' : 'role', message: 'Ask another admin to do this.' },
    ]);
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!existing) throw notFound('User');
  const { name, role, is_orderer, active } = input;
  const row = await updateUser(db, userId, { name, role, is_orderer, active }, actor);
  return { user: userWire(row, await mfaEnabled(db, userId)) };
}

/** Sets a new password; the user's sessions end at once. */
export async function resetPassword(db: Db, userId: number, password: string, actor: AuditActor) {
  const row = await updateUser(db, userId, { password }, actor);
  return { user: userWire(row, await mfaEnabled(db, userId)) };
}

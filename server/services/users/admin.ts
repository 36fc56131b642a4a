/** The user admin screen's operations (admins only, enforced by the routes' guard). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { invalidInput, notFound } from '../../errors';
import { createUser, type NewUser, type UserChanges, type UserRow, updateUser } from './users';

/** A user as the admin screen shows them (never the hash). */
export const userWire = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  is_orderer: u.isOrderer,
  active: u.active,
  created_at: u.createdAt.toISOString(),
});

/** Every account, active first, by name. */
export async function listUsers(db: Db) {
  const rows = await db.select().from(users).orderBy(asc(users.name), asc(users.id));
  return { users: rows.map(userWire).sort((a, b) => Number(b.active) - Number(a.active)) };
}

/** Creates an account. */
export async function adminCreateUser(db: Db, input: NewUser) {
  return { user: userWire(await createUser(db, input)) };
}

/** Changes name, role, orderer flag or active; an admin cannot lock themself out. */
export async function adminUpdateUser(
  db: Db,
  actingUserId: number,
  userId: number,
  input: Omit<UserChanges, 'password'>,
) {
  if (
    userId === actingUserId &&
    (input.active === false || (input.role !== undefined && input.role !== 'admin'))
  ) {
    throw invalidInput('You cannot deactivate yourself or remove your own admin role.', [
      { field: input.active === false ? 'active' : 'role', message: 'Ask another admin to do this.' },
    ]);
  }
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!existing) throw notFound('User');
  const { name, role, is_orderer, active } = input;
  return { user: userWire(await updateUser(db, userId, { name, role, is_orderer, active })) };
}

/** Sets a new password; the user's sessions end at once. */
export async function resetPassword(db: Db, userId: number, password: string) {
  return { user: userWire(await updateUser(db, userId, { password })) };
}

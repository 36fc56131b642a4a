/**
 * The user-admin API (GET/POST /users, PUT /users/{id}, POST /users/{id}/reset_password); the answers'
 * schemas (the admin's view of a user) are domain/contract/users.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Role } from '../../../domain/contract/session';
import { type AdminUser, AdminUserListSchema } from '../../../domain/contract/users';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export type { AdminUser };

/** Under 'users', so the live-update hook leaves the list alone; the screen refreshes it after writes. */
export const usersQuery = queryOptions({
  queryKey: queryKeys.users.admin,
  queryFn: async ({ signal }) => (await api.get('users', AdminUserListSchema, { signal })).users,
});

export const ROLE_OPTIONS: { value: Role; label: string }[] = [
  { value: 'orderer', label: 'Orderer' },
  { value: 'admin', label: 'Administrator' },
];

export const roleLabel = (role: Role) => ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;

/** The server's minimum (NewUserSchema and reset_password). */
export const MIN_PASSWORD_LENGTH = 12;

// No 0/O, 1/l/I: the password is read out or typed from a note.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of four groups of four, e.g. 'k7Pq-Rt2m-...' (about 95 bits). */
export function generatePassword(): string {
  const bytes = new Uint32Array(16);
  crypto.getRandomValues(bytes);
  const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

/** Client-side checks matching the server's rules, so most mistakes show before a round trip. */
export function checkNewUser(draft: {
  name: string;
  email: string;
  password: string;
}): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.name.trim()) errors.name = 'Enter a name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) errors.email = 'Enter a valid e-mail address.';
  if (draft.password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Passwords have at least ${MIN_PASSWORD_LENGTH} characters.`;
  return errors;
}

/** What an admin may change on an account from the list. */
export type UserChanges = Partial<Pick<AdminUser, 'name' | 'role' | 'is_orderer' | 'active'>>;

/** The users whose name or e-mail holds the filter (any case); all of them for a blank filter. */
export function filterUsers(users: readonly AdminUser[], filter: string): AdminUser[] {
  const f = filter.trim().toLowerCase();
  return users.filter((u) => !f || u.name.toLowerCase().includes(f) || u.email.toLowerCase().includes(f));
}

/** The fields of an edited row that differ from the account, so a save sends only what changed. */
export function userChanges(
  user: Pick<AdminUser, 'name' | 'role' | 'is_orderer'>,
  draft: Pick<AdminUser, 'name' | 'role' | 'is_orderer'>,
): UserChanges {
  const changes: UserChanges = {};
  if (draft.name !== user.name) changes.name = draft.name;
  if (draft.role !== user.role) changes.role = draft.role;
  if (draft.is_orderer !== user.is_orderer) changes.is_orderer = draft.is_orderer;
  return changes;
}

// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AdminUser,
  checkNewUser,
  filterUsers,
  generatePassword,
  MIN_PASSWORD_LENGTH,
  roleLabel,
  userChanges,
  usersQuery,
} from './users-api';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: 1,
  name: 'Ada Admin',
  email: 'admin@demo.test',
  role: 'admin',
  is_orderer: false,
  mfa_enabled: false,
  active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('filterUsers', () => {
  const users = [
    user({ id: 1 }),
    user({ id: 2, name: 'Alice Orderer', email: 'alice@demo.test', role: 'orderer' }),
    user({ id: 3, name: 'Bob Orderer', email: 'bob@example.com', role: 'orderer' }),
  ];
  const ids = (list: AdminUser[]) => list.map((u) => u.id);

  it('keeps everyone for a blank filter', () => {
    expect(ids(filterUsers(users, ''))).toEqual([1, 2, 3]);
    expect(ids(filterUsers(users, '   '))).toEqual([1, 2, 3]);
  });

  it('matches part of the name or the e-mail, in any case, trimmed', () => {
    expect(ids(filterUsers(users, ' ORDERER '))).toEqual([2, 3]);
    expect(ids(filterUsers(users, 'demo.test'))).toEqual([1, 2]);
    expect(ids(filterUsers(users, 'nobody'))).toEqual([]);
  });
});

describe('userChanges', () => {
  const account = { name: 'Alice', role: 'orderer', is_orderer: true } as const;

  it('is empty when nothing changed', () => {
    expect(userChanges(account, { ...account })).toEqual({});
  });

  it('holds only the fields that differ', () => {
    expect(userChanges(account, { ...account, role: 'admin', is_orderer: false })).toEqual({
      role: 'admin',
      is_orderer: false,
    });
    expect(userChanges(account, { ...account, name: 'Alice B' })).toEqual({ name: 'Alice B' });
  });
});

describe('roleLabel', () => {
  it('names each role as the screen does', () => {
    expect(roleLabel('admin')).toBe('Administrator');
    expect(roleLabel('orderer')).toBe('Orderer');
  });
});

describe('generatePassword', () => {
  it('is four groups of four unambiguous characters, long enough, and different each time', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{4}(-[a-km-zA-HJ-NP-Z2-9]{4}){3}$/);
    expect(a.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('checkNewUser', () => {
  it('passes a complete draft', () => {
    expect(checkNewUser({ name: 'Cy', email: 'cy@demo.test', password: 'x'.repeat(12) })).toEqual({});
  });

  it('names each problem at its field', () => {
    expect(checkNewUser({ name: ' ', email: 'not-an-email', password: 'short' })).toEqual({
      name: 'Enter a name.',
      email: 'Enter a valid e-mail address.',
      password: `Passwords have at least ${MIN_PASSWORD_LENGTH} characters.`,
    });
  });
});

describe('usersQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches GET /users and answers the list', async () => {
    const fetchMock = vi.fn(async () => Response.json({ users: [user({})] }));
    vi.stubGlobal('fetch', fetchMock);
    const users = await new QueryClient().fetchQuery(usersQuery);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/users.json', expect.objectContaining({ method: 'GET' }));
    expect(users).toEqual([user({})]);
  });
});

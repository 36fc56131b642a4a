/**
 * The session cache through the running app (server/auth/session-cache.ts): a request served from memory must
 * never outlive the change that ends or alters its session. Each case first makes a request, so the session
 * is kept, then changes it: through the app (forgotten at once) or behind its back in SQL, as an operator in
 * psql would (forgotten when the trigger's NOTIFY arrives: milliseconds; the tests allow two seconds).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { waitUntil } from '../test/app-process';
import { buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ME = '/api/v1/users/current_user.json';
/** Admins only. */
const USERS = '/api/v1/users.json';

async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx.database, overrides);
  const agent = await signInAs(ctx.app, user.email);
  const get = async (url: string) => (await agent.request({ method: 'GET', url })).statusCode;
  // Twice: the session is now kept in memory.
  expect(await get(ME)).toBe(200);
  expect(await get(ME)).toBe(200);
  return { user, agent, get };
}

/** An admin's change to a user through the API (PUT /users/:id.json). */
async function changeUser(admin: Awaited<ReturnType<typeof signedIn>>, userId: number, payload: object) {
  const res = await admin.agent.request({ method: 'PUT', url: `/api/v1/users/${userId}.json`, payload });
  expect(res.statusCode).toBe(200);
}

describe('session cache, through the app', () => {
  it('a demoted admin is refused admin calls on their very next request', async () => {
    const admin = await signedIn({ role: 'admin', is_orderer: false });
    const demoted = await signedIn({ role: 'admin', is_orderer: false });
    expect(await demoted.get(USERS)).toBe(200);
    await changeUser(admin, demoted.user.id, { role: 'orderer' });
    expect(await demoted.get(USERS)).toBe(403);
  });

  it('a renamed user is answered with the new name at once', async () => {
    const admin = await signedIn({ role: 'admin', is_orderer: false });
    const renamed = await signedIn();
    await changeUser(admin, renamed.user.id, { name: 'Renamed Person' });
    const me = await renamed.agent.request({ method: 'GET', url: ME });
    expect(me.json().user.name).toBe('Renamed Person');
  });

  it('a deactivated user, and a signed-out session, are refused on the next request', async () => {
    const admin = await signedIn({ role: 'admin', is_orderer: false });
    const leaver = await signedIn();
    await changeUser(admin, leaver.user.id, { active: false });
    expect(await leaver.get(ME)).toBe(401);

    const other = await signedIn();
    expect((await other.agent.request({ method: 'DELETE', url: '/api/v1/session.json' })).statusCode).toBe(
      200,
    );
    expect(await other.get(ME)).toBe(401);
  });

  it('a session deleted in psql is refused within two seconds', async () => {
    const { user, get } = await signedIn();
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    await waitUntil('the deleted session refused', async () => (await get(ME)) === 401, 2000);
  });

  it('a session whose end is brought forward in psql is refused within two seconds', async () => {
    const { user, get } = await signedIn();
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    await waitUntil('the expired session refused', async () => (await get(ME)) === 401, 2000);
  });

  it('a role taken away in psql is refused within two seconds', async () => {
    const { user, get } = await signedIn({ role: 'admin', is_orderer: false });
    expect(await get(USERS)).toBe(200);
    await ctx.database.db.update(users).set({ role: 'orderer' }).where(eq(users.id, user.id));
    await waitUntil('the admin call refused', async () => (await get(USERS)) === 403, 2000);
  });

  it('the triggers tell the channel only what a session carries: an unrelated user column is not news', async () => {
    const { user } = await signedIn();
    const heard: string[] = [];
    const stop = ctx.database.pglite
      ? await ctx.database.pglite.listen('ukds_live', (payload) => heard.push(payload))
      : null;
    if (!stop) return; // The payloads are PGlite's to observe here; PostgreSQL is covered by the cases above.
    await ctx.database.db.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await ctx.database.db.update(users).set({ name: 'Told' }).where(eq(users.id, user.id));
    await stop();
    expect(heard.map((p) => JSON.parse(p))).toEqual([{ topic: 'user_changed', userId: user.id }]);
  });
});

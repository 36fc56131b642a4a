import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  buildUser,
  createTestApp,
  signInAs,
  TEST_PASSWORD,
  type TestContext,
} from '../../test/harness';

let ctx: TestContext;
let admin: Agent;
let adminId: number;
let orderer: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin' });
  adminId = a.id;
  admin = await signInAs(ctx.app, a.email);
  orderer = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
});
afterAll(() => ctx.close());

describe('user admin', () => {
  it('lists, creates and changes users; orderers are refused', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/users.json',
      payload: {
        name: 'Nina New',
        email: 'nina@test.example',
        role: 'orderer',
        is_orderer: true,
        password: 'a-long-password',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const nina = created.json().user;
    expect(nina).toMatchObject({ name: 'Nina New', role: 'orderer', is_orderer: true, active: true });
    expect(nina.password_hash).toBeUndefined();
    const changed = await admin.request({
      method: 'PUT',
      url: `/api/v1/users/${nina.id}.json`,
      payload: { role: 'admin', is_orderer: false },
    });
    expect(changed.json().user).toMatchObject({ role: 'admin', is_orderer: false });
    const users = (await admin.request({ method: 'GET', url: '/api/v1/users.json' })).json().users;
    expect(users.map((u: { email: string }) => u.email)).toContain('nina@test.example');
    expect((await orderer.request({ method: 'GET', url: '/api/v1/users.json' })).statusCode).toBe(403);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/v1/users.json',
          payload: { name: 'x', email: 'bad', role: 'orderer', password: 'short' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/v1/users.json',
          payload: { name: 'Dup', email: 'NINA@test.example', role: 'orderer', password: 'a-long-password' },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('deactivating a user makes their next request 401; they cannot sign in; an admin cannot deactivate themself', async () => {
    const u = await buildUser(ctx.database);
    const agent = await signInAs(ctx.app, u.email);
    expect((await agent.request({ method: 'GET', url: '/api/v1/users/current_user.json' })).statusCode).toBe(
      200,
    );
    expect(
      (await admin.request({ method: 'PUT', url: `/api/v1/users/${u.id}.json`, payload: { active: false } }))
        .statusCode,
    ).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/v1/users/current_user.json' })).statusCode).toBe(
      401,
    );
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session.json',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect(
      (
        await admin.request({
          method: 'PUT',
          url: `/api/v1/users/${adminId}.json`,
          payload: { active: false },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('resets a password: old sessions end, the new password works', async () => {
    const u = await buildUser(ctx.database);
    const agent = await signInAs(ctx.app, u.email);
    const res = await admin.request({
      method: 'POST',
      url: `/api/v1/users/${u.id}/reset_password.json`,
      payload: { password: 'brand-new-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await agent.request({ method: 'GET', url: '/api/v1/users/current_user.json' })).statusCode).toBe(
      401,
    );
    await signInAs(ctx.app, u.email, 'brand-new-password');
    expect(
      (
        await admin.request({
          method: 'POST',
          url: `/api/v1/users/${u.id}/reset_password.json`,
          payload: { password: 'short' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await admin.request({
          method: 'POST',
          url: '/api/v1/users/999999/reset_password.json',
          payload: { password: 'long-enough-pass' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

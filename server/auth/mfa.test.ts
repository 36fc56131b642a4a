import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../db/schema';
import { buildUser, createTestApp, signInAs, TEST_PASSWORD, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Now, unless a 30-second step ends within two seconds: then just after it, so "now ± 30 s" stays in the window. */
async function steadyNow(): Promise<number> {
  const into = Date.now() % 30_000;
  if (into > 28_000) await new Promise((r) => setTimeout(r, 30_000 - into + 50));
  return Date.now();
}
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

const passwordStep = (email: string, password = TEST_PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/session.json', payload: { email, password } });

function pendingCookie(res: Awaited<ReturnType<typeof passwordStep>>): string {
  const c = res.cookies.find((k) => k.name === 'ukds_mfa_pending');
  if (!c) throw new Error('no pending cookie');
  return `ukds_mfa_pending=${c.value}`;
}

const codeStep = (cookie: string, code: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/session/mfa.json', headers: { cookie }, payload: { code } });

/** A user with 2-step verification on: their secret and recovery codes. */
async function enrolledUser(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(ctx.database, overrides);
  const agent = await signInAs(ctx.app, user.email);
  const started = await agent.request({ method: 'POST', url: '/api/v1/me/mfa.json' });
  expect(started.statusCode).toBe(200);
  const { secret, otpauth_uri } = started.json().mfa;
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const confirmed = await agent.request({
    method: 'POST',
    url: '/api/v1/me/mfa/confirm.json',
    payload: { code: await codeAt(secret, await steadyNow()) },
  });
  expect(confirmed.statusCode).toBe(200);
  const codes: string[] = confirmed.json().recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { user, agent, secret, codes };
}

describe('enrolment and sign-in with a code', () => {
  it('turns 2-step verification on; then a password alone gives no session, and a code completes it', async () => {
    const { user, agent } = await enrolledUser();
    const status = await agent.request({ method: 'GET', url: '/api/v1/me/mfa.json' });
    expect(status.json()).toEqual({ mfa: { enabled: true, required: false } });

    const first = await passwordStep(user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfa_required: true, enrolment_required: false });
    expect(first.cookies.find((c) => c.name === 'ukds_session')).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === 'ukds_mfa_pending');
    expect(pending?.httpOnly).toBe(true);
    // The pending cookie is no session.
    const notYet = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/current_user.json',
      headers: { cookie: pendingCookie(first) },
    });
    expect(notYet.statusCode).toBe(401);
  });

  it('accepts a code from the step before or after now, refuses one 90 s away and refuses a replay', async () => {
    for (const offset of [-30_000, 0, 30_000]) {
      const { user, secret } = await enrolledUser();
      const cookie = pendingCookie(await passwordStep(user.email));
      const now = await steadyNow();
      // Enrolment used the current step, so only a later one may sign in: the step before and this one are
      // refused as used, the step after (30 s ahead, within the window) is accepted.
      const code = await codeAt(secret, now + offset);
      const res = await codeStep(cookie, code);
      if (offset <= 0) {
        expect(res.statusCode).toBe(422);
      } else {
        expect(res.statusCode).toBe(200);
        expect(res.cookies.find((c) => c.name === 'ukds_session')).toBeDefined();
        // The pending sign-in ends with it.
        expect(res.cookies.find((c) => c.name === 'ukds_mfa_pending')?.value).toBe('');
        expect(res.json().user.id).toBe(user.id);
        const replay = await codeStep(pendingCookie(await passwordStep(user.email)), code);
        expect(replay.statusCode).toBe(422);
        expect(replay.json().error.details).toEqual([{ field: 'code', message: expect.any(String) }]);
      }
    }
  });

  it('accepts the previous step before any code was used, and refuses ±90 s', async () => {
    const user = await buildUser(ctx.database);
    const agent = await signInAs(ctx.app, user.email);
    const { secret } = (await agent.request({ method: 'POST', url: '/api/v1/me/mfa.json' })).json().mfa;
    const now = await steadyNow();
    for (const offset of [-90_000, 90_000]) {
      const res = await agent.request({
        method: 'POST',
        url: '/api/v1/me/mfa/confirm.json',
        payload: { code: await codeAt(secret, now + offset) },
      });
      expect(res.statusCode).toBe(422);
    }
    const early = await agent.request({
      method: 'POST',
      url: '/api/v1/me/mfa/confirm.json',
      payload: { code: await codeAt(secret, now - 30_000) },
    });
    expect(early.statusCode).toBe(200);
    // The step after the one used, and now a sign-in: the code of "now" is later than the one before it.
    const cookie = pendingCookie(await passwordStep(user.email));
    expect((await codeStep(cookie, await codeAt(secret, now))).statusCode).toBe(200);
  });

  it('refuses wrong codes with 422 naming the field, and the sixth attempt with 429 even after a new password step', async () => {
    const { user, secret } = await enrolledUser();
    const cookie = pendingCookie(await passwordStep(user.email));
    for (let i = 0; i < 5; i += 1) {
      const res = await codeStep(cookie, '000000');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details[0].field).toBe('code');
    }
    const again = pendingCookie(await passwordStep(user.email));
    const sixth = await codeStep(again, await codeAt(secret, Date.now() + 30_000));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.cookies.find((c) => c.name === 'ukds_session')).toBeUndefined();
    await ctx.database.db.delete(signInFailures).where(eq(signInFailures.email, `mfa:${user.id}`));
  });

  it('accepts a recovery code once', async () => {
    const { user, codes } = await enrolledUser();
    const first = await codeStep(pendingCookie(await passwordStep(user.email)), codes[3].toLowerCase());
    expect(first.statusCode).toBe(200);
    const second = await codeStep(pendingCookie(await passwordStep(user.email)), codes[3]);
    expect(second.statusCode).toBe(422);
    const other = await codeStep(pendingCookie(await passwordStep(user.email)), codes[4].replaceAll('-', ''));
    expect(other.statusCode).toBe(200);
  });

  it('refuses the code step without a pending cookie (401) or with a forged one', async () => {
    expect((await codeStep('', '123456')).statusCode).toBe(401);
    expect((await codeStep('ukds_mfa_pending=1.1.0', '123456')).statusCode).toBe(401);
  });

  it('answers bad input with 422 naming the field', async () => {
    const { user } = await enrolledUser();
    const cookie = pendingCookie(await passwordStep(user.email));
    for (const code of [undefined, '', 'x'.repeat(41), '12<3']) {
      const res = await codeStep(cookie, code);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain('code');
    }
  });

  it('refuses to start or confirm in the wrong state (409), and without the CSRF token (403)', async () => {
    const { agent } = await enrolledUser();
    expect((await agent.request({ method: 'POST', url: '/api/v1/me/mfa.json' })).statusCode).toBe(409);
    const fresh = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
    const early = await fresh.request({
      method: 'POST',
      url: '/api/v1/me/mfa/confirm.json',
      payload: { code: '123456' },
    });
    expect(early.statusCode).toBe(409);
    expect((await fresh.request({ method: 'POST', url: '/api/v1/me/mfa.json', csrf: null })).statusCode).toBe(
      403,
    );
    const noCsrf = await fresh.request({
      method: 'POST',
      url: '/api/v1/me/mfa/confirm.json',
      payload: { code: '123456' },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('2-step verification required for everyone', () => {
  it('gives no session for a password alone and leads through enrolment; admins only', async () => {
    const admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
    const orderer = await buildUser(ctx.database);
    const ordererAgent = await signInAs(ctx.app, orderer.email);
    const put = (agent: typeof admin, body: object, csrf?: null) =>
      agent.request({ method: 'PUT', url: '/api/v1/security_policy.json', payload: body, csrf });

    expect((await put(ordererAgent, { security_policy: { mfa_required: true } })).statusCode).toBe(403);
    expect((await put(admin, { security_policy: { mfa_required: true } }, null)).statusCode).toBe(403);
    const bad = await put(admin, { security_policy: { mfa_required: 'yes' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details[0].field).toBe('security_policy.mfa_required');
    expect((await admin.request({ method: 'GET', url: '/api/v1/security_policy.json' })).json()).toEqual({
      security_policy: { mfa_required: false },
    });

    expect((await put(admin, { security_policy: { mfa_required: true } })).statusCode).toBe(200);
    try {
      const first = await passwordStep(orderer.email);
      expect(first.json()).toEqual({ mfa_required: true, enrolment_required: true });
      expect(first.cookies.find((c) => c.name === 'ukds_session')).toBeUndefined();
      const cookie = pendingCookie(first);
      // The pending cookie opens nothing but the second-factor calls.
      const me = await ctx.app.inject({ method: 'POST', url: '/api/v1/me/mfa.json', headers: { cookie } });
      expect(me.statusCode).toBe(401);
      const started = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/session/mfa/enrolment.json',
        headers: { cookie },
      });
      expect(started.statusCode).toBe(200);
      const { secret } = started.json().mfa;
      const done = await codeStep(cookie, await codeAt(secret, await steadyNow()));
      expect(done.statusCode).toBe(200);
      expect(done.json().recovery_codes).toHaveLength(10);
      expect(done.json().user.id).toBe(orderer.id);
      expect(done.cookies.find((c) => c.name === 'ukds_session')).toBeDefined();
      // Enrolled now: the next sign-in asks for a code, not enrolment; enrolment at sign-in is refused.
      const next = await passwordStep(orderer.email);
      expect(next.json()).toEqual({ mfa_required: true, enrolment_required: false });
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/session/mfa/enrolment.json',
        headers: { cookie: pendingCookie(next) },
      });
      expect(again.statusCode).toBe(409);
    } finally {
      expect((await put(admin, { security_policy: { mfa_required: false } })).statusCode).toBe(200);
    }
    const plain = await buildUser(ctx.database);
    expect((await passwordStep(plain.email)).json().user.id).toBe(plain.id);
  });
});

describe("an admin resets a user's second factor", () => {
  it('resets (then the password alone signs in), 409 when there is none, 403 for orderers, 404 unknown', async () => {
    const admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
    const { user, agent } = await enrolledUser();
    const reset = (who: typeof admin, id: number, csrf?: null) =>
      who.request({ method: 'POST', url: `/api/v1/users/${id}/mfa/reset.json`, csrf });
    expect((await reset(agent, user.id)).statusCode).toBe(403);
    expect((await reset(admin, user.id, null)).statusCode).toBe(403);
    expect((await reset(admin, 999_999)).statusCode).toBe(404);
    const list = await admin.request({ method: 'GET', url: '/api/v1/users.json' });
    expect(list.json().users.find((u: { id: number }) => u.id === user.id).mfa_enabled).toBe(true);
    expect((await reset(admin, user.id)).statusCode).toBe(200);
    expect((await reset(admin, user.id)).statusCode).toBe(409);
    expect((await passwordStep(user.email)).json().user.id).toBe(user.id);
  });
});

describe('sessions', () => {
  it('lists my sessions with device, address and the current one, and ends another', async () => {
    const user = await buildUser(ctx.database);
    const other = await signInAs(ctx.app, user.email);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session.json',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      },
    });
    const me = {
      cookie: `ukds_session=${res.cookies.find((c) => c.name === 'ukds_session')?.value}`,
      csrf: res.json().csrf_token,
    };
    const call = (opts: { method: 'GET' | 'DELETE'; url: string; csrf?: string | null }) =>
      ctx.app.inject({
        method: opts.method,
        url: opts.url,
        headers: { cookie: me.cookie, ...(opts.csrf === null ? {} : { 'x-csrf-token': me.csrf }) },
      });
    const list = (await call({ method: 'GET', url: '/api/v1/me/sessions.json' })).json().sessions;
    expect(list).toHaveLength(2);
    const current = list.find((s: { current: boolean }) => s.current);
    expect(current.device).toBe('Chrome on Windows');
    expect(current.ip).toBe('127.0.0.1');
    const theOther = list.find((s: { current: boolean }) => !s.current);
    expect(theOther.id).toMatch(/^[0-9a-f]{32}$/);

    expect(
      (await call({ method: 'DELETE', url: `/api/v1/me/sessions/${theOther.id}.json`, csrf: null }))
        .statusCode,
    ).toBe(403);
    expect((await call({ method: 'DELETE', url: '/api/v1/me/sessions/not-a-ref.json' })).statusCode).toBe(
      404,
    );
    expect(
      (await call({ method: 'DELETE', url: `/api/v1/me/sessions/${'0'.repeat(32)}.json` })).statusCode,
    ).toBe(404);
    // Another user's session is not mine to end.
    const stranger = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
    expect(
      (await stranger.request({ method: 'DELETE', url: `/api/v1/me/sessions/${theOther.id}.json` }))
        .statusCode,
    ).toBe(404);

    const ended = await call({ method: 'DELETE', url: `/api/v1/me/sessions/${theOther.id}.json` });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await other.request({ method: 'GET', url: '/api/v1/users/current_user.json' })).statusCode).toBe(
      401,
    );
    expect((await call({ method: 'GET', url: '/api/v1/me/sessions.json' })).json().sessions).toHaveLength(1);
  });

  it("lets admins end all of a user's sessions (403 for orderers, 404 unknown, CSRF needed)", async () => {
    const admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
    const user = await buildUser(ctx.database);
    const a = await signInAs(ctx.app, user.email);
    const b = await signInAs(ctx.app, user.email);
    const end = (who: typeof admin, id: number, csrf?: null) =>
      who.request({ method: 'POST', url: `/api/v1/users/${id}/end_sessions.json`, csrf });
    expect((await end(a, user.id)).statusCode).toBe(403);
    expect((await end(admin, user.id, null)).statusCode).toBe(403);
    expect((await end(admin, 999_999)).statusCode).toBe(404);
    expect((await end(admin, 0)).statusCode).toBe(404);
    expect((await end(admin, user.id)).json()).toEqual({ ended: 2 });
    for (const s of [a, b])
      expect((await s.request({ method: 'GET', url: '/api/v1/users/current_user.json' })).statusCode).toBe(
        401,
      );
  });
});

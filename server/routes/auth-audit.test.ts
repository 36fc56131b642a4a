/**
 * The audit rows of authentication and user admin (issue 50): each act leaves its row, with who and what,
 * and no row holds a password, a TOTP secret or code, or a recovery code.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Io } from '../cli/command';
import { run } from '../cli/run';
import { fromPglite, openPglite } from '../db/client';
import { auditEvents } from '../db/schema';
import { buildUser, createTestApp, signInAs, TEST_PASSWORD, type TestContext } from '../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rows = () => ctx.database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
const NEW_PASSWORD = 'a-brand-new-password-42';

/** Every secret the acts below handle, to look for in the log afterwards. */
const secrets: string[] = [TEST_PASSWORD, NEW_PASSWORD];

async function steadyNow(): Promise<number> {
  const into = Date.now() % 30_000;
  if (into > 28_000) await new Promise((r) => setTimeout(r, 30_000 - into + 50));
  return Date.now();
}

describe('the audit log of sign-ins, sessions, 2-step verification and users', () => {
  it('records a row for each act, naming actor and target, and no secret', async () => {
    const admin = await buildUser(ctx.database, { role: 'admin', name: 'Audit Admin' });
    const adminAgent = await signInAs(ctx.app, admin.email);
    const signIn = (email: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/session.json', payload: { email, password } });

    // user.created, user.updated, user.password_reset (through the admin API).
    const created = await adminAgent.request({
      method: 'POST',
      url: '/api/v1/users.json',
      payload: {
        email: 'olga.audit@test.example',
        name: 'Olga Audit',
        role: 'orderer',
        password: TEST_PASSWORD,
      },
    });
    expect(created.statusCode).toBe(201);
    const olga = created.json().user;
    expect(
      (
        await adminAgent.request({
          method: 'PUT',
          url: `/api/v1/users/${olga.id}.json`,
          payload: { role: 'admin', name: 'Olga A. Audit' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await adminAgent.request({
          method: 'POST',
          url: `/api/v1/users/${olga.id}/reset_password.json`,
          payload: { password: NEW_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);

    // sign_in.failed (known and unknown), sign_in.succeeded, sign_in.throttled.
    expect((await signIn(olga.email, 'wrong-password-1')).statusCode).toBe(401);
    expect((await signIn('nobody.audit@test.example', 'wrong-password-1')).statusCode).toBe(401);
    const olgaAgent = await signInAs(ctx.app, olga.email, NEW_PASSWORD);
    const victim = await buildUser(ctx.database);
    for (let i = 0; i < 5; i += 1) await signIn(victim.email, 'wrong-password-2');
    expect((await signIn(victim.email, 'wrong-password-2')).statusCode).toBe(429);

    // mfa.enrolment_started, mfa.enabled, mfa.code_failed, mfa.recovery_code_used.
    const started = await olgaAgent.request({ method: 'POST', url: '/api/v1/me/mfa.json' });
    const { secret } = started.json().mfa;
    secrets.push(secret);
    const firstCode = await generate({ secret, epoch: Math.floor((await steadyNow()) / 1000) });
    secrets.push(firstCode);
    const confirmed = await olgaAgent.request({
      method: 'POST',
      url: '/api/v1/me/mfa/confirm.json',
      payload: { code: firstCode },
    });
    expect(confirmed.statusCode).toBe(200);
    const codes: string[] = confirmed.json().recovery_codes;
    secrets.push(...codes, ...codes.map((c) => c.replaceAll('-', '')));
    const pending = await signIn(olga.email, NEW_PASSWORD);
    const cookie = `ukds_mfa_pending=${pending.cookies.find((c) => c.name === 'ukds_mfa_pending')?.value}`;
    const codeStep = (code: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/session/mfa.json',
        headers: { cookie },
        payload: { code },
      });
    expect((await codeStep('999999')).statusCode).toBe(422);
    const withRecovery = await codeStep(codes[0]);
    expect(withRecovery.statusCode).toBe(200);

    // session.ended (own session, then an admin's sign-out everywhere), sign_out.
    const sessions = (await olgaAgent.request({ method: 'GET', url: '/api/v1/me/sessions.json' })).json()
      .sessions;
    const other = sessions.find((s: { current: boolean }) => !s.current);
    expect(
      (await olgaAgent.request({ method: 'DELETE', url: `/api/v1/me/sessions/${other.id}.json` })).statusCode,
    ).toBe(200);
    expect(
      (await adminAgent.request({ method: 'POST', url: `/api/v1/users/${olga.id}/end_sessions.json` }))
        .statusCode,
    ).toBe(200);
    const leaver = await buildUser(ctx.database);
    const again = await signInAs(ctx.app, leaver.email);
    expect((await again.request({ method: 'DELETE', url: '/api/v1/session.json' })).statusCode).toBe(200);

    // mfa.reset, mfa.policy_changed (on, then off again).
    expect(
      (await adminAgent.request({ method: 'POST', url: `/api/v1/users/${olga.id}/mfa/reset.json` }))
        .statusCode,
    ).toBe(200);
    for (const mfa_required of [true, false])
      expect(
        (
          await adminAgent.request({
            method: 'PUT',
            url: '/api/v1/security_policy.json',
            payload: { security_policy: { mfa_required } },
          })
        ).statusCode,
      ).toBe(200);

    const log = await rows();
    const one = (kind: string, where: (r: (typeof log)[number]) => boolean = () => true) => {
      const found = log.filter((r) => r.kind === kind && where(r));
      expect(found, kind).not.toHaveLength(0);
      return found[0];
    };
    const target = (id: number) => (r: (typeof log)[number]) => r.targetId === String(id);

    expect(one('user.created', target(olga.id))).toMatchObject({
      actorId: admin.id,
      targetType: 'user',
      after: { name: 'Olga Audit', role: 'orderer', email: 'olga.audit@test.example' },
    });
    expect(one('user.updated', target(olga.id))).toMatchObject({
      actorId: admin.id,
      before: { role: 'orderer', name: 'Olga Audit' },
      after: { role: 'admin', name: 'Olga A. Audit' },
    });
    expect(one('user.password_reset', target(olga.id))).toMatchObject({
      actorId: admin.id,
      before: null,
      after: null,
    });
    expect(one('sign_in.failed', target(olga.id))).toMatchObject({ actorId: olga.id, targetType: 'user' });
    expect(one('sign_in.failed', (r) => r.targetId === null)).toMatchObject({
      actorId: null,
      targetType: 'user',
    });
    expect(one('sign_in.succeeded', target(olga.id))).toMatchObject({ actorId: olga.id, ip: '127.0.0.1' });
    expect(one('sign_in.throttled')).toMatchObject({ actorId: null });
    expect(one('mfa.enrolment_started', target(olga.id)).actorId).toBe(olga.id);
    expect(one('mfa.enabled', target(olga.id)).actorId).toBe(olga.id);
    expect(one('mfa.code_failed', target(olga.id)).actorId).toBe(olga.id);
    expect(one('mfa.recovery_code_used', target(olga.id)).summary).toMatch(/9 left/);
    expect(one('session.ended', (r) => r.targetType === 'session')).toMatchObject({ actorId: olga.id });
    expect(one('session.ended', target(olga.id))).toMatchObject({ actorId: admin.id, targetType: 'user' });
    expect(one('sign_out', target(leaver.id)).actorId).toBe(leaver.id);
    expect(one('mfa.reset', target(olga.id))).toMatchObject({
      actorId: admin.id,
      after: { mfa_enabled: false },
    });
    expect(log.filter((r) => r.kind === 'mfa.policy_changed').map((r) => r.after)).toEqual([
      { mfa_required: true },
      { mfa_required: false },
    ]);

    const text = JSON.stringify(log).toLowerCase();
    for (const s of secrets) expect(text, 'a secret in the audit log').not.toContain(s.toLowerCase());
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password_hash');
  }, 60_000);
});

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('the CLI', () => {
  it('records user.created, user.updated and user.password_reset as the command line, with no password', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ukds-cli-audit-'));
    const pglite = await openPglite(path.join(dir, 'pgdata'), new Blob([readFileSync(inject('pgliteDump'))]));
    await pglite.close();
    const cli = async (args: string[], input: string) => {
      let stderr = '';
      const io: Io = {
        out: () => {},
        err: (line) => {
          stderr += line;
        },
        prompt: () => {},
        env: { DATA_DIR: dir },
        stdin: Object.assign(Readable.from([input]), { isTTY: false }) as unknown as NodeJS.ReadStream,
      };
      expect(await run(args, io), stderr).toBe(0);
    };
    const password = 'cli-password-number-1';
    await cli(
      [
        'user:create',
        '--email',
        'cli@test.example',
        '--name',
        'Cli User',
        '--role',
        'orderer',
        '--password-stdin',
      ],
      `${password}\n`,
    );
    await cli(
      ['user:update', '--email', 'cli@test.example', '--role', 'admin', '--password-stdin'],
      `${password}-2\n`,
    );
    const database = fromPglite(await openPglite(path.join(dir, 'pgdata')));
    try {
      const log = await database.db.select().from(auditEvents).orderBy(asc(auditEvents.id));
      expect(log.map((r) => [r.kind, r.actorId, r.userAgent])).toEqual([
        ['user.created', null, 'ukds command line'],
        ['user.updated', null, 'ukds command line'],
        ['user.password_reset', null, 'ukds command line'],
      ]);
      expect(log[1]).toMatchObject({ before: { role: 'orderer' }, after: { role: 'admin' } });
      expect(JSON.stringify(log)).not.toContain(password);
    } finally {
      await database.close();
    }
  }, 90_000);
});

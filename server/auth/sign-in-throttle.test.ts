/**
 * Sign-in throttling and equal-time refusals (docs/security.md, "Sign-in throttling"). Every argon2
 * verification is counted through a spy on the library, so the tests see how many passwords were checked.
 */
import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInFailures, users } from '../db/schema';
import {
  ACCOUNT_SLOWDOWN_AFTER,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_PAIR,
  signIn,
} from '../services/auth/sign-in';
import { updateUser } from '../services/users/users';
import { buildUser, createTestApp, TEST_PASSWORD, type TestContext } from '../test/harness';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
const verifications = () => vi.mocked(argon2.verify).mock.calls.length;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => {
  vi.mocked(argon2.verify).mockClear();
});

const attempt = (email: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/session.json',
    payload: { email, password },
    remoteAddress,
  });

const failuresOf = (email: string) =>
  ctx.database.db.select().from(signInFailures).where(eq(signInFailures.email, email));

describe('sign-in throttling', () => {
  it('checks at most 5 of 20 parallel wrong passwords for one account from one address', async () => {
    const user = await buildUser(ctx.database);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(user.email, `wrong-${i}`, '198.51.100.7')),
    );
    const statuses = answers.map((a) => a.statusCode);
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(verifications()).toBe(checked);
    console.info(`20 parallel wrong passwords: ${checked} checked, ${20 - checked} refused with 429`);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_PAIR);
    // Refused attempts leave no row; checked ones stay counted as failures.
    expect(await failuresOf(user.email.toLowerCase())).toHaveLength(checked);
  });

  it('keeps throttling the attacking address while the real user signs in from another', async () => {
    const user = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      expect((await attempt(user.email, `wrong-${i}`, '203.0.113.66')).statusCode).toBe(401);
    }
    vi.mocked(argon2.verify).mockClear();
    const blocked = await attempt(user.email, TEST_PASSWORD, '203.0.113.66');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_attempts');
    expect(verifications()).toBe(0);

    const real = await attempt(user.email, TEST_PASSWORD, '192.0.2.10');
    expect(real.statusCode).toBe(200);
    // The real user's success does not clear the attacker's failures.
    expect((await attempt(user.email, TEST_PASSWORD, '203.0.113.66')).statusCode).toBe(429);
  });

  it('throttles an address spraying many accounts, and only that address', async () => {
    const sprayer = '203.0.113.99';
    await ctx.database.db.insert(signInFailures).values(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS }, (_, i) => ({
        email: `sprayed-${i}@test.example`,
        ip: sprayer,
      })),
    );
    const user = await buildUser(ctx.database);
    expect((await attempt(user.email, TEST_PASSWORD, sprayer)).statusCode).toBe(429);
    expect((await attempt(user.email, TEST_PASSWORD, '192.0.2.11')).statusCode).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await buildUser(ctx.database);
    const email = user.email.toLowerCase();
    const old = new Date(Date.now() - 16 * 60 * 1000);
    await ctx.database.db
      .insert(signInFailures)
      .values(Array.from({ length: 10 }, () => ({ email, ip: '198.51.100.20', createdAt: old })));
    expect((await attempt(user.email, TEST_PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('slows down, and never refuses, an account attacked from many addresses', async () => {
    const user = await buildUser(ctx.database);
    const email = user.email.toLowerCase();
    await ctx.database.db.insert(signInFailures).values(
      Array.from({ length: ACCOUNT_SLOWDOWN_AFTER }, (_, i) => ({
        email,
        ip: `10.9.${Math.floor(i / 200)}.${i % 200}`,
      })),
    );
    const warnings: object[] = [];
    const started = performance.now();
    const signedIn = await signIn(
      ctx.database.db,
      { email: user.email, password: TEST_PASSWORD, ip: '192.0.2.12' },
      { accountSlowDownMs: 300, log: { warn: (fields) => warnings.push(fields) } },
    );
    expect(signedIn.id).toBe(user.id);
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(warnings).toEqual([{ email, failures: ACCOUNT_SLOWDOWN_AFTER + 1 }]);
  });
});

describe('refusals take the same time', () => {
  it('runs one real verification for an unknown e-mail, a deactivated account and a wrong password', async () => {
    const active = await buildUser(ctx.database);
    const inactive = await buildUser(ctx.database);
    await updateUser(ctx.database.db, inactive.id, { active: false });
    for (const [email, password] of [
      ['nobody-here@test.example', 'whatever'],
      [inactive.email, TEST_PASSWORD],
      [active.email, 'wrong-password'],
    ]) {
      vi.mocked(argon2.verify).mockClear();
      expect((await attempt(email, password, '198.51.100.30')).statusCode).toBe(401);
      expect(verifications(), email).toBe(1);
    }
  });

  it('answers unknown, deactivated and wrong-password sign-ins within 20 % of each other (medians)', async () => {
    type Kind = 'unknown' | 'deactivated' | 'wrong';
    const names: Kind[] = ['unknown', 'deactivated', 'wrong'];
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Each round sends one sign-in of each kind at the same moment (order rotated, each from its own address
    // to stay under the throttle) and takes each time relative to the round's mean, so load that comes and
    // goes on a shared machine falls on every kind alike. A skipped verification is 3–4× faster, far outside
    // any noise; a noisy measurement is retried (at most five times in all) rather than loosening the bound.
    const measure = async (run: number) => {
      // Fresh accounts per measurement, so no account nears the many-addresses slow-down.
      const active = await buildUser(ctx.database);
      const inactive = await buildUser(ctx.database);
      await updateUser(ctx.database.db, inactive.id, { active: false });
      const kinds: Record<Kind, [string, string]> = {
        unknown: [`nobody-${run}@test.example`, 'whatever-password'],
        deactivated: [inactive.email, TEST_PASSWORD],
        wrong: [active.email, 'not-the-password'],
      };
      const relative: Record<Kind, number[]> = { unknown: [], deactivated: [], wrong: [] };
      const absolute: Record<Kind, number[]> = { unknown: [], deactivated: [], wrong: [] };
      for (let round = -1; round < 15; round++) {
        const times = new Map<Kind, number>();
        await Promise.all(
          names.map(async (_, k) => {
            const name = names[(k + Math.max(round, 0)) % names.length];
            const [email, password] = kinds[name];
            const started = performance.now();
            const res = await attempt(email, password, `10.${20 + run}.${round + 1}.${k}`);
            times.set(name, performance.now() - started);
            expect(res.statusCode).toBe(401);
          }),
        );
        if (round < 0) continue; // warm-up
        const mean = [...times.values()].reduce((a, b) => a + b, 0) / names.length;
        for (const [name, t] of times) {
          relative[name].push(t / mean);
          absolute[name].push(t);
        }
      }
      const medians = names.map((n) => median(relative[n]));
      const spread = Math.max(...medians) / Math.min(...medians);
      console.info(
        `sign-in refusal medians (ms): ${names.map((n) => `${n} ${median(absolute[n]).toFixed(1)}`).join(', ')}; ` +
          `relative max/min ${spread.toFixed(3)}`,
      );
      return spread;
    };
    let spread = await measure(0);
    for (let run = 1; run < 5 && spread > 1.2; run++) spread = await measure(run);
    expect(spread).toBeLessThanOrEqual(1.2);
  });
});

describe('hashes made with older settings', () => {
  const storedHash = async (id: number) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0].passwordHash;

  it('are remade with the current ones at the next sign-in, and only with the right password', async () => {
    const user = await buildUser(ctx.database);
    const older = await argon2.hash(TEST_PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await ctx.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.id));

    expect((await attempt(user.email, 'wrong-password', '192.0.2.40')).statusCode).toBe(401);
    expect(await storedHash(user.id)).toBe(older);

    expect((await attempt(user.email, TEST_PASSWORD, '192.0.2.40')).statusCode).toBe(200);
    const remade = await storedHash(user.id);
    expect(remade).not.toBe(older);
    expect(remade).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect((await attempt(user.email, TEST_PASSWORD, '192.0.2.41')).statusCode).toBe(200);
    expect(await storedHash(user.id)).toBe(remade);
  });
});

/**
 * The second factor (docs/decisions/mfa.md): TOTP (RFC 6238, otplib) with ten single-use recovery codes.
 *
 * - The TOTP secret is kept AES-256-GCM encrypted under a key derived from SESSION_SECRET (HKDF), so a copy
 *   of the database alone does not give anyone the codes.
 * - A code is accepted within one 30-second step either side of now, and never twice: the step last accepted
 *   is kept and only a later one passes (a compare-and-set, so two requests cannot both use one code).
 * - Recovery codes are 60 random bits each; only their SHA-256 is kept (a slow hash buys nothing against a
 *   random secret of that size, and the attempts are throttled), and each is marked used when it works.
 * - Wrong codes are throttled like passwords, in sign_in_failures under the key `mfa:<user id>`, which a
 *   successful password does not clear: knowing the password gives no fresh guesses.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { mfaRecoveryCodes, securitySettings, signInFailures, userMfa, users } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { beginSession } from './sessions';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_PAIR, THROTTLE_WINDOW_MS } from './sign-in';

/** Wrong codes for one account from all addresses together, after which its codes are refused for the window. */
export const MAX_CODE_FAILURES_PER_ACCOUNT = 20;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'UKDS Back Office';
/** ±30 s: the step before and after now, for a phone clock a little off. */
const EPOCH_TOLERANCE_S = 30;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The key that encrypts TOTP secrets, derived from the session secret. */
export type MfaKey = Buffer;

/** Derives the TOTP secret key from SESSION_SECRET (HKDF-SHA256, its own label). */
export function mfaKeyFrom(sessionSecret: string): MfaKey {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'ukds-mfa', 'totp-secret-v1', 32));
}

function encrypt(key: MfaKey, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

/** The secret, or null when it cannot be read (SESSION_SECRET changed since enrolment). */
function decrypt(key: MfaKey, stored: string): string | null {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(`ukds-recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');
const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

const wrongCode = () =>
  invalidInput('That code is not right.', [
    { field: 'code', message: 'That code is not right or was already used.' },
  ]);
const tooMany = () =>
  new AppError('too_many_attempts', 'Too many wrong codes. Wait 15 minutes and try again.');

async function mfaRow(db: Db | Tx, userId: number) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  return row;
}

/** Whether everyone must have a second factor (off until an admin turns it on). */
export async function mfaRequiredForEveryone(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ required: securitySettings.mfaRequired }).from(securitySettings).limit(1);
  return row?.required ?? false;
}

/** Whether the user has a second factor turned on. */
export async function mfaEnabled(db: Db | Tx, userId: number): Promise<boolean> {
  return Boolean((await mfaRow(db, userId))?.enabledAt);
}

/** The signed-in user's second factor and the policy, for the account security page. */
export async function mfaStatus(db: Db, userId: number) {
  return { mfa: { enabled: await mfaEnabled(db, userId), required: await mfaRequiredForEveryone(db) } };
}

/** What a password sign-in still needs: nothing, a code, or enrolment first (the policy, no factor yet). */
export async function secondFactorNeeded(db: Db, userId: number): Promise<'none' | 'code' | 'enrol'> {
  if (await mfaEnabled(db, userId)) return 'code';
  return (await mfaRequiredForEveryone(db)) ? 'enrol' : 'none';
}

/** Starts (or restarts) enrolment: a new secret, not yet in force. Refused when a second factor is on. */
export async function startEnrolment(
  db: Db,
  key: MfaKey,
  user: { id: number; email: string },
  actor: AuditActor,
) {
  const secret = generateSecret();
  await transaction(db, async (tx) => {
    const existing = await mfaRow(tx, user.id);
    if (existing?.enabledAt)
      throw new AppError('wrong_state', '2-step verification is already on. An admin can reset it.');
    const secretEncrypted = encrypt(key, secret);
    await tx
      .insert(userMfa)
      .values({ userId: user.id, secretEncrypted })
      .onConflictDoUpdate({
        target: userMfa.userId,
        set: { secretEncrypted, lastStep: null, createdAt: new Date() },
      });
    await recordAudit(tx, actor, {
      kind: 'mfa.enrolment_started',
      targetType: 'user',
      targetId: user.id,
      summary: 'Started setting up 2-step verification',
    });
  });
  return { mfa: { otpauth_uri: generateURI({ issuer: ISSUER, label: user.email, secret }), secret } };
}

/**
 * Counts a code attempt before checking it (as sign-in.ts does with passwords): over the limits it is refused
 * with 429 and leaves no row; otherwise its row stays as a failure unless `succeeded` clears the pair.
 */
async function throttleCodeAttempt(db: Db, userId: number, ip: string, now: Date) {
  const key = `mfa:${userId}`;
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [attempt] = await db
    .insert(signInFailures)
    .values({ email: key, ip, createdAt: now })
    .returning({ id: signInFailures.id });
  const [counts] = await db
    .select({
      pair: sql<number>`count(*) filter (where ${signInFailures.email} = ${key} and ${signInFailures.ip} = ${ip})`.mapWith(
        Number,
      ),
      address: sql<number>`count(*) filter (where ${signInFailures.ip} = ${ip})`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${signInFailures.email} = ${key})`.mapWith(Number),
    })
    .from(signInFailures)
    .where(
      and(gt(signInFailures.createdAt, since), or(eq(signInFailures.email, key), eq(signInFailures.ip, ip))),
    );
  if (
    counts.pair > MAX_FAILURES_PER_PAIR ||
    counts.address > MAX_FAILURES_PER_ADDRESS ||
    counts.account > MAX_CODE_FAILURES_PER_ACCOUNT
  ) {
    await db.delete(signInFailures).where(eq(signInFailures.id, attempt.id));
    return { refused: true as const, succeeded: async () => {} };
  }
  return {
    refused: false as const,
    succeeded: async () => {
      await db.delete(signInFailures).where(and(eq(signInFailures.email, key), eq(signInFailures.ip, ip)));
    },
  };
}

/** The TOTP step a code matches (within ±1 step of now, after the last accepted one), or null. */
async function matchingStep(secret: string, code: string, lastStep: number | null, now: Date) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_S,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Accepts a TOTP step once: only a step later than the last accepted one moves it on. */
async function acceptStep(db: Db | Tx, userId: number, step: number): Promise<boolean> {
  const moved = await db
    .update(userMfa)
    .set({ lastStep: step })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastStep), sql`${userMfa.lastStep} < ${step}`)))
    .returning({ userId: userMfa.userId });
  return moved.length === 1;
}

async function codeFailed(db: Db, actor: AuditActor, userId: number) {
  await recordAudit(db, actor, {
    kind: 'mfa.code_failed',
    targetType: 'user',
    targetId: userId,
    summary: 'A wrong 2-step verification code was given',
  });
}

export interface CodeCheck {
  userId: number;
  code: string;
  ip: string;
  actor: AuditActor;
  now?: Date;
}

/** Turns enrolment on with its first code; answers the ten recovery codes (shown once). */
export async function confirmEnrolment(db: Db, key: MfaKey, input: CodeCheck) {
  const now = input.now ?? new Date();
  const row = await mfaRow(db, input.userId);
  if (!row) throw new AppError('wrong_state', 'Start setting up 2-step verification first.');
  if (row.enabledAt) throw new AppError('wrong_state', '2-step verification is already on.');
  const secret = decrypt(key, row.secretEncrypted);
  if (!secret) throw new AppError('wrong_state', 'Start setting up 2-step verification again.');
  const attempt = await throttleCodeAttempt(db, input.userId, input.ip, now);
  if (attempt.refused) throw tooMany();
  const step = await matchingStep(secret, input.code.replace(/\s/g, ''), row.lastStep, now);
  if (step === null) {
    await codeFailed(db, input.actor, input.userId);
    throw wrongCode();
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await transaction(db, async (tx) => {
    const enabled = await tx
      .update(userMfa)
      .set({ enabledAt: now, lastStep: step })
      .where(and(eq(userMfa.userId, input.userId), isNull(userMfa.enabledAt)))
      .returning({ userId: userMfa.userId });
    if (enabled.length === 0) throw new AppError('wrong_state', '2-step verification is already on.');
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, input.userId));
    await tx
      .insert(mfaRecoveryCodes)
      .values(codes.map((code) => ({ userId: input.userId, codeHash: hashRecoveryCode(code) })));
    await recordAudit(tx, input.actor, {
      kind: 'mfa.enabled',
      targetType: 'user',
      targetId: input.userId,
      summary: 'Turned on 2-step verification',
    });
  });
  await attempt.succeeded();
  return { recovery_codes: codes };
}

/** Checks a sign-in's second factor: a TOTP code (once) or an unused recovery code (then used up). */
export async function verifySecondFactor(db: Db, key: MfaKey, input: CodeCheck): Promise<void> {
  const now = input.now ?? new Date();
  const row = await mfaRow(db, input.userId);
  if (!row?.enabledAt) throw new AppError('wrong_state', '2-step verification is not on for this account.');
  const attempt = await throttleCodeAttempt(db, input.userId, input.ip, now);
  if (attempt.refused) throw tooMany();
  const code = input.code.replace(/\s/g, '');
  const secret = decrypt(key, row.secretEncrypted);
  const step = secret ? await matchingStep(secret, code, row.lastStep, now) : null;
  if (step !== null && (await acceptStep(db, input.userId, step))) {
    await attempt.succeeded();
    return;
  }
  if (step === null && !/^\d{6}$/.test(code)) {
    const used = await transaction(db, async (tx) => {
      const [hit] = await tx
        .update(mfaRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(mfaRecoveryCodes.userId, input.userId),
            eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code)),
            isNull(mfaRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      if (!hit) return false;
      const [left] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.userId, input.userId), isNull(mfaRecoveryCodes.usedAt)));
      await recordAudit(tx, input.actor, {
        kind: 'mfa.recovery_code_used',
        targetType: 'user',
        targetId: input.userId,
        summary: `Signed in with a recovery code (${left.n} left)`,
      });
      return true;
    });
    if (used) {
      await attempt.succeeded();
      return;
    }
  }
  await codeFailed(db, input.actor, input.userId);
  throw wrongCode();
}

/** Removes a user's second factor and recovery codes (admins); 409 when there is none. */
export async function resetMfa(db: Db, userId: number, actor: AuditActor) {
  await transaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('User');
    const removed = await tx
      .delete(userMfa)
      .where(eq(userMfa.userId, userId))
      .returning({ at: userMfa.enabledAt });
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    if (removed.length === 0)
      throw new AppError('wrong_state', 'This user has no 2-step verification to reset.');
    await recordAudit(tx, actor, {
      kind: 'mfa.reset',
      targetType: 'user',
      targetId: userId,
      summary: `Reset ${user.name}'s 2-step verification`,
      before: { mfa_enabled: Boolean(removed[0].at) },
      after: { mfa_enabled: false },
    });
  });
  return {};
}

/** The security policy as admins see it. */
export async function securityPolicy(db: Db) {
  return { security_policy: { mfa_required: await mfaRequiredForEveryone(db) } };
}

/** Sets whether everyone must have a second factor (recorded only when it changes). */
export async function setSecurityPolicy(db: Db, mfaRequired: boolean, actor: AuditActor) {
  await transaction(db, async (tx) => {
    const before = await mfaRequiredForEveryone(tx);
    await tx
      .insert(securitySettings)
      .values({ id: 1, mfaRequired })
      .onConflictDoUpdate({ target: securitySettings.id, set: { mfaRequired, updatedAt: new Date() } });
    if (before !== mfaRequired)
      await recordAudit(tx, actor, {
        kind: 'mfa.policy_changed',
        summary: mfaRequired
          ? 'Required 2-step verification for everyone'
          : 'Stopped requiring 2-step verification for everyone',
        before: { mfa_required: before },
        after: { mfa_required: mfaRequired },
      });
  });
  return { security_policy: { mfa_required: mfaRequired } };
}

async function activeUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.active) throw new AppError('unauthenticated', 'Sign in with your password again.');
  return user;
}

/** Enrolment during sign-in, when the policy asks for a second factor the user does not have yet. */
export async function startEnrolmentAtSignIn(
  db: Db,
  key: MfaKey,
  pending: { userId: number; enrol: boolean },
  actor: AuditActor,
) {
  if (!pending.enrol) throw new AppError('wrong_state', 'This account already has 2-step verification.');
  const user = await activeUser(db, pending.userId);
  return startEnrolment(db, key, user, { ...actor, actorId: user.id });
}

/**
 * Finishes a sign-in with the second factor: a code (TOTP or recovery), or, when enrolment was owed, the
 * first code of the new factor (which turns it on and answers the recovery codes). Then the session starts.
 */
export async function completeSignIn(
  db: Db,
  key: MfaKey,
  pending: { userId: number; enrol: boolean },
  input: { code: string; ip: string; actor: AuditActor },
) {
  const user = await activeUser(db, pending.userId);
  const actor = { ...input.actor, actorId: user.id };
  const check = { userId: user.id, code: input.code, ip: input.ip, actor };
  let recoveryCodes: string[] | undefined;
  if (await mfaEnabled(db, user.id)) await verifySecondFactor(db, key, check);
  else if (pending.enrol) recoveryCodes = (await confirmEnrolment(db, key, check)).recovery_codes;
  else throw new AppError('unauthenticated', 'Sign in with your password again.');
  const session = await beginSession(db, user, actor, 'password and code');
  return { user, session, recoveryCodes };
}

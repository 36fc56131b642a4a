/** Sign in (password, then the second factor when one is needed), sign out and the current user. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MfaCodeSchema,
  MfaEnrolmentSchema,
  SecondFactorAnswerSchema,
  SignInAnswerSchema,
} from '../../domain/contract/mfa';
import { CurrentUserSchema, SignedOutSchema, SignInSchema } from '../../domain/contract/session';
import { currentUser, SESSION_COOKIE } from '../auth/guard';
import { clearMfaPending, MFA_PENDING_COOKIE, requireMfaPending, setMfaPending } from '../auth/mfa-pending';
import { ABSOLUTE_TIMEOUT_MS, type SessionUser } from '../auth/sessions';
import { auditActorOf } from '../services/audit/record';
import { completeSignIn, mfaKeyFrom, secondFactorNeeded, startEnrolmentAtSignIn } from '../services/auth/mfa';
import { beginSession, destroySession, signOut } from '../services/auth/sessions';
import { signIn } from '../services/auth/sign-in';
import { json, refusal, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const toWire = (u: Pick<SessionUser, 'id' | 'name' | 'email' | 'role' | 'isOrderer'>) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  is_orderer: u.isOrderer,
});

export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, config }) => {
  const { secureCookies } = config;
  const { db } = database;
  const mfaKey = mfaKeyFrom(config.sessionSecret);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    signed: true,
  };

  /** Rotation: whatever session the browser had ends; a fresh token is issued in its cookie. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<void> => {
    const old = request.cookies[SESSION_COOKIE];
    const oldToken = old ? request.unsignCookie(old) : undefined;
    if (oldToken?.valid && oldToken.value) await destroySession(db, oldToken.value);
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
    // The pending sign-in ends with it. Only where there is one (its cookie goes to /session/… only): a
    // sign-in with a password alone answers with the session cookie alone, as clients reading the first
    // Set-Cookie expect (the benches and load tests do).
    if (request.cookies[MFA_PENDING_COOKIE] !== undefined) clearMfaPending(reply, secureCookies);
  };

  app.post(
    '/session.json',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        description:
          'Without a second factor: the user and the CSRF token, and the session cookie is set. With one (or when ' +
          'everyone must have one): `{"mfa_required": true}` and no session; finish with POST /session/mfa within ' +
          'five minutes (`enrolment_required`: set one up first with POST /session/mfa/enrolment).',
        body: SignInSchema,
        response: {
          200: json('Signed in, or a second factor is needed', SignInAnswerSchema),
          ...refusal(401, 'Wrong e-mail or password, or the account is deactivated (`invalid_credentials`).'),
          ...refusals(429),
        },
      },
    },
    async (request, reply) => {
      const user = await signIn(
        db,
        { ...request.body, ip: request.ip },
        { log: request.log, userAgent: request.headers['user-agent'] },
      );
      const needed = await secondFactorNeeded(db, user.id);
      if (needed !== 'none') {
        setMfaPending(reply, { userId: user.id, enrol: needed === 'enrol' }, secureCookies);
        return { mfa_required: true as const, enrolment_required: needed === 'enrol' };
      }
      const { token, csrfToken } = await beginSession(db, user, auditActorOf(request), 'password');
      await startSession(request, reply, token);
      return { user: toWire(user), csrf_token: csrfToken };
    },
  );

  app.post(
    '/session/mfa/enrolment.json',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Set up a second factor during sign-in (when everyone must have one)',
        description:
          'Only after POST /session answered `enrolment_required`; the pending sign-in cookie names the user.',
        response: {
          200: json('The otpauth URI to scan and the secret to type instead', MfaEnrolmentSchema),
          ...refusal(401, 'No password was accepted in the last five minutes (`unauthenticated`).'),
          ...refusals(409),
        },
      },
    },
    async (request) => startEnrolmentAtSignIn(db, mfaKey, requireMfaPending(request), auditActorOf(request)),
  );

  app.post(
    '/session/mfa.json',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Finish signing in with a TOTP code or a recovery code',
        description:
          'After POST /session answered `mfa_required`. When enrolment was owed, the first code of the new factor ' +
          'turns it on and the answer carries the ten recovery codes (shown once).',
        body: MfaCodeSchema,
        response: {
          200: json(
            'Signed in: the user and the CSRF token; the session cookie is set',
            SecondFactorAnswerSchema,
          ),
          ...refusal(401, 'No password was accepted in the last five minutes (`unauthenticated`).'),
          ...refusals(409, 429),
        },
      },
    },
    async (request, reply) => {
      const pending = requireMfaPending(request);
      const { user, session, recoveryCodes } = await completeSignIn(db, mfaKey, pending, {
        code: request.body.code,
        ip: request.ip,
        actor: auditActorOf(request),
      });
      await startSession(request, reply, session.token);
      return {
        user: toWire(user),
        csrf_token: session.csrfToken,
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
      };
    },
  );

  app.delete(
    '/session.json',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out',
        response: { 200: json('Signed out: the session ended and its cookie is cleared', SignedOutSchema) },
      },
    },
    async (request, reply) => {
      const raw = request.cookies[SESSION_COOKIE];
      const token = raw ? request.unsignCookie(raw) : undefined;
      if (token?.valid && token.value) await signOut(db, token.value, auditActorOf(request));
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return {};
    },
  );

  app.get(
    '/users/current_user.json',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user and the CSRF token to send as X-CSRF-Token',
        response: { 200: json('The signed-in user and the CSRF token', CurrentUserSchema) },
      },
    },
    async (request) => ({ user: toWire(currentUser(request)), csrf_token: request.session?.csrfToken ?? '' }),
  );
};

/** Sign in, sign out and the current user. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CurrentUserSchema, SignedOutSchema, SignInSchema } from '../../domain/contract/session';
import { currentUser, SESSION_COOKIE } from '../auth/guard';
import { ABSOLUTE_TIMEOUT_MS, type SessionUser } from '../auth/sessions';
import { createSession, destroySession } from '../services/auth/sessions';
import { signIn } from '../services/auth/sign-in';
import { json, refusal, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const toWire = (u: SessionUser) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  is_orderer: u.isOrderer,
});

export const sessionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, config }) => {
  const { secureCookies } = config;
  const { db } = database;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies,
    signed: true,
  };

  app.post(
    '/session.json',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: SignInSchema,
        response: {
          200: json('Signed in: the user and the CSRF token; the session cookie is set', CurrentUserSchema),
          ...refusal(401, 'Wrong e-mail or password, or the account is deactivated (`invalid_credentials`).'),
          ...refusals(429),
        },
      },
    },
    async (request, reply) => {
      const user = await signIn(db, { ...request.body, ip: request.ip }, { log: request.log });
      // Rotation: whatever session the browser had ends; a fresh token is issued.
      const old = request.cookies[SESSION_COOKIE];
      const oldToken = old ? request.unsignCookie(old) : undefined;
      if (oldToken?.valid && oldToken.value) await destroySession(db, oldToken.value);
      const { token, csrfToken } = await createSession(db, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: ABSOLUTE_TIMEOUT_MS / 1000 });
      return {
        user: toWire({
          id: user.id,
          name: user.name,
          email: user.email,
          role: user.role,
          isOrderer: user.isOrderer,
        }),
        csrf_token: csrfToken,
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
      if (token?.valid && token.value) await destroySession(db, token.value);
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

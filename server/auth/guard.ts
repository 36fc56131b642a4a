/**
 * The one reusable guard. Every route declares who may call it in `config.auth`
 * (default 'user'); this hook resolves the session, checks the role and the CSRF token.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { findSession } from '../services/auth/sessions';
import type { SessionCache } from './session-cache';
import { type ActiveSession, csrfMatches, type SessionUser } from './sessions';

export type AuthLevel = 'public' | 'user' | 'admin' | 'storefront';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    user: SessionUser | null;
  }
}

export const SESSION_COOKIE = 'ukds_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The signed-in user of a request a guarded route handles (the guard ran, so it is there). */
export function currentUser(request: { user: SessionUser | null }): SessionUser {
  if (!request.user) throw new AppError('unauthenticated', 'Sign in to continue.');
  return request.user;
}

/** The session a signed cookie names, or null (forged, unknown, ended): the one place a cookie becomes a session. */
async function sessionFromCookie(request: FastifyRequest, database: Database, raw: string | undefined) {
  const unsigned = raw ? request.unsignCookie(raw) : undefined;
  return unsigned?.valid && unsigned.value ? findSession(database.db, unsigned.value) : null;
}

/** The session a request's signed cookie names, else 401; through the cache when one is given. */
export async function requireSession(
  request: FastifyRequest,
  database: Database,
  cache?: SessionCache<ActiveSession>,
): Promise<ActiveSession> {
  const raw = request.cookies[SESSION_COOKIE];
  const load = () => sessionFromCookie(request, database, raw);
  const session = raw && cache ? await cache.resolve(raw, load) : await load();
  if (!session) throw new AppError('unauthenticated', 'Sign in to continue.');
  return session;
}

export const guard = fp<{
  database: Database;
  storefrontApiKey?: string;
  sessionCache?: SessionCache<ActiveSession>;
}>(async (app, opts) => {
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    // Unmatched routes (404s, the SPA fallback) carry no config and need no session.
    if (!request.routeOptions.url) return;
    // API routes are for signed-in staff unless they say otherwise; docs and health are public.
    const level: AuthLevel =
      request.routeOptions.config.auth ??
      (request.routeOptions.url.startsWith('/api/v1/') ? 'user' : 'public');
    if (level === 'public') return;
    if (level === 'storefront') {
      const header = request.headers.authorization ?? '';
      const key = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!opts.storefrontApiKey || !csrfMatches(opts.storefrontApiKey, key)) {
        throw new AppError('unauthenticated', 'A valid storefront API key is required.');
      }
      return;
    }
    const session = await requireSession(request, opts.database, opts.sessionCache);
    request.session = session;
    request.user = session.user;
    if (!SAFE_METHODS.has(request.method)) {
      const given = request.headers['x-csrf-token'];
      if (!csrfMatches(session.csrfToken, Array.isArray(given) ? given[0] : given)) {
        throw new AppError('csrf_failed', 'The security token is missing or out of date. Reload the page.');
      }
    }
    if (level === 'admin' && session.user.role !== 'admin') {
      throw new AppError('forbidden', 'Only administrators may do that.');
    }
  });
});

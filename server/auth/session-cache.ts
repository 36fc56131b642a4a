/**
 * The sessions this instance has just checked, kept for a few seconds so a signed-in user's requests do not
 * each wait for a database round trip before their own work (docs/security.md, "Session cache").
 *
 * A kept session is trusted only while nothing says otherwise:
 * - Triggers on `sessions` and `users` (migration 0025) announce on the live channel, at commit, every session
 *   that ended or changed and every user whose name, e-mail, role or flags changed, whoever made the change
 *   (any instance, the retention job, psql). Each instance forgets what it heard about.
 * - This instance's own sign-outs, deactivations and role changes are forgotten at once (`forgetSessions`,
 *   `forgetUser`), before their answer is sent.
 * - Nothing is kept or served while the instance cannot hear the channel (its LISTEN connection is down); when
 *   it hears again, everything kept is dropped, since what was said meanwhile is lost.
 * - A lookup that was under way when anything was forgotten is not kept (it may have read the old row).
 * - Every entry is read afresh after `ttlMs` at most, which also lets the idle timeout's touch happen.
 */
import type { LiveHub } from '../live/hub';

/** What the cache needs of a session (sessions.ts's ActiveSession): its stored id, its user, when it ends. */
export interface CacheableSession {
  id: string;
  user: { id: number };
  endsAt: Date;
}

/** How long a checked session is served without asking the database again. */
export const SESSION_CACHE_TTL_MS = 15_000;
/** At most this many sessions are kept; the oldest go first. */
export const SESSION_CACHE_MAX = 10_000;

type Forget = { sessionIds: readonly string[] } | { userId: number } | 'all';

/** Every cache of this process: an instance's own changes reach them without waiting for the channel. */
const caches = new Set<(what: Forget) => void>();

/** Forgets these sessions (by stored id) in every cache of this process. */
export function forgetSessions(sessionIds: readonly string[]): void {
  if (sessionIds.length > 0) for (const forget of caches) forget({ sessionIds });
}

/** Forgets every session of a user in every cache of this process. */
export function forgetUser(userId: number): void {
  for (const forget of caches) forget({ userId });
}

export interface SessionCache<S extends CacheableSession = CacheableSession> {
  /**
   * The session a signed cookie names: the kept one when it may be trusted, else `load()`'s answer (kept
   * when it is a session and nothing was forgotten meanwhile). `load` must do the full check.
   */
  resolve(cookie: string, load: () => Promise<S | null>, now?: number): Promise<S | null>;
  /** How many sessions are kept (tests, metrics). */
  size(): number;
  close(): void;
}

interface Entry<S> {
  session: S;
  keptAt: number;
}

/** Only a hub that hears the database can tell what changed elsewhere; without one nothing is kept. */
export function createSessionCache<S extends CacheableSession>(
  hub: Pick<LiveHub, 'subscribe' | 'ready'> | undefined,
  options: { ttlMs?: number; maxEntries?: number } = {},
): SessionCache<S> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX;
  /** By the signed cookie exactly as the browser sent it (a forged one is never kept: load refuses it). */
  const entries = new Map<string, Entry<S>>();
  /** Moves on at every forgetting: a lookup that saw it move keeps nothing. */
  let generation = 0;

  const forget = (what: Forget) => {
    generation += 1;
    if (what === 'all') {
      entries.clear();
      return;
    }
    const matches =
      'userId' in what
        ? (e: Entry<S>) => e.session.user.id === what.userId
        : (e: Entry<S>) => what.sessionIds.includes(e.session.id);
    for (const [cookie, entry] of entries) if (matches(entry)) entries.delete(cookie);
  };
  caches.add(forget);
  const unsubscribe = hub?.subscribe((event) => {
    if (event.kind === 'sessions_ended' || event.kind === 'sessions_changed')
      forget({ sessionIds: event.sessionIds });
    else if (event.kind === 'user_changed') forget({ userId: event.userId });
    else if (event.kind === 'resync') forget('all');
  });
  const usable = () => hub?.ready() === true;

  return {
    async resolve(cookie, load, now = Date.now()) {
      if (!usable()) {
        if (entries.size > 0) forget('all');
        return load();
      }
      const kept = entries.get(cookie);
      if (kept && now - kept.keptAt < ttlMs && now < kept.session.endsAt.getTime()) return kept.session;
      if (kept) entries.delete(cookie);
      const started = generation;
      const session = await load();
      if (session && started === generation && usable()) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        // Shared by every request it serves: frozen, so none can change what the next one sees.
        Object.freeze(session.user);
        entries.set(cookie, { session: Object.freeze(session), keptAt: now });
      }
      return session;
    },
    size: () => entries.size,
    close() {
      caches.delete(forget);
      unsubscribe?.();
      entries.clear();
    },
  };
}

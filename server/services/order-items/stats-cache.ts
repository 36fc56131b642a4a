/**
 * The orderers' stats this instance has just read, kept as their answer's JSON for a few seconds: every
 * dashboard asks for them, and they change only when an open item's counted state, flags, assignee or
 * despatch-by date does. Serving them from memory spares each call its database round trip, which was most
 * of its cost (docs/performance.md).
 *
 * A kept answer is served only while nothing says it changed (as the session cache, server/auth/session-cache.ts):
 * - Triggers on the kept counts and on `users` (migrations 0025, 0026) announce on the live channel, at
 *   commit, every change to what the stats are read from, whoever made it (any instance, a job, psql).
 * - This instance forgets at once when it answers a request that may have written (`forgetOrdererStats`,
 *   called before the answer is sent), so whoever made a change sees it in their next call without waiting
 *   for the channel. Another instance's change reaches this one when its NOTIFY does (milliseconds).
 * - Nothing is kept or served while the instance cannot hear the channel; when it hears again, what was
 *   kept is dropped.
 * - A read under way when anything was forgotten is not kept (it may have seen the counts before the change).
 * - The answer is kept for one London day (the overdue count depends on it) and at most `ttlMs`.
 * Concurrent calls that find nothing kept share one read.
 */
import type { LiveHub } from '../../live/hub';

/** How long kept stats are served without reading them again, whatever the channel says. */
export const STATS_CACHE_TTL_MS = 10_000;

/** Every cache of this process: a request of this instance that may have written reaches them all at once. */
const caches = new Set<() => void>();

/** Forgets the kept stats in every cache of this process (a request that may have written is answered). */
export function forgetOrdererStats(): void {
  for (const forget of caches) forget();
}

export interface OrdererStatsCache {
  /** The answer for `day` (a London date): the kept one when it may be trusted, else `load()`'s. */
  answer(day: string, load: () => Promise<string>, now?: number): Promise<string>;
  close(): void;
}

/** Only a hub that hears the database can tell what changed elsewhere; without one nothing is kept. */
export function createOrdererStatsCache(
  hub: Pick<LiveHub, 'subscribe' | 'ready'> | undefined,
  options: { ttlMs?: number } = {},
): OrdererStatsCache {
  const ttlMs = options.ttlMs ?? STATS_CACHE_TTL_MS;
  let kept: { day: string; keptAt: number; json: string } | null = null;
  /** The read under way, shared by the calls that arrive meanwhile for the same day and generation. */
  let reading: { day: string; generation: number; json: Promise<string> } | null = null;
  /** Moves on at every forgetting: a read that saw it move keeps nothing, and no later call joins it. */
  let generation = 0;

  const forget = () => {
    generation += 1;
    kept = null;
    reading = null;
  };
  caches.add(forget);
  const unsubscribe = hub?.subscribe((event) => {
    if (event.kind === 'counts_changed' || event.kind === 'user_changed' || event.kind === 'resync') forget();
  });
  const usable = () => hub?.ready() === true;

  return {
    async answer(day, load, now = Date.now()) {
      if (!usable()) {
        if (kept) forget();
        return load();
      }
      if (kept && kept.day === day && now - kept.keptAt < ttlMs) return kept.json;
      if (reading && reading.day === day && reading.generation === generation) return reading.json;
      const started = generation;
      const json = load();
      const mine = { day, generation: started, json };
      reading = mine;
      try {
        const text = await json;
        if (started === generation && usable()) kept = { day, keptAt: now, json: text };
        return text;
      } finally {
        if (reading === mine) reading = null;
      }
    },
    close() {
      caches.delete(forget);
      unsubscribe?.();
      kept = null;
      reading = null;
    },
  };
}

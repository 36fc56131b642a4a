/**
 * The orderers' stats cache on its own, with a hub the test speaks for: what is served from memory, and
 * everything that makes it read the database again. Through the running app (the triggers, a change made
 * through the API or behind its back in SQL): stats-cache-app.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { HubEvent } from '../../live/hub';
import { fakeHub } from '../../test/fake-hub';
import { createOrdererStatsCache, forgetOrdererStats } from './stats-cache';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = '2026-11-27';

/** A loader that answers a new JSON text each time (`read 1`, `read 2`…) and counts its calls. */
function loader() {
  const load = async () => {
    load.calls += 1;
    return `{"read":${load.calls}}`;
  };
  load.calls = 0;
  return load;
}

/** A loader whose reads finish only when the test says so. */
function gatedLoader() {
  const pending: ((json: string) => void)[] = [];
  const load = () => {
    load.calls += 1;
    return new Promise<string>((resolve) => pending.push(resolve));
  };
  load.calls = 0;
  return { load, finish: (json: string) => pending.shift()?.(json) };
}

describe('orderer stats cache', () => {
  it('serves the kept answer for the same day until its time to live runs out', async () => {
    const cache = createOrdererStatsCache(fakeHub(), { ttlMs: 10_000 });
    const load = loader();
    expect(await cache.answer(DAY, load, NOW)).toBe('{"read":1}');
    expect(await cache.answer(DAY, load, NOW + 9_999)).toBe('{"read":1}');
    expect(load.calls).toBe(1);
    expect(await cache.answer(DAY, load, NOW + 10_000)).toBe('{"read":2}');
    // Another London day counts other items overdue: read afresh.
    expect(await cache.answer('2026-11-28', load, NOW + 10_001)).toBe('{"read":3}');
  });

  it.each<HubEvent>([{ kind: 'counts_changed' }, { kind: 'user_changed', userId: 7 }, { kind: 'resync' }])(
    'reads again after the hub says $kind',
    async (event) => {
      const hub = fakeHub();
      const cache = createOrdererStatsCache(hub);
      const load = loader();
      await cache.answer(DAY, load, NOW);
      hub.emit(event);
      expect(await cache.answer(DAY, load, NOW + 1)).toBe('{"read":2}');
    },
  );

  it('other hub messages (an item hint, a session) keep the answer', async () => {
    const hub = fakeHub();
    const cache = createOrdererStatsCache(hub);
    const load = loader();
    await cache.answer(DAY, load, NOW);
    hub.emit({ kind: 'change', change: { topic: 'order_item', id: 1 } });
    hub.emit({ kind: 'sessions_ended', sessionIds: ['s1'] });
    expect(await cache.answer(DAY, load, NOW + 1)).toBe('{"read":1}');
  });

  it('reads again after a request of this process that may have written (every cache of it)', async () => {
    const first = createOrdererStatsCache(fakeHub());
    const second = createOrdererStatsCache(fakeHub());
    const load = loader();
    await first.answer(DAY, load, NOW);
    await second.answer(DAY, load, NOW);
    forgetOrdererStats();
    expect(await first.answer(DAY, load, NOW + 1)).toBe('{"read":3}');
    expect(await second.answer(DAY, load, NOW + 1)).toBe('{"read":4}');
  });

  it('keeps and serves nothing while the hub cannot hear the database, and drops what it had', async () => {
    const hub = fakeHub();
    const cache = createOrdererStatsCache(hub);
    const load = loader();
    await cache.answer(DAY, load, NOW);
    hub.setReady(false);
    expect(await cache.answer(DAY, load, NOW + 1)).toBe('{"read":2}');
    expect(await cache.answer(DAY, load, NOW + 2)).toBe('{"read":3}');
    // Heard again: what was kept before the gap is not served.
    hub.setReady(true);
    expect(await cache.answer(DAY, load, NOW + 3)).toBe('{"read":4}');
    expect(await cache.answer(DAY, load, NOW + 4)).toBe('{"read":4}');
  });

  it('without a hub nothing is kept', async () => {
    const cache = createOrdererStatsCache(undefined);
    const load = loader();
    await cache.answer(DAY, load, NOW);
    await cache.answer(DAY, load, NOW);
    expect(load.calls).toBe(2);
  });

  it('calls that arrive during a read share it', async () => {
    const cache = createOrdererStatsCache(fakeHub());
    const { load, finish } = gatedLoader();
    const calls = [cache.answer(DAY, load, NOW), cache.answer(DAY, load, NOW), cache.answer(DAY, load, NOW)];
    finish('{"shared":true}');
    expect(await Promise.all(calls)).toEqual(Array(3).fill('{"shared":true}'));
    expect(load.calls).toBe(1);
  });

  it('a read under way when something changed is answered but not kept, and later calls do not join it', async () => {
    const hub = fakeHub();
    const cache = createOrdererStatsCache(hub);
    const { load, finish } = gatedLoader();
    const before = cache.answer(DAY, load, NOW);
    hub.emit({ kind: 'counts_changed' });
    // Arrives after the change: it must not be given the read that may have seen the counts before it.
    const after = cache.answer(DAY, load, NOW);
    expect(load.calls).toBe(2);
    finish('{"old":true}');
    finish('{"new":true}');
    expect(await before).toBe('{"old":true}');
    expect(await after).toBe('{"new":true}');
    // Only the read that began after the change was kept.
    expect(await cache.answer(DAY, load, NOW + 1)).toBe('{"new":true}');
    expect(load.calls).toBe(2);
  });

  it('a failed read is not kept: the next call reads again', async () => {
    const cache = createOrdererStatsCache(fakeHub());
    await expect(cache.answer(DAY, () => Promise.reject(new Error('connection lost')), NOW)).rejects.toThrow(
      'connection lost',
    );
    const load = loader();
    expect(await cache.answer(DAY, load, NOW + 1)).toBe('{"read":1}');
  });

  it('close stops listening and keeps nothing', async () => {
    const hub = fakeHub();
    const cache = createOrdererStatsCache(hub);
    expect(hub.listeners()).toBe(1);
    cache.close();
    expect(hub.listeners()).toBe(0);
  });
});

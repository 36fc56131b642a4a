/**
 * The session cache on its own, with a hub the test speaks for: what is served from memory, and everything
 * that makes it ask the database again. The end-to-end cases (triggers, sign-out, role changes, two instances)
 * are in auth.test.ts and multi-instance.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { fakeHub } from '../test/fake-hub';
import { createSessionCache, forgetSessions, forgetUser } from './session-cache';
import type { ActiveSession } from './sessions';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function session(id: string, userId = 7, endsAt = NOW + 3_600_000): ActiveSession {
  return {
    id,
    csrfToken: `csrf-${id}`,
    user: { id: userId, name: 'Olivia Smith', email: 'o@example.com', role: 'admin', isOrderer: true },
    endsAt: new Date(endsAt),
  };
}

/** A loader that answers `value` and counts its calls (each one a database lookup). */
function loader(value: ActiveSession | null) {
  const load = async () => {
    load.calls += 1;
    return value === null ? null : { ...value, user: { ...value.user } };
  };
  load.calls = 0;
  return load;
}

describe('session cache', () => {
  it('serves a checked session from memory until its time to live runs out', async () => {
    const hub = fakeHub();
    const cache = createSessionCache(hub, { ttlMs: 15_000 });
    const load = loader(session('s1'));
    const first = await cache.resolve('cookie-1', load, NOW);
    expect(first?.id).toBe('s1');
    expect(await cache.resolve('cookie-1', load, NOW + 14_999)).toEqual(first);
    expect(load.calls).toBe(1);
    await cache.resolve('cookie-1', load, NOW + 15_000);
    expect(load.calls).toBe(2);
    cache.close();
  });

  it('never keeps a refusal: a forged or ended cookie asks the database every time', async () => {
    const cache = createSessionCache(fakeHub());
    const load = loader(null);
    expect(await cache.resolve('forged', load, NOW)).toBeNull();
    expect(await cache.resolve('forged', load, NOW)).toBeNull();
    expect(load.calls).toBe(2);
    expect(cache.size()).toBe(0);
    cache.close();
  });

  it('asks again once the session has passed its idle or absolute end, whatever the time to live', async () => {
    const cache = createSessionCache(fakeHub(), { ttlMs: 60_000 });
    const load = loader(session('s1', 7, NOW + 1_000));
    await cache.resolve('c', load, NOW);
    await cache.resolve('c', load, NOW + 999);
    expect(load.calls).toBe(1);
    await cache.resolve('c', load, NOW + 1_000);
    expect(load.calls).toBe(2);
    cache.close();
  });

  it('forgets sessions the channel says ended or changed, and every session of a changed user', async () => {
    const hub = fakeHub();
    const cache = createSessionCache(hub);
    const loads = { a: loader(session('a', 1)), b: loader(session('b', 1)), c: loader(session('c', 2)) };
    const all = async () => {
      for (const [key, load] of Object.entries(loads)) await cache.resolve(key, load, NOW);
    };
    const calls = () => Object.values(loads).map((l) => l.calls);
    await all();
    await all();
    expect(calls()).toEqual([1, 1, 1]);
    hub.emit({ kind: 'sessions_ended', sessionIds: ['a'] });
    await all();
    expect(calls()).toEqual([2, 1, 1]);
    hub.emit({ kind: 'sessions_changed', sessionIds: ['c'] });
    await all();
    expect(calls()).toEqual([2, 1, 2]);
    hub.emit({ kind: 'user_changed', userId: 1 });
    await all();
    expect(calls()).toEqual([3, 2, 2]);
    hub.emit({ kind: 'change', change: { topic: 'order_item', id: 'A1' } });
    await all();
    expect(calls()).toEqual([3, 2, 2]);
    hub.emit({ kind: 'resync' });
    await all();
    expect(calls()).toEqual([4, 3, 3]);
    cache.close();
  });

  it("forgets at once what this process's own sign-outs and user changes name", async () => {
    const cache = createSessionCache(fakeHub());
    const a = loader(session('a', 1));
    const b = loader(session('b', 2));
    await cache.resolve('a', a, NOW);
    await cache.resolve('b', b, NOW);
    forgetSessions(['a']);
    forgetUser(2);
    await cache.resolve('a', a, NOW);
    await cache.resolve('b', b, NOW);
    expect([a.calls, b.calls]).toEqual([2, 2]);
    cache.close();
    // A closed cache no longer listens.
    expect(() => forgetUser(2)).not.toThrow();
  });

  it('keeps nothing from a lookup that was under way when something was forgotten', async () => {
    const hub = fakeHub();
    const cache = createSessionCache(hub);
    let release: () => void = () => undefined;
    const slow = Object.assign(
      async () => {
        slow.calls += 1;
        // The row this lookup read is ended while the lookup is still on its way back.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return session('s1');
      },
      { calls: 0 },
    );
    const pending = cache.resolve('c', slow, NOW);
    hub.emit({ kind: 'sessions_ended', sessionIds: ['s1'] });
    release();
    expect((await pending)?.id).toBe('s1');
    expect(cache.size()).toBe(0);
    cache.close();
  });

  it('serves and keeps nothing while the hub cannot hear the database, and drops what it kept', async () => {
    const hub = fakeHub();
    const cache = createSessionCache(hub);
    const load = loader(session('s1'));
    await cache.resolve('c', load, NOW);
    hub.setReady(false);
    await cache.resolve('c', load, NOW);
    await cache.resolve('c', load, NOW);
    expect(load.calls).toBe(3);
    expect(cache.size()).toBe(0);
    hub.setReady(true);
    await cache.resolve('c', load, NOW);
    await cache.resolve('c', load, NOW);
    expect(load.calls).toBe(4);
    cache.close();
    expect(hub.listeners()).toBe(0);
  });

  it('keeps nothing without a hub', async () => {
    const cache = createSessionCache(undefined);
    const load = loader(session('s1'));
    await cache.resolve('c', load, NOW);
    await cache.resolve('c', load, NOW);
    expect(load.calls).toBe(2);
    cache.close();
  });

  it('keeps at most maxEntries sessions, the oldest going first', async () => {
    const cache = createSessionCache(fakeHub(), { maxEntries: 2 });
    const loads = [loader(session('a')), loader(session('b')), loader(session('c'))];
    for (const [i, load] of loads.entries()) await cache.resolve(`k${i}`, load, NOW);
    expect(cache.size()).toBe(2);
    for (const [i, load] of loads.entries()) await cache.resolve(`k${i}`, load, NOW);
    expect(loads.map((l) => l.calls)).toEqual([2, 2, 2]);
    cache.close();
  });

  it('hands out a frozen session, so no request can change what the next one sees', async () => {
    const cache = createSessionCache(fakeHub());
    const kept = await cache.resolve('c', loader(session('s1')), NOW);
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept?.user)).toBe(true);
    cache.close();
  });
});

// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { connection } from './connection';
import { applyChangeHints, applyResync, useLiveUpdates } from './live';

function clientWith(keys: string[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { ok: true });
  return client;
}
const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0]);

describe('applyChangeHints', () => {
  it('a notification hint refreshes only the notifications', () => {
    const client = clientWith([['notifications'], ['order_items', 'A1'], ['users', 'current_user']]);
    applyChangeHints(client, [{ topic: 'notification', id: null }]);
    expect(stale(client)).toEqual(['notifications']);
  });

  it('an item hint refreshes the work lists but not the user, orderers or reference lists', () => {
    const client = clientWith([
      ['notifications'],
      ['order_items', 'A1'],
      ['conversations', 'active'],
      ['users', 'current_user'],
      ['reference', 'registries'],
    ]);
    applyChangeHints(client, [{ topic: 'order_item', id: 'A1' }]);
    expect(stale(client).sort()).toEqual(['conversations', 'order_items']);
  });
});

describe('applyResync', () => {
  it('refreshes every query, the user and reference lists included, but refetches only the active ones', async () => {
    const client = clientWith([
      ['notifications'],
      ['order_items', 'A1'],
      ['users', 'current_user'],
      ['reference', 'registries'],
    ]);
    const fetched: string[] = [];
    // An observer makes a query active, as a mounted screen would.
    const observer = new QueryObserver(client, {
      queryKey: ['users', 'current_user'],
      queryFn: () => {
        fetched.push('users');
        return { ok: true };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      applyResync(client);
      expect(stale(client).sort()).toEqual(['notifications', 'order_items', 'reference', 'users']);
      await vi.waitFor(() => expect(fetched).toEqual(['users']));
    } finally {
      unsubscribe();
    }
  });
});

describe('useLiveUpdates', () => {
  class FakeEventSource {
    static readonly CLOSED = 2;
    static last: FakeEventSource | undefined;
    readyState = 0;
    readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
    closed = false;
    constructor(readonly url: string) {
      FakeEventSource.last = this;
    }
    addEventListener(type: string, listener: (event: { data: string }) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, data = '{}') {
      for (const listener of this.listeners.get(type) ?? []) listener({ data });
    }
    close() {
      this.closed = true;
    }
  }

  it('refetches every active query when the server says resync, and closes the stream on unmount', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const fetched: string[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['users', 'current_user'],
      queryFn: () => {
        fetched.push('users');
        return { ok: true };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const hook = renderHook(() => useLiveUpdates(), { wrapper });
    try {
      await vi.waitFor(() => expect(fetched).toEqual(['users']));
      const source = FakeEventSource.last;
      expect(source?.url).toBe('/api/v1/events');
      // A change hint leaves the signed-in user alone; a resync refetches it too.
      source?.emit('change', JSON.stringify({ topic: 'order_item', id: 'A1' }));
      await new Promise((r) => setTimeout(r, 300));
      expect(fetched).toEqual(['users']);
      source?.emit('resync');
      await vi.waitFor(() => expect(fetched).toEqual(['users', 'users']));
      hook.unmount();
      expect(source?.closed).toBe(true);
    } finally {
      unsubscribe();
      vi.unstubAllGlobals();
    }
  });

  function mountWithSpy() {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const hook = renderHook(() => useLiveUpdates(), { wrapper });
    const source = FakeEventSource.last;
    if (!source) throw new Error('no event stream opened');
    return { invalidate, hook, source };
  }

  it('handles hints arriving together once, after they settle, and skips a hint it cannot read', () => {
    vi.useFakeTimers();
    const { invalidate, hook, source } = mountWithSpy();
    try {
      source.emit('change', JSON.stringify({ topic: 'order_item', id: 'A1' }));
      source.emit('change', 'not json');
      vi.advanceTimersByTime(200);
      source.emit('change', JSON.stringify({ topic: 'notification', id: null }));
      source.emit('change', JSON.stringify({ topic: 'order_item', id: 'A2' }));
      vi.advanceTimersByTime(249);
      expect(invalidate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      // One refresh of the notifications and one of the work lists, for all four hints.
      expect(invalidate).toHaveBeenCalledTimes(2);
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['notifications'] });
      vi.advanceTimersByTime(1000);
      expect(invalidate).toHaveBeenCalledTimes(2);
    } finally {
      hook.unmount();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('drops the hints still settling when a resync comes, and stops listening on unmount', () => {
    vi.useFakeTimers();
    const { invalidate, hook, source } = mountWithSpy();
    try {
      source.emit('change', JSON.stringify({ topic: 'order_item', id: 'A1' }));
      source.emit('resync');
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(invalidate).toHaveBeenCalledWith({ refetchType: 'active' });
      vi.advanceTimersByTime(1000);
      expect(invalidate).toHaveBeenCalledTimes(1);
      source.emit('change', JSON.stringify({ topic: 'order_item', id: 'A1' }));
      hook.unmount();
      expect(source.closed).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(invalidate).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  const serverDown = () =>
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });

  it('says the connection is lost when the stream fails and the server does not answer, back when it opens, then refetches everything', async () => {
    const { invalidate, hook, source } = mountWithSpy();
    vi.stubGlobal('fetch', serverDown());
    try {
      source.emit('error');
      await vi.waitFor(() => expect(connection.isLost()).toBe(true));
      expect(invalidate).not.toHaveBeenCalled();
      source.emit('open');
      expect(connection.isLost()).toBe(false);
      expect(invalidate).toHaveBeenCalledWith({ refetchType: 'active' });
    } finally {
      hook.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('keeps the connection when only the stream fails and the server answers', async () => {
    const { invalidate, hook, source } = mountWithSpy();
    const fetchMock = vi.fn(async () => new Response('ok'));
    vi.stubGlobal('fetch', fetchMock);
    try {
      source.emit('error');
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/healthz', { cache: 'no-store' }));
      await Promise.resolve();
      expect(connection.isLost()).toBe(false);
      expect(invalidate).not.toHaveBeenCalled();
    } finally {
      hook.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('reopens a stream the browser gave up on, asking for the user first, later each time', () => {
    vi.useFakeTimers();
    const { hook, source } = mountWithSpy();
    vi.stubGlobal('fetch', serverDown());
    try {
      source.readyState = FakeEventSource.CLOSED;
      source.emit('error');
      vi.advanceTimersByTime(2_999);
      expect(FakeEventSource.last).toBe(source);
      vi.advanceTimersByTime(1);
      const second = FakeEventSource.last;
      expect(second).not.toBe(source);
      if (!second) throw new Error('no second stream');
      second.readyState = FakeEventSource.CLOSED;
      second.emit('error');
      vi.advanceTimersByTime(3_000);
      expect(FakeEventSource.last).toBe(second);
      vi.advanceTimersByTime(3_000);
      expect(FakeEventSource.last).not.toBe(second);
      FakeEventSource.last?.emit('open');
      expect(connection.isLost()).toBe(false);
    } finally {
      hook.unmount();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it('does nothing where the browser has no EventSource', () => {
    vi.stubGlobal('EventSource', undefined);
    FakeEventSource.last = undefined;
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const hook = renderHook(() => useLiveUpdates(), { wrapper });
    expect(FakeEventSource.last).toBeUndefined();
    hook.unmount();
    vi.unstubAllGlobals();
  });
});

// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
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
    static last: FakeEventSource | undefined;
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
});

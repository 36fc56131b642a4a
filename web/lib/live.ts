/**
 * Live updates: listens to GET /api/v1/events and refetches what the open screens show when the server says
 * something changed (by this user in another tab, by a colleague, or by another app instance). Hints arriving
 * together are handled once. A `resync` event (the server's database connection was down, so hints may have
 * been lost) refetches every query on screen. Forms keep their own state, so a refetch never loses what the
 * user typed.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../api/queries';

const SETTLE_MS = 250;

interface ChangeHint {
  topic: string;
  id: string | number | null;
}

/** Refetches the active queries the hints concern: notifications for notification hints, the rest else. */
export function applyChangeHints(queryClient: QueryClient, hints: readonly ChangeHint[]): void {
  if (hints.some((h) => h.topic === 'notification')) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
  }
  if (hints.some((h) => h.topic !== 'notification')) {
    void queryClient.invalidateQueries({
      // The signed-in user, the orderers and reference lists do not follow item changes.
      predicate: (query) =>
        !['users', 'notifications', 'reference', 'faq'].includes(String(query.queryKey[0])),
      refetchType: 'active',
    });
  }
}

/** Refetches every active query: after an outage nothing says what changed, so everything on screen may have. */
export function applyResync(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ refetchType: 'active' });
}

/** Opens the event stream for the signed-in app shell; closes it when the shell goes. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/v1/events');
    let pending: ChangeHint[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener('change', (event) => {
      try {
        pending.push(JSON.parse((event as MessageEvent<string>).data) as ChangeHint);
      } catch {
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(() => {
        const hints = pending;
        pending = [];
        applyChangeHints(queryClient, hints);
      }, SETTLE_MS);
    });
    source.addEventListener('resync', () => {
      clearTimeout(timer);
      pending = [];
      applyResync(queryClient);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}

/**
 * Live updates: listens to GET /api/v1/events and refetches what the open screens show when the server says
 * something changed (by this user in another tab, by a colleague, or by another app instance). Hints arriving
 * together are handled once. A `resync` event (the server's database connection was down, so hints may have
 * been lost) refetches every query on screen, and so does the way back after the stream or a request lost
 * the server (./connection.ts). Forms keep their own state, so a refetch never loses what the user typed.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOT_LIVE, queryKeys } from '../api/query-keys';
import { connection, serverAnswers, watchBrowserNetwork } from './connection';

const SETTLE_MS = 250;

interface ChangeHint {
  topic: string;
  id: string | number | null;
}

/** Refetches the active queries the hints concern: notifications for notification hints, the rest else. */
export function applyChangeHints(queryClient: QueryClient, hints: readonly ChangeHint[]): void {
  if (hints.some((h) => h.topic === 'notification')) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
  }
  if (hints.some((h) => h.topic !== 'notification')) {
    void queryClient.invalidateQueries({
      // The signed-in user, the orderers and reference lists do not follow item changes.
      predicate: (query) => !NOT_LIVE.includes(String(query.queryKey[0])),
      refetchType: 'active',
    });
  }
}

/** Refetches every active query: after an outage nothing says what changed, so everything on screen may have. */
export function applyResync(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ refetchType: 'active' });
}

/** Reopening a stream the browser gave up on (it answered other than 200): 3 s, doubling to 30 s. */
const REOPEN_FIRST_MS = 3_000;
const REOPEN_MAX_MS = 30_000;

/**
 * Opens the event stream for the signed-in app shell; closes it when the shell goes. The stream's state
 * drives the connection banner: an error while the server does not answer says lost, opening again says
 * back, and the way back refetches every query on screen. The browser reconnects by itself after a network error; after an answer other
 * than 200 (a gateway's 502 during a deploy, or 401 once the session has ended) it gives up, so the stream
 * is reopened here, after asking for the signed-in user: a 401 there sends the user to sign-in.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => connection.onBack(() => applyResync(queryClient)), [queryClient]);
  useEffect(() => watchBrowserNetwork(), []);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    let pending: ChangeHint[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let reopenDelay = REOPEN_FIRST_MS;

    const open = () => {
      source = new EventSource('/api/v1/events');
      source.addEventListener('open', () => {
        reopenDelay = REOPEN_FIRST_MS;
        connection.reportBack();
      });
      source.addEventListener('error', () => {
        // The stream alone may fail (a proxy that cuts it) while the server is there: ask the server, so
        // the banner and the refetch on the way back follow the server, not the stream.
        void serverAnswers().then((answers) => (answers ? connection.reportBack() : connection.reportLost()));
        if (source.readyState !== EventSource.CLOSED) return;
        clearTimeout(reopen);
        reopen = setTimeout(() => {
          void queryClient.refetchQueries({ queryKey: queryKeys.users.current });
          open();
        }, reopenDelay);
        reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
      });
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
    };
    open();
    return () => {
      clearTimeout(timer);
      clearTimeout(reopen);
      source.close();
    };
  }, [queryClient]);
}

/**
 * Live-update fan-out of one app instance. Every instance LISTENs on the database channel that
 * publishChange notifies, so a change committed through any instance reaches the browsers connected to all
 * of them. PostgreSQL: one dedicated connection, reconnected for as long as it takes (capped exponential
 * backoff); NOTIFYs sent while it was down are lost, so subscribers are told to resync when it is back.
 * PGlite: its own listen(), as the embedded database is one process.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { LIVE_CHANNEL, type LiveChange } from './publish';

export type HubEvent =
  | { kind: 'change'; change: LiveChange }
  | { kind: 'sessions_ended'; sessionIds: readonly string[] }
  /** Sessions touched or edited (not ended): the session cache reads them afresh. */
  | { kind: 'sessions_changed'; sessionIds: readonly string[] }
  /** A user's name, e-mail, role, orderer flag or active flag changed: their sessions are read afresh. */
  | { kind: 'user_changed'; userId: number }
  /** Open-item counts, or who works a queue, changed (migration 0026): the orderers' stats are read afresh. */
  | { kind: 'counts_changed' }
  /** The hub may have missed messages (its connection was down): refetch everything. */
  | { kind: 'resync' };

export type HubListener = (event: HubEvent) => void;

export interface LiveHub {
  /** Calls the listener for every event until the returned function is called. */
  subscribe(listener: HubListener): () => void;
  /** True while the hub hears the database (on PostgreSQL: its LISTEN connection is up). */
  ready(): boolean;
  close(): Promise<void>;
}

/** First retry after 250 ms, doubling to at most 5 s; each delay is jittered down by up to half. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_MAX_MS = 5000;

export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 30), RECONNECT_MAX_MS);
  // Jitter keeps the instances of a fleet from reconnecting in lockstep after a failover.
  return Math.round(ceiling * (0.5 + random() / 2));
}

function parseMessage(payload: string | undefined): HubEvent | null {
  try {
    const value = JSON.parse(payload ?? '') as { topic?: unknown; sessionIds?: unknown; userId?: unknown };
    if (
      (value?.topic === 'session_ended' || value?.topic === 'session_changed') &&
      Array.isArray(value.sessionIds)
    ) {
      const sessionIds = value.sessionIds.filter((id) => typeof id === 'string');
      return value.topic === 'session_ended'
        ? { kind: 'sessions_ended', sessionIds }
        : { kind: 'sessions_changed', sessionIds };
    }
    if (value?.topic === 'open_counts_changed') return { kind: 'counts_changed' };
    if (value?.topic === 'user_changed') {
      return typeof value.userId === 'number' ? { kind: 'user_changed', userId: value.userId } : null;
    }
    return typeof value?.topic === 'string' ? { kind: 'change', change: value as LiveChange } : null;
  } catch {
    return null;
  }
}

export async function createLiveHub(database: Database, log?: FastifyBaseLogger): Promise<LiveHub> {
  const listeners = new Set<HubListener>();
  const emit = (event: HubEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        // One broken stream must not stop the others nor escape into the database client's event loop.
        log?.error({ err: error }, 'live updates: a subscriber failed');
      }
    }
  };
  const dispatch = (payload: string | undefined) => {
    const event = parseMessage(payload);
    if (event) emit(event);
  };
  let stop: () => Promise<void>;
  let ready = () => true;

  if (database.pglite) {
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, dispatch);
    stop = async () => {
      await unlisten().catch(() => undefined);
    };
  } else if (database.url) {
    const url = database.url;
    let client: pg.Client | null = null;
    let closed = false;
    let attempt = 0;
    let everListened = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const scheduleReconnect = () => {
      if (closed || retry) return;
      const delay = reconnectDelayMs(attempt);
      attempt += 1;
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
    };

    const connect = async (): Promise<void> => {
      const next = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 10_000,
        // An idle LISTEN connection would otherwise not notice a network path that silently died.
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      let lost = false;
      const onLost = (error?: unknown) => {
        if (lost || closed) return;
        lost = true;
        if (client === next) {
          client = null;
          log?.warn({ err: error }, 'live updates: listener connection lost; reconnecting');
        }
        void next.end().catch(() => undefined);
        scheduleReconnect();
      };
      next.on('error', onLost);
      next.on('end', () => onLost());
      next.on('notification', (message) => {
        if (message.channel === LIVE_CHANNEL) dispatch(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${LIVE_CHANNEL}`);
      } catch (error) {
        log?.warn({ err: error, attempt }, 'live updates: cannot listen yet; retrying');
        onLost(error);
        return;
      }
      if (closed || lost) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      attempt = 0;
      if (everListened) {
        log?.info('live updates: listening again; telling clients to resync');
        emit({ kind: 'resync' });
      }
      everListened = true;
    };

    // The first attempt is awaited so a healthy start hears everything; a failed one keeps retrying.
    await connect();
    ready = () => client !== null;
    stop = async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    };
  } else {
    stop = async () => undefined;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => ready(),
    async close() {
      listeners.clear();
      await stop();
    },
  };
}

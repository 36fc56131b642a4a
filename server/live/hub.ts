/**
 * Live-update fan-out of one app instance. Every instance LISTENs on the database channel that
 * publishChange notifies (server/db/listener.ts), so a change committed through any instance reaches the
 * browsers connected to all of them. NOTIFYs sent while the listener was down are lost, so subscribers are
 * told to resync when it is back.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { listenOn } from '../db/listener';
import { LIVE_CHANNEL, type LiveChange } from './channel';

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
  const channel = await listenOn(
    database,
    LIVE_CHANNEL,
    { onMessage: dispatch, onRelisten: () => emit({ kind: 'resync' }) },
    log,
  );

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => channel.ready(),
    async close() {
      listeners.clear();
      await channel.stop();
    },
  };
}

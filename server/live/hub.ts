/**
 * Live-update fan-out of one app instance. Every instance LISTENs on the database channel that
 * publishChange notifies, so a change committed through any instance reaches the browsers connected to all
 * of them. PostgreSQL: one dedicated connection (reconnected with backoff if it drops). PGlite: its own
 * listen(), as the embedded database is one process.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client';
import { LIVE_CHANNEL, type LiveChange } from './publish';

export type LiveListener = (change: LiveChange) => void;

export interface LiveHub {
  /** Calls the listener for every change until the returned function is called. */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

function parseChange(payload: string | undefined): LiveChange | null {
  try {
    const value = JSON.parse(payload ?? '') as LiveChange;
    return typeof value?.topic === 'string' ? value : null;
  } catch {
    return null;
  }
}

export async function createLiveHub(database: Database, log?: FastifyBaseLogger): Promise<LiveHub> {
  const listeners = new Set<LiveListener>();
  const dispatch = (payload: string | undefined) => {
    const change = parseChange(payload);
    if (!change) return;
    for (const listener of listeners) listener(change);
  };
  let stop: () => Promise<void>;

  if (database.pglite) {
    const unlisten = await database.pglite.listen(LIVE_CHANNEL, dispatch);
    stop = async () => {
      await unlisten().catch(() => undefined);
    };
  } else if (database.url) {
    const url = database.url;
    let client: pg.Client | null = null;
    let closed = false;
    let retryMs = 500;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === LIVE_CHANNEL) dispatch(message.payload);
      });
      next.on('error', (error) => {
        log?.warn({ err: error }, 'live updates: listener connection lost; reconnecting');
        void next.end().catch(() => undefined);
        if (client === next) client = null;
        if (!closed) setTimeout(() => void connect().catch(() => undefined), retryMs);
        retryMs = Math.min(retryMs * 2, 30_000);
      });
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      retryMs = 500;
    };
    await connect();
    stop = async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    };
  } else {
    stop = async () => undefined;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await stop();
    },
  };
}

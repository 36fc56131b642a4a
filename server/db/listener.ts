/**
 * A LISTEN on one database channel, for the live-update hub (server/live/hub.ts). PostgreSQL: one dedicated
 * connection, reconnected for as long as it takes (capped exponential backoff); NOTIFYs sent while it was
 * down are lost, so the caller is told when it listens again (`onRelisten`) to have its clients resync.
 * PGlite: its own listen(), as the embedded database is one process.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';

/** A channel being listened on. */
export interface ChannelListener {
  /** True while the channel is heard (on PostgreSQL: its LISTEN connection is up). */
  ready(): boolean;
  stop(): Promise<void>;
}

/** First retry after 250 ms, doubling to at most 5 s; each delay is jittered down by up to half. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_MAX_MS = 5000;

export function reconnectDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(RECONNECT_FIRST_MS * 2 ** Math.min(attempt, 30), RECONNECT_MAX_MS);
  // Jitter keeps the instances of a fleet from reconnecting in lockstep after a failover.
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * Listens on `channel`, calling `onMessage` with each payload. The first attempt is awaited so a healthy
 * start hears everything; a failed one keeps retrying in the background.
 */
export async function listenOn(
  database: Database,
  channel: string,
  handlers: { onMessage(payload: string | undefined): void; onRelisten(): void },
  log?: FastifyBaseLogger,
): Promise<ChannelListener> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, handlers.onMessage);
    return {
      ready: () => true,
      stop: async () => {
        await unlisten().catch(() => undefined);
      },
    };
  }
  if (!database.url) return { ready: () => true, stop: async () => undefined };

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
      if (message.channel === channel) handlers.onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
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
      handlers.onRelisten();
    }
    everListened = true;
  };

  await connect();
  return {
    ready: () => client !== null,
    stop: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

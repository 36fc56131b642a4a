/**
 * GET /api/v1/events: server-sent events for the signed-in user. Each `change` event is a hint
 * (`{topic, id}`) so open screens refetch what they show; notification hints go only to their recipient.
 * A `resync` event says hints may have been missed (the database connection was down): refetch everything.
 * A comment line every 25 s keeps proxies from closing an idle stream; the browser's EventSource reconnects
 * on its own. The stream ends when its session does: sign-out, deactivation or a password change on any
 * instance (a `session_ended` message on the live channel), or the idle or absolute timeout; the browser's
 * reconnect is then refused with 401.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/guard';
import { sessionEndsAt } from '../services/auth/sessions';
import { eventStream } from './answers';
import type { RouteDeps } from './route-deps';

const HEARTBEAT_MS = 25_000;
/** setTimeout's longest delay (about 24 days); a later deadline is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const eventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { live, database, metrics }) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(
    '/events',
    {
      schema: {
        tags: ['live'],
        summary: 'Server-sent events: change hints and new notifications for the signed-in user',
        produces: ['text/event-stream'],
        response: { 200: eventStream('Change hints until the session ends') },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = request.session;
      if (!session) return;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // Between end() and the socket's 'close' a hint may still arrive: writing after the end would emit an
      // 'error' event on the response, and an unhandled one ends the process.
      const send = (text: string) => {
        if (!res.writableEnded && !res.destroyed) res.write(text);
      };
      res.on('error', (error) => request.log.debug({ err: error }, 'event stream write failed'));
      send('retry: 3000\n: connected\n\n');
      const end = () => {
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      const closed = metrics?.sseOpened();
      const unsubscribe = live?.subscribe((event) => {
        if (event.kind === 'sessions_ended') {
          if (event.sessionIds.includes(session.id)) end();
        } else if (event.kind === 'resync') {
          send('event: resync\ndata: {}\n\n');
        } else if (event.kind === 'change') {
          const { change } = event;
          if (change.userId !== undefined && change.userId !== user.id) return;
          send(`event: change\ndata: ${JSON.stringify({ topic: change.topic, id: change.id ?? null })}\n\n`);
        }
      });
      const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);

      // Expiry sends no message, so each stream checks its session at the moment it would end; other
      // requests may have pushed the idle deadline back meanwhile.
      let expiry: ReturnType<typeof setTimeout> | undefined;
      const endAt = (deadline: Date) => {
        const wait = Math.min(Math.max(deadline.getTime() - Date.now(), 0), MAX_TIMER_MS);
        expiry = setTimeout(async () => {
          // When the database cannot say, the stream ends: the browser reconnects through the guard.
          const next = await sessionEndsAt(database.db, session.id).catch(() => null);
          if (res.writableEnded) return;
          if (!next || next.getTime() <= Date.now()) end();
          else endAt(next);
        }, wait);
      };
      endAt(session.endsAt);

      request.raw.on('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe?.();
        open.delete(end);
        closed?.();
      });
    },
  );
};

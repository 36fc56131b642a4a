/**
 * GET /api/v1/events: server-sent events for the signed-in user. Each event is a change hint
 * (`{topic, id}`) so open screens refetch what they show; notification hints go only to their recipient.
 * A comment line every 25 s keeps proxies from closing an idle stream; the browser's EventSource reconnects
 * on its own (and is sent to sign-in by the next API call if the session ended).
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/guard';
import type { LiveHub } from '../live/hub';
import type { RouteDeps } from './index';

const HEARTBEAT_MS = 25_000;

export const eventRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { live }) => {
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  app.get(
    '/events',
    {
      schema: {
        tags: ['live'],
        summary: 'Server-sent events: change hints and new notifications for the signed-in user',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: connected\n\n');
      open.add(res);
      const unsubscribe = (live as LiveHub | undefined)?.subscribe((change) => {
        if (change.userId !== undefined && change.userId !== user.id) return;
        res.write(
          `event: change\ndata: ${JSON.stringify({ topic: change.topic, id: change.id ?? null })}\n\n`,
        );
      });
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe?.();
        open.delete(res);
      });
    },
  );
};

/**
 * Liveness and readiness for load balancers and orchestrators. /healthz answers while the process serves
 * HTTP at all (restart it if not). /readyz answers 200 only while this instance can do its work: the
 * database answers, the live-update listener is connected and the background jobs are not failing; send
 * it no traffic otherwise (it recovers by itself: the pool, the listener and the job runner reconnect).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';

/** Anything that can say whether it is working now: the live hub, the job runner. */
export interface ReadinessProbe {
  ready(): boolean;
}

/** A database that does not answer within this is down as far as readiness goes. */
const PING_TIMEOUT_MS = 2000;

const CheckSchema = z.enum(['up', 'down']).meta({ description: '`down` while it cannot work' });
const ChecksSchema = z.object({
  database: CheckSchema,
  listener: CheckSchema.optional().meta({ description: 'The LISTEN connection of live updates' }),
  jobs: CheckSchema.optional().meta({ description: 'The background job runner (absent when not run)' }),
});

async function pingWithin(database: Database, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([database.ping().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  live?: ReadinessProbe;
  jobs?: ReadinessProbe;
}> = async (app, { database, live, jobs }) => {
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Alive: the process serves HTTP (says nothing about the database)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Ready when the database answers, live updates listen and background jobs run',
        response: {
          200: z.object({ status: z.literal('ready'), checks: ChecksSchema }),
          503: z.object({ status: z.literal('unavailable'), checks: ChecksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));
      const checks = {
        database: state(await pingWithin(database, PING_TIMEOUT_MS)),
        ...(live ? { listener: state(live.ready()) } : {}),
        ...(jobs ? { jobs: state(jobs.ready()) } : {}),
      };
      const ok = Object.values(checks).every((c) => c === 'up');
      reply.header('cache-control', 'no-store');
      return ok
        ? { status: 'ready' as const, checks }
        : reply.status(503).send({ status: 'unavailable' as const, checks });
    },
  );
};

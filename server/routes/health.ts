/**
 * Liveness and readiness for load balancers and orchestrators. /healthz answers while the process serves
 * HTTP at all (restart it if not), migrations included, and says which build runs. /readyz answers 200 only
 * while this instance can do its work: started (migrated, jobs running) and not draining for a shutdown, the
 * database answers, the live-update listener is connected and the background jobs are not failing; send
 * it no traffic otherwise (it recovers by itself: the pool, the listener and the job runner reconnect).
 *
 * Object storage is reported (`checks.storage`) but does not fail readiness: without it only attachments
 * fail, and every instance shares the one store, so taking instances out of rotation would turn a partial
 * outage into a whole one (docs/operations.md). It is probed at most every STORAGE_PROBE_MS.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { Lifecycle } from '../lifecycle';
import type { Storage } from '../storage/storage';
import { buildInfo } from '../version';

/** Anything that can say whether it is working now: the live hub, the job runner. */
export interface ReadinessProbe {
  ready(): boolean;
  /** The job runner: whether one job's last run succeeded (undefined when it does not run). */
  jobUp?(name: string): boolean | undefined;
}

/** A database (or store) that does not answer within this is down as far as readiness goes. */
const PING_TIMEOUT_MS = 2000;

/** Object storage is asked again only after this: a proxy probing every second costs the store little. */
const STORAGE_PROBE_MS = 10_000;

/** A key no upload ever has (keys are random UUIDs): asking whether it exists is a cheap round trip. */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000';

const CheckSchema = z.enum(['up', 'down']).meta({ description: '`down` while it cannot work' });
const ChecksSchema = z.object({
  database: CheckSchema,
  listener: CheckSchema.optional().meta({ description: 'The LISTEN connection of live updates' }),
  jobs: CheckSchema.optional().meta({ description: 'The background job runner (absent when not run)' }),
  storage: CheckSchema.optional().meta({
    description: 'Object storage (attachments): reported, never fails readiness on its own',
  }),
  mailbox: CheckSchema.optional().meta({
    description:
      'The inbound mailbox (IMAP_URL or DATA_DIR/inbox) as the inbound mail job last found it: reported, never fails readiness on its own',
  }),
});
const PhaseSchema = z.enum(['starting', 'ready', 'draining']).meta({
  description:
    '`starting` while migrating and starting jobs; `draining` after SIGTERM, while requests still finish',
});

async function within(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the store answers, asked at most every STORAGE_PROBE_MS (answers in between reuse the last). */
function storageProbe(storage: Storage) {
  let last: { at: number; up: Promise<boolean> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= STORAGE_PROBE_MS) {
      const answers = async () => {
        // Whether the probe key exists does not matter: that the store answered does.
        await storage.exists(PROBE_KEY);
        return true;
      };
      last = { at: now, up: within(answers, PING_TIMEOUT_MS) };
    }
    return last.up;
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  live?: ReadinessProbe;
  jobs?: ReadinessProbe;
  storage?: Storage;
  lifecycle?: Lifecycle;
}> = async (app, { database, live, jobs, storage, lifecycle }) => {
  const storageUp = storage ? storageProbe(storage) : undefined;
  const build = buildInfo();
  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getHealthz',
        tags: ['health'],
        security: [],
        summary: 'Alive: the process serves HTTP (says nothing about the database); which build runs',
        response: {
          200: z.object({
            status: z.literal('ok'),
            version: z.string().meta({ description: 'The version of package.json' }),
            commit: z.string().meta({ description: 'The commit it was built from (`unknown` if not known)' }),
          }),
        },
      },
    },
    async () => ({ status: 'ok' as const, version: build.version, commit: build.commit }),
  );
  app.get(
    '/readyz',
    {
      config: { auth: 'public' },
      schema: {
        operationId: 'getReadyz',
        tags: ['health'],
        security: [],
        summary:
          'Ready when started and not draining, the database answers, live updates listen and background jobs run',
        response: {
          200: z.object({ status: z.literal('ready'), phase: PhaseSchema, checks: ChecksSchema }),
          503: z.object({ status: z.literal('unavailable'), phase: PhaseSchema, checks: ChecksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const state = (up: boolean) => (up ? ('up' as const) : ('down' as const));
      const [databaseUp, storeUp] = await Promise.all([
        within(() => database.ping(), PING_TIMEOUT_MS),
        storageUp?.(),
      ]);
      const checks = {
        database: state(databaseUp),
        ...(live ? { listener: state(live.ready()) } : {}),
        ...(jobs ? { jobs: state(jobs.ready()) } : {}),
      };
      const phase = lifecycle?.phase() ?? 'ready';
      const ok = phase === 'ready' && Object.values(checks).every((c) => c === 'up');
      const mailboxUp = jobs?.jobUp?.('inbound_mail');
      const reported = {
        ...checks,
        ...(storeUp === undefined ? {} : { storage: state(storeUp) }),
        ...(mailboxUp === undefined ? {} : { mailbox: state(mailboxUp) }),
      };
      reply.header('cache-control', 'no-store');
      return ok
        ? { status: 'ready' as const, phase, checks: reported }
        : reply.status(503).send({ status: 'unavailable' as const, phase, checks: reported });
    },
  );
};

/**
 * Prometheus metrics of one app instance (prom-client), served at GET /metrics on the app's own port.
 *
 * Guarded by a bearer token rather than a separate port: one port is one thing to expose, health-check and
 * proxy, and a token works the same behind any load balancer. Without METRICS_TOKEN nothing is collected and
 * /metrics answers 404, so a forgotten variable never publishes the figures. Each app has its own registry
 * (tests build many apps in one process); each instance is scraped on its own and Prometheus sums them.
 *
 * Cheap by design: request figures are counted in a hook; the pool's figures are read from the pool; the
 * outbox is counted at scrape time through its (status, next_attempt_at) index and cached for a few seconds,
 * so several scrapers (or a scrape storm) cost one query.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client';
import { AppError } from './errors';
import type { JobStats } from './jobs/runner';
import { countUndeliveredEmails, type OutboxCounts } from './services/outbox/outbox-counts';
import { buildInfo } from './version';

/** The hooks other parts of the app call; absent (metrics off) they are simply not called. */
export interface AppMetrics {
  registry: Registry;
  /** An event stream opened; call the answer when it closes. */
  sseOpened(): () => void;
}

/** Outbox counts are reused for this long: a scrape every 15 s costs one query, a burst of scrapes one too. */
export const OUTBOX_CACHE_MS = 5000;

/** The errors that are failed sign-ins: wrong credentials, and attempts refused by the throttle. */
const SIGN_IN_FAILURE_CODES = new Set(['invalid_credentials', 'too_many_attempts']);

export function createMetrics(opts: {
  database: Database;
  jobs?: { stats?(): readonly JobStats[] };
  log: Pick<FastifyBaseLogger, 'warn'>;
}): AppMetrics & {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  signInFailures: Counter<'reason'>;
} {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  const build = buildInfo();
  new Gauge({
    name: 'build_info',
    help: 'Always 1; its labels say which build runs (the version of package.json and the commit)',
    labelNames: ['version', 'commit'] as const,
    registers,
  }).set({ version: build.version, commit: build.commit }, 1);

  const sseClients = new Gauge({
    name: 'sse_clients_open',
    help: 'Server-sent event streams open on this instance',
    registers,
  });

  const signInFailures = new Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins: wrong credentials, or refused by the throttle',
    labelNames: ['reason'] as const,
    registers,
  });

  const pool = opts.database.poolStats;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this instance, in use or idle',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const s = pool();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a free pool connection',
      registers,
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  const conflicts = opts.database.conflictCounts;
  if (conflicts) {
    new Counter({
      name: 'db_transaction_conflicts_total',
      help: 'Transactions that lost a deadlock or serialization check: run again (retried), or lost every attempt and answered 503 (gave_up)',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        const c = conflicts();
        this.reset();
        this.inc({ outcome: 'retried' }, c.retried);
        this.inc({ outcome: 'gave_up' }, c.gaveUp);
      },
    });
  }

  let outboxCache: { at: number; counts: Promise<OutboxCounts> } | undefined;
  const outboxCounts = () => {
    const now = Date.now();
    if (!outboxCache || now - outboxCache.at > OUTBOX_CACHE_MS) {
      const counts = countUndeliveredEmails(opts.database.db);
      outboxCache = { at: now, counts };
      // A failed count is not cached: the next scrape asks again.
      counts.catch(() => {
        if (outboxCache?.counts === counts) outboxCache = undefined;
      });
    }
    return outboxCache.counts;
  };
  new Gauge({
    name: 'outbox_messages',
    help: 'E-mails in the outbox not yet delivered, by status (sent ones are not counted)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      try {
        const c = await outboxCounts();
        this.set({ status: 'pending' }, c.pending);
        this.set({ status: 'sending' }, c.sending);
        this.set({ status: 'failed' }, c.failed);
      } catch (error) {
        // The scrape still answers (process and request figures); the database outage shows in /readyz.
        opts.log.warn({ err: error }, 'metrics: could not count the outbox');
      }
    },
  });
  new Gauge({
    name: 'outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest e-mail waiting to be delivered (0 when none waits)',
    registers,
    async collect() {
      try {
        const c = await outboxCounts();
        this.set(c.oldestPendingAt ? Math.max(0, (Date.now() - c.oldestPendingAt.getTime()) / 1000) : 0);
      } catch {
        // Reported once, by outbox_messages.
      }
    },
  });

  const jobStats = opts.jobs?.stats?.bind(opts.jobs);
  if (jobStats) {
    // The runner keeps the figures (it runs without metrics too); a scrape copies them.
    new Counter({
      name: 'job_runs_total',
      help: 'Runs of each background job on this instance',
      labelNames: ['job'] as const,
      registers,
      collect() {
        this.reset();
        for (const j of jobStats()) this.inc({ job: j.name }, j.runs);
      },
    });
    new Counter({
      name: 'job_failures_total',
      help: 'Failed runs of each background job on this instance',
      labelNames: ['job'] as const,
      registers,
      collect() {
        this.reset();
        for (const j of jobStats()) this.inc({ job: j.name }, j.failures);
      },
    });
    new Counter({
      name: 'mail_delivery_failures_total',
      help: 'Failed e-mail delivery attempts on this instance: retried later (retrying), or the last one (gave_up)',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.reset();
        const counts = jobStats().find((j) => j.name === 'mail')?.counts ?? {};
        this.inc({ outcome: 'retrying' }, counts.retrying ?? 0);
        this.inc({ outcome: 'gave_up' }, counts.gave_up ?? 0);
      },
    });
    new Gauge({
      name: 'job_up',
      help: "Whether each background job's last run succeeded (1) or failed (0); inbound_mail is the mailbox",
      labelNames: ['job'] as const,
      registers,
      collect() {
        for (const j of jobStats()) this.set({ job: j.name }, j.failing ? 0 : 1);
      },
    });
    new Counter({
      name: 'inbound_mail_total',
      help: 'E-mail read from the inbound mailbox on this instance, by what became of it',
      labelNames: ['outcome'] as const,
      registers,
      collect() {
        this.reset();
        const counts = jobStats().find((j) => j.name === 'inbound_mail')?.counts;
        for (const [outcome, n] of Object.entries(counts ?? {})) this.inc({ outcome }, n);
      },
    });
    new Gauge({
      name: 'job_last_success_timestamp_seconds',
      help: 'When each background job last succeeded (Unix time; 0 before its first success)',
      labelNames: ['job'] as const,
      registers,
      collect() {
        for (const j of jobStats())
          this.set({ job: j.name }, j.lastSuccessAt ? j.lastSuccessAt.getTime() / 1000 : 0);
      },
    });
  }

  return {
    registry,
    requests,
    duration,
    signInFailures,
    sseOpened() {
      sseClients.inc();
      let open = true;
      return () => {
        if (open) sseClients.dec();
        open = false;
      };
    },
  };
}

/** Constant-time check of `Authorization: Bearer <token>` (hashing first makes the lengths equal). */
export function bearerMatches(token: string, header: string | undefined): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return given.length > 0 && timingSafeEqual(digest(token), digest(given));
}

/**
 * Counts every answer and serves GET /metrics. Registered before the routes (fastify-plugin: its hooks see
 * them all). `metrics` undefined: /metrics answers 404 and nothing is counted.
 */
export const metricsPlugin = fp<{ metrics?: ReturnType<typeof createMetrics>; token?: string }>(
  async (app, { metrics, token }) => {
    if (metrics) {
      app.addHook('onResponse', async (request, reply) => {
        // The route pattern, never the URL: ids and query strings would make a series per request.
        const labels = {
          method: request.method,
          route: request.routeOptions.url ?? '(unmatched)',
          status: String(reply.statusCode),
        };
        metrics.requests.inc(labels);
        metrics.duration.observe(labels, reply.elapsedTime / 1000);
      });
      app.addHook('onError', async (_request, _reply, error) => {
        if (error instanceof AppError && SIGN_IN_FAILURE_CODES.has(error.code)) {
          metrics.signInFailures.inc({ reason: error.code });
        }
      });
    }

    app.get(
      '/metrics',
      // Not part of the API description: operators' endpoint, documented in docs/operations.md.
      { config: { auth: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!metrics || !token) throw new AppError('not_found', 'No such endpoint: GET /metrics');
        if (!bearerMatches(token, request.headers.authorization)) {
          throw new AppError('unauthenticated', 'A valid metrics token is required.');
        }
        reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
        return metrics.registry.metrics();
      },
    );
  },
);

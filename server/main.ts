/**
 * Entry point: validate configuration, listen (health checks only), migrate the database, seed demo data on
 * an empty embedded database, then serve the API and the SPA and run the background jobs (e-mail, schedules).
 * SIGTERM drains (docs/operations.md, "Rolling restart"): /readyz says 503 for SHUTDOWN_DRAIN_MS while
 * requests are still served, then the listener closes, requests in flight finish, the jobs stop, exit 0.
 * Nothing ends the process silently: an unhandled rejection is logged and the process carries on; an
 * uncaught exception is logged and exits with code 1 (its state is unknown), for the supervisor to restart.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { backgroundJobs } from './jobs/registry';
import { type JobRunner, startJobRunner } from './jobs/runner';
import { createLifecycle } from './lifecycle';
import { presentCompany } from './mail/compose';
import { missingNodeFlags } from './node-flags';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo';
import { consoleProgress } from './seed/progress';
import { openStorage } from './storage/open';
import { buildInfo } from './version';

async function main(): Promise<void> {
  const config = loadConfig();
  // Every customer e-mail queued by this process (requests, jobs, the demo seed) presents the configured company.
  presentCompany(config.company);
  const log = pino({ level: config.logLevel });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception; exiting');
    process.exit(1);
  });
  const build = buildInfo();
  log.info(
    { version: build.version, commit: build.commit, node: process.version },
    'starting the back office',
  );
  const missing = missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  if (config.nodeEnv === 'production' && missing.length > 0)
    log.warn(
      { missing },
      'started without the Node.js flags the server is tuned for: npm run start:prod passes them (README, "Deploy")',
    );

  const database = await openDatabase({
    ...config,
    // The pool has already dropped the connection; this only says why (a restart, a failover, a kill).
    onPoolError: (error) => log.warn({ err: error }, 'database connection lost; the pool will reconnect'),
    // Expected now and then under concurrent writes; many of them say two paths take rows in opposite orders.
    onConflictRetry: (error, attempt) =>
      log.info(
        { err: error, attempt },
        'transaction lost a deadlock or serialization check; running it again',
      ),
  });

  // One store for the web requests and the e-mail worker: S3 when configured, so every instance sees every file.
  const storage = openStorage(config);
  // The app listens before it migrates: /healthz answers during a long migration (a liveness probe would
  // otherwise restart it half-way), /readyz and every other path answer 503 until it is ready. The jobs
  // start after the migrations; until then the runner reports itself not ready.
  const lifecycle = createLifecycle();
  let runner: JobRunner | undefined;
  const jobs = {
    ready: () => runner?.ready() ?? false,
    stats: () => runner?.stats() ?? [],
  };
  const app = await buildApp({ config, database, webRoot: config.webRoot, jobs, storage, lifecycle });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    try {
      // Draining: /readyz answers 503 so the proxy stops sending new requests, while this instance still
      // serves what reaches it; only then does the listener close (a proxy checks every few seconds).
      // Not when stopped before it was ready: no proxy was sending it anything.
      const wasReady = lifecycle.phase() === 'ready';
      lifecycle.drain();
      if (wasReady && config.shutdownDrainMs > 0) {
        app.log.info(
          { signal, drain_ms: config.shutdownDrainMs },
          'shutting down: draining (/readyz answers 503)',
        );
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      }
      app.log.info({ signal }, 'shutting down: closing the listener and finishing requests in flight');
      // Waits for requests in flight; open event streams are ended first.
      await closeWithin(app, SHUTDOWN_TIMEOUT_MS);
      await runner?.stop();
      await database.close();
      app.log.info({ signal }, 'stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A second signal while stopping is ignored, not a hard exit: Ctrl+C reaches `npm start`'s launcher and
  // the server at once, and the launcher passes it on again.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  log.info({ port: listeningPort(app) }, 'listening: /healthz answers; migrating before serving');
  await database.migrate({ log });
  if (config.demoMode) log.info('demo mode: checking for demo data (the first start seeds it in seconds)');
  const seeded = config.demoMode ? await seedDemoIfEmpty(database.db, consoleProgress()) : false;
  if (stopping) return;
  runner = startJobRunner(
    backgroundJobs({
      db: database.db,
      mail: {
        smtpUrl: config.smtpUrl,
        dataDir: config.dataDir,
        mailFrom: config.mailFrom,
        replyTo: config.mailReplyTo,
        storage,
      },
      inbound: { imapUrl: config.imapUrl, dataDir: config.dataDir, storage },
      log,
      retention: config.retention,
      webhooks: config.webhooks,
    }),
    log,
  );
  lifecycle.ready();

  const address = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${listeningPort(app)}`;
  const where = config.host === '0.0.0.0' ? address.replace('0.0.0.0', 'localhost') : address;
  log.info(
    {
      address: where,
      database: database.kind,
      dataDir: config.dataDir,
      version: build.version,
      commit: build.commit,
    },
    'back office running',
  );
  if (config.demoMode) {
    // A plain block, not a log line: it is for the person at the console, and request lines (at debug in
    // demo mode) no longer bury it.
    console.log(
      `\n  Back office running at ${where}  (${database.kind}, data in ${config.dataDir})\n` +
        `  ${seeded ? 'Demo data seeded. ' : ''}Demo sign-in (demo credentials, not for production):\n` +
        `    admin@demo.test / ${DEMO_PASSWORD}   (admin)\n` +
        `    alice@demo.test / ${DEMO_PASSWORD}   (orderer)\n` +
        `    bob@demo.test   / ${DEMO_PASSWORD}   (orderer)\n`,
    );
  }
}

/** Requests still in flight this long after the listener closed are cut off: the process must end. */
const SHUTDOWN_TIMEOUT_MS = 30_000;

/**
 * Closes the listener and waits for requests in flight. Node closes the keep-alive connections that are idle
 * when the listener closes, but not those that fall idle afterwards (a request answered during the close):
 * they would hold the process until their keep-alive timeout, so they are closed as soon as they are idle.
 * After `ms`, whatever is left is cut off.
 */
async function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const deadline = setTimeout(() => {
    app.log.warn(
      { after_ms: ms },
      'requests still in flight at the shutdown deadline; closing their connections',
    );
    app.server.closeAllConnections();
  }, ms);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(deadline);
  }
}

/** The port the app listens on (PORT=0 picks a free one). */
function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

main().catch((error: unknown) => {
  // A configuration error is for a person to read (it names each variable); anything else is a log line.
  if (error instanceof ConfigError) console.error(error.message);
  else pino().fatal({ err: error }, 'start-up failed');
  process.exit(1);
});

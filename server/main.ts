/**
 * Entry point: validate configuration, open and migrate the database, seed demo data on an empty
 * embedded database, then serve the API and the SPA and run the background jobs (e-mail, schedules).
 * Nothing ends the process silently: an unhandled rejection is logged and the process carries on; an
 * uncaught exception is logged and exits with code 1 (its state is unknown), for the supervisor to restart.
 */
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { backgroundJobs } from './jobs/registry';
import { startJobRunner } from './jobs/runner';
import { missingNodeFlags } from './node-flags';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo';
import { consoleProgress } from './seed/progress';
import { openStorage } from './storage/open';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled promise rejection');
  });
  process.on('uncaughtException', (error, origin) => {
    log.fatal({ err: error, origin }, 'uncaught exception; exiting');
    process.exit(1);
  });
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
  await database.migrate();
  if (config.demoMode) log.info('demo mode: checking for demo data (the first start seeds it in seconds)');
  const seeded = config.demoMode ? await seedDemoIfEmpty(database.db, consoleProgress()) : false;

  // One store for the web requests and the e-mail worker: S3 when configured, so every instance sees every file.
  const storage = openStorage(config);
  const jobs = startJobRunner(
    backgroundJobs({
      db: database.db,
      mail: { smtpUrl: config.smtpUrl, dataDir: config.dataDir, mailFrom: config.mailFrom, storage },
      log,
      retention: config.retention,
    }),
    log,
  );
  const app = await buildApp({ config, database, webRoot: config.webRoot, jobs, storage });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    try {
      await jobs.stop();
      // Waits for requests in flight; open event streams are ended first.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const where = config.host === '0.0.0.0' ? address.replace('0.0.0.0', 'localhost') : address;
  log.info({ address: where, database: database.kind, dataDir: config.dataDir }, 'back office running');
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

main().catch((error: unknown) => {
  // A configuration error is for a person to read (it names each variable); anything else is a log line.
  if (error instanceof ConfigError) console.error(error.message);
  else pino().fatal({ err: error }, 'start-up failed');
  process.exit(1);
});

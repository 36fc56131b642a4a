/**
 * Entry point: validate configuration, open and migrate the database, seed demo data on an empty
 * embedded database, then serve the API and the SPA and run the background jobs (e-mail, schedules).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { startJobRunner } from './jobs/runner';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  if (config.demoMode)
    console.log('Demo mode: checking for demo data (the first start seeds it, about 20 s)...');
  const seeded = config.demoMode ? await seedDemoIfEmpty(database.db) : false;
  const app = await buildApp({ config, database, webRoot: config.webRoot });

  const jobs = startJobRunner(
    database.db,
    { smtpUrl: config.smtpUrl, dataDir: config.dataDir, mailFrom: config.mailFrom },
    app.log,
  );

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  if (config.demoMode) {
    console.log(
      `\n  Back office running at ${where}  (${database.kind}, data in ${config.dataDir})\n` +
        `  ${seeded ? 'Demo data seeded. ' : ''}Demo sign-in (demo credentials, not for production):\n` +
        `    admin@demo.test / ${DEMO_PASSWORD}   (admin)\n` +
        `    alice@demo.test / ${DEMO_PASSWORD}   (orderer)\n` +
        `    bob@demo.test   / ${DEMO_PASSWORD}   (orderer)\n`,
    );
  } else {
    console.log(`Back office running at ${where} (${database.kind})`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

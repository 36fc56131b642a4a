/**
 * doctor (config:check): what this configuration is, what production would refuse or warn about
 * (server/config.ts), and whether the database, object storage and SMTP server answer. Read-only: it
 * migrates nothing, creates no embedded database, writes no file, and prints no secret.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { HeadBucketCommand, S3ServiceException } from '@aws-sdk/client-s3';
import nodemailer from 'nodemailer';
import { type Config, type ConfigFinding, checkConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationState } from '../db/migration-state';
import { s3Storage } from '../storage/s3';
import { EXIT, errorLine, invocation, maskUrl, type Run } from './command';
import { databaseName, embeddedExists } from './database';

type Level = 'ok' | 'note' | 'warn' | 'FAIL';
interface Check {
  level: Level;
  line: string;
}

/** A dependency that has not answered within this is reported unreachable. */
const ANSWER_WITHIN_MS = 10_000;

/** A key no upload ever has (keys are random UUIDs), as /readyz probes with. */
const PROBE_KEY = '00000000-0000-4000-8000-000000000000';

const LEVEL_OF: Record<ConfigFinding['kind'], Level> = {
  invalid: 'FAIL',
  required: 'FAIL',
  warning: 'warn',
  note: 'note',
};

export const doctorCommand: Run = async (_values, io) => {
  const { config, findings } = checkConfig(io.env);
  const order: Level[] = ['FAIL', 'warn', 'note'];
  const checks: Check[] = findings
    .map((f) => ({ level: LEVEL_OF[f.kind], line: `${f.variable}: ${f.message}` }))
    .sort((a, b) => order.indexOf(a.level) - order.indexOf(b.level));
  if (config) {
    io.out(`Configuration (NODE_ENV=${config.nodeEnv}${config.demoMode ? ', demo mode' : ''})`);
    for (const line of summary(config, io.env)) io.out(`  ${line}`);
    const [database, storage, mail] = await Promise.all([
      checkDatabase(config),
      checkStorage(config),
      checkMail(config),
    ]);
    checks.push(...database, storage, mail);
  } else {
    io.out('Configuration: invalid; nothing else was checked');
  }
  io.out('');
  io.out('Checks');
  for (const check of checks) io.out(`  ${check.level.padEnd(4)}  ${check.line}`);
  io.out('');
  const failures = checks.filter((c) => c.level === 'FAIL').length;
  const refused = findings.some((f) => f.kind === 'invalid' || f.kind === 'required');
  io.out(
    failures === 0
      ? 'All is well.'
      : `${failures} problem${failures === 1 ? '' : 's'} (FAIL above)${refused ? ': the server refuses to start with this configuration' : ''}.`,
  );
  return failures === 0 ? EXIT.ok : EXIT.failed;
};

/** The configuration in a few lines, secrets as "given" or "not given", never their values. */
function summary(config: Config, env: NodeJS.ProcessEnv): string[] {
  const given = (name: string) =>
    env[`${name}_FILE`] !== undefined
      ? `${name} given (from ${name}_FILE)`
      : env[name] !== undefined
        ? `${name} given`
        : undefined;
  const storage = config.storage;
  const rows: [string, string][] = [
    [
      'database',
      config.databaseUrl
        ? `${databaseName(config)} (pool ${config.databasePoolSize}, statement timeout ${config.databaseStatementTimeoutMs} ms)`
        : databaseName(config),
    ],
    [
      'storage',
      storage.driver === 's3'
        ? `S3 bucket ${storage.bucket}${storage.endpoint ? ` at ${maskUrl(storage.endpoint)}` : ''} (region ${storage.region}${storage.forcePathStyle ? ', path style' : ''}, ${storage.accessKeyId ? 'access key given' : "the AWS SDK's default credentials"})`
        : `local folder ${path.join(config.dataDir, 'attachments')}`,
    ],
    [
      'e-mail',
      config.smtpUrl
        ? `SMTP ${maskUrl(config.smtpUrl)}, from ${config.mailFrom}`
        : `files under ${path.join(config.dataDir, 'outbox')}, from ${config.mailFrom}`,
    ],
    [
      'sessions',
      given('SESSION_SECRET') ??
        (config.nodeEnv === 'production'
          ? 'SESSION_SECRET not given'
          : `secret generated once, kept in ${path.join(config.dataDir, 'session-secret')}`),
    ],
    [
      'storefront',
      given('STOREFRONT_API_KEY') ??
        (config.storefrontApiKey ? 'the public demo key' : 'STOREFRONT_API_KEY not given'),
    ],
    [
      'listen',
      `${config.host}:${config.port}, trusted proxies: ${config.trustProxy === false ? 'none' : String(config.trustProxy)}`,
    ],
    ['metrics', given('METRICS_TOKEN') ?? 'off'],
    ['data', `${config.dataDir} (DATA_DIR)`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, value]) => `${name.padEnd(width)}  ${value}`);
}

async function checkDatabase(config: Config): Promise<Check[]> {
  if (!config.databaseUrl && !embeddedExists(config))
    return [
      {
        level: 'note',
        line: `database: none yet in ${path.join(config.dataDir, 'pgdata')}; the first start (or db:migrate) creates and migrates it`,
      },
    ];
  let database: Database | undefined;
  try {
    database = await openDatabase({ ...config, databasePoolSize: 1 });
    const opened = database;
    const state = await within(() => migrationState(opened), 'the database');
    const checks: Check[] = [];
    const major = Number.parseInt(state.serverVersion, 10);
    checks.push(
      database.kind === 'postgres' && major < 15
        ? {
            level: 'FAIL',
            line: `database: PostgreSQL ${state.serverVersion} answers, but the back office needs 15 or newer`,
          }
        : {
            level: 'ok',
            line: `database: ${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} ${state.serverVersion} answers; ${state.applied} of ${state.known} migrations applied`,
          },
    );
    if (state.pending.length > 0)
      checks.push({
        level: 'warn',
        line: `database: ${state.pending.length} migration${state.pending.length === 1 ? '' : 's'} pending (${state.pending[0]}${state.pending.length > 1 ? ` … ${state.pending.at(-1)}` : ''}): the next start, or ${invocation()} db:migrate, applies them`,
      });
    if (state.newer > 0)
      checks.push({
        level: 'warn',
        line: `database: ${state.newer} migration${state.newer === 1 ? '' : 's'} applied that this build does not have: a newer release migrated it`,
      });
    return checks;
  } catch (error) {
    return [{ level: 'FAIL', line: `database: cannot reach ${databaseName(config)}: ${errorLine(error)}` }];
  } finally {
    await database?.close().catch(() => undefined);
  }
}

async function checkStorage(config: Config): Promise<Check> {
  const storage = config.storage;
  if (storage.driver === 'local')
    return folderCheck('storage: local folder', path.join(config.dataDir, 'attachments'));
  const store = s3Storage(storage);
  const where = `S3 bucket ${storage.bucket}${storage.endpoint ? ` at ${maskUrl(storage.endpoint)}` : ''}`;
  try {
    await within(() => store.client.send(new HeadBucketCommand({ Bucket: storage.bucket })), where);
    return { level: 'ok', line: `storage: ${where} answers` };
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    if (status === 404) return { level: 'FAIL', line: `storage: ${where} does not exist` };
    if (status === 403) {
      // The app needs only object permissions; keys that may not look at the bucket itself can still do.
      try {
        await within(() => store.exists(PROBE_KEY), where);
        return {
          level: 'ok',
          line: `storage: ${where} answers (the keys may not read the bucket itself; the app does not need to)`,
        };
      } catch (again) {
        return { level: 'FAIL', line: `storage: ${where} refuses these credentials: ${errorLine(again)}` };
      }
    }
    return { level: 'FAIL', line: `storage: ${where} does not answer: ${errorLine(error)}` };
  } finally {
    store.client.destroy();
  }
}

async function checkMail(config: Config): Promise<Check> {
  if (!config.smtpUrl)
    return folderCheck('e-mail: written as files under', path.join(config.dataDir, 'outbox'));
  const server = `SMTP server ${maskUrl(config.smtpUrl)}`;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 5000,
  });
  try {
    await within(() => transport.verify(), server);
    return { level: 'ok', line: `e-mail: ${server} answers` };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return {
      level: 'FAIL',
      line: `e-mail: ${server} ${code === 'EAUTH' ? 'refuses the login' : 'unreachable'}: ${errorLine(error)}`,
    };
  } finally {
    transport.close();
  }
}

/** A folder the app writes to: writable if it exists, or creatable if it does not yet. */
function folderCheck(what: string, folder: string): Check {
  let existing = folder;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    return { level: 'FAIL', line: `${what} ${folder}: ${existing} is not writable by this user` };
  }
  return {
    level: 'ok',
    line: `${what} ${folder} (${existing === folder ? 'writable' : 'created at first use'})`,
  };
}

/** The work's answer, or an error once ANSWER_WITHIN_MS has passed without one. */
async function within<T>(work: () => Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${ANSWER_WITHIN_MS / 1000} s`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

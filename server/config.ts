/**
 * Configuration: environment variables only, validated once at start. Each one is documented in README.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// proxy-addr's names for the private ranges, usable in TRUST_PROXY.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/**
 * Which reverse proxies may tell the client address in X-Forwarded-For: a hop count (`1` behind one
 * proxy) or a comma-separated list of proxy addresses and CIDR ranges. Unset: none, the socket's address
 * counts, so a client cannot forge the address the sign-in throttle counts.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] | false => {
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a hop count or a comma-separated list of IP addresses and CIDR ranges; not ${bad.join(', ') || 'empty'}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  STOREFRONT_API_KEY: z.string().min(16).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_FROM: z.string().min(3).default('UK Document Services <orders@ukds.example>'),
  WEB_ROOT: z.string().min(1).default('./dist'),
  TRUST_PROXY: TrustProxySchema.optional(),
  // A bearer token for GET /metrics; unset, /metrics answers 404. Long enough not to be guessed.
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  // Receiving a whole request may take this long; the connection is closed after it (a half-sent body).
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  // An idle keep-alive connection is closed after this: keep it above the proxy's own idle timeout.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  // On SIGTERM, /readyz answers 503 for this long, while requests are still served, before the listener closes.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  RETENTION_NOTIFICATIONS_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
});

/** Where attachments are kept (server/storage): S3-compatible object storage, or the local folder. */
export interface S3StorageConfig {
  driver: 's3';
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. MinIO, R2, B2: their endpoint URL. */
  endpoint?: string;
  /** Bucket in the path (MinIO and most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain (instance role, AWS_PROFILE …). */
  accessKeyId?: string;
  secretAccessKey?: string;
}
export type StorageConfig = { driver: 'local' } | S3StorageConfig;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl?: string;
  /** Connections each instance keeps to PostgreSQL at most. */
  databasePoolSize: number;
  /** PostgreSQL cancels a statement that runs longer (statement_timeout). */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  smtpUrl?: string;
  storefrontApiKey?: string;
  sessionSecret: string;
  logLevel: string;
  mailFrom: string;
  /** Folder of the built SPA served by the app. */
  webRoot: string;
  /** Demo mode: the embedded database outside production; an empty one is seeded with demo data. */
  demoMode: boolean;
  /** Cookies marked Secure (production only: the dev server and tests run over plain http). */
  secureCookies: boolean;
  /** Proxies trusted to report the client address (Fastify's `trustProxy`); false: the socket's address. */
  trustProxy: number | string[] | false;
  /** Bearer token of GET /metrics (server/metrics.ts); unset: no metrics, /metrics answers 404. */
  metricsToken?: string;
  /** Receiving a whole request (headers and body) takes at most this; then the connection is closed. */
  requestTimeoutMs: number;
  /** Idle keep-alive connections are closed after this (above the proxy's idle timeout). */
  keepAliveTimeoutMs: number;
  /** On SIGTERM: how long /readyz answers 503 while requests are still served (server/main.ts). */
  shutdownDrainMs: number;
  /** Delivered e-mails and read notifications are deleted after this many days (server/jobs/retention.ts). */
  retention: { outboxDays: number; notificationsDays: number };
  /** STORAGE_DRIVER, or S3 when S3_BUCKET is set. */
  storage: StorageConfig;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; the session secret is kept in DATA_DIR when not given. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const storage = storageConfig(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const demoMode = !e.DATABASE_URL && e.NODE_ENV !== 'production';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir,
    smtpUrl: e.SMTP_URL,
    storefrontApiKey: e.STOREFRONT_API_KEY ?? (demoMode ? 'demo-storefront-key' : undefined),
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    mailFrom: e.MAIL_FROM,
    webRoot: path.resolve(e.WEB_ROOT),
    demoMode,
    secureCookies: e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    // Only a proxy needs the drain: none stands in front of the demo, where Ctrl+C should stop at once.
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (demoMode ? 0 : 5000),
    // 90 days; in demo mode ten years, or the first start would delete most of the seeded year of history
    // (56 of its 92 e-mails) that the outbox and notification screens are there to show.
    retention: {
      outboxDays: e.RETENTION_OUTBOX_DAYS ?? (demoMode ? 3650 : 90),
      notificationsDays: e.RETENTION_NOTIFICATIONS_DAYS ?? (demoMode ? 3650 : 90),
    },
    storage,
  };
}

function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  const driver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (driver === 'local') return { driver };
  const problems = [
    ...(e.S3_BUCKET ? [] : ['  S3_BUCKET: required when STORAGE_DRIVER is s3']),
    ...(!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY
      ? ['  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither']
      : []),
  ];
  if (problems.length > 0 || !e.S3_BUCKET)
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    driver,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

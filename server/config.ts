/**
 * Configuration: environment variables only, validated once at start. Each one is documented in README.md.
 * Secrets may instead come from files (`SESSION_SECRET_FILE` …), read here before anything is validated.
 * Production (NODE_ENV=production) refuses to start without what it cannot run well without: e-mail
 * (SMTP_URL, or MAIL_TRANSPORT=file said explicitly), SESSION_SECRET and STOREFRONT_API_KEY.
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

/** The parts of the United Kingdom a company is registered in (what its registration number belongs to). */
const REGISTERED_IN = ['England and Wales', 'Wales', 'Scotland', 'Northern Ireland'] as const;

const HexColourSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour as #rrggbb')
  .transform((v) => v.toLowerCase());

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_TRANSPORT: z.enum(['smtp', 'file']).optional(),
  STOREFRONT_API_KEY: z.string().min(16).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAIL_FROM: z.string().min(3).default('UK Document Services <orders@ukds.example>'),
  // The Reply-To of customer e-mail; `{token}` in it is replaced by the e-mail's reply token (orders+{token}@…).
  MAIL_REPLY_TO: z
    .string()
    .trim()
    .regex(/^[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+$/, 'expected an address such as orders+{token}@example.com')
    .optional(),
  // The mailbox customers' replies reach (imaps://user:password@host:993/INBOX); unset, DATA_DIR/inbox is read.
  IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
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
  RETENTION_AUDIT_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  RETENTION_DOCUMENTS_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  RETENTION_CUSTOMER_YEARS: z.coerce.number().int().min(1).max(100).default(6),
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
  // Who the customer e-mails come from (server/mail/templates): the defaults are the demo's examples.
  COMPANY_NAME: z.string().trim().min(1).max(100).optional(),
  COMPANY_LEGAL_NAME: z.string().trim().min(1).max(160).optional(),
  COMPANY_NUMBER: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^([0-9]{8}|[A-Z]{2}[0-9]{6})$/,
      'expected a Companies House number: 8 digits, or 2 letters and 6 digits',
    )
    .optional(),
  COMPANY_REGISTERED_IN: z.enum(REGISTERED_IN).optional(),
  COMPANY_REGISTERED_OFFICE: z.string().trim().min(1).max(300).optional(),
  COMPANY_WEBSITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMPANY_LOGO_URL: z
    .url({ protocol: /^https$/, error: 'expected an https:// URL of the logo image' })
    .optional(),
  COMPANY_BRAND_COLOR: HexColourSchema.optional(),
  COMPANY_ACCENT_COLOR: HexColourSchema.optional(),
  // Production sends webhooks to public https addresses only; true also allows loopback and private ones.
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes'),
});

/**
 * The company as its customer e-mails present it: the name, the look, and the legal details UK law asks every
 * business e-mail to carry (registered name, number, where it is registered, registered office).
 */
export interface CompanyDetails {
  /** The name customers know (header, sign-off). */
  name: string;
  legalName: string;
  /** Its Companies House number. */
  number: string;
  registeredIn: (typeof REGISTERED_IN)[number];
  registeredOffice: string;
  /** The public website every e-mail links to (an absolute URL). */
  websiteUrl: string;
  /** An https:// image shown as the logo; unset: the name set as a wordmark, no image at all. */
  logoUrl?: string;
  /** #rrggbb: the header band, headings and links. */
  brandColor: string;
  /** #rrggbb: the thin rule under the header and the reference box's edge. */
  accentColor: string;
}

/**
 * The demo's company: every default is an example (the `.example` domain, a made-up office), and production
 * says so until the real details are given.
 */
export const DEMO_COMPANY: CompanyDetails = {
  name: 'UK Document Services',
  legalName: 'UK Document Services Ltd',
  number: '01234567',
  registeredIn: 'England and Wales',
  registeredOffice: 'Example House, 1 Example Street, London EC1A 1AA',
  websiteUrl: 'https://www.ukds.example',
  brandColor: '#1c3d5a',
  accentColor: '#c9a227',
};

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
  /** How e-mail leaves: over SMTP (smtpUrl), or as .eml files under DATA_DIR/outbox (MAIL_TRANSPORT). */
  mailTransport: 'smtp' | 'file';
  /** Set only when mailTransport is smtp: the mail worker sends over SMTP exactly when it is given one. */
  smtpUrl?: string;
  storefrontApiKey?: string;
  sessionSecret: string;
  logLevel: string;
  mailFrom: string;
  /** The Reply-To of customer e-mail, `{token}` standing for each e-mail's reply token (MAIL_REPLY_TO). */
  mailReplyTo?: string;
  /** The mailbox read for customers' replies (IMAP_URL); unset, files dropped in DATA_DIR/inbox are read. */
  imapUrl?: string;
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
  /**
   * Delivered e-mails and read notifications are deleted after this many days, documents this many days after
   * their item was finished, customers this many years after their last order (server/jobs/retention.ts).
   */
  retention: {
    outboxDays: number;
    notificationsDays: number;
    auditDays: number;
    documentsDays: number;
    customerYears: number;
  };
  /** STORAGE_DRIVER, or S3 when S3_BUCKET is set. */
  storage: StorageConfig;
  /** The company the customer e-mails present (COMPANY_*). */
  company: CompanyDetails;
  /**
   * Where webhooks may go (services/webhooks/receiver-address.ts): production asks https and public addresses
   * (WEBHOOK_ALLOW_PRIVATE=true allows private ones); outside production anything goes.
   */
  webhooks: { requireHttps: boolean; allowPrivate: boolean };
}

export class ConfigError extends Error {}

/**
 * One thing to say about a configuration, naming its variable.
 * - invalid: a value that makes no sense; nothing starts with it (the server, the CLI).
 * - required: missing in production; the server refuses to start (the CLI's commands still run).
 * - warning: production runs, but probably not as meant.
 * - note: how this configuration behaves (outside production: e-mail to files, a generated secret …).
 */
export interface ConfigFinding {
  variable: string;
  kind: 'invalid' | 'required' | 'warning' | 'note';
  message: string;
}

/**
 * Secrets that may come from a file named by `<NAME>_FILE` instead (compose or Kubernetes secrets, systemd
 * credentials), so they stay out of the process environment and `docker inspect`.
 */
export const FILE_VARIABLES = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'STOREFRONT_API_KEY',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
] as const;

/**
 * The server's configuration, or a ConfigError listing every problem, one line per variable. `serve` (the
 * default: server/main.ts) also refuses what production must not run without; `tool` (the CLI) does not, as
 * its commands need only the database and storage, and it writes nothing (no session secret is persisted).
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  opts: { purpose?: 'serve' | 'tool' } = {},
): Config {
  const serving = (opts.purpose ?? 'serve') === 'serve';
  const { config, findings } = inspect(env, { persistSecret: serving });
  const refused = findings.filter((f) => f.kind === 'invalid' || (serving && f.kind === 'required'));
  if (refused.length > 0 || !config) throw new ConfigError(describeRefusal(refused));
  return config;
}

/**
 * Everything to say about a configuration, without throwing or writing anything (`doctor`): the config
 * unless a value is invalid, then every finding, the production refusals among them.
 */
export function checkConfig(env: NodeJS.ProcessEnv = process.env): {
  config?: Config;
  findings: ConfigFinding[];
} {
  return inspect(env, { persistSecret: false });
}

/** The message of a refused configuration: a heading, then one line per variable saying what to do. */
export function describeRefusal(findings: ConfigFinding[]): string {
  const heading = findings.some((f) => f.kind === 'invalid')
    ? 'Invalid configuration:'
    : 'Configuration refused: production (NODE_ENV=production) needs these variables:';
  return [heading, ...findings.map((f) => `  ${f.variable}: ${f.message}`)].join('\n');
}

function inspect(
  rawEnv: NodeJS.ProcessEnv,
  opts: { persistSecret: boolean },
): { config?: Config; findings: ConfigFinding[] } {
  const files = readSecretFiles(rawEnv);
  const parsed = EnvSchema.safeParse(files.env);
  const invalid: ConfigFinding[] = [...files.problems];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path.join('.');
      const variable = files.fromFile.has(name) ? `${name} (from ${name}_FILE)` : name;
      invalid.push({ variable, kind: 'invalid', message: issue.message });
    }
  }
  if (!parsed.success) return { findings: invalid };
  const e = parsed.data;
  const storage = storageConfig(e, invalid);
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL)
    invalid.push({
      variable: 'SMTP_URL',
      kind: 'invalid',
      message:
        'required with MAIL_TRANSPORT=smtp: give smtp://user:password@host:587, or set MAIL_TRANSPORT=file',
    });
  if (invalid.length > 0 || !storage) return { findings: invalid };

  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const demoMode = !e.DATABASE_URL && !production;
  const mailTransport = e.MAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'file');
  const config: Config = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir,
    mailTransport,
    smtpUrl: mailTransport === 'smtp' ? e.SMTP_URL : undefined,
    storefrontApiKey: e.STOREFRONT_API_KEY ?? (demoMode ? 'demo-storefront-key' : undefined),
    // Only the server signs cookies; a tool (the CLI, doctor) leaves DATA_DIR as it is.
    sessionSecret:
      e.SESSION_SECRET ??
      (opts.persistSecret && !production ? persistedSecret(dataDir) : randomBytes(48).toString('base64url')),
    logLevel: e.LOG_LEVEL,
    mailFrom: e.MAIL_FROM,
    mailReplyTo: e.MAIL_REPLY_TO,
    imapUrl: e.IMAP_URL,
    webRoot: path.resolve(e.WEB_ROOT),
    demoMode,
    secureCookies: production,
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
      auditDays: e.RETENTION_AUDIT_DAYS,
      // 180 days; in demo mode ten years, so the seeded items' documents stay to be shown.
      documentsDays: e.RETENTION_DOCUMENTS_DAYS ?? (demoMode ? 3650 : 180),
      customerYears: e.RETENTION_CUSTOMER_YEARS,
    },
    storage,
    company: {
      name: e.COMPANY_NAME ?? DEMO_COMPANY.name,
      legalName: e.COMPANY_LEGAL_NAME ?? DEMO_COMPANY.legalName,
      number: e.COMPANY_NUMBER ?? DEMO_COMPANY.number,
      registeredIn: e.COMPANY_REGISTERED_IN ?? DEMO_COMPANY.registeredIn,
      registeredOffice: e.COMPANY_REGISTERED_OFFICE ?? DEMO_COMPANY.registeredOffice,
      websiteUrl: e.COMPANY_WEBSITE_URL ?? DEMO_COMPANY.websiteUrl,
      ...(e.COMPANY_LOGO_URL ? { logoUrl: e.COMPANY_LOGO_URL } : {}),
      brandColor: e.COMPANY_BRAND_COLOR ?? DEMO_COMPANY.brandColor,
      accentColor: e.COMPANY_ACCENT_COLOR ?? DEMO_COMPANY.accentColor,
    },
    webhooks: { requireHttps: production, allowPrivate: !production || e.WEBHOOK_ALLOW_PRIVATE },
  };
  return { config, findings: assess(e, config) };
}

/**
 * What production refuses and what it would rather have. There is no opt-out for SESSION_SECRET: a secret
 * generated per instance signs users out whenever the balancer sends them to another instance, and a container
 * without a persistent DATA_DIR would sign everyone out at every deploy.
 */
function assess(e: z.infer<typeof EnvSchema>, config: Config): ConfigFinding[] {
  const findings: ConfigFinding[] = [];
  const say = (variable: string, kind: ConfigFinding['kind'], message: string) =>
    findings.push({ variable, kind, message });
  const production = config.nodeEnv === 'production';
  if (production) {
    if (!e.SMTP_URL && !e.MAIL_TRANSPORT)
      say(
        'SMTP_URL',
        'required',
        'unset: give smtp://user:password@host:587 to send e-mail, or set MAIL_TRANSPORT=file to write each message as a file under DATA_DIR/outbox instead',
      );
    if (!e.SESSION_SECRET)
      say(
        'SESSION_SECRET',
        'required',
        'unset: give 32+ random characters, the same on every instance (openssl rand -base64 48)',
      );
    if (!e.STOREFRONT_API_KEY)
      say(
        'STOREFRONT_API_KEY',
        'required',
        'unset: give the key the shops send to /api/v1/storefront, 16+ characters (openssl rand -hex 24)',
      );
    if (e.MAIL_TRANSPORT === 'file')
      say(
        'MAIL_TRANSPORT',
        'warning',
        'file: no e-mail leaves; each message is written under DATA_DIR/outbox',
      );
    if (!e.DATABASE_URL)
      say(
        'DATABASE_URL',
        'warning',
        'unset: the embedded database under DATA_DIR/pgdata serves one instance only; give PostgreSQL 15+',
      );
    if (!e.TRUST_PROXY)
      say(
        'TRUST_PROXY',
        'warning',
        "unset: behind a reverse proxy sign-in throttling sees every user as the proxy; name the proxy's address or a hop count",
      );
    // UK law asks every business e-mail for these; the demo's examples must not reach real customers.
    for (const variable of ['COMPANY_LEGAL_NAME', 'COMPANY_NUMBER', 'COMPANY_REGISTERED_OFFICE'] as const)
      if (!e[variable])
        say(
          variable,
          'warning',
          "unset: every customer e-mail's footer carries the demo's example legal details; give the company's own",
        );
  } else {
    if (config.mailTransport === 'file' && !e.SMTP_URL)
      say('SMTP_URL', 'note', 'unset: e-mail is written to files under DATA_DIR/outbox');
    if (!e.SESSION_SECRET)
      say('SESSION_SECRET', 'note', 'unset: generated once and kept in DATA_DIR/session-secret');
    if (config.demoMode)
      say(
        'DATABASE_URL',
        'note',
        'unset: demo mode, the embedded database is seeded with demo data and its public passwords',
      );
    else if (!config.storefrontApiKey)
      say('STOREFRONT_API_KEY', 'note', 'unset: the storefront API refuses every request');
  }
  if (e.MAIL_TRANSPORT === 'file' && e.SMTP_URL)
    say('SMTP_URL', 'warning', 'set but unused: MAIL_TRANSPORT=file writes e-mail to files');
  if (e.DATABASE_URL && config.storage.driver === 'local')
    say(
      'STORAGE_DRIVER',
      'warning',
      "local with DATABASE_URL: only one instance can run, as attachments stay in this instance's DATA_DIR/attachments; set S3_BUCKET to run several",
    );
  if (production && e.WEBHOOK_ALLOW_PRIVATE)
    say(
      'WEBHOOK_ALLOW_PRIVATE',
      'warning',
      'true: webhooks may be sent to loopback and private addresses; an admin could make the server reach internal services',
    );
  if (!e.METRICS_TOKEN)
    say('METRICS_TOKEN', production ? 'warning' : 'note', 'unset: no metrics (/metrics answers 404)');
  return findings;
}

/**
 * Reads `<NAME>_FILE` of each FILE_VARIABLES name into `<NAME>`, once, before anything is validated: a
 * secret file's trailing newline is dropped; both forms at once, or a file that cannot be read, is invalid.
 */
function readSecretFiles(env: NodeJS.ProcessEnv): {
  env: NodeJS.ProcessEnv;
  fromFile: Set<string>;
  problems: ConfigFinding[];
} {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const fromFile = new Set<string>();
  const problems: ConfigFinding[] = [];
  for (const name of FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    const variable = `${name}_FILE`;
    if (env[name] !== undefined) {
      problems.push({ variable, kind: 'invalid', message: `give ${name} or ${name}_FILE, not both` });
      continue;
    }
    try {
      const value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
      if (value === '') problems.push({ variable, kind: 'invalid', message: `${file} is empty` });
      else {
        resolved[name] = value;
        fromFile.add(name);
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'a folder, not a file'
              : (code ?? String(error));
      problems.push({ variable, kind: 'invalid', message: `cannot read ${file}: ${why}` });
    }
  }
  return { env: resolved, fromFile, problems };
}

function storageConfig(e: z.infer<typeof EnvSchema>, invalid: ConfigFinding[]): StorageConfig | undefined {
  const driver = e.STORAGE_DRIVER ?? (e.S3_BUCKET ? 's3' : 'local');
  if (driver === 'local') return { driver };
  const before = invalid.length;
  if (!e.S3_BUCKET)
    invalid.push({ variable: 'S3_BUCKET', kind: 'invalid', message: 'required when STORAGE_DRIVER is s3' });
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    invalid.push({
      variable: 'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      kind: 'invalid',
      message: 'give both or neither',
    });
  if (invalid.length > before || !e.S3_BUCKET) return undefined;
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

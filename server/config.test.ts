import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, type ConfigFinding, checkConfig, FILE_VARIABLES, loadConfig } from './config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'ukds-config-'));

/** What production needs, complete. */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  STOREFRONT_API_KEY: 'k'.repeat(24),
  SMTP_URL: 'smtp://mailer:secret@smtp.example:587',
  COMPANY_LEGAL_NAME: 'Acme Certificates Limited',
  COMPANY_NUMBER: 'SC654321',
  COMPANY_REGISTERED_OFFICE: '2 Castle Wynd, Edinburgh EH1 2NG',
};

/** The message loadConfig throws, or '' when it does not. */
const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

const named = (findings: ConfigFinding[], kind: ConfigFinding['kind']) =>
  findings.filter((f) => f.kind === kind).map((f) => f.variable);

/** A file holding `content`, in a fresh folder. */
const secretFile = (content: string) => {
  const file = path.join(dir(), 'secret');
  writeFileSync(file, content);
  return file;
};

describe('configuration', () => {
  it('defaults to demo mode on the embedded database, port 3000, with a persisted session secret', () => {
    const dataDir = dir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      demoMode: true,
      storefrontApiKey: 'demo-storefront-key',
    });
    expect(config.sessionSecret).toBe(readFileSync(path.join(dataDir, 'session-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('is not demo mode with DATABASE_URL or in production: no seeding, no default key', () => {
    const withUrl = loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(withUrl.demoMode).toBe(false);
    expect(withUrl.storefrontApiKey).toBeUndefined();
    const production = loadConfig({ DATA_DIR: dir(), ...PRODUCTION });
    expect(production).toMatchObject({ demoMode: false, secureCookies: true });
  });

  it('keeps attachments in the local folder unless S3 is configured; S3_BUCKET alone selects S3', () => {
    expect(loadConfig({ DATA_DIR: dir() }).storage).toEqual({ driver: 'local' });
    expect(
      loadConfig({
        DATA_DIR: dir(),
        S3_BUCKET: 'ukds-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'ukds-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'ukds-files', STORAGE_DRIVER: 'local' }).storage).toEqual(
      {
        driver: 'local',
      },
    );
  });

  it('refuses an incomplete S3 configuration, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'ukds-files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
    expect(() => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'ukds', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });

  it('sends webhooks to public https receivers only in production, unless WEBHOOK_ALLOW_PRIVATE=true', () => {
    expect(loadConfig({ DATA_DIR: dir() }).webhooks).toEqual({ requireHttps: false, allowPrivate: true });
    expect(loadConfig({ DATA_DIR: dir(), ...PRODUCTION }).webhooks).toEqual({
      requireHttps: true,
      allowPrivate: false,
    });
    const allowing = checkConfig({ DATA_DIR: dir(), ...PRODUCTION, WEBHOOK_ALLOW_PRIVATE: 'true' });
    expect(allowing.config?.webhooks).toEqual({ requireHttps: true, allowPrivate: true });
    expect(named(allowing.findings, 'warning')).toContain('WEBHOOK_ALLOW_PRIVATE');
    expect(refusal({ DATA_DIR: dir(), WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toContain(
      'WEBHOOK_ALLOW_PRIVATE',
    );
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('sizes the PostgreSQL pool and its statement timeout, refusing nonsense', () => {
    expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({
      databasePoolSize: 10,
      databaseStatementTimeoutMs: 15_000,
    });
    expect(
      loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: '25', DATABASE_STATEMENT_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ databasePoolSize: 25, databaseStatementTimeoutMs: 5000 });
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('refuses to start in production without SMTP_URL, SESSION_SECRET and STOREFRONT_API_KEY, one line each', () => {
    const dataDir = dir();
    const message = refusal({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    const lines = message.split('\n');
    expect(lines[0]).toMatch(/production/);
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'SMTP_URL',
      'SESSION_SECRET',
      'STOREFRONT_API_KEY',
    ]);
    // Each line says what to do.
    expect(message).toMatch(/SMTP_URL: unset: give smtp:\/\/.*or set MAIL_TRANSPORT=file/);
    expect(message).toMatch(/SESSION_SECRET: unset: give 32\+ random characters/);
    expect(message).toMatch(/STOREFRONT_API_KEY: unset: give the key/);
    // Nothing was written: no generated secret to fall back on in production.
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
    for (const missing of ['SMTP_URL', 'SESSION_SECRET', 'STOREFRONT_API_KEY'] as const) {
      const env: NodeJS.ProcessEnv = { DATA_DIR: dir(), ...PRODUCTION };
      delete env[missing];
      expect(refusal(env).split('\n').slice(1)).toEqual([
        expect.stringMatching(new RegExp(`^  ${missing}: `)),
      ]);
    }
    expect(refusal({ DATA_DIR: dir(), ...PRODUCTION })).toBe('');
  });

  it('lets the CLI run in production without them: its commands need the database, not e-mail or sessions', () => {
    const dataDir = dir();
    const config = loadConfig(
      { DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/ukds' },
      { purpose: 'tool' },
    );
    expect(config).toMatchObject({ mailTransport: 'file', smtpUrl: undefined, storefrontApiKey: undefined });
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);
    // A value that makes no sense is refused there too.
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x' }, { purpose: 'tool' })).toThrow(/PORT/);
  });

  it('sends e-mail over SMTP when SMTP_URL is set, else to files; MAIL_TRANSPORT says so explicitly', () => {
    const smtp = 'smtp://mailer:secret@smtp.example:587';
    expect(loadConfig({ DATA_DIR: dir() })).toMatchObject({ mailTransport: 'file', smtpUrl: undefined });
    expect(loadConfig({ DATA_DIR: dir(), SMTP_URL: smtp })).toMatchObject({
      mailTransport: 'smtp',
      smtpUrl: smtp,
    });
    // file wins over a URL left in the environment: the worker is given none, so it writes files.
    expect(loadConfig({ DATA_DIR: dir(), SMTP_URL: smtp, MAIL_TRANSPORT: 'file' })).toMatchObject({
      mailTransport: 'file',
      smtpUrl: undefined,
    });
    // In production, MAIL_TRANSPORT=file is the explicit way to run without SMTP.
    const { SMTP_URL: _, ...withoutSmtp } = PRODUCTION;
    expect(loadConfig({ DATA_DIR: dir(), ...withoutSmtp, MAIL_TRANSPORT: 'file' }).mailTransport).toBe(
      'file',
    );
    expect(refusal({ DATA_DIR: dir(), MAIL_TRANSPORT: 'smtp' })).toMatch(
      /^Invalid configuration:\n {2}SMTP_URL: required with MAIL_TRANSPORT=smtp/,
    );
    expect(refusal({ DATA_DIR: dir(), MAIL_TRANSPORT: 'pigeon' })).toMatch(/^ {2}MAIL_TRANSPORT: /m);
  });

  it('reads each *_FILE secret from its file, dropping the trailing newline', () => {
    const config = loadConfig({
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SESSION_SECRET_FILE: secretFile(`${'s'.repeat(40)}\n`),
      STOREFRONT_API_KEY_FILE: secretFile('k'.repeat(24)),
      SMTP_URL_FILE: secretFile('smtp://mailer:secret@smtp.example:587\r\n'),
      DATABASE_URL_FILE: secretFile('postgres://ukds:pw@db:5432/ukds\n'),
      S3_BUCKET: 'ukds-files',
      S3_ACCESS_KEY_ID_FILE: secretFile('key-id\n'),
      S3_SECRET_ACCESS_KEY_FILE: secretFile('key-secret\n'),
      METRICS_TOKEN_FILE: secretFile(`${'m'.repeat(20)}\n`),
    });
    expect(config).toMatchObject({
      sessionSecret: 's'.repeat(40),
      storefrontApiKey: 'k'.repeat(24),
      smtpUrl: 'smtp://mailer:secret@smtp.example:587',
      databaseUrl: 'postgres://ukds:pw@db:5432/ukds',
      metricsToken: 'm'.repeat(20),
      storage: { driver: 's3', accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
    });
    expect(FILE_VARIABLES).toHaveLength(7);
  });

  it('refuses a *_FILE beside its variable, a file it cannot read or an empty one, one line each', () => {
    const base = { DATA_DIR: dir() };
    expect(refusal({ ...base, SESSION_SECRET: 'x'.repeat(40), SESSION_SECRET_FILE: secretFile('y') })).toBe(
      'Invalid configuration:\n  SESSION_SECRET_FILE: give SESSION_SECRET or SESSION_SECRET_FILE, not both',
    );
    expect(refusal({ ...base, METRICS_TOKEN_FILE: '/nonexistent/token' })).toBe(
      'Invalid configuration:\n  METRICS_TOKEN_FILE: cannot read /nonexistent/token: no such file',
    );
    expect(refusal({ ...base, SMTP_URL_FILE: dir() })).toMatch(/SMTP_URL_FILE: cannot read .*: a folder/);
    expect(refusal({ ...base, STOREFRONT_API_KEY_FILE: secretFile('\n') })).toMatch(
      /STOREFRONT_API_KEY_FILE: .* is empty$/,
    );
    if (process.getuid?.() !== 0) {
      const locked = secretFile('x'.repeat(40));
      chmodSync(locked, 0o000);
      expect(refusal({ ...base, SESSION_SECRET_FILE: locked })).toMatch(/permission denied/);
    }
    // A bad value read from a file names both, and never shows the value.
    const message = refusal({ ...base, SESSION_SECRET_FILE: secretFile('too-short-secret\n') });
    expect(message).toMatch(/^ {2}SESSION_SECRET \(from SESSION_SECRET_FILE\): /m);
    expect(message).not.toContain('too-short-secret');
  });

  it("takes the company the customer e-mails present from COMPANY_*, the demo's examples by default", () => {
    const demo = loadConfig({ DATA_DIR: dir() });
    expect(demo.company).toEqual({
      name: 'UK Document Services',
      legalName: 'UK Document Services Ltd',
      number: '01234567',
      registeredIn: 'England and Wales',
      registeredOffice: 'Example House, 1 Example Street, London EC1A 1AA',
      websiteUrl: 'https://www.ukds.example',
      brandColor: '#1c3d5a',
      accentColor: '#c9a227',
    });
    const acme = loadConfig({
      DATA_DIR: dir(),
      COMPANY_NAME: ' Acme Certificates ',
      COMPANY_LEGAL_NAME: 'Acme Certificates Limited',
      COMPANY_NUMBER: 'sc654321',
      COMPANY_REGISTERED_IN: 'Scotland',
      COMPANY_REGISTERED_OFFICE: '2 Castle Wynd, Edinburgh EH1 2NG',
      COMPANY_WEBSITE_URL: 'https://acme.example/',
      COMPANY_LOGO_URL: 'https://cdn.acme.example/logo.png',
      COMPANY_BRAND_COLOR: '#0A5CF5',
      COMPANY_ACCENT_COLOR: '#f5d90a',
    });
    expect(acme.company).toEqual({
      name: 'Acme Certificates',
      legalName: 'Acme Certificates Limited',
      number: 'SC654321',
      registeredIn: 'Scotland',
      registeredOffice: '2 Castle Wynd, Edinburgh EH1 2NG',
      websiteUrl: 'https://acme.example/',
      logoUrl: 'https://cdn.acme.example/logo.png',
      brandColor: '#0a5cf5',
      accentColor: '#f5d90a',
    });
    const message = refusal({
      DATA_DIR: dir(),
      COMPANY_NUMBER: '1234',
      COMPANY_REGISTERED_IN: 'Wessex',
      COMPANY_WEBSITE_URL: 'ftp://acme.example',
      COMPANY_LOGO_URL: 'http://acme.example/logo.png',
      COMPANY_BRAND_COLOR: 'navy',
    });
    for (const variable of [
      'COMPANY_NUMBER: expected a Companies House number',
      'COMPANY_REGISTERED_IN',
      'COMPANY_WEBSITE_URL',
      'COMPANY_LOGO_URL: expected an https:// URL',
      'COMPANY_BRAND_COLOR: expected a colour as #rrggbb',
    ])
      expect(message).toContain(variable);
  });

  it('lists refusals, warnings and notes without throwing or writing anything (doctor)', () => {
    const dataDir = dir();
    const production = checkConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(production.config).toBeDefined();
    expect(named(production.findings, 'required')).toEqual([
      'SMTP_URL',
      'SESSION_SECRET',
      'STOREFRONT_API_KEY',
    ]);
    expect(named(production.findings, 'warning')).toEqual([
      'DATABASE_URL',
      'TRUST_PROXY',
      'COMPANY_LEGAL_NAME',
      'COMPANY_NUMBER',
      'COMPANY_REGISTERED_OFFICE',
      'METRICS_TOKEN',
    ]);
    expect(production.findings.find((f) => f.variable === 'COMPANY_NUMBER')?.message).toMatch(
      /example legal details/,
    );
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);

    const cluster = checkConfig({
      DATA_DIR: dataDir,
      ...PRODUCTION,
      DATABASE_URL: 'postgres://u@db/ukds',
      TRUST_PROXY: '10.0.0.0/8',
      METRICS_TOKEN: 'm'.repeat(20),
    });
    expect(cluster.findings).toEqual([
      { variable: 'STORAGE_DRIVER', kind: 'warning', message: expect.stringMatching(/only one instance/) },
    ]);
    expect(
      checkConfig({ DATA_DIR: dataDir, ...PRODUCTION, SMTP_URL: 'smtp://x:1', MAIL_TRANSPORT: 'file' })
        .findings,
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ variable: 'MAIL_TRANSPORT', kind: 'warning' }),
        expect.objectContaining({ variable: 'SMTP_URL', kind: 'warning' }),
      ]),
    );

    const demo = checkConfig({ DATA_DIR: dataDir });
    expect(named(demo.findings, 'required')).toEqual([]);
    expect(demo.findings.find((f) => f.variable === 'SMTP_URL')?.message).toMatch(
      /e-mail is written to files/,
    );
    expect(existsSync(path.join(dataDir, 'session-secret'))).toBe(false);

    const invalid = checkConfig({ DATA_DIR: dataDir, PORT: 'eighty', STORAGE_DRIVER: 's3' });
    expect(invalid.config).toBeUndefined();
    expect(named(invalid.findings, 'invalid')).toEqual(['PORT']);
  });
});

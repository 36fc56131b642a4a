import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = () => mkdtempSync(path.join(tmpdir(), 'ukds-config-'));

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
    const production = loadConfig({
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
    });
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
});

/**
 * An S3-protocol server for tests: s3rver on 127.0.0.1 (a random port), its objects in a temporary folder,
 * with one bucket. Stop it in afterAll.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../config';

export const TEST_BUCKET = 'ukds-test';

export interface TestObjectStore {
  /** The settings of the S3 driver, as loadConfig would make them. */
  config: S3StorageConfig;
  /** The same settings as environment variables (for an app process). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startObjectStore(): Promise<TestObjectStore> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ukds-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any key pair; its documented default is S3RVER/S3RVER.
  const config: S3StorageConfig = {
    driver: 's3',
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    config,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

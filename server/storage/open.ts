/** Picks the attachment store the configuration names; the drivers import the interface, not this. */
import type { Config } from '../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './storage';

/** The store the configuration names: S3 when configured, else the local folder under DATA_DIR. */
export function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  return config.storage.driver === 's3' ? s3Storage(config.storage) : localStorage(config.dataDir);
}

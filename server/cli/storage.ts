/** storage:migrate: moves a single instance's attachments into the object store (docs/decisions/storage.md). */
import { localStorage } from '../storage/local';
import { migrateStorage } from '../storage/migrate';
import { openStorage } from '../storage/open';
import { CommandFailed, type Run } from './command';
import { commandConfig, withDatabase } from './database';

export const storageMigrateCommand: Run = async (_values, io) => {
  const config = commandConfig(io);
  if (config.storage.driver !== 's3')
    throw new CommandFailed(
      'no bucket to copy into: set STORAGE_DRIVER=s3 and the S3_* variables (README, "Configuration")',
    );
  const bucket = config.storage.bucket;
  const from = localStorage(config.dataDir);
  const { copied, skipped, bytes } = await withDatabase(io, config, 'write', () =>
    migrateStorage(from, openStorage(config), io.out),
  );
  io.out(
    `Copied ${copied} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${from.folder} to bucket ${bucket}; ${skipped} already there.`,
  );
  return undefined;
};

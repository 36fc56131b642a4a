/**
 * storage:migrate: copies the attachments of the local folder into the object store, so a single instance
 * can move to S3 (then scale out) without losing a file. Idempotent: a key the store already holds is
 * skipped, so an interrupted run is simply run again. Files are streamed one at a time.
 */
import type { LocalStorage } from './local';
import type { Storage } from './storage';

export interface MigrateResult {
  copied: number;
  skipped: number;
  bytes: number;
}

export async function migrateStorage(
  from: LocalStorage,
  to: Storage,
  progress: (line: string) => void = () => undefined,
): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, bytes: 0 };
  const keys = await from.keys();
  for (const key of keys) {
    if (await to.exists(key)) {
      result.skipped += 1;
      continue;
    }
    result.bytes += (await to.put(key, await from.get(key))).bytes;
    result.copied += 1;
    if (result.copied % 100 === 0) progress(`  ${result.copied + result.skipped} of ${keys.length} files`);
  }
  return result;
}

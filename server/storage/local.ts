/**
 * The local-folder driver: files under DATA_DIR/attachments, named by their random key. Customers'
 * documents are readable by the server's own user only: files 0600 in a 0700 folder.
 */
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, type Storage, StoredFileMissing } from './storage';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  /** The folder holding the files. */
  readonly folder: string;
  /** Every key stored (what storage:migrate copies). */
  keys(): Promise<string[]>;
}

export function localStorage(dataDir: string): LocalStorage {
  const folder = path.join(dataDir, 'attachments');
  const file = (key: string) => path.join(folder, checkedKey(key));
  return {
    kind: 'local',
    folder,
    async put(key, stream) {
      const target = file(key);
      await mkdir(folder, { recursive: true, mode: FOLDER_MODE });
      // A folder made by an earlier version (0755) is closed too: that also hides the files it already holds.
      await chmod(folder, FOLDER_MODE);
      try {
        await pipeline(stream, createWriteStream(target, { flags: 'wx', mode: FILE_MODE }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { bytes: (await stat(target)).size };
    },
    async get(key) {
      // Opened before answering, so a missing file is a typed error here, not a broken stream later.
      try {
        const handle = await open(file(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async exists(key) {
      try {
        await stat(file(key));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(key) {
      await rm(file(key), { force: true });
    },
    async keys() {
      try {
        return (await readdir(folder)).filter((name) => {
          try {
            return checkedKey(name) === name;
          } catch {
            return false;
          }
        });
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}

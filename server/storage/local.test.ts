import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { localStorage } from './local';
import { newStorageKey } from './storage';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('the local storage driver', () => {
  it('writes files 0600 in a 0700 folder, even under a permissive umask', async () => {
    const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-files-')));
    const before = process.umask(0o000);
    try {
      const key = newStorageKey();
      const { bytes } = await storage.put(key, Readable.from([Buffer.from('scan')]));
      expect(bytes).toBe(4);
      expect(modeOf(path.join(storage.folder, key))).toBe(0o600);
      expect(modeOf(storage.folder)).toBe(0o700);
    } finally {
      process.umask(before);
    }
  });

  it('closes a folder an earlier version left open (0755)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-files-'));
    mkdirSync(path.join(dataDir, 'attachments'), { mode: 0o755 });
    const storage = localStorage(dataDir);
    const key = newStorageKey();
    await storage.put(key, Readable.from([Buffer.from('scan')]));
    expect(modeOf(storage.folder)).toBe(0o700);
    expect(modeOf(path.join(storage.folder, key))).toBe(0o600);
  });

  it('refuses a key that is not one of ours (no path ever climbs out of the folder)', async () => {
    const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-files-')));
    await expect(storage.get('../session-secret')).rejects.toThrow(/Not a storage key/);
    await expect(storage.put('x/../../y', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      /Not a storage key/,
    );
  });
});

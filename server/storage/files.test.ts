import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { attachmentPath, saveAttachmentFile } from './files';

const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('attachment files', () => {
  it('are written 0600 in a 0700 folder, even under a permissive umask', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-files-'));
    const before = process.umask(0o000);
    try {
      const { key, bytes } = await saveAttachmentFile(dataDir, Readable.from([Buffer.from('scan')]));
      expect(bytes).toBe(4);
      expect(modeOf(attachmentPath(dataDir, key))).toBe(0o600);
      expect(modeOf(path.join(dataDir, 'attachments'))).toBe(0o700);
    } finally {
      process.umask(before);
    }
  });

  it('closes a folder an earlier version left open (0755)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-files-'));
    mkdirSync(path.join(dataDir, 'attachments'), { mode: 0o755 });
    const { key } = await saveAttachmentFile(dataDir, Readable.from([Buffer.from('scan')]));
    expect(modeOf(path.join(dataDir, 'attachments'))).toBe(0o700);
    expect(modeOf(attachmentPath(dataDir, key))).toBe(0o600);
  });
});

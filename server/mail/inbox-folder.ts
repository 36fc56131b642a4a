/**
 * The embedded mode's mailbox, the mirror of DATA_DIR/outbox: every `.eml` file dropped into DATA_DIR/inbox is
 * read as an inbound e-mail and then moved to inbox/done, or to inbox/failed with the reason beside it
 * (`<name>.reason.txt`) when it was refused. A file is moved only after it is stored, so a crash mid-way leaves
 * it to be read again (its Message-ID makes the second reading a repeat). Write a file elsewhere and rename it
 * in, or give it another extension until it is complete: only `.eml` names are read.
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { InboundRefused, MAX_INBOUND_BYTES } from '../services/inbound/parse';
import type { InboundResult } from '../services/inbound/receive';

/** Reads and stores one raw message (services/inbound/receive.ts). */
export type ReceiveRaw = (raw: Buffer) => Promise<InboundResult>;

/** What one sweep did: counted by outcome, and the refused ones with their reasons. */
export interface SweepReport {
  read: number;
  stored: number;
  duplicates: number;
  autoReplies: number;
  bounces: number;
  refused: { name: string; reason: string }[];
}

export const emptyReport = (): SweepReport => ({
  read: 0,
  stored: 0,
  duplicates: 0,
  autoReplies: 0,
  bounces: 0,
  refused: [],
});

/** Counts one outcome in a report. */
export function count(report: SweepReport, result: InboundResult) {
  report.read += 1;
  if (result.outcome === 'message') report.stored += 1;
  else if (result.outcome === 'duplicate') report.duplicates += 1;
  else if (result.outcome === 'auto_reply') report.autoReplies += 1;
  else report.bounces += 1;
}

/** A free name in `dir` for `name`: the name itself, or with a time prefix when taken. */
async function freeName(dir: string, name: string) {
  try {
    await stat(path.join(dir, name));
    return `${Date.now()}-${name}`;
  } catch {
    return name;
  }
}

/** Moves a file; another instance having moved it first is no failure. */
async function moveTo(dir: string, inbox: string, name: string) {
  await mkdir(dir, { recursive: true });
  const target = await freeName(dir, name);
  try {
    await rename(path.join(inbox, name), path.join(dir, target));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return target;
}

/**
 * Reads every `.eml` file in `inbox` once, oldest name first, up to `limit`. A refused message is moved to
 * failed/ with its reason; a fault (the database away) stops the sweep and leaves the file in place.
 */
export async function sweepInboxFolder(
  inbox: string,
  receive: ReceiveRaw,
  limit = 100,
): Promise<SweepReport> {
  const report = emptyReport();
  await mkdir(inbox, { recursive: true });
  const names = (await readdir(inbox, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.eml') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort()
    .slice(0, limit);
  for (const name of names) {
    const file = path.join(inbox, name);
    let result: InboundResult;
    try {
      const { size } = await stat(file);
      if (size > MAX_INBOUND_BYTES) {
        throw new InboundRefused(`message too large: ${size} bytes, at most ${MAX_INBOUND_BYTES}`);
      }
      result = await receive(await readFile(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      if (!(error instanceof InboundRefused)) throw error;
      const failed = path.join(inbox, 'failed');
      const moved = await moveTo(failed, inbox, name);
      await writeFile(path.join(failed, `${moved}.reason.txt`), `${error.reason}\n`);
      report.read += 1;
      report.refused.push({ name, reason: error.reason });
      continue;
    }
    await moveTo(path.join(inbox, 'done'), inbox, name);
    count(report, result);
  }
  return report;
}

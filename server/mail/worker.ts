/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and leased (status 'sending' until the
 * lease ends), so several instances never send one row at the same time; a row whose sender died is taken
 * again when its lease ends (at-least-once), and every attempt carries the row's stable Message-ID so a
 * receiving server can drop a repeat. SMTP when SMTP_URL is set; otherwise each message is written as an
 * .eml file under DATA_DIR/outbox.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { attachments, outbox } from '../db/schema';
import { localStorage } from '../storage/local';
import type { Storage } from '../storage/storage';

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 20;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4 … capped at 6 hours. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

export interface MailerOptions {
  smtpUrl?: string;
  dataDir: string;
  mailFrom: string;
  /** Where attachments are read from; the local folder under dataDir unless given. */
  storage?: Storage;
}

type Row = typeof outbox.$inferSelect;

/**
 * Sends one built message: over SMTP, or as an .eml file in embedded mode. Attachments are streamed from
 * the store (shared by every instance when it is S3), never read whole into memory.
 */
export function createMailer(opts: MailerOptions) {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const storage = opts.storage ?? localStorage(opts.dataDir);
  return async (row: Row, files: { filename: string; contentType: string; storageKey: string }[]) => {
    // Every file is opened before sending: a missing one fails this attempt before anything is sent.
    const streams: Readable[] = [];
    try {
      for (const f of files) streams.push(await storage.get(f.storageKey));
    } catch (error) {
      for (const s of streams) s.destroy();
      throw error;
    }
    const info = await transport
      .sendMail({
        from: opts.mailFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        messageId: row.messageId,
        attachments: files.map((f, i) => ({
          filename: f.filename,
          contentType: f.contentType,
          content: streams[i],
        })),
      })
      .finally(() => {
        for (const s of streams) s.destroy();
      });
    if (!opts.smtpUrl) {
      const dir = path.join(opts.dataDir, 'outbox');
      await mkdir(dir, { recursive: true });
      const name = row.messageId.replace(/[^\w.@-]/g, '_');
      await writeFile(path.join(dir, `${name}.eml`), (info as unknown as { message: Buffer }).message);
    }
  };
}

/** Claims up to a batch of due rows (pending and due, or sending with a lapsed lease). */
async function claim(db: Db, now: Date): Promise<Row[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + LEASE_MS),
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Delivers what is due now; answers how many were sent and how many failed this round. */
export async function deliverDueEmails(db: Db, send: ReturnType<typeof createMailer>, now = new Date()) {
  const rows = await claim(db, now);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const ids = Array.isArray(row.attachmentIds) ? (row.attachmentIds as number[]) : [];
      const files = ids.length
        ? (await db.select().from(attachments).where(inArray(attachments.id, ids))).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            storageKey: a.storageKey,
          }))
        : [];
      await send(row, files);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, 'sending')));
      sent += 1;
    } catch (error) {
      failed += 1;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: String((error as Error).message ?? error).slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return { sent, failed };
}

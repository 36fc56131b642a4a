/**
 * Delivers the outbox. Rows are claimed with FOR UPDATE SKIP LOCKED and leased (status 'sending' until the
 * lease ends; services/outbox/delivery.ts), so several instances never send one row at the same time; a row
 * whose sender died is taken again when its lease ends (at-least-once), and every attempt carries the row's
 * stable Message-ID so a receiving server can drop a repeat. SMTP when SMTP_URL is set; otherwise each message
 * is written as an .eml file under DATA_DIR/outbox.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import {
  claimDueEmails,
  emailFiles,
  type OutboxRow,
  recordEmailFailure,
  recordEmailSent,
} from '../services/outbox/delivery';
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
  /** MAIL_REPLY_TO: the Reply-To, `{token}` replaced by each row's reply token; unset, replies go to mailFrom. */
  replyTo?: string;
  /** Where attachments are read from; the local folder under dataDir unless given. */
  storage?: Storage;
}

/**
 * The Reply-To of one e-mail: MAIL_REPLY_TO with `{token}` replaced by its reply token, so the customer's answer
 * names what it is about; an address without `{token}` (or a row without one) is used as it is, and the answer
 * is matched by its In-Reply-To instead (docs/decisions/inbound-mail.md).
 */
export function replyToAddress(template: string, token: string | null): string {
  if (!template.includes('{token}')) return template;
  return token ? template.replace('{token}', token) : template.replace(/\+?\{token\}/, '');
}

/** A file attached to an e-mail, as the store keeps it. */
export interface MailFile {
  filename: string;
  contentType: string;
  storageKey: string;
}

/** Sends one claimed outbox row with its files; rejects when it was not sent. */
export type SendMail = (row: OutboxRow, files: MailFile[]) => Promise<void>;

export interface Mailer {
  send: SendMail;
  /** Closes the SMTP connections kept open (on shutdown; a send after it opens new ones). */
  close(): void;
}

/**
 * Messages sent at once within a batch, and SMTP connections kept open for them. Each delivery waits mostly
 * on the relay's replies, so four at a time deliver four times as many a second; the relay sees at most four
 * connections from an instance.
 */
const SENDING_AT_ONCE = 4;

/**
 * Sends built messages: over SMTP, or as .eml files in embedded mode. The SMTP connections are pooled: a
 * connection's greeting and EHLO (most of a lone delivery's time) are paid once for up to 100 messages, not
 * once per message; `?pool=false` in SMTP_URL turns that off. Attachments are streamed from the store (shared
 * by every instance when it is S3), never read whole into memory.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const transport: Transporter = opts.smtpUrl
    ? nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: SENDING_AT_ONCE,
        maxMessages: 100,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const storage = opts.storage ?? localStorage(opts.dataDir);
  const send: SendMail = async (row, files) => {
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
        ...(opts.replyTo ? { replyTo: replyToAddress(opts.replyTo, row.replyToken) } : {}),
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
  return { send, close: () => transport.close() };
}

/** A failed attempt, as the log and the metrics see it: never the recipient's address, only its domain. */
export interface DeliveryFailure {
  outboxId: number;
  recipientDomain: string;
  attempts: number;
  /** True when this was the last attempt: the row is now `failed` and waits for an admin. */
  gaveUp: boolean;
  /** The error's message with every e-mail address's local part masked (a relay's 550 names the mailbox). */
  reason: string;
  code?: string;
}

/** Hears each failed delivery attempt (server/jobs/registry.ts logs and counts them). */
export interface DeliveryHooks {
  onFailure?(failure: DeliveryFailure): void;
}

const ADDRESS = /[^\s<>"'@,;:]+@([A-Za-z0-9.-]+)/g;

/** The domain of an address (`b@example.com` → `example.com`), for logs that must not name the person. */
export const recipientDomain = (address: string): string =>
  /@([^@>\s]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? 'unknown';

/** An error message fit for a log line: addresses keep their domain only. */
export const maskAddresses = (text: string): string => text.replace(ADDRESS, '…@$1');

function failureOf(row: OutboxRow, error: unknown, gaveUp: boolean): DeliveryFailure {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown })?.code;
  return {
    outboxId: row.id,
    recipientDomain: recipientDomain(row.toAddress),
    attempts: row.attempts,
    gaveUp,
    reason: maskAddresses(message).slice(0, 300),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** Sends one claimed row and records the outcome; answers whether it was sent. */
async function deliverOne(db: Db, send: SendMail, row: OutboxRow, now: Date, hooks: DeliveryHooks) {
  try {
    const files = await emailFiles(db, Array.isArray(row.attachmentIds) ? row.attachmentIds : []);
    await send(row, files);
    await recordEmailSent(db, row.id);
    return true;
  } catch (error) {
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    await recordEmailFailure(db, row.id, {
      giveUp,
      lastError: String((error as Error).message ?? error).slice(0, 1000),
      retryAt: new Date(now.getTime() + backoffMs(row.attempts)),
    });
    hooks.onFailure?.(failureOf(row, error, giveUp));
    return false;
  }
}

/**
 * Delivers a batch of what is due now, SENDING_AT_ONCE at a time; answers how many were claimed, sent and
 * failed this round.
 */
export async function deliverDueEmails(db: Db, send: SendMail, now = new Date(), hooks: DeliveryHooks = {}) {
  const rows = await claimDueEmails(db, now, BATCH, LEASE_MS);
  let sent = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SENDING_AT_ONCE, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (await deliverOne(db, send, row, now, hooks)) sent += 1;
      }
    }),
  );
  return { claimed: rows.length, sent, failed: rows.length - sent };
}

/**
 * Delivers batch after batch while they come full (a burst of e-mail is not left for the next run, seconds
 * later), for at most `budgetMs`; answers how many were sent and failed, and whether it stopped with a full
 * batch behind it (`more`: the job runner runs it again at once instead of after its interval).
 */
export async function drainDueEmails(
  db: Db,
  send: SendMail,
  budgetMs = 4_000,
  clock: () => number = Date.now,
  hooks: DeliveryHooks = {},
) {
  const until = clock() + budgetMs;
  let sent = 0;
  let failed = 0;
  for (;;) {
    const round = await deliverDueEmails(db, send, new Date(clock()), hooks);
    sent += round.sent;
    failed += round.failed;
    if (round.claimed < BATCH) return { sent, failed, more: false };
    if (clock() >= until) return { sent, failed, more: true };
  }
}

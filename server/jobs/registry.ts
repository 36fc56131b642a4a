/**
 * Every background job of an app instance, in one list: its name (the `job` label in /metrics), how often it
 * runs and what it does. The runner (jobs/runner.ts) schedules exactly this list, /metrics reports its
 * figures and /readyz is down while one of them is failing. To add a job, add an entry here: a function
 * that is safe to run on every instance at once (claim rows with FOR UPDATE SKIP LOCKED) and that finishes
 * its batch before answering.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createImapReader } from '../mail/imap';
import { type SweepReport, sweepInboxFolder } from '../mail/inbox-folder';
import { createMailer, type DeliveryHooks, drainDueEmails, type MailerOptions } from '../mail/worker';
import { WAKE_BATCH, wakeDueSnoozes } from '../services/conversations/inbox';
import { receiveInboundEmail } from '../services/inbound/receive';
import { policyFor, type ReceiverPolicy } from '../services/webhooks/receiver-address';
import { localStorage } from '../storage/local';
import type { Storage } from '../storage/storage';
import { createWebhookPool } from '../webhooks/worker';
import { RETENTION_DEFAULTS, type RetentionOptions, runRetention } from './retention';
import { endDuePostponements, sendDueReminders } from './scheduled';

/** One scheduled job. */
export interface Job {
  /** A short stable name: the metrics label and the log field. */
  name: string;
  /** How long after its last success it is due again, in milliseconds. */
  everyMs: number;
  /**
   * One run; a rejection counts as a failure and the job is tried again with backoff. `again`: it stopped with
   * work left (a burst of e-mail bigger than one run's time budget), so it is due again at once.
   */
  run(): Promise<undefined | 'again'>;
  /**
   * Releases what the job keeps open between runs (the mail job's SMTP connections) or waits for what it left
   * running (the webhook deliveries in flight); called on stop, which waits for it.
   */
  close?(): void | Promise<void>;
  /**
   * False: a failure is the job's own (an outside service away), retried on its own backoff and reported apart
   * (/readyz `mailbox`), not a failed round that makes the instance unready. Default true.
   */
  essential?: boolean;
  /** Figures of the job's own since start (the mail job's failed deliveries), for /metrics. */
  counts?(): Readonly<Record<string, number>>;
}

export interface JobDeps {
  db: Db;
  mail: MailerOptions;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  retention?: RetentionOptions;
  /** Where webhooks may be sent (config.webhooks); production's strict policy unless given. */
  webhooks?: ReceiverPolicy;
  /** Where customers' e-mail is read from: IMAP_URL, else DATA_DIR/inbox. Absent: not read (tools, tests). */
  inbound?: InboundOptions;
}

/** The instance's background jobs, in the order a round runs them when several are due. */
export function backgroundJobs({
  db,
  mail,
  log,
  retention = RETENTION_DEFAULTS,
  webhooks = policyFor('production'),
  inbound,
}: JobDeps): Job[] {
  const mailer = createMailer(mail);
  // A failed delivery is retried with backoff, and given up after MAX_ATTEMPTS (an admin resends it from the
  // outbox screen): both are logged, without the recipient's address, and counted for alerts.
  const mailFailures = { retrying: 0, gave_up: 0 };
  const mailHooks: DeliveryHooks = {
    onFailure(f) {
      mailFailures[f.gaveUp ? 'gave_up' : 'retrying'] += 1;
      const fields = {
        outbox_id: f.outboxId,
        recipient_domain: f.recipientDomain,
        attempts: f.attempts,
        reason: f.reason,
        ...(f.code ? { code: f.code } : {}),
      };
      if (f.gaveUp) log.error(fields, 'e-mail delivery failed for the last time; it waits in the outbox');
      else log.warn(fields, 'e-mail delivery failed; it will be retried');
    },
  };
  return [
    // Customer e-mail written by actions (the outbox): soon after the action, a few seconds at most; a burst
    // is sent batch after batch in the same run, over connections kept open between runs.
    {
      name: 'mail',
      everyMs: 5_000,
      run: async () =>
        (await drainDueEmails(db, mailer.send, undefined, undefined, mailHooks)).more ? 'again' : undefined,
      close: mailer.close,
      counts: () => ({ ...mailFailures }),
    },
    // Webhooks to the shops (issue 48): every second, as the first attempt of an event should follow it closely;
    // a run only starts deliveries (up to the pool's free places) and never waits for a receiver, so a slow
    // one holds up neither the other deliveries nor the other jobs. Failed attempts are logged and counted.
    webhookJob(db, webhooks, log),
    // The 7-day reminders to customers we wait for, and the end of postponements.
    { name: 'reminders', everyMs: 60_000, run: async () => void (await sendDueReminders(db)) },
    { name: 'postponements', everyMs: 60_000, run: async () => void (await endDuePostponements(db)) },
    // Snoozed conversations whose time has come back to the inbox, their assignee told (issue 49).
    {
      name: 'snoozes',
      everyMs: 30_000,
      run: async () => ((await wakeDueSnoozes(db)) === WAKE_BATCH ? 'again' : undefined),
    },
    // Its scans need not run every minute: expired sessions, old failures, delivered e-mail, read notices,
    // expired undo offers.
    {
      name: 'retention',
      everyMs: 10 * 60_000,
      run: async () => {
        const pruned = await runRetention(db, retention, new Date(), undefined, {
          storage: mail.storage ?? localStorage(mail.dataDir),
          dataDir: mail.dataDir,
        });
        const { signInFailures, outbox, notifications, undoOffers, documents, customersErased } = pruned;
        if (signInFailures + outbox + notifications + undoOffers + documents + customersErased > 0) {
          log.info({ pruned }, 'retention: old rows deleted');
        }
      },
    },
    // Customers' replies, scans and bounces (issue 47), last: its trouble never holds up the others.
    ...(inbound ? [inboundMailJob(db, inbound, log)] : []),
  ];
}

/** The webhook delivery job: a pool of deliveries in flight (webhooks/worker.ts), its failures logged. */
function webhookJob(db: Db, policy: ReceiverPolicy, log: JobDeps['log']): Job {
  const failures = { retrying: 0, gave_up: 0 };
  const pool = createWebhookPool(
    db,
    {
      policy,
      onFailure(f) {
        failures[f.gaveUp ? 'gave_up' : 'retrying'] += 1;
        const fields = { delivery_id: f.deliveryId, url: f.url, attempts: f.attempts, reason: f.reason };
        if (f.gaveUp) log.error(fields, 'webhook delivery failed for the last time; an admin may replay it');
        else log.warn(fields, 'webhook delivery failed; it will be retried');
      },
    },
    log,
  );
  return {
    name: 'webhooks',
    everyMs: 1_000,
    run: pool.run,
    close: pool.close,
    counts: () => ({ ...failures }),
  };
}

export interface InboundOptions {
  imapUrl?: string;
  dataDir: string;
  /** Where uploads are stored; the local folder under dataDir unless given. */
  storage?: Storage;
}

/**
 * The inbound mail job: a sweep of the IMAP mailbox every minute (IDLE reads new mail at once between sweeps),
 * or of DATA_DIR/inbox every 2 seconds. Not essential: a mailbox away is retried on the job's own backoff and
 * reported as /readyz `mailbox` and job_up{job="inbound_mail"}, and the instance stays ready.
 */
function inboundMailJob(db: Db, opts: InboundOptions, log: JobDeps['log']): Job {
  const storage = opts.storage ?? localStorage(opts.dataDir);
  const receive = (raw: Buffer) => receiveInboundEmail({ db, storage }, raw);
  const totals = { stored: 0, duplicates: 0, auto_replies: 0, bounces: 0, refused: 0 };
  const note = (report: SweepReport) => {
    totals.stored += report.stored;
    totals.duplicates += report.duplicates;
    totals.auto_replies += report.autoReplies;
    totals.bounces += report.bounces;
    totals.refused += report.refused.length;
    for (const r of report.refused) log.warn({ file: r.name, reason: r.reason }, 'inbound e-mail refused');
    if (report.read > 0) log.info({ ...report, refused: report.refused.length }, 'inbound e-mail read');
  };
  if (opts.imapUrl) {
    const reader = createImapReader({ url: opts.imapUrl, receive, log });
    return {
      name: 'inbound_mail',
      everyMs: 60_000,
      essential: false,
      run: async () => {
        const report = await reader.sweep();
        note(report);
        return report.more ? 'again' : undefined;
      },
      close: reader.close,
      counts: () => ({ ...totals }),
    };
  }
  const inbox = path.join(opts.dataDir, 'inbox');
  return {
    name: 'inbound_mail',
    everyMs: 2_000,
    essential: false,
    run: async () => {
      const report = await sweepInboxFolder(inbox, receive);
      note(report);
      return report.read >= 100 ? 'again' : undefined;
    },
    counts: () => ({ ...totals }),
  };
}

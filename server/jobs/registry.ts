/**
 * Every background job of an app instance, in one list: its name (the `job` label in /metrics), how often it
 * runs and what it does. The runner (jobs/runner.ts) schedules exactly this list, /metrics reports its
 * figures and /readyz is down while one of them is failing. To add a job, add an entry here: a function
 * that is safe to run on every instance at once (claim rows with FOR UPDATE SKIP LOCKED) and that finishes
 * its batch before answering.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createMailer, type DeliveryHooks, drainDueEmails, type MailerOptions } from '../mail/worker';
import { WAKE_BATCH, wakeDueSnoozes } from '../services/conversations/inbox';
import { policyFor, type ReceiverPolicy } from '../services/webhooks/receiver-address';
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
}

/** The instance's background jobs, in the order a round runs them when several are due. */
export function backgroundJobs({
  db,
  mail,
  log,
  retention = RETENTION_DEFAULTS,
  webhooks = policyFor('production'),
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
        const pruned = await runRetention(db, retention);
        if (pruned.signInFailures + pruned.outbox + pruned.notifications + pruned.undoOffers > 0) {
          log.info({ pruned }, 'retention: old rows deleted');
        }
      },
    },
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

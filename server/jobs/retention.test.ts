/**
 * Retention: rows past their age go, in batches; newer ones, and the ones a screen or the worker still needs
 * (undelivered e-mail, unread notifications), stay. The job runner runs it and reports it for /metrics.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import {
  notifications,
  openItemCounts,
  openItemDueCounts,
  outbox,
  salesDaily,
  sessions,
  signInFailures,
  undoActions,
} from '../db/schema';
import { buildUser, freshDatabase } from '../test/harness';
import { backgroundJobs } from './registry';
import { RETENTION_DEFAULTS, runRetention, SIGN_IN_FAILURE_KEEP_MS, UNDO_OFFER_KEEP_MS } from './retention';
import { startJobRunner } from './runner';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('retention', () => {
  it('deletes old sign-in failures, delivered e-mail, read notifications, expired sessions and undo offers; keeps the rest', async () => {
    const { db } = database;
    const user = await buildUser(database);

    const failures = await db
      .insert(signInFailures)
      .values([
        ...Array.from({ length: 5 }, () => ({
          email: 'old@x.example',
          ip: '10.0.0.1',
          createdAt: ago(2 * 60 * 60 * 1000),
        })),
        // Inside the throttle window and its margin: the throttle still counts it.
        { email: 'new@x.example', ip: '10.0.0.1', createdAt: ago(SIGN_IN_FAILURE_KEEP_MS - 60_000) },
        { email: 'now@x.example', ip: '10.0.0.1', createdAt: ago(10 * 60 * 1000) },
      ])
      .returning({ id: signInFailures.id, email: signInFailures.email });

    const mail = (
      n: string,
      status: 'pending' | 'sending' | 'sent' | 'failed',
      createdAt: Date,
      sentAt?: Date,
    ) => ({
      kind: 'test',
      toAddress: 'c@x.example',
      subject: n,
      textBody: 't',
      messageId: `<${n}-${Math.random()}@test>`,
      status,
      createdAt,
      sentAt: sentAt ?? null,
    });
    await db
      .insert(outbox)
      .values([
        mail('sent-old', 'sent', ago(100 * DAY), ago(95 * DAY)),
        mail('sent-old-2', 'sent', ago(200 * DAY), ago(199 * DAY)),
        mail('sent-new', 'sent', ago(100 * DAY), ago(80 * DAY)),
        mail('failed-old', 'failed', ago(300 * DAY)),
        mail('pending-old', 'pending', ago(300 * DAY)),
        mail('sending-old', 'sending', ago(300 * DAY)),
      ]);

    const note = (message: string, createdAt: Date, readAt: Date | null) => ({
      userId: user.id,
      kind: 'test',
      message,
      createdAt,
      readAt,
    });
    await db
      .insert(notifications)
      .values([
        note('read-old', ago(100 * DAY), ago(99 * DAY)),
        note('read-new', ago(30 * DAY), ago(29 * DAY)),
        note('unread-old', ago(300 * DAY), null),
      ]);

    await db.insert(sessions).values([
      { id: 'expired', userId: user.id, csrfToken: 'c', expiresAt: ago(1000), lastSeenAt: ago(60_000) },
      {
        id: 'live',
        userId: user.id,
        csrfToken: 'c',
        expiresAt: new Date(now.getTime() + DAY),
        lastSeenAt: now,
      },
    ]);

    const offer = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      userId: user.id,
      kind: 'flag' as const,
      targets: [],
      expiresAt,
    });
    await db
      .insert(undoActions)
      .values([
        offer('expired-long-ago', ago(UNDO_OFFER_KEEP_MS + 60_000)),
        offer('expired-lately', ago(60_000)),
        offer('still-open', new Date(now.getTime() + 5_000)),
      ]);

    // Batches of 2: several statements for the five old failures.
    const result = await runRetention(
      db,
      { ...RETENTION_DEFAULTS, outboxDays: 90, notificationsDays: 90 },
      now,
      2,
    );
    expect(result).toEqual({
      sessions: 'purged',
      signInFailures: 5,
      outbox: 2,
      notifications: 1,
      undoOffers: 1,
      auditEvents: 0,
      documents: 0,
      customersErased: 0,
      complete: true,
    });
    const offers = (await db.select({ h: undoActions.tokenHash }).from(undoActions)).map((r) => r.h).sort();
    expect(offers).toEqual(['expired-lately', 'still-open']);

    const left = await db
      .select({ email: signInFailures.email })
      .from(signInFailures)
      .where(
        inArray(
          signInFailures.id,
          failures.map((f) => f.id),
        ),
      );
    expect(left.map((r) => r.email).sort()).toEqual(['new@x.example', 'now@x.example']);
    const subjects = (await db.select({ s: outbox.subject }).from(outbox)).map((r) => r.s).sort();
    expect(subjects).toEqual(['failed-old', 'pending-old', 'sending-old', 'sent-new']);
    const messages = (
      await db
        .select({ m: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
    )
      .map((r) => r.m)
      .sort();
    expect(messages).toEqual(['read-new', 'unread-old']);
    const ids = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map(
      (r) => r.id,
    );
    expect(ids).toEqual(['live']);

    // Shorter ages are honoured: 20 days now takes the delivered e-mail and the read notification left.
    const shorter = await runRetention(
      db,
      { ...RETENTION_DEFAULTS, outboxDays: 20, notificationsDays: 20 },
      now,
    );
    expect(shorter).toMatchObject({ outbox: 1, notifications: 1 });
    expect(
      await runRetention(db, { ...RETENTION_DEFAULTS, outboxDays: 20, notificationsDays: 20 }, now),
    ).toMatchObject({
      signInFailures: 0,
      outbox: 0,
      notifications: 0,
    });
  });

  it('removes open-item counts that fell to 0 and keeps the others', async () => {
    const { db } = database;
    const user = await buildUser(database);
    const row = { userId: user.id, isEscalated: false, isOnHold: false, waitingCustomerResponse: false };
    await db.insert(openItemCounts).values([
      { ...row, currentState: 'unassigned', items: 0 },
      { ...row, currentState: 'review_documents', items: 2 },
    ]);
    await db.insert(openItemDueCounts).values([
      { userId: user.id, despatchDueOn: '2026-11-20', items: 0 },
      { userId: user.id, despatchDueOn: '2026-11-21', items: 2 },
    ]);
    await runRetention(db, { ...RETENTION_DEFAULTS, outboxDays: 90, notificationsDays: 90 }, now);
    const states = await db.select().from(openItemCounts).where(eq(openItemCounts.userId, user.id));
    expect(states.map((r) => [r.currentState, r.items])).toEqual([['review_documents', 2]]);
    const days = await db.select().from(openItemDueCounts).where(eq(openItemDueCounts.userId, user.id));
    expect(days.map((r) => [r.despatchDueOn, r.items])).toEqual([['2026-11-21', 2]]);
  });

  it("folds a past day's sales slots into slot 0, keeping every sum, and leaves yesterday's and today's", async () => {
    const { db } = database;
    // London days: `now` is 23/11 at noon, so the 20th and 21st are past, the 22nd is yesterday.
    const cell: Pick<typeof salesDaily.$inferInsert, 'type' | 'deliveryRegion'> = {
      type: 'Birth Certificate',
      deliveryRegion: 'UK',
    };
    await db.insert(salesDaily).values([
      { ...cell, day: '2026-11-20', slot: 0, items: 3, gross: 300, refunds: 10 },
      { ...cell, day: '2026-11-20', slot: 3, items: 2, gross: 200, refunds: 0 },
      { ...cell, day: '2026-11-20', slot: 7, items: 1, gross: 100, refunds: 5 },
      // No slot 0 yet: the fold makes it.
      { ...cell, day: '2026-11-21', slot: 5, items: 4, gross: 400, refunds: 1 },
      { ...cell, day: '2026-11-22', slot: 2, items: 1, gross: 50, refunds: 0 },
      { ...cell, day: '2026-11-23', slot: 1, items: 1, gross: 60, refunds: 0 },
    ]);
    await runRetention(db, { ...RETENTION_DEFAULTS, outboxDays: 90, notificationsDays: 90 }, now);
    const rows = await db
      .select()
      .from(salesDaily)
      .where(eq(salesDaily.type, cell.type))
      .orderBy(asc(salesDaily.day), asc(salesDaily.slot));
    expect(rows.map((r) => [r.day, r.slot, r.items, r.gross, r.refunds])).toEqual([
      ['2026-11-20', 0, 6, 600, 15],
      ['2026-11-21', 0, 4, 400, 1],
      ['2026-11-22', 2, 1, 50, 0],
      ['2026-11-23', 1, 1, 60, 0],
    ]);
  });

  it('runs in the job runner, which reports each job', async () => {
    const quiet = { error: () => undefined, info: () => undefined, warn: () => undefined };
    const jobs = backgroundJobs({
      db: database.db,
      mail: { dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-retention-')), mailFrom: 'T <t@x.example>' },
      log: quiet,
      inbound: { dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-retention-inbox-')) },
    });
    const runner = startJobRunner(jobs, quiet);
    try {
      await expect
        .poll(() => runner.stats().find((j) => j.name === 'retention')?.lastSuccessAt, { timeout: 10_000 })
        .toBeInstanceOf(Date);
      const byName = Object.fromEntries(runner.stats().map((j) => [j.name, j]));
      expect(Object.keys(byName).sort()).toEqual([
        'inbound_mail',
        'mail',
        'postponements',
        'reminders',
        'retention',
        'snoozes',
        'webhooks',
      ]);
      expect(byName.mail).toMatchObject({ runs: 1, failures: 0 });
      expect(byName.retention).toMatchObject({ runs: 1, failures: 0 });
    } finally {
      await runner.stop();
    }
  });

  it('takes its ages from RETENTION_OUTBOX_DAYS and RETENTION_NOTIFICATIONS_DAYS (90 days) and RETENTION_AUDIT_DAYS (730)', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-config-'));
    const postgres = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://u@localhost:5432/db' };
    expect(loadConfig(postgres).retention).toEqual({
      ...RETENTION_DEFAULTS,
      outboxDays: 90,
      notificationsDays: 90,
    });
    // The demo keeps its seeded year of history.
    expect(loadConfig({ DATA_DIR: dataDir }).retention).toEqual({
      outboxDays: 3650,
      notificationsDays: 3650,
      auditDays: 730,
      documentsDays: 3650,
      customerYears: 6,
    });
    expect(loadConfig({ DATA_DIR: dataDir, RETENTION_AUDIT_DAYS: '3650' }).retention.auditDays).toBe(3650);
    expect(() => loadConfig({ DATA_DIR: dataDir, RETENTION_AUDIT_DAYS: '0' })).toThrow(
      /RETENTION_AUDIT_DAYS/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, RETENTION_OUTBOX_DAYS: '30', RETENTION_NOTIFICATIONS_DAYS: '7' })
        .retention,
    ).toEqual({ ...RETENTION_DEFAULTS, outboxDays: 30, notificationsDays: 7, documentsDays: 3650 });
    expect(() => loadConfig({ DATA_DIR: dataDir, RETENTION_OUTBOX_DAYS: '0' })).toThrow(
      /RETENTION_OUTBOX_DAYS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, RETENTION_NOTIFICATIONS_DAYS: 'x' })).toThrow(
      /RETENTION_NOTIFICATIONS_DAYS/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe(
      'a'.repeat(32),
    );
  });
});

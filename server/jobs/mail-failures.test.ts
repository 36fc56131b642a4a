/**
 * A failed e-mail delivery is visible (issue 45): the mail job logs each failed attempt at warn, and the last
 * one at error, with the outbox id and the recipient's domain only (never the address, not even inside the
 * relay's message), and counts them for `mail_delivery_failures_total`. A real SMTP port on 127.0.0.1 that
 * refuses connections stands for the relay being down.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { MAX_ATTEMPTS, maskAddresses, recipientDomain } from '../mail/worker';
import { freshDatabase } from '../test/harness';
import { backgroundJobs } from './registry';

/** A port on 127.0.0.1 with nothing listening: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('failed e-mail deliveries', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('masks addresses and keeps the domain', () => {
    expect(recipientDomain('Jane Doe <Jane.Doe@Example.COM>')).toBe('example.com');
    expect(recipientDomain('jane@example.com')).toBe('example.com');
    expect(maskAddresses('550 5.1.1 <jane.doe@example.com>: mailbox unavailable')).toBe(
      '550 5.1.1 <…@example.com>: mailbox unavailable',
    );
  });

  it('logs each failure at warn, the last at error, without the address, and counts both', async () => {
    const lines: { level: 'warn' | 'error' | 'info'; fields: Record<string, unknown>; msg: string }[] = [];
    const log = {
      info: (fields: object, msg?: string) =>
        lines.push({ level: 'info', fields: { ...fields }, msg: msg ?? '' }),
      warn: (fields: object, msg?: string) =>
        lines.push({ level: 'warn', fields: { ...fields }, msg: msg ?? '' }),
      error: (fields: object, msg?: string) =>
        lines.push({ level: 'error', fields: { ...fields }, msg: msg ?? '' }),
    };
    const jobs = backgroundJobs({
      db: database.db,
      mail: {
        smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
        dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-mail-fail-')),
        mailFrom: 'T <t@x.example>',
      },
      log: log as never,
    });
    const mail = jobs.find((j) => j.name === 'mail');
    if (!mail?.counts) throw new Error('the mail job keeps no counts');
    const base = { kind: 'test', subject: 'Your order', textBody: 'Hello' };
    const [first, last] = await database.db
      .insert(outbox)
      .values([
        { ...base, toAddress: 'siobhan.walker@customer.example', messageId: '<f1@test>' },
        // One attempt left: this one gives up.
        { ...base, toAddress: 'Pat <pat@other.example>', messageId: '<f2@test>', attempts: MAX_ATTEMPTS - 1 },
      ])
      .returning();
    try {
      await mail.run();
    } finally {
      mail.close?.();
    }

    const warned = lines.find((l) => l.level === 'warn' && l.fields.outbox_id === first.id);
    expect(warned).toMatchObject({
      msg: 'e-mail delivery failed; it will be retried',
      fields: { outbox_id: first.id, recipient_domain: 'customer.example', attempts: 1 },
    });
    expect(warned?.fields.code).toBe('ESOCKET');
    const gaveUp = lines.find((l) => l.level === 'error' && l.fields.outbox_id === last.id);
    expect(gaveUp).toMatchObject({
      msg: 'e-mail delivery failed for the last time; it waits in the outbox',
      fields: { recipient_domain: 'other.example', attempts: MAX_ATTEMPTS },
    });
    const said = JSON.stringify(lines);
    expect(said).not.toContain('siobhan.walker');
    expect(said).not.toContain('pat@');
    expect(mail.counts()).toEqual({ retrying: 1, gave_up: 1 });

    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, last.id));
    expect(row.status).toBe('failed');
  });
});

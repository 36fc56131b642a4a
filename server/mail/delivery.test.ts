/**
 * E-mail delivery end to end: the actions that e-mail customers, a real SMTP server on 127.0.0.1, the
 * delivery worker; an SMTP outage in the middle; the scheduled reminder and postponement jobs with a moved
 * clock; and the .eml files of embedded mode.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, outbox } from '../db/schema';
import { endDuePostponements, sendDueReminders } from '../jobs/scheduled';
import { receiveCustomerMessage } from '../services/conversations/conversations';
import { buildOrderItem } from '../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../test/harness';
import { act, actAsRead, multipartFile, PNG_BYTES } from '../test/items';
import { createMailer, deliverDueEmails, drainDueEmails, type SendMail } from './worker';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    /** Connections opened by clients so far. */
    connections: () => connections,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The text of a message: quoted-printable soft breaks and escapes undone. */
function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const messageId = (raw: string) => /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];

let ctx: TestContext;
let dataDir: string;
let admin: Agent;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-mail-'));
  ctx = await createTestApp({ dataDir });
  admin = await signInAs(
    ctx.app,
    (await buildUser(ctx.database, { role: 'admin', is_orderer: false })).email,
  );
  const o = await buildUser(ctx.database);
  aliceId = o.id;
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const FROM = 'UKDS Test <test@ukds.example>';

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Runs every e-mailing action once; answers the outbox ids written and who each is for. */
async function performEmailingActions(tag: string) {
  const before = new Set((await ctx.database.db.select({ id: outbox.id }).from(outbox)).map((r) => r.id));

  // Conversation reply.
  const { id: conversationId } = await receiveCustomerMessage(ctx.database.db, {
    email: `conv-${tag}@example.com`,
    name: 'Cora Conversation',
    subject: 'Where is my order?',
    content: '<p>Hello?</p>',
  });
  await ok(
    await alice.request({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/reply.json`,
      payload: { response: { content: `Reply ${tag}: it is on its way.` } },
    }),
  );

  // Contact customer on an escalated item.
  const escalated = await buildOrderItem(
    ctx.database,
    {
      currentState: 'despatch_escalation',
      isEscalated: true,
      userId: aliceId,
    },
    { email: `contact-${tag}@example.com` },
  );
  await ok(
    await actAsRead(admin, escalated.ref, 'contact_customer', {
      message: { body: `Contact ${tag}: please confirm your address.`, response_required: true },
    }),
  );

  // Reject documents.
  const deedPoll = await buildOrderItem(
    ctx.database,
    {
      orderableType: 'AdultDeedPoll',
      currentState: 'review_documents',
      userId: aliceId,
    },
    { email: `reject-${tag}@example.com` },
  );
  await ok(
    await actAsRead(alice, deedPoll.ref, 'reject_documents', {
      review: { notes: `Reject ${tag}: blurred.` },
    }),
  );

  // Scan send with an attachment, then despatch.
  const scan = await buildOrderItem(
    ctx.database,
    {
      currentState: 'scan_send_required',
      userId: aliceId,
      orderable: { scanSend: true },
    },
    { email: `scan-${tag}@example.com` },
  );
  const upload = await alice.request({
    method: 'POST',
    url: `/api/v1/order_items/${scan.ref}/attachments.json`,
    ...multipartFile(`scan-${tag}.png`, PNG_BYTES, 'image/png'),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const attachmentId = upload.json().order_item.ukds_attachments[0].id;
  await ok(await act(alice, scan.ref, `attachments/${attachmentId}/attach`));
  await ok(await act(alice, scan.ref, 'approve_scan_send'));
  await ok(
    await actAsRead(alice, scan.ref, 'despatch', {
      despatch: { carrier: 'royal_mail', service: 'first_class', reference: `RM-${tag}` },
    }),
  );

  // Notify and close an unpaid cart.
  const cartRef = `C-${tag}`;
  const cart = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/carts.json',
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    payload: {
      cart: {
        ref: cartRef,
        email: `cart-${tag}@example.com`,
        billing_address: { name: 'Pat Payer' },
        items: [{ type: 'Birth Certificate', net_value: 2800 }],
        total_in_pence: 2800,
      },
    },
  });
  expect(cart.statusCode, cart.body).toBe(201);
  await ok(
    await alice.request({
      method: 'POST',
      url: `/api/v1/carts/${cartRef}/notify_and_close.json`,
      payload: { message: { body: `Cart ${tag}: sorry for the trouble.` } },
    }),
  );

  const rows = (await ctx.database.db.select().from(outbox)).filter((r) => !before.has(r.id));
  return { rows, attachmentFile: `scan-${tag}.png` };
}

describe('e-mail delivery over SMTP', () => {
  it('delivers each e-mailing action once, to the right address, with its content and attachments', async () => {
    const smtp = await startSmtp();
    try {
      const { rows, attachmentFile } = await performEmailingActions('a');
      const expected: Record<string, string> = {
        'conv-a@example.com': 'Reply a: it is on its way.',
        'contact-a@example.com': 'Contact a: please confirm your address.',
        'reject-a@example.com': 'Reject a: blurred.',
        'cart-a@example.com': 'Cart a: sorry for the trouble.',
      };
      for (const address of Object.keys(expected)) {
        expect(
          rows.filter((r) => r.toAddress === address),
          address,
        ).toHaveLength(1);
      }
      // The scan-send e-mail and the despatch e-mail both go to the scan customer.
      expect(rows.filter((r) => r.toAddress === 'scan-a@example.com')).toHaveLength(2);

      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir, mailFrom: FROM });
      const send = mailer.send;
      // Two workers at once (two instances): each row is claimed by one of them.
      const [r1, r2] = await Promise.all([
        deliverDueEmails(ctx.database.db, send),
        deliverDueEmails(ctx.database.db, send),
      ]);
      expect(r1.failed + r2.failed).toBe(0);
      // And a later round finds nothing left to send.
      expect(await deliverDueEmails(ctx.database.db, send)).toEqual({ claimed: 0, sent: 0, failed: 0 });

      const mine = smtp.received.filter((m) => m.to.some((t) => /-a@example\.com$/.test(t)));
      expect(mine).toHaveLength(rows.length);
      const ids = mine.map((m) => messageId(m.raw));
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.sort()).toEqual(rows.map((r) => r.messageId).sort());

      mailer.close();
      for (const [address, text] of Object.entries(expected)) {
        const [message] = mine.filter((m) => m.to.includes(address));
        expect(decodedText(message.raw)).toContain(text);
        expect(message.raw).toMatch(/^From: UKDS Test <test@ukds\.example>/m);
      }
      const scanMails = mine.filter((m) => m.to.includes('scan-a@example.com'));
      const withFile = scanMails.filter((m) => m.raw.includes(`filename=${attachmentFile}`));
      expect(withFile).toHaveLength(1);
      expect(withFile[0].raw.replace(/\r?\n/g, '')).toContain(PNG_BYTES.toString('base64'));
      expect(scanMails.some((m) => decodedText(m.raw).includes('RM-a'))).toBe(true);

      const states = await ctx.database.db.select().from(outbox);
      expect(states.filter((r) => rows.some((x) => x.id === r.id)).every((r) => r.status === 'sent')).toBe(
        true,
      );
    } finally {
      await smtp.stop();
    }
  });

  it('an SMTP outage delays delivery: after the restart every message arrives, none twice', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.stop();
    const { rows } = await performEmailingActions('b');
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir, mailFrom: FROM });
    const send = mailer.send;

    const down = await deliverDueEmails(ctx.database.db, send);
    expect(down.sent).toBe(0);
    expect(down.failed).toBeGreaterThanOrEqual(rows.length);
    const failedRows = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'cart-b@example.com'));
    expect(failedRows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failedRows[0].lastError).toBeTruthy();
    // Nothing is retried before its back-off ends.
    expect((await deliverDueEmails(ctx.database.db, send)).sent).toBe(0);

    const restarted = await startSmtp(port);
    try {
      const later = new Date(Date.now() + 5 * 60_000);
      await deliverDueEmails(ctx.database.db, send, later);
      await deliverDueEmails(ctx.database.db, send, later);
      const mine = restarted.received.filter((m) => m.to.some((t) => /-b@example\.com$/.test(t)));
      expect(mine).toHaveLength(rows.length);
      const ids = mine.map((m) => messageId(m.raw));
      expect(new Set(ids).size).toBe(rows.length);
    } finally {
      mailer.close();
      await restarted.stop();
    }
  });
});

describe('a burst of e-mail', () => {
  it('is sent in one run, batch after batch, a few at a time, each message once', async () => {
    const smtp = await startSmtp();
    const real = createMailer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, dataDir, mailFrom: FROM });
    try {
      const queued = Array.from({ length: 45 }, (_, n) => ({
        kind: 'burst',
        toAddress: `burst-${n}@example.com`,
        subject: `Burst ${n}`,
        textBody: `Message ${n}`,
        messageId: `<burst-${n}@ukds.test>`,
      }));
      await ctx.database.db.insert(outbox).values(queued);
      let inFlight = 0;
      let most = 0;
      const send: SendMail = async (row, files) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          await real.send(row, files);
        } finally {
          inFlight -= 1;
        }
      };
      // 45 due: three batches (20, 20, 5) in one run, not one batch every five seconds.
      expect(await drainDueEmails(ctx.database.db, send)).toEqual({ sent: 45, failed: 0, more: false });
      expect(most).toBe(4);
      const burst = smtp.received.filter((m) => m.to.some((t) => t.startsWith('burst-')));
      expect(new Set(burst.map((m) => messageId(m.raw))).size).toBe(45);
      expect(burst).toHaveLength(45);
      // Over connections kept open: at most one per message sent at once, not one per message.
      expect(smtp.connections()).toBeLessThanOrEqual(4);
      expect(await drainDueEmails(ctx.database.db, send)).toEqual({ sent: 0, failed: 0, more: false });
    } finally {
      real.close();
      await smtp.stop();
    }
  });
});

describe('a burst bigger than one run', () => {
  it('stops at its time budget after a full batch and says more is due; the next run sends the rest', async () => {
    const queued = Array.from({ length: 25 }, (_, n) => ({
      kind: 'long_burst',
      toAddress: `long-burst-${n}@example.com`,
      subject: `Long burst ${n}`,
      textBody: `Message ${n}`,
      messageId: `<long-burst-${n}@ukds.test>`,
    }));
    await ctx.database.db.insert(outbox).values(queued);
    const sent: string[] = [];
    const send: SendMail = async (row) => void sent.push(row.toAddress);
    // A clock a second further on at each reading: past the budget as soon as the first batch is sent.
    let t = Date.now();
    const clock = () => (t += 1000);
    const first = await drainDueEmails(ctx.database.db, send, 500, clock);
    expect(first).toEqual({ sent: 20, failed: 0, more: true });
    expect(await drainDueEmails(ctx.database.db, send, 500, clock)).toEqual({
      sent: 5,
      failed: 0,
      more: false,
    });
    expect(new Set(sent).size).toBe(25);
  });
});

describe('embedded mode', () => {
  it('writes each message once as an .eml file under DATA_DIR/outbox', async () => {
    const { rows } = await performEmailingActions('c');
    const { send } = createMailer({ dataDir, mailFrom: FROM });
    await deliverDueEmails(ctx.database.db, send);
    await deliverDueEmails(ctx.database.db, send);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    for (const row of rows) {
      const name = `${row.messageId.replace(/[^\w.@-]/g, '_')}.eml`;
      expect(files).toContain(name);
      const raw = readFileSync(path.join(dataDir, 'outbox', name), 'utf8');
      expect(raw).toContain(`To: ${row.toAddress}`);
    }
  });
});

describe('scheduled jobs', () => {
  it('sends the 7-day reminder once when the clock passes it, then schedules the next', async () => {
    const item = await buildOrderItem(
      ctx.database,
      {
        currentState: 'despatch_escalation',
        isEscalated: true,
        userId: aliceId,
      },
      { email: 'remind-me@example.com' },
    );
    await ok(
      await actAsRead(admin, item.ref, 'contact_customer', {
        message: { body: 'Please confirm your address.', response_required: true },
      }),
    );
    const reminders = () =>
      ctx.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'remind-me@example.com'))
        .then((r) => r.filter((m) => m.kind === 'reminder'));

    expect(await sendDueReminders(ctx.database.db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await reminders()).toHaveLength(0);

    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    // Two instances run the job at the same moment: one reminder.
    await Promise.all([
      sendDueReminders(ctx.database.db, eightDays),
      sendDueReminders(ctx.database.db, eightDays),
    ]);
    expect(await reminders()).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.nextReminderAt?.getTime()).toBeGreaterThan(eightDays.getTime());
    await sendDueReminders(ctx.database.db, eightDays);
    expect(await reminders()).toHaveLength(1);
  });

  it('ends a postponement when its time comes and the item waits for the customer again', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'despatch_escalation',
      isEscalated: true,
      userId: aliceId,
    });
    await ok(
      await actAsRead(admin, item.ref, 'contact_customer', {
        message: { body: 'Please confirm your address.', response_required: true },
      }),
    );
    await ok(await act(admin, item.ref, 'postpone_notification'));
    const [held] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(held.currentState).toBe('on_hold_waiting_despatch_response');
    expect(held.onHoldUntil).toBeTruthy();

    expect(await endDuePostponements(ctx.database.db, new Date())).toBe(0);
    const after = new Date((held.onHoldUntil as Date).getTime() + 60_000);
    await Promise.all([
      endDuePostponements(ctx.database.db, after),
      endDuePostponements(ctx.database.db, after),
    ]);
    const [back] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(back.currentState).toBe('waiting_despatch_response');
    expect(back.onHoldUntil).toBeNull();
    expect(back.isOnHold).toBe(false);
  });
});

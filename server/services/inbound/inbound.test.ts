/**
 * Inbound mail (issue 47): saved e-mails (.eml fixtures) read into the real database and store, matched to what
 * they answer, their files become uploads, bounces and auto-replies kept out of the inbox, repeats stored once,
 * garbage refused or kept as text; and the DATA_DIR/inbox folder reader around it.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  attachments,
  comments,
  conversationMessages,
  conversations,
  inboundMessages,
  orderItemEvents,
  orderItems,
  outbox,
} from '../../db/schema';
import { sweepInboxFolder } from '../../mail/inbox-folder';
import { createMailer, replyToAddress } from '../../mail/worker';
import { localStorage } from '../../storage/local';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { PNG_BYTES } from '../../test/items';
import { buildMail, mailFixture, newMessageId, PDF_BYTES, zipBomb } from '../../test/mail-fixtures';
import { receiveCustomerMessage } from '../conversations/conversations';
import { outboxRow } from '../outbox/enqueue';
import { InboundRefused, MAX_HEADER_BYTES, MAX_INBOUND_BYTES, newTextOf, textToHtml } from './parse';
import { receiveInboundEmail } from './receive';

let ctx: TestContext;
let admin: Agent;
let staffId: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-inbound-'));
const storage = localStorage(dataDir);
const receive = (raw: Buffer) => receiveInboundEmail({ db: ctx.database.db, storage }, raw);

beforeAll(async () => {
  ctx = await createTestApp({ dataDir, storage });
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  staffId = (await buildUser(ctx.database)).id;
});
afterAll(() => ctx.close());

/** An item waiting for the customer's answer, assigned to staff, of `email`'s order. */
const waitingItem = (email = 'cass@example.com') =>
  buildOrderItem(
    ctx.database,
    {
      currentState: 'waiting_despatch_response',
      isEscalated: true,
      waitingCustomerResponse: true,
      userId: staffId,
    },
    { email },
  );

/** An e-mail of ours about the item, as the worker would have sent it. */
async function sentEmail(orderItemId: number | null, to = 'cass@example.com', conversationId?: number) {
  const [row] = await ctx.database.db
    .insert(outbox)
    .values({
      ...outboxRow({
        kind: 'customer_contact',
        to,
        subject: 'Your birth certificate order',
        text: 'We need your mother’s maiden name.',
        orderItemId,
        conversationId,
      }),
      status: 'sent',
      sentAt: new Date(),
    })
    .returning();
  return row;
}

const itemRow = async (id: number) =>
  (await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, id)))[0];

describe('a reply to one of our e-mails', () => {
  it('matched by In-Reply-To: the waiting item takes it as the customer reply, its PDF becomes an upload, other files are listed', async () => {
    const item = await waitingItem();
    const ours = await sentEmail(item.id);
    const result = await receive(mailFixture('reply-with-pdf.eml', { IN_REPLY_TO: ours.messageId }));
    expect(result).toMatchObject({
      outcome: 'message',
      matchedBy: 'in_reply_to',
      orderItemRef: item.ref,
      uploads: 1,
    });
    if (result.outcome !== 'message') throw new Error('not stored');
    expect(result.files).toEqual([
      expect.objectContaining({
        filename: 'setup.exe',
        reason: 'Only PDF, JPEG and PNG files become uploads.',
      }),
    ]);

    // PRODUCT.md section 5: the customer's reply, through the storefront's code path.
    const after = await itemRow(item.id);
    expect(after).toMatchObject({
      currentState: 'despatch_response_received',
      waitingCustomerResponse: false,
    });
    const [upload] = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    expect(upload).toMatchObject({
      filename: 'signed-form.pdf',
      contentType: 'application/pdf',
      source: 'customer',
    });
    expect(await storage.exists(upload.storageKey)).toBe(true);
    const [comment] = await ctx.database.db.select().from(comments).where(eq(comments.orderItemId, item.id));
    expect(comment.body).toContain('maiden name is Smith');
    expect(comment.body).not.toContain('We need your');

    // The item's conversation shows it, the quoted history folded apart and the other file listed.
    const res = await admin.request({
      method: 'GET',
      url: `/api/v1/conversations/${result.conversationId}.json`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().conversation.messages;
    expect(entry).toMatchObject({ kind: 'customer', order_item_ref: item.ref });
    expect(entry.content).toContain('maiden name is Smith');
    expect(entry.content).not.toContain('We need your');
    expect(entry.quoted).toContain('We need your');
    expect(entry.files).toEqual([
      expect.objectContaining({ filename: 'setup.exe', content_type: 'application/x-msdownload' }),
    ]);
  });

  it('matched by the reply token of the plus-address, before any In-Reply-To', async () => {
    const item = await waitingItem('token@example.com');
    const ours = await sentEmail(item.id, 'token@example.com');
    const other = await sentEmail(null, 'token@example.com');
    const result = await receive(
      mailFixture('reply-with-pdf.eml', {
        TO: `orders+${ours.replyToken}@ukds.example`,
        IN_REPLY_TO: other.messageId,
      }),
    );
    expect(result).toMatchObject({ outcome: 'message', matchedBy: 'token', orderItemRef: item.ref });
  });

  it('a reply to our answer in a conversation comes back to that conversation, even archived', async () => {
    const { id } = await receiveCustomerMessage(ctx.database.db, {
      email: 'conv@example.com',
      subject: 'Question',
      content: '<p>Do you post abroad?</p>',
    });
    await ctx.database.db.update(conversations).set({ active: false }).where(eq(conversations.id, id));
    const ours = await sentEmail(null, 'conv@example.com', id);
    const result = await receive(
      buildMail({ from: 'conv@example.com', headers: `In-Reply-To: ${ours.messageId}` }),
    );
    expect(result).toMatchObject({ outcome: 'message', conversationId: id, matchedBy: 'in_reply_to' });
    const [c] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(c.active).toBe(true);
  });

  it('by sender to their open conversation; otherwise a new conversation, HTML sanitised', async () => {
    const first = await receive(mailFixture('html-reply.eml'));
    expect(first).toMatchObject({ outcome: 'message', matchedBy: 'new' });
    if (first.outcome !== 'message') throw new Error('not stored');
    const [stored] = await ctx.database.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, first.conversationId));
    expect(stored.content).toContain('<b>Spain</b>');
    expect(stored.content).not.toMatch(/script|onerror|alert/);
    const second = await receive(mailFixture('html-reply.eml'));
    expect(second).toMatchObject({
      outcome: 'message',
      matchedBy: 'sender',
      conversationId: first.conversationId,
    });
    await ctx.database.db
      .update(conversations)
      .set({ active: false })
      .where(eq(conversations.id, first.conversationId));
    const third = await receive(mailFixture('html-reply.eml'));
    expect(third).toMatchObject({ outcome: 'message', matchedBy: 'new' });
    expect(third.outcome === 'message' && third.conversationId).not.toBe(first.conversationId);
  });
});

describe('robust', () => {
  it('the same Message-ID is stored once, delivered twice or read by two instances at once', async () => {
    const item = await waitingItem('twice@example.com');
    const ours = await sentEmail(item.id, 'twice@example.com');
    const raw = mailFixture('reply-with-pdf.eml', { IN_REPLY_TO: ours.messageId });
    const [a, b] = await Promise.all([receive(raw), receive(raw)]);
    expect([a.outcome, b.outcome].sort()).toEqual(['duplicate', 'message']);
    expect((await receive(raw)).outcome).toBe('duplicate');
    const messageId = a.messageId;
    expect(
      await ctx.database.db.select().from(inboundMessages).where(eq(inboundMessages.messageId, messageId)),
    ).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(attachments).where(eq(attachments.orderItemId, item.id)),
    ).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(comments).where(eq(comments.orderItemId, item.id)),
    ).toHaveLength(1);
    // The loser's stored file was removed again: one file in the store per attachment.
    const files = readdirSync(path.join(dataDir, 'attachments'));
    const keys = (await ctx.database.db.select({ key: attachments.storageKey }).from(attachments)).map(
      (r) => r.key,
    );
    expect(files.filter((f) => !keys.includes(f))).toEqual([]);
  });

  it('a bounce marks the e-mail it reports on bounced, on the outbox filter and the item timeline', async () => {
    const item = await waitingItem('bounce@example.com');
    const ours = await sentEmail(item.id, 'nobody@example.net');
    const result = await receive(mailFixture('bounce.eml', { ORIGINAL: ours.messageId }));
    expect(result).toMatchObject({ outcome: 'bounce', outboxId: ours.id });
    const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, ours.id));
    expect(row.status).toBe('bounced');
    expect(row.lastError).toContain('550 5.1.1');
    const listed = await admin.request({ method: 'GET', url: '/api/v1/outbox.json?status=bounced' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().messages.map((m: { id: number }) => m.id)).toContain(ours.id);
    const [event] = await ctx.database.db
      .select()
      .from(orderItemEvents)
      .where(and(eq(orderItemEvents.orderItemId, item.id), eq(orderItemEvents.action, 'email_bounced')));
    expect(event.payload).toMatchObject({ outbox_id: ours.id });
    // A bounce is no customer message: the item still waits.
    expect((await itemRow(item.id)).waitingCustomerResponse).toBe(true);
    expect(
      await ctx.database.db
        .select()
        .from(conversations)
        .where(eq(conversations.email, 'mailer-daemon@mx.example.net')),
    ).toEqual([]);
  });

  it('an auto-reply never opens nor reopens a conversation, nor answers for the customer', async () => {
    const item = await waitingItem('away@example.com');
    const ours = await sentEmail(item.id, 'away@example.com');
    const raw = mailFixture('auto-reply.eml', { IN_REPLY_TO: ours.messageId })
      .toString()
      .replaceAll('cass@example.com', 'away@example.com');
    expect((await receive(Buffer.from(raw))).outcome).toBe('auto_reply');
    for (const header of ['Precedence: bulk', 'X-Autoreply: yes', 'Auto-Submitted: auto-generated']) {
      expect((await receive(buildMail({ from: 'away@example.com', headers: header }))).outcome, header).toBe(
        'auto_reply',
      );
    }
    expect(
      (await receive(buildMail({ from: 'away@example.com', subject: 'Out of Office: back Monday' }))).outcome,
    ).toBe('auto_reply');
    expect(
      await ctx.database.db.select().from(conversations).where(eq(conversations.email, 'away@example.com')),
    ).toEqual([]);
    expect((await itemRow(item.id)).waitingCustomerResponse).toBe(true);
    // Auto-Submitted: no is a person writing.
    expect(
      (await receive(buildMail({ from: 'away@example.com', headers: 'Auto-Submitted: no' }))).outcome,
    ).toBe('message');
  });

  it('files: JPEG and PNG become uploads too; a zip bomb and a PDF in disguise are listed, never unpacked nor uploaded', async () => {
    const item = await waitingItem('files@example.com');
    const ours = await sentEmail(item.id, 'files@example.com');
    const result = await receive(
      buildMail({
        from: 'files@example.com',
        headers: `In-Reply-To: ${ours.messageId}`,
        files: [
          { filename: 'photo.png', contentType: 'image/png', content: PNG_BYTES },
          { filename: 'bomb.zip', contentType: 'application/zip', content: zipBomb() },
          {
            filename: 'invoice.pdf',
            contentType: 'application/pdf',
            content: Buffer.from('MZ not a pdf at all'),
          },
          { filename: 'form.pdf', contentType: 'application/pdf', content: PDF_BYTES },
        ],
      }),
    );
    if (result.outcome !== 'message') throw new Error(`not stored: ${result.outcome}`);
    expect(result.uploads).toBe(2);
    expect(result.files.map((f) => f.filename).sort()).toEqual(['bomb.zip', 'invoice.pdf']);
    const uploaded = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    expect(uploaded.map((a) => a.filename).sort()).toEqual(['form.pdf', 'photo.png']);
  });

  it('a message about no item keeps every file listed, none uploaded', async () => {
    const result = await receive(
      buildMail({
        from: 'loose@example.com',
        files: [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF_BYTES }],
      }),
    );
    expect(result).toMatchObject({
      outcome: 'message',
      uploads: 0,
      files: [expect.objectContaining({ filename: 'a.pdf' })],
    });
  });

  it('garbage is refused with a reason or kept as text, never a fault', async () => {
    const broken = await receive(mailFixture('broken-mime.eml'));
    expect(broken.outcome).toBe('message');
    const charset = await receive(mailFixture('wrong-charset.eml'));
    expect(charset.outcome).toBe('message');
    const refusal = (raw: Buffer) =>
      receive(raw).then(
        () => 'stored',
        (error: unknown) => (error instanceof InboundRefused ? error.reason : `fault: ${error}`),
      );
    expect(
      await refusal(
        Buffer.from(`X-Big: ${'a'.repeat(MAX_HEADER_BYTES + 10)}\r\nFrom: a@b.example\r\n\r\nhi`),
      ),
    ).toMatch(/^headers too large/);
    expect(await refusal(Buffer.alloc(MAX_INBOUND_BYTES + 1, 'a'))).toMatch(/^message too large/);
    expect(await refusal(Buffer.from('Subject: who?\r\n\r\nno sender'))).toMatch(/no sender/);
    expect(await refusal(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x02]))).not.toMatch(/^fault/);
  });
});

describe('quoted history', () => {
  it('plain text: the quoted lines fold into a blockquote and stay out of the new text', () => {
    const text = 'Thanks!\n\nOn Mon, 1 Jan 2026 at 10:00, Us <o@x.example> wrote:\n> old line\n> more';
    expect(newTextOf(text)).toBe('Thanks!');
    expect(textToHtml(text)).toContain('<blockquote>old line<br>more</blockquote>');
    expect(textToHtml('<b>x</b>')).toContain('&lt;b&gt;');
  });
});

describe('the DATA_DIR/inbox folder', () => {
  it('moves what it stored to done/, garbage to failed/ with the reason beside it, and goes on after garbage', async () => {
    const inbox = mkdtempSync(path.join(tmpdir(), 'ukds-inbox-'));
    writeFileSync(path.join(inbox, '1-garbage.eml'), `X-Big: ${'a'.repeat(MAX_HEADER_BYTES + 10)}\r\n\r\nx`);
    writeFileSync(path.join(inbox, '2-reply.eml'), mailFixture('html-reply.eml'));
    writeFileSync(path.join(inbox, '3-half-written.tmp'), 'not yet');
    const report = await sweepInboxFolder(inbox, receive);
    expect(report).toMatchObject({ read: 2, stored: 1, refused: [{ name: '1-garbage.eml' }] });
    expect(readdirSync(path.join(inbox, 'done'))).toEqual(['2-reply.eml']);
    expect(readdirSync(path.join(inbox, 'failed')).sort()).toEqual([
      '1-garbage.eml',
      '1-garbage.eml.reason.txt',
    ]);
    expect(readFileSync(path.join(inbox, 'failed', '1-garbage.eml.reason.txt'), 'utf8')).toMatch(
      /headers too large/,
    );
    expect(existsSync(path.join(inbox, '3-half-written.tmp'))).toBe(true);
  });

  it('a fault (the database away) stops the sweep and leaves the file to be read again', async () => {
    const inbox = mkdtempSync(path.join(tmpdir(), 'ukds-inbox-'));
    mkdirSync(inbox, { recursive: true });
    const raw = mailFixture('html-reply.eml');
    writeFileSync(path.join(inbox, 'reply.eml'), raw);
    await expect(
      sweepInboxFolder(inbox, () => Promise.reject(new Error('connection refused'))),
    ).rejects.toThrow('connection refused');
    expect(existsSync(path.join(inbox, 'reply.eml'))).toBe(true);
    expect((await sweepInboxFolder(inbox, receive)).stored).toBe(1);
    expect(readdirSync(path.join(inbox, 'done'))).toEqual(['reply.eml']);
  });
});

describe('the mailbox in /readyz', () => {
  it('reports the inbound mail job as `mailbox`, down without making the instance unready', async () => {
    let up = true;
    const app = await buildApp({
      config: {
        storefrontApiKey: 'test-storefront-key-0123456789',
        sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
        secureCookies: false,
        logLevel: 'silent',
        dataDir,
        mailFrom: 'UKDS Test <test@ukds.example>',
      },
      database: ctx.database,
      webRoot: '/nonexistent-web-root',
      logger: false,
      jobs: { ready: () => true, jobUp: (name: string) => (name === 'inbound_mail' ? up : undefined) },
    });
    try {
      const first = await app.inject({ method: 'GET', url: '/readyz' });
      expect(first.statusCode).toBe(200);
      expect(first.json().checks).toMatchObject({ jobs: 'up', mailbox: 'up' });
      up = false;
      const away = await app.inject({ method: 'GET', url: '/readyz' });
      expect(away.statusCode).toBe(200);
      expect(away.json()).toMatchObject({ status: 'ready', checks: { jobs: 'up', mailbox: 'down' } });
    } finally {
      await app.close();
    }
  });
});

describe('outgoing e-mail', () => {
  it('carries the Reply-To of MAIL_REPLY_TO with its reply token', async () => {
    const row = await sentEmail(null);
    const mailer = createMailer({
      dataDir,
      mailFrom: 'T <orders@ukds.example>',
      replyTo: 'orders+{token}@ukds.example',
    });
    try {
      await mailer.send(row, []);
    } finally {
      mailer.close();
    }
    const file = path.join(dataDir, 'outbox', `${row.messageId.replace(/[^\w.@-]/g, '_')}.eml`);
    expect(readFileSync(file, 'utf8')).toContain(`Reply-To: orders+${row.replyToken}@ukds.example`);
    expect(replyToAddress('orders@ukds.example', row.replyToken)).toBe('orders@ukds.example');
    expect(replyToAddress('orders+{token}@ukds.example', null)).toBe('orders@ukds.example');
  });

  it('every outbox row has a Message-ID and a reply token of its own', async () => {
    const a = await sentEmail(null);
    const b = await sentEmail(null);
    expect(a.replyToken).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(a.replyToken).not.toBe(b.replyToken);
    expect(a.messageId).not.toBe(b.messageId);
    const [newest] = await ctx.database.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(newest.id).toBe(b.id);
    expect(newMessageId()).not.toBe(newMessageId());
  });
});

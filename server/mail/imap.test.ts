/**
 * The IMAP path against a real IMAP server (dovecot on 127.0.0.1, started by the test): a reply threaded with its
 * PDF, a bounce, an auto-reply, the same message delivered twice, garbage, and the server stopping mid-sweep.
 * Messages are marked done only after they are stored, so each is stored once whatever stops when.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { attachments, inboundMessages, orderItems, outbox } from '../db/schema';
import { receiveInboundEmail } from '../services/inbound/receive';
import { outboxRow } from '../services/outbox/enqueue';
import { localStorage } from '../storage/local';
import { dovecotInstalled, startDovecot, type TestImapServer } from '../test/dovecot';
import { buildOrderItem } from '../test/factories';
import { buildUser, freshDatabase } from '../test/harness';
import { buildMail, MAX_HEADERS_GARBAGE, mailFixture, newMessageId } from '../test/mail-fixtures';
import { createImapReader, DONE_KEYWORD, type ImapReader, REFUSED_KEYWORD } from './imap';

const installed = dovecotInstalled();
if (!installed) {
  console.error(
    '\n!!! SKIPPING the IMAP tests: /usr/sbin/dovecot is missing. Install it: apt-get install -y dovecot-imapd\n',
  );
}

let database: Database;
let server: TestImapServer;
let reader: ImapReader;
const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'ukds-imap-')));
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** What the reader does with each message: storing it, unless a test puts something around it. */
let receive = (raw: Buffer) => receiveInboundEmail({ db: database.db, storage }, raw);

beforeAll(async () => {
  if (!installed) return;
  database = await freshDatabase();
  server = await startDovecot();
  reader = createImapReader({ url: server.url, receive: (raw) => receive(raw), log: quiet });
}, 30_000);
afterAll(async () => {
  if (!installed) return;
  await reader?.close();
  await server?.stop();
  await database?.close();
});

/** A separate client, as the mail server's delivery would be: puts messages in, reads flags back. */
async function withClient<T>(work: (c: ImapFlow) => Promise<T>): Promise<T> {
  const c = new ImapFlow({
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    auth: { user: server.user, pass: server.pass },
    logger: false,
  });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.logout();
  }
}
const deliver = (...raws: Buffer[]) =>
  withClient(async (c) => {
    for (const raw of raws) await c.append('INBOX', raw);
  });
/** The keywords of every message in the mailbox, by Message-ID. */
const flagsById = () =>
  withClient(async (c) => {
    const lock = await c.getMailboxLock('INBOX');
    try {
      const out: Record<string, string[]> = {};
      for await (const m of c.fetch('1:*', { flags: true, envelope: true })) {
        out[m.envelope?.messageId ?? '?'] = [...(m.flags ?? [])];
      }
      return out;
    } finally {
      lock.release();
    }
  });

async function sentEmail(orderItemId: number | null, to: string) {
  const [row] = await database.db
    .insert(outbox)
    .values({
      ...outboxRow({
        kind: 'customer_contact',
        to,
        subject: 'Your order',
        text: 'We need a form.',
        orderItemId,
      }),
      status: 'sent',
      sentAt: new Date(),
    })
    .returning();
  return row;
}

const stored = async (ids: string[]) =>
  database.db.select().from(inboundMessages).where(inArray(inboundMessages.messageId, ids));

describe.skipIf(!installed)('reading an IMAP mailbox (dovecot)', () => {
  it('a reply with its PDF, a bounce, an auto-reply and one message delivered twice: each stored once, then marked done', async () => {
    const staff = await buildUser(database);
    const item = await buildOrderItem(
      database,
      {
        currentState: 'waiting_despatch_response',
        isEscalated: true,
        waitingCustomerResponse: true,
        userId: staff.id,
      },
      { email: 'cass@example.com' },
    );
    const ours = await sentEmail(item.id, 'cass@example.com');
    const lost = await sentEmail(null, 'nobody@example.net');
    const ids = { reply: newMessageId(), bounce: newMessageId(), auto: newMessageId() };
    const reply = mailFixture('reply-with-pdf.eml', { MESSAGE_ID: ids.reply, IN_REPLY_TO: ours.messageId });
    await deliver(
      reply,
      mailFixture('bounce.eml', { MESSAGE_ID: ids.bounce, ORIGINAL: lost.messageId }),
      mailFixture('auto-reply.eml', { MESSAGE_ID: ids.auto, IN_REPLY_TO: ours.messageId }),
      reply,
    );
    await reader.sweep();
    // IDLE may have started a sweep of its own on the new mail: wait until every message is done.
    await expect
      .poll(async () => Object.values(await flagsById()).every((f) => f.includes(DONE_KEYWORD)))
      .toBe(true);

    const rows = await stored(Object.values(ids));
    expect(Object.fromEntries(rows.map((r) => [r.messageId, r.outcome]))).toEqual({
      [ids.reply]: 'message',
      [ids.bounce]: 'bounce',
      [ids.auto]: 'auto_reply',
    });
    const [after] = await database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(after).toMatchObject({
      currentState: 'despatch_response_received',
      waitingCustomerResponse: false,
    });
    const files = await database.db.select().from(attachments).where(eq(attachments.orderItemId, item.id));
    expect(files.map((f) => f.filename)).toEqual(['signed-form.pdf']);
    const [bounced] = await database.db.select().from(outbox).where(eq(outbox.id, lost.id));
    expect(bounced.status).toBe('bounced');
    // Nothing is left to read: a new sweep reads nothing.
    expect((await reader.sweep()).read).toBe(0);
  });

  it('garbage is refused and marked so in the mailbox, and the sweep goes on to the next message', async () => {
    const good = newMessageId();
    const garbage = Buffer.from(`Message-ID: <garbage@x.example>\r\nX-Big: ${MAX_HEADERS_GARBAGE}\r\n\r\nx`);
    await deliver(garbage, buildMail({ from: 'next@example.com', messageId: good }));
    await reader.sweep();
    await expect.poll(async () => (await stored([good])).length).toBe(1);
    await expect
      .poll(async () => (await flagsById())['<garbage@x.example>'])
      .toEqual(expect.arrayContaining([DONE_KEYWORD, REFUSED_KEYWORD]));
  });

  it('the server stopping mid-sweep: nothing lost, nothing stored twice, all marked done once it is back', async () => {
    const ids = [newMessageId(), newMessageId(), newMessageId()];
    let calls = 0;
    const store = receive;
    receive = async (raw) => {
      const result = await store(raw);
      calls += 1;
      // The first message is stored; the server goes away before the reader can mark it done.
      if (calls === 1) await server.stop();
      return result;
    };
    try {
      // IDLE may start the sweep as they arrive; either way the one in progress is the one that fails.
      await deliver(
        ...ids.map((id) => buildMail({ from: 'stop@example.com', messageId: id, text: `n ${id}` })),
      );
      // A sweep that began before the mail was in reads nothing; the next one meets the server going away.
      const failed = async () =>
        reader.sweep().then(
          () => false,
          () => true,
        );
      await expect.poll(failed, { timeout: 10_000 }).toBe(true);
      expect(calls).toBe(1);
    } finally {
      receive = store;
    }
    expect(await stored(ids)).toHaveLength(1);
    await server.restart();
    await reader.sweep();
    await expect.poll(async () => (await stored(ids)).length).toBe(3);
    await expect
      .poll(async () => {
        const flags = await flagsById();
        return ids.every((id) => flags[id]?.includes(DONE_KEYWORD));
      })
      .toBe(true);
    expect(await stored(ids)).toHaveLength(3);
  }, 30_000);

  it('new mail is read while the connection idles (IDLE), without waiting for the next sweep', async () => {
    await reader.sweep();
    const id = newMessageId();
    await deliver(buildMail({ from: 'idle@example.com', messageId: id }));
    await expect.poll(async () => (await stored([id])).length, { timeout: 10_000 }).toBe(1);
  });

  it('a mailbox that cannot be reached rejects the sweep (the job retries with backoff)', async () => {
    const away = createImapReader({
      url: `imap://${server.user}:wrong-password@127.0.0.1:${server.port}/INBOX`,
      receive: (raw) => receive(raw),
      log: quiet,
    });
    try {
      await expect(away.sweep()).rejects.toThrow();
    } finally {
      await away.close();
    }
  });
});

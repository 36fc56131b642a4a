/**
 * Several instances on one database and one object store (issue 16): two real app processes on a scratch
 * PostgreSQL database, sharing s3rver on 127.0.0.1 and (each its own) SMTP sink. An attachment uploaded
 * through A downloads through B and is mailed by B's outbox worker; with both workers running every e-mail
 * is sent exactly once; a change made on A reaches an event stream of B; a session made on A works on B;
 * sign-in failures count across both. PostgreSQL only: PGlite is one process's database.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from './db/client';
import { MAX_FAILURES_PER_PAIR } from './services/auth/sign-in';
import {
  type AppProcess,
  type ScratchDatabase,
  scratchDatabase,
  startAppProcess,
  waitUntil,
} from './test/app-process';
import { openEvents } from './test/event-stream';
import { buildOrderItem } from './test/factories';
import { buildUser, TEST_PASSWORD } from './test/harness';
import { PNG_BYTES } from './test/items';
import { startObjectStore, type TestObjectStore } from './test/s3';
import { attachmentOf, messageIdOf, type SmtpSink, startSmtpSink } from './test/smtp-sink';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

interface Session {
  cookie: string;
  csrf: string;
}

async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD) {
  return fetch(`${baseUrl}/api/v1/session.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

async function sessionOf(res: Response): Promise<Session> {
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ukds_session='));
  if (!cookie) throw new Error('no session cookie');
  return { cookie: cookie.split(';')[0], csrf: ((await res.json()) as { csrf_token: string }).csrf_token };
}

/** A browser's call with the session cookie and the CSRF token. */
function call(baseUrl: string, session: Session, method: string, url: string, body?: unknown) {
  return fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function upload(baseUrl: string, session: Session, ref: string, filename: string, content: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), filename);
  const res = await fetch(`${baseUrl}/api/v1/order_items/${ref}/attachments.json`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const attachments = ((await res.json()) as { order_item: { ukds_attachments: { id: number }[] } })
    .order_item.ukds_attachments;
  return attachments[attachments.length - 1].id;
}

/** Selects the attachment and approves the scan-send (which e-mails it), as the SPA does, on one instance. */
async function scanSend(baseUrl: string, session: Session, ref: string, attachmentId: number) {
  expect(
    (await call(baseUrl, session, 'POST', `/order_items/${ref}/attachments/${attachmentId}/attach.json`, {}))
      .status,
  ).toBe(200);
  const shown = (await (await call(baseUrl, session, 'GET', `/order_items/${ref}.json`)).json()) as {
    order_item: { lock_version: number };
  };
  const res = await call(baseUrl, session, 'POST', `/order_items/${ref}/approve_scan_send.json`, {
    lock_version: shown.order_item.lock_version,
  });
  expect(res.status, await res.text()).toBe(200);
}

describe.skipIf(!onPostgres)('two instances, one database, one object store', () => {
  let scratch: ScratchDatabase;
  let store: TestObjectStore;
  let sinkA: SmtpSink;
  let sinkB: SmtpSink;
  let a: AppProcess;
  let b: AppProcess;
  let email: string;
  let userId: number;
  let adminEmail: string;
  let demotedEmail: string;
  let demotedId: number;

  beforeAll(async () => {
    [scratch, store, sinkA, sinkB] = await Promise.all([
      scratchDatabase({ migrated: true }),
      startObjectStore(),
      startSmtpSink(),
      startSmtpSink(),
    ]);
    const seed = fromPostgres(scratch.url, 1);
    const user = await buildUser(seed);
    adminEmail = (await buildUser(seed, { role: 'admin', is_orderer: false })).email;
    const demoted = await buildUser(seed, { role: 'admin', is_orderer: false });
    [demotedEmail, demotedId] = [demoted.email, demoted.id];
    await seed.close();
    email = user.email;
    userId = user.id;
    [a, b] = await Promise.all([
      startAppProcess(scratch.url, { env: { ...store.env, SMTP_URL: sinkA.url } }),
      startAppProcess(scratch.url, { env: { ...store.env, SMTP_URL: sinkB.url } }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([scratch?.close(), store?.stop(), sinkA?.stop(), sinkB?.stop()]);
  });

  const newItem = async (tag: string) => {
    const seed = fromPostgres(scratch.url, 1);
    try {
      return await buildOrderItem(
        seed,
        { currentState: 'scan_send_required', userId, orderable: { scanSend: true } },
        { email: `scan-${tag}@example.com` },
      );
    } finally {
      await seed.close();
    }
  };

  it('a session made on A works on B, and a change made on A reaches an event stream of B', async () => {
    const session = await sessionOf(await signIn(a.baseUrl, email));
    expect((await call(b.baseUrl, session, 'GET', '/users/current_user.json')).status).toBe(200);
    const item = await newItem('sse');
    const stream = await openEvents(b.baseUrl, session.cookie);
    try {
      expect(stream.status).toBe(200);
      await upload(a.baseUrl, session, item.ref, 'sse.png', PNG_BYTES);
      await stream.waitFor(
        (e) => e.event === 'change' && (e.data as { id?: string }).id === item.ref,
        10_000,
      );
    } finally {
      stream.close();
    }
  });

  it('a session kept in memory by B ends there when it ends on A: sign-out, and a role taken away', async () => {
    // Each instance keeps sessions it has checked (server/auth/session-cache.ts); A's changes reach B through
    // the triggers' NOTIFY (migration 0025).
    const session = await sessionOf(await signIn(a.baseUrl, email));
    expect((await call(b.baseUrl, session, 'GET', '/users/current_user.json')).status).toBe(200);
    expect((await call(b.baseUrl, session, 'GET', '/users/current_user.json')).status).toBe(200);
    expect((await call(a.baseUrl, session, 'DELETE', '/session.json')).status).toBe(200);
    await waitUntil(
      'B refuses the signed-out session',
      async () => (await call(b.baseUrl, session, 'GET', '/users/current_user.json')).status === 401,
      2000,
    );

    const admin = await sessionOf(await signIn(a.baseUrl, adminEmail));
    const demoted = await sessionOf(await signIn(a.baseUrl, demotedEmail));
    expect((await call(b.baseUrl, demoted, 'GET', '/users.json')).status).toBe(200);
    expect(
      (await call(a.baseUrl, admin, 'PUT', `/users/${demotedId}.json`, { role: 'orderer' })).status,
    ).toBe(200);
    await waitUntil(
      'B refuses the demoted admin an admin call',
      async () => (await call(b.baseUrl, demoted, 'GET', '/users.json')).status === 403,
      2000,
    );
  });

  it('orderer stats kept by B count an assignment made on A within two seconds', async () => {
    // Each instance keeps the stats it has read (server/services/order-items/stats-cache.ts); A's change
    // reaches B through the count triggers' NOTIFY (migration 0026).
    const admin = await sessionOf(await signIn(a.baseUrl, adminEmail));
    const openOn = async (base: string) => {
      const res = await call(base, admin, 'GET', '/orderers/stats.json');
      expect(res.status).toBe(200);
      const { stats } = (await res.json()) as { stats: { orderer: { id: number }; open_items: number }[] };
      return stats.find((s) => s.orderer.id === userId)?.open_items ?? 0;
    };
    const seed = fromPostgres(scratch.url, 1);
    const item = await buildOrderItem(seed).finally(() => seed.close());
    const before = await openOn(b.baseUrl);
    expect(await openOn(b.baseUrl)).toBe(before);
    const res = await call(a.baseUrl, admin, 'POST', '/order_items/assign_to_orderer.json', {
      order_assignment: { orderer_id: userId, order_item_ids: [item.id] },
    });
    expect(res.status, await res.text()).toBe(200);
    // A forgot its own at once; B hears of it.
    expect(await openOn(a.baseUrl)).toBe(before + 1);
    await waitUntil('B counts the assignment', async () => (await openOn(b.baseUrl)) === before + 1, 2000);
  });

  it('sign-in failures count across both instances', async () => {
    // Wrong passwords alternately on A and B: the count is shared, so the limit holds across both.
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      const res = await signIn(i % 2 ? a.baseUrl : b.baseUrl, adminEmail, `wrong-${i}`);
      expect(res.status).toBe(401);
    }
    // The next attempt, even with the right password, is refused on B.
    expect((await signIn(b.baseUrl, adminEmail)).status).toBe(429);
  });

  it('an attachment uploaded through A downloads through B and is mailed exactly once by the workers', async () => {
    const session = await sessionOf(await signIn(a.baseUrl, email));
    // Distinct bytes per file, so each e-mail's attachment is told apart from the others.
    const files = Array.from({ length: 4 }, () => Buffer.concat([PNG_BYTES, randomBytes(48 * 1024)]));
    const items = await Promise.all(files.map((_, i) => newItem(`mail-${i}`)));
    const ids: number[] = [];
    for (const [i, item] of items.entries())
      ids.push(await upload(a.baseUrl, session, item.ref, `scan-${i}.png`, files[i]));
    const download = await call(
      b.baseUrl,
      session,
      'GET',
      `/order_items/${items[0].ref}/attachments/${ids[0]}/file`,
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(files[0])).toBe(true);

    // Half approved on each instance; both workers run, so either may send each message.
    for (const [i, item] of items.entries())
      await scanSend(i % 2 ? b.baseUrl : a.baseUrl, session, item.ref, ids[i]);
    const all = () => [...sinkA.received, ...sinkB.received];
    await waitUntil('every scan e-mail', () => all().length >= items.length, 20_000);
    const sent = await scratch.query("SELECT count(*)::int AS n FROM outbox WHERE status = 'sent'");
    expect(sent.rows[0].n).toBe(items.length);
    const messageIds = all().map((m) => messageIdOf(m.raw));
    expect(messageIds).toHaveLength(items.length);
    expect(new Set(messageIds).size).toBe(items.length);
    for (const [i] of items.entries()) {
      const mail = all().find((m) => m.to.includes(`scan-mail-${i}@example.com`));
      expect(attachmentOf(mail?.raw ?? '', `scan-${i}.png`)?.equals(files[i])).toBe(true);
    }
    console.info(
      `[multi-instance] ${sinkA.received.length} e-mails sent by A, ${sinkB.received.length} by B`,
    );

    // With A gone, B's worker alone mails a file uploaded through A.
    const last = await newItem('after-a');
    const file = Buffer.concat([PNG_BYTES, randomBytes(32 * 1024)]);
    const id = await upload(a.baseUrl, session, last.ref, 'after-a.png', file);
    await a.stop();
    const before = sinkB.received.length;
    await scanSend(b.baseUrl, session, last.ref, id);
    await waitUntil('B mails it', () => sinkB.received.length > before, 20_000);
    const mail = sinkB.received.find((m) => m.to.includes('scan-after-a@example.com'));
    expect(attachmentOf(mail?.raw ?? '', 'after-a.png')?.equals(file)).toBe(true);
    expect(sinkA.received.some((m) => m.to.includes('scan-after-a@example.com'))).toBe(false);
  }, 60_000);
});

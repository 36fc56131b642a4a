/**
 * UK GDPR requests (issue 50 items 3 and 4): the subject access export (a ZIP with every kind of record and
 * the documents) and the erasure (refused while work is open; names, addresses, e-mail and bodies replaced;
 * documents deleted; the sales report the same to the penny; the person no longer findable by search), both
 * admins only, recorded in the audit log without the address.
 */
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResultsSchema } from '../../domain/contract/search';
import {
  addresses,
  auditEvents,
  comments,
  conversationMessages,
  conversations,
  orderables,
  orderItems,
  orders,
  outbox,
  refunds,
} from '../db/schema';
import { customerAuditTarget } from '../services/audit/record';
import { localStorage } from '../storage/local';
import { newStorageKey, type Storage } from '../storage/storage';
import { buildAttachment, buildOrder } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { PNG_BYTES } from '../test/items';
import { unzip } from '../test/unzip';

let ctx: TestContext;
let storage: Storage;
let dataDir: string;
let admin: Agent;
let orderer: Agent;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-privacy-'));
  storage = localStorage(path.join(dataDir, 'files'));
  ctx = await createTestApp({ dataDir, storage });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const o = await buildUser(ctx.database);
  admin = await signInAs(ctx.app, a.email);
  orderer = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const PLACED = new Date('2026-03-10T12:00:00Z');

/** A customer with two finished items (one refunded), a note, a thread, an e-mail and a stored document. */
async function customer(
  email: string,
  surname: string,
  states: ('order_complete' | 'cancelled' | 'unassigned')[],
) {
  const { db } = ctx.database;
  const built = await buildOrder(ctx.database, {
    email,
    customerName: `Ada ${surname}`,
    postcode: 'ZZ9 9ZZ',
    placedAt: PLACED,
    items: states.map((currentState) => ({
      currentState,
      orderable: { firstnameA: 'Ada', surnameA: surname, eventPlace: 'Bath' },
    })),
  });
  const [first] = built.items;
  await db.insert(refunds).values({
    orderItemId: first.id,
    action: 'partial',
    amount: 500,
    reason: 'over_payment',
    notes: `Refund for ${surname}`,
  });
  await db
    .insert(comments)
    .values({ orderItemId: first.id, body: `Spoke to Ada ${surname} about the certificate` });
  const [conversation] = await db
    .insert(conversations)
    .values({
      email: email.toUpperCase(),
      name: `Ada ${surname}`,
      subject: 'My order',
      content: '<p>Hello</p>',
    })
    .returning();
  await db
    .insert(conversationMessages)
    .values({ conversationId: conversation.id, content: `<p>I am Ada ${surname}</p>` });
  const messageId = `<${newStorageKey()}@test>`;
  await db.insert(outbox).values({
    kind: 'customer_reply',
    toAddress: email,
    subject: `Your order, Ada ${surname}`,
    textBody: `Dear Ada ${surname}`,
    messageId,
    orderItemId: first.id,
  });
  // The embedded transport's copy of it (server/mail/worker.ts).
  mkdirSync(path.join(dataDir, 'outbox'), { recursive: true });
  const eml = path.join(dataDir, 'outbox', `${messageId.replace(/[^\w.@-]/g, '_')}.eml`);
  writeFileSync(eml, `To: ${email}\r\n\r\nDear Ada ${surname}\r\n`);
  const key = newStorageKey();
  await storage.put(key, Readable.from([PNG_BYTES]));
  const doc = await buildAttachment(ctx.database, first.id, {
    storageKey: key,
    filename: 'passport scan.png',
    contentType: 'image/png',
    byteSize: PNG_BYTES.length,
  });
  return { ...built, conversation, doc, key, eml };
}

const exportOf = (agent: Agent, email: string) =>
  agent.request({ method: 'GET', url: `/api/v1/customers/export.json?email=${encodeURIComponent(email)}` });
const erase = (agent: Agent, payload: unknown, csrf?: string | null) =>
  agent.request({ method: 'POST', url: '/api/v1/customers/erase.json', payload: payload as object, csrf });
const search = async (query: string) => {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/search/simple.json',
    payload: { search: { query } },
  });
  expect(res.statusCode).toBe(200);
  return SearchResultsSchema.parse(res.json()).results.map((r) => r.ref);
};
const auditRows = (email: string) =>
  ctx.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, customerAuditTarget(email)));

describe('subject access export', () => {
  it('answers a ZIP with a README, the records of every kind and the uploaded document, and records it', async () => {
    const c = await customer('ada.export@test.example', 'Exportwood', ['order_complete']);
    const res = await exportOf(admin, 'ADA.Export@test.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customer-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = await unzip(res.rawPayload);
    expect(files.get('README.txt')?.toString()).toMatch(/subject access request/);
    const orderRows = JSON.parse(files.get('orders.json')?.toString() ?? '[]');
    expect(orderRows).toEqual([
      expect.objectContaining({ ref: c.order.ref, email: 'ada.export@test.example' }),
    ]);
    expect(JSON.parse(files.get('addresses.json')?.toString() ?? '')[0].name).toBe('Ada Exportwood');
    expect(JSON.parse(files.get('orderables.json')?.toString() ?? '')[0].surnameA).toBe('Exportwood');
    expect(JSON.parse(files.get('messages.json')?.toString() ?? '')).toHaveLength(1);
    expect(JSON.parse(files.get('emails_sent.json')?.toString() ?? '')).toHaveLength(1);
    expect(JSON.parse(files.get('refunds.json')?.toString() ?? '')[0].amountInPence).toBe(500);
    const docPath = `documents/${c.items[0].ref}/${c.doc.id}-passport_scan.png`;
    expect(files.get(docPath)?.equals(PNG_BYTES)).toBe(true);
    expect(JSON.parse(files.get('attachments.json')?.toString() ?? '')[0]).not.toHaveProperty('storageKey');

    const [row] = await auditRows('ada.export@test.example');
    expect(row).toMatchObject({ kind: 'export.customer', targetType: 'customer' });
    expect(JSON.stringify(row)).not.toMatch(/ada\.export|Exportwood/i);
  });

  it('leaves out a document the storage has lost, and says so in the README', async () => {
    const c = await customer('ada.lost@test.example', 'Lostwithiel', ['order_complete']);
    await storage.remove(c.key);
    const res = await exportOf(admin, 'ada.lost@test.example');
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('documents/'))).toEqual([]);
    expect(files.get('README.txt')?.toString()).toMatch(
      /1 document\(s\) listed in attachments\.json could not be read/,
    );
  });

  it('refuses orderers (403), answers 404 for an address nothing is held under, 422 naming a bad e-mail', async () => {
    await customer('ada.refused@test.example', 'Refusedale', ['order_complete']);
    expect((await exportOf(orderer, 'ada.refused@test.example')).statusCode).toBe(403);
    expect((await exportOf(admin, 'nobody-at-all@test.example')).statusCode).toBe(404);
    const bad = await exportOf(admin, 'not-an-address');
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().error.details)).toMatch(/email/);
    expect(await auditRows('ada.refused@test.example')).toHaveLength(0);
  });
});

describe('erasure', () => {
  it('refuses orderers and a missing CSRF token (403), names a bad field (422), all changing nothing', async () => {
    const c = await customer('ada.guarded@test.example', 'Guardfield', ['order_complete']);
    const body = { email: 'ada.guarded@test.example', reason: 'Customer asked by e-mail' };
    expect((await erase(orderer, body)).statusCode).toBe(403);
    expect((await erase(admin, body, null)).statusCode).toBe(403);
    const noReason = await erase(admin, { email: 'ada.guarded@test.example' });
    expect(noReason.statusCode).toBe(422);
    expect(JSON.stringify(noReason.json().error.details)).toMatch(/reason/);
    const badEmail = await erase(admin, { email: 'nope', reason: 'Customer asked' });
    expect(badEmail.statusCode).toBe(422);
    expect(JSON.stringify(badEmail.json().error.details)).toMatch(/email/);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, c.order.id));
    expect(order.email).toBe('ada.guarded@test.example');
    expect(await storage.exists(c.key)).toBe(true);
    expect(await auditRows('ada.guarded@test.example')).toHaveLength(0);
  });

  it('is refused (409) while an item is open, naming it, and changes nothing', async () => {
    const c = await customer('ada.open@test.example', 'Openshaw', ['order_complete', 'unassigned']);
    const res = await erase(admin, { email: 'ada.open@test.example', reason: 'Customer asked' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('wrong_state');
    expect(res.json().error.message).toContain(c.items[1].ref);
    expect(await search('Openshaw')).toHaveLength(2);
    expect(await storage.exists(c.key)).toBe(true);
    expect(existsSync(c.eml)).toBe(true);
    expect(await auditRows('ada.open@test.example')).toHaveLength(0);
  });

  it('replaces the personal data, deletes the document, keeps the report to the penny and the person unfindable', async () => {
    const email = 'ada.erase@test.example';
    const c = await customer(email, 'Erasmusson', ['order_complete', 'cancelled']);
    const report = async () => {
      const res = await admin.request({ method: 'GET', url: '/api/v1/sales-reports/monthly/2026/3.json' });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const before = await report();
    expect(await search('Erasmusson')).toHaveLength(2);
    expect(await search(email)).toHaveLength(2);
    expect(await search('ZZ99ZZ')).not.toHaveLength(0);

    const res = await erase(admin, {
      email: 'Ada.Erase@test.example',
      reason: 'Customer asked by phone, Ada Erasmusson',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      erased: true,
      orders: 1,
      order_items: 2,
      order_refs: [c.order.ref],
      conversations: 1,
      emails: 1,
      documents_deleted: 1,
    });

    expect(await report()).toEqual(before);
    expect(await search('Erasmusson')).toEqual([]);
    expect(await search(email)).toEqual([]);
    const advanced = await admin.request({
      method: 'POST',
      url: '/api/v1/search/advanced.json',
      payload: { search: { query: { surname_a: 'Erasmus' } } },
    });
    expect(advanced.statusCode).toBe(200);
    expect(advanced.json().results).toEqual([]);
    expect(await storage.exists(c.key)).toBe(false);
    expect(existsSync(c.eml)).toBe(false);

    const { db } = ctx.database;
    const [order] = await db.select().from(orders).where(eq(orders.id, c.order.id));
    expect(order.email).toMatch(/^erased-[0-9a-f]{16}@erased\.invalid$/);
    expect(order.phone).toBeNull();
    expect(order.placedAt).toEqual(PLACED);
    const [address] = await db.select().from(addresses).where(eq(addresses.id, c.billing.id));
    expect(address).toMatchObject({ name: 'Erased customer', line1: '', zip: '' });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, c.order.id));
    expect(items.map((i) => [i.ref, i.netValue, i.currentState, i.type])).toEqual(
      c.items.map((i) => [i.ref, i.netValue, i.currentState, i.type]),
    );
    const [orderable] = await db.select().from(orderables).where(eq(orderables.id, c.items[0].orderableId));
    expect(orderable).toMatchObject({
      surnameA: null,
      firstnameA: null,
      eventPlace: null,
      subtotalInPence: 2800,
    });
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderItemId, c.items[0].id));
    expect(refund).toMatchObject({ amount: 500, notes: null });
    const [message] = await db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, c.conversation.id));
    expect(message.content).toBe('[erased]');
    const dump = await db.execute(sql`select row_to_json(t)::text as j from (
      select * from orders o where o.id = ${c.order.id}) t`);
    expect(JSON.stringify(dump.rows)).not.toMatch(/Erasmusson|ada\.erase/i);
    const mails = await db.select().from(outbox).where(eq(outbox.orderItemId, c.items[0].id));
    expect(mails[0]).toMatchObject({ subject: '[erased]', textBody: '[erased]' });
    expect(mails[0].toAddress).toMatch(/@erased\.invalid$/);
    const words = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from name_a_surnames where word = 'erasmusson'`,
    );
    expect(words.rows[0].n).toBe(0);

    const rows = await auditRows(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'customer.erased', targetType: 'customer' });
    expect(JSON.stringify(rows[0])).not.toMatch(/Erasmusson|ada\.erase|by phone/i);
    expect(rows[0].after).toMatchObject({ orders: 1, documents_deleted: 1 });

    // Nothing left under the address: a second erasure and an export find nothing.
    expect((await erase(admin, { email, reason: 'Again' })).statusCode).toBe(404);
    expect((await exportOf(admin, email)).statusCode).toBe(404);
  });
});

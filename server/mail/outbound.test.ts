/**
 * Outbound e-mail as the customer receives it: queued by a real action, laid out by its kind's template,
 * delivered as an .eml file that a MIME parser reads as multipart/alternative (the text part and the HTML,
 * both exactly as the outbox row holds them, legal footer included, the customer's own words escaped); and
 * the admins' GET /email_templates with who may read it.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_EMAIL_KINDS } from '../../domain/contract/email-templates';
import { outbox } from '../db/schema';
import { receiveCustomerMessage } from '../services/conversations/conversations';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { actAsRead } from '../test/items';
import { createMailer, deliverDueEmails } from './worker';

const FROM = 'UKDS Test <test@ukds.example>';
const LEGAL =
  'UK Document Services Ltd is a company registered in England and Wales, company number 01234567.';
const OFFICE = 'Registered office: Example House, 1 Example Street, London EC1A 1AA.';

let ctx: TestContext;
let dataDir: string;
let admin: Agent;
let orderer: Agent;
let ordererId: number;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ukds-outbound-'));
  ctx = await createTestApp({ dataDir });
  admin = await signInAs(
    ctx.app,
    (await buildUser(ctx.database, { role: 'admin', is_orderer: false })).email,
  );
  const o = await buildUser(ctx.database);
  ordererId = o.id;
  orderer = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

/** Delivers what is due as .eml files and answers the parsed message of outbox row `row`. */
async function delivered(row: typeof outbox.$inferSelect) {
  await deliverDueEmails(ctx.database.db, createMailer({ dataDir, mailFrom: FROM }).send);
  const file = path.join(dataDir, 'outbox', `${row.messageId.replace(/[^\w.@-]/g, '_')}.eml`);
  const raw = readFileSync(file);
  return { raw: raw.toString('utf8'), parsed: await simpleParser(raw) };
}

describe('a customer e-mail as sent', () => {
  it("is multipart/alternative: the template's HTML and the same message as text, with the legal footer, the customer's words escaped", async () => {
    const item = await buildOrderItem(
      ctx.database,
      { currentState: 'despatch_escalation', isEscalated: true, userId: ordererId },
      { email: 'hostile@example.com', customerName: 'Pat <script>alert("name")</script>' },
    );
    const body = 'Is this your address?\n\n<img src=x onerror=alert(1)> & 10 < 11';
    const res = await actAsRead(admin, item.ref, 'contact_customer', {
      message: { body, response_required: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'hostile@example.com'));
    expect(row.kind).toBe('customer_contact');
    expect(row.htmlBody).not.toMatch(/<script|<img src=x/);
    expect(row.htmlBody).toContain('Dear Pat &lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;,');
    expect(row.htmlBody).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; 10 &lt; 11');
    expect(row.textBody).toContain(`Dear Pat <script>alert("name")</script>,\n\n${body}\n\n`);

    const { raw, parsed } = await delivered(row);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.subject).toBe(`About your order ${item.ref}`);
    expect(parsed.text?.trim()).toBe(row.textBody);
    expect(parsed.html).toBe(row.htmlBody);
    for (const part of [parsed.text ?? '', parsed.html || '']) {
      expect(part).toContain(LEGAL);
      expect(part).toContain(OFFICE);
    }
    expect(parsed.attachments).toEqual([]);
  });

  it('lays out a staff reply to a customer message without adding a greeting, and names the company in a subject it makes', async () => {
    const { id } = await receiveCustomerMessage(ctx.database.db, {
      email: 'reply-me@example.com',
      name: 'Cora',
      subject: '',
      content: '<p>Hello?</p>',
    });
    const res = await orderer.request({
      method: 'POST',
      url: `/api/v1/conversations/${id}/reply.json`,
      payload: { response: { content: 'Dear Cora,\n\nIt left today.\n\nSam' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'reply-me@example.com'));
    expect(row.subject).toBe('Your message to UK Document Services');
    expect(row.textBody).toMatch(/^Dear Cora,\n\nIt left today.\n\nSam\n\nUK Document Services · https:/);
    const { parsed } = await delivered(row);
    expect(parsed.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(parsed.html).toBe(row.htmlBody);
  });
});

describe('GET /email_templates', () => {
  it('answers every kind rendered with sample data, for admins', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/v1/email_templates.json' });
    expect(res.statusCode, res.body).toBe(200);
    const { templates } = res.json<{
      templates: { kind: string; description: string; subject: string; html: string; text: string }[];
    }>();
    expect(templates.map((t) => t.kind)).toEqual([...CUSTOMER_EMAIL_KINDS]);
    for (const t of templates) {
      expect(t.description.length, t.kind).toBeGreaterThan(10);
      expect(t.subject.length, t.kind).toBeGreaterThan(5);
      expect(t.html, t.kind).toMatch(/^<!DOCTYPE html/);
      expect(t.text, t.kind).toContain(LEGAL);
    }
    expect(templates.find((t) => t.kind === 'despatched')?.text).toContain('Dear Priya Shah,');
  });

  it('refuses an orderer (403) and a caller who is not signed in (401)', async () => {
    expect((await orderer.request({ method: 'GET', url: '/api/v1/email_templates.json' })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/email_templates.json' })).statusCode).toBe(
      401,
    );
  });
});

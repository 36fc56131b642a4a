/**
 * docs/storefront.md's webhooks stay true: each documented event (```json webhook <type>) is exactly what its
 * schema allows, every event type is documented, and the receiver the guide shows (```js file=…, the same text
 * as docs/examples/webhook-receiver.mjs) is run as a process of its own against the back office: a refund is
 * verified and handled once, a replay of it is answered but not handled again, a forged one is refused.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WebhookEnvelopeSchema,
} from '../../domain/contract/webhooks';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { actAsRead } from '../test/items';
import { deliverDueWebhooks } from './worker';

const ROOT = path.resolve(import.meta.dirname, '../..');
const guide = readFileSync(path.join(ROOT, 'docs/storefront.md'), 'utf8');

/** The guide's fenced blocks whose info string starts with `lang word`, with the rest of the info string. */
function blocks(lang: string, word: string) {
  const found: { arg: string; text: string }[] = [];
  const pattern = new RegExp(`^\`\`\`${lang} ${word}[= ](\\S+)\\n([\\s\\S]*?)^\`\`\`$`, 'gm');
  for (const m of guide.matchAll(pattern)) found.push({ arg: m[1], text: m[2] });
  return found;
}

describe('the documented events', () => {
  const documented = blocks('json', 'webhook');

  it('documents every event type once, each exactly as its schema says', () => {
    expect(documented.map((b) => b.arg).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    for (const { arg, text } of documented) {
      const example = JSON.parse(text);
      expect(example.type, `the ${arg} example`).toBe(arg);
      // Parsing keeps only the schema's fields: an undocumented or misspelt one would be dropped, and differ.
      expect(WebhookEnvelopeSchema.parse(example), `the ${arg} example`).toEqual(example);
      expect(JSON.stringify(example)).not.toMatch(/1002\d\d/);
    }
  });
});

describe('the receiver the guide shows', () => {
  let ctx: TestContext;
  let admin: Agent;
  let receiver: ChildProcess;
  const output: string[] = [];
  let port = 0;
  let secret = '';
  let endpointId = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
    // The endpoint first, for its secret; its URL once the receiver listens.
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/webhook_endpoints.json',
      payload: { webhook_endpoint: { url: 'http://127.0.0.1:9/pending', events: ['order_item.refunded'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    secret = created.json().secret;
    endpointId = created.json().webhook_endpoint.id;
    receiver = spawn(process.execPath, [path.join(ROOT, 'docs/examples/webhook-receiver.mjs')], {
      env: { PATH: process.env.PATH ?? '', WEBHOOK_SECRET: secret, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    receiver.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the receiver did not start: ${output.join('')}`)),
        20_000,
      );
      receiver.stdout?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        const match = /listening on (\d+)/.exec(output.join(''));
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const moved = await admin.request({
      method: 'PATCH',
      url: `/api/v1/webhook_endpoints/${endpointId}.json`,
      payload: { webhook_endpoint: { url: `http://127.0.0.1:${port}/webhooks` } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });
  afterAll(async () => {
    receiver?.kill();
    await ctx?.close();
  });

  it('is the file docs/examples/webhook-receiver.mjs, word for word', () => {
    const [shown] = blocks('js', 'file');
    expect(shown.arg).toBe('docs/examples/webhook-receiver.mjs');
    expect(shown.text).toBe(readFileSync(path.join(ROOT, shown.arg), 'utf8'));
  });

  it('verifies a refund and handles it once; a replay is answered and not handled again', async () => {
    const item = await buildOrderItem(
      ctx.database,
      {
        currentState: 'order_complete',
        isEscalated: true,
        stateBeforeEscalation: 'despatch_required',
        netValue: 2800,
      },
      { ref: '700201' },
    );
    const refund = await actAsRead(admin, item.ref, 'cancel_refund', {
      cancel_refund: { action: 'refund_only', reason: 'over_payment', amount: 1000 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const allowAll = { policy: { requireHttps: false, allowPrivate: true } };
    expect(await deliverDueWebhooks(ctx.database.db, allowAll)).toEqual({ claimed: 1, delivered: 1 });
    await expect.poll(() => output.join('')).toContain('refund 1000 pence to the customer of 700201-1');

    const log = (
      await admin.request({ method: 'GET', url: `/api/v1/webhook_endpoints/${endpointId}/deliveries.json` })
    ).json();
    const [delivery] = log.deliveries;
    expect(delivery.last_attempt).toMatchObject({ outcome: 'delivered', response_status: 204 });
    const replay = await admin.request({
      method: 'POST',
      url: `/api/v1/webhook_endpoints/${endpointId}/deliveries/${delivery.id}/replay.json`,
    });
    expect(replay.statusCode).toBe(200);
    expect(await deliverDueWebhooks(ctx.database.db, allowAll)).toEqual({ claimed: 1, delivered: 1 });
    expect(output.join('').match(/refund 1000 pence/g)).toHaveLength(1);
  });

  it('refuses a delivery signed with another secret', async () => {
    const body = JSON.stringify({
      type: 'order_item.refunded',
      timestamp: new Date().toISOString(),
      data: { order_item_ref: '700299-1', amount_in_pence: 99999 },
    });
    const at = new Date();
    const forged = new Webhook(`whsec_${Buffer.from('not the shop secret').toString('base64')}`);
    const res = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': forged.sign('msg_forged', at, body),
      },
    });
    expect(res.status).toBe(400);
    expect(output.join('')).not.toContain('99999');
  });
});

/**
 * SPEC's calls without a payload (issue 17 point 7) take no body and no content-type at all, an empty JSON
 * object, or a lock_version alone, and each moves the item as the call says.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../db/schema';
import { buildAttachment, buildOrderItem, type ItemSpec } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-nobody-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: true });
  aliceId = (await buildUser(ctx.database)).id;
  admin = await signInAs(ctx.app, a.email);
});
afterAll(() => ctx.close());

type Check = (item: { current_state: string; flagged: boolean; is_on_hold: boolean }) => void;
const to =
  (state: string): Check =>
  (item) =>
    expect(item.current_state).toBe(state);

const CALLS: [name: string, spec: () => ItemSpec, check: Check][] = [
  ['received_from_gro', () => ({ currentState: 'waiting_gro' }), to('despatch_required')],
  [
    'received_from_customer',
    () => ({ currentState: 'waiting_delivery', orderableType: 'Translation' }),
    to('review_documents'),
  ],
  [
    'approve_scan_send',
    () => ({ currentState: 'scan_send_required', orderable: { scanSend: true } }),
    to('despatch_required'),
  ],
  [
    'approve_documents',
    () => ({ currentState: 'review_documents', orderableType: 'AdultDeedPoll' }),
    (item) => expect(item.current_state).not.toBe('review_documents'),
  ],
  [
    'translation_complete',
    () => ({ currentState: 'waiting_translation', orderableType: 'Translation' }),
    to('order_complete'),
  ],
  [
    'translation_received',
    () => ({ currentState: 'waiting_translation', orderableType: 'Translation' }),
    to('despatch_required'),
  ],
  ['ips_confirmed', () => ({ currentState: 'waiting_ips' }), to('waiting_gro')],
  ['original_received', () => ({ currentState: 'despatch_required' }), to('despatch_required')],
  [
    'postpone_notification',
    () => ({
      currentState: 'waiting_despatch_response',
      isEscalated: true,
      waitingCustomerResponse: true,
    }),
    (item) => expect(item.is_on_hold).toBe(true),
  ],
  ['toggle_flag', () => ({ currentState: 'despatch_required' }), (item) => expect(item.flagged).toBe(true)],
];

const BODIES: [what: string, headers: Record<string, string>, payload: string | undefined][] = [
  ['no body and no content-type', {}, undefined],
  ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
  ['a lock_version alone', { 'content-type': 'application/json' }, '{"lock_version":0}'],
];

describe('calls without a payload', () => {
  it.each(CALLS.flatMap(([name, spec, check]) => BODIES.map((b) => [name, ...b, spec, check] as const)))(
    '%s with %s',
    async (name, _what, headers, payload, spec, check) => {
      const item = await buildOrderItem(ctx.database, { userId: aliceId, ...spec() });
      if (name === 'approve_documents') await buildAttachment(ctx.database, item.id);
      if (name === 'approve_scan_send') {
        await ctx.database.db.insert(attachments).values({
          orderItemId: item.id,
          filename: 'scan.png',
          contentType: 'image/png',
          byteSize: 10,
          storageKey: randomUUID(),
          source: 'staff',
          selected: true,
        });
      }
      const res = await admin.request({
        method: 'POST',
        url: `/api/v1/order_items/${item.ref}/${name}.json`,
        headers,
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, res.body).toBe(200);
      check(res.json().order_item);
    },
  );
});

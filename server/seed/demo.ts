/**
 * The demo data set of PRODUCT.md section 9, built through the service functions so it obeys the same rules
 * as real use: orders arrive through the storefront ingestion, items move only through workflow actions.
 * Runs only on an empty embedded database (see main.ts). Deterministic: the same data every time.
 */
import { count } from 'drizzle-orm';
import type { z } from 'zod';
import type { StorefrontOrderSchema } from '../../domain/contract/storefront';
import { priceOf } from '../../domain/pricing';
import type { Actor, WorkflowAction } from '../../domain/workflow/types';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createFcoBatch, despatchFcoBatch } from '../services/order-items/fco-batches';
import { loadOrderItem } from '../services/order-items/read';
import { runItemAction } from '../services/order-items/run-action';
import { ingestOrder } from '../services/orders/ingest-order';
import { createUser } from '../services/users/users';
import { seedCustomerContact, seedReferenceContent } from './demo-content';
import { FIRST_NAMES as FIRST, SURNAMES as LAST } from './names';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS = [
  { email: 'admin@demo.test', name: 'Ada Admin', role: 'admin', is_orderer: false },
  { email: 'alice@demo.test', name: 'Alice Orderer', role: 'orderer', is_orderer: true },
  { email: 'bob@demo.test', name: 'Bob Orderer', role: 'orderer', is_orderer: true },
] as const;

type OrderBody = z.input<typeof StorefrontOrderSchema>['order'];
type ItemBody = OrderBody['items'][number];

/** A small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

const TOWNS = [
  ['London', 'SW1A 1AA'],
  ['Manchester', 'M1 1AE'],
  ['Bristol', 'BS1 4DJ'],
  ['Leeds', 'LS1 4AP'],
  ['Edinburgh', 'EH1 1YZ'],
  ['Cardiff', 'CF10 1EP'],
  ['Belfast', 'BT1 5GS'],
  ['Norwich', 'NR2 1NH'],
] as const;

/** The storefront body of one demo item of a product line. */
function itemBody(
  rng: ReturnType<typeof random>,
  line: 'certificate' | 'divorce' | 'translation' | 'deed_poll',
  extra: Partial<ItemBody['orderable']> = {},
): ItemBody {
  const firstname_a = rng.pick(FIRST);
  const surname_a = rng.pick(LAST);
  switch (line) {
    case 'certificate': {
      const type = rng.pick(['Birth Certificate', 'Marriage Certificate', 'Death Certificate'] as const);
      return {
        orderable_type: 'Certificate',
        type,
        net_value: 0,
        orderable: {
          service_level: rng.pick(['standard', 'standard', 'rapid', 'priority']),
          copies: rng.int(1, 2),
          certificate_country: rng.pick(['EW', 'EW', 'EW', 'SC', 'NI']),
          firstname_a,
          surname_a,
          firstname_b: type === 'Death Certificate' ? null : rng.pick(FIRST),
          surname_b: type === 'Death Certificate' ? null : rng.pick(LAST),
          event_date: `19${rng.int(40, 99)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
          event_place: rng.pick(TOWNS)[0],
          ...extra,
        },
      };
    }
    case 'divorce':
      return {
        orderable_type: 'DivorceCertificate',
        type: 'Divorce Certificate',
        net_value: 0,
        orderable: {
          service_level: 'standard',
          firstname_a,
          surname_a,
          firstname_b: rng.pick(FIRST),
          surname_b: surname_a,
          ...extra,
        },
      };
    case 'translation':
      return {
        orderable_type: 'Translation',
        type: 'Certified Translation',
        net_value: 0,
        orderable: {
          type: 'CertifiedTranslation',
          service_level: rng.pick(['0', '1', '2']),
          pages: rng.int(1, 4),
          source_language: rng.pick(['fr', 'de', 'pl', 'es', 'ur']),
          firstname_a,
          surname_a,
          ...extra,
        },
      };
    case 'deed_poll':
      return {
        orderable_type: 'AdultDeedPoll',
        type: 'Adult Deed Poll',
        net_value: 0,
        orderable: {
          service_level: rng.pick(['standard', 'priority']),
          firstname_a,
          surname_a,
          firstname_b: rng.pick(FIRST),
          surname_b: rng.pick(LAST),
          ...extra,
        },
      };
  }
}

/** What the customer paid for an item: its price by the domain's rules. */
function priceItem(item: ItemBody, region: OrderBody['delivery_region'], position: number): number {
  const o = item.orderable;
  return priceOf(
    {
      type: o.type ?? null,
      serviceLevel: o.service_level ?? null,
      pages: o.pages ?? null,
      copies: o.copies ?? 1,
      apostilleCopies: o.apostille_copies ?? 0,
      scanSend: o.scan_send ?? false,
      despatchBy: o.despatch_by ?? 'standard',
    },
    { orderableType: item.orderable_type, deliveryRegion: region, position },
  );
}

/** Builds the whole demo data set as of `now`. */
export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  const rng = random(20261122);
  const ids: Record<string, number> = {};
  for (const u of DEMO_USERS) ids[u.email] = (await createUser(db, { ...u, password: DEMO_PASSWORD })).id;
  const admin: Actor = { kind: 'user', id: ids['admin@demo.test'], role: 'admin' };
  const orderers = [ids['alice@demo.test'], ids['bob@demo.test']];
  const asOrderer = (id: number): Extract<Actor, { kind: 'user' }> => ({ kind: 'user', id, role: 'orderer' });

  let orderSeq = 100200;
  const at = (daysAgo: number, hour = 10) =>
    new Date(now.getTime() - daysAgo * 86_400_000 + (hour - 12) * 3_600_000);
  /** Places one order through the storefront ingestion and answers its item refs. */
  async function place(items: ItemBody[], placedAt: Date, region: OrderBody['delivery_region'] = 'UK') {
    orderSeq += 1;
    const [town, zip] = rng.pick(TOWNS);
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    const ref = String(orderSeq);
    for (const [index, item] of items.entries()) item.net_value = priceItem(item, region, index + 1);
    await ingestOrder(db, {
      order: {
        ref,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
        phone: `07700 900${String(rng.int(100, 999))}`,
        delivery_region: region,
        placed_at: placedAt.toISOString(),
        billing_address: {
          name,
          line_1: `${rng.int(1, 120)} ${rng.pick(['High Street', 'Church Road', 'Station Road', 'Mill Lane'])}`,
          city: town,
          zip,
          country_code: 'GB',
        },
        shipping_address: null,
        items,
      },
    });
    return items.map((_, i) => `${ref}-${i + 1}`);
  }
  const walk = async (ref: string, actor: Actor, actions: WorkflowAction[], when: Date) => {
    for (const [i, action] of actions.entries()) {
      await runItemAction(db, { key: ref, action, actor, now: new Date(when.getTime() + i * 3_600_000) });
    }
  };
  const assign = (ref: string, ordererId: number, when: Date) =>
    walk(ref, admin, [{ type: 'assign', ordererId }], when);
  const groOrder = (destination = 'office_orders'): WorkflowAction => ({
    type: 'gro_order_placed',
    reference: `GRO-${rng.int(100000, 999999)}`,
    data: null,
    destination,
    service: 'standard',
    cost: null,
  });
  const despatch: WorkflowAction = {
    type: 'despatch',
    despatchedOn: null,
    carrier: 'royal_mail',
    service: 'first_class',
    cost: null,
    reference: null,
  };

  // A year of sales: completed orders every month, a few refunded.
  for (let daysAgo = 395; daysAgo >= 20; daysAgo -= rng.int(2, 4)) {
    const lines = Array.from({ length: rng.int(1, 3) }, () =>
      rng.pick(['certificate', 'certificate', 'certificate', 'translation', 'deed_poll', 'divorce'] as const),
    );
    const placedAt = at(daysAgo, rng.int(8, 20));
    const refs = await place(
      lines.map((l) => itemBody(rng, l)),
      placedAt,
      rng.pick(['UK', 'UK', 'UK', 'UK', 'EC', 'NA', 'WW'] as const),
    );
    for (const [i, ref] of refs.entries()) {
      const orderer = rng.pick(orderers);
      const when = new Date(placedAt.getTime() + 86_400_000);
      await assign(ref, orderer, when);
      const actions: WorkflowAction[] =
        lines[i] === 'certificate' || lines[i] === 'divorce'
          ? [groOrder('customer'), { type: 'received_from_gro' }]
          : [
              { type: 'approve_documents' },
              ...(lines[i] === 'translation'
                ? ([
                    { type: 'send_for_translation', notes: null, despatchTo: 'customer' },
                    { type: 'translation_complete' },
                  ] as WorkflowAction[])
                : [despatch]),
            ];
      await walk(ref, asOrderer(orderer), actions, when);
      if (rng.next() < 0.05) {
        await walk(
          ref,
          asOrderer(orderer),
          [{ type: 'escalate', message: 'Customer reports the document never arrived.' }],
          when,
        );
        await walk(
          ref,
          admin,
          [
            {
              type: 'cancel_refund',
              action: 'refund_only',
              reason: 'lost_in_post',
              amount: 1000,
              notes: 'Goodwill refund',
            },
          ],
          when,
        );
      }
    }
  }

  // Work in progress: items in every state, spread over the two orderers.
  const [alice, bob] = orderers;
  const recent = (d: number) => at(d, 9 + (d % 8));
  const cert = (extra: Partial<ItemBody['orderable']> = {}) => itemBody(rng, 'certificate', extra);
  const open = async (
    item: ItemBody,
    days: number,
    ordererId: number | null,
    actions: WorkflowAction[],
    actor?: Actor,
  ) => {
    const [ref] = await place([item], recent(days));
    if (ordererId !== null) {
      await assign(ref, ordererId, recent(days - 1));
      await walk(ref, actor ?? asOrderer(ordererId), actions, recent(days - 1));
    }
    return ref;
  };
  const escalate = (message: string): WorkflowAction => ({ type: 'escalate', message });
  const contact: WorkflowAction = {
    type: 'contact_customer',
    body: 'Could you confirm the details on your order?',
    responseRequired: true,
  };

  for (let i = 0; i < 6; i++)
    await open(
      itemBody(rng, rng.pick(['certificate', 'translation', 'deed_poll', 'divorce'] as const)),
      1 + (i % 3),
      null,
      [],
    );
  for (const who of [alice, bob]) {
    await open(cert(), 3, who, []);
    await open(cert(), 5, who, [groOrder()]);
    await open(cert({ scan_send: true }), 16, who, [groOrder(), { type: 'received_from_gro' }]);
    await open(cert(), 9, who, [groOrder(), { type: 'received_from_gro' }]);
    await open(cert(), 12, who, [
      groOrder(),
      { type: 'ips_submitted', notes: 'IPS raised: the GRO could not find the entry.' },
    ]);
    await open(cert(), 14, who, [
      groOrder(),
      { type: 'gro_communication', message: 'Entry not found; fee refunded.', refundAmount: 925 },
    ]);
    await open(itemBody(rng, 'translation'), 4, who, []);
    await open(itemBody(rng, 'translation', { documents_by_post: true }), 6, who, []);
    await open(itemBody(rng, 'translation'), 7, who, [{ type: 'approve_documents' }]);
    await open(itemBody(rng, 'translation'), 8, who, [
      { type: 'approve_documents' },
      { type: 'send_for_translation', notes: 'Please keep the layout.', despatchTo: 'office_orders' },
    ]);
    await open(itemBody(rng, 'deed_poll'), 2, who, []);
    await open(itemBody(rng, 'deed_poll'), 20, who, [
      {
        type: 'reject_documents',
        notes: 'The witness signature is missing; please re-sign and upload again.',
      },
    ]);
  }
  // Apostilles, some already batched to the FCO.
  const apostilles: string[] = [];
  for (let i = 0; i < 5; i++)
    apostilles.push(
      await open(cert({ apostille_copies: 1, apostille_country: 'ES' }), 10 + i, alice, [
        groOrder(),
        { type: 'received_from_gro' },
      ]),
    );
  await createFcoBatch(
    db,
    { orderItemIds: await idsOf(db, apostilles.slice(0, 2)), fcoReference: 'FCO-2026-1187', fcoCost: 6000 },
    asOrderer(alice),
    recent(6),
  );
  const waiting = await createFcoBatch(
    db,
    { orderItemIds: await idsOf(db, apostilles.slice(2, 4)), fcoReference: 'FCO-2026-1172', fcoCost: 6000 },
    asOrderer(alice),
    recent(8),
  );
  await despatchFcoBatch(
    db,
    waiting.fco_batch.ref,
    { despatchCost: 650, despatchReference: 'RM 4471 2290 GB' },
    asOrderer(alice),
    recent(7),
  );

  // Escalations, waiting customers, on hold, modify-order requests, cancellations.
  await open(cert(), 11, bob, [escalate('The customer gave two different dates of birth.')]);
  await open(cert(), 13, alice, [
    groOrder(),
    { type: 'received_from_gro' },
    escalate('Address is incomplete.'),
  ]);
  await open(cert(), 15, bob, [
    groOrder(),
    { type: 'received_from_gro' },
    escalate('Delivery address outside our courier zone.'),
  ]).then((ref) => walk(ref, admin, [contact], recent(12)));
  await open(cert(), 18, alice, [escalate('Mother’s maiden name missing.')]).then((ref) =>
    walk(ref, admin, [contact, { type: 'postpone_notification' }], recent(15)),
  );
  await open(cert(), 17, bob, [escalate('Customer asked to change the year.')]).then((ref) =>
    walk(ref, admin, [contact, { type: 'customer_reply' }], recent(14)),
  );
  await open(cert({ copies: 1 }), 6, alice, [{ type: 'request_update', attributes: { copies: 2 } }]);
  await open(cert({ copies: 2 }), 7, bob, [{ type: 'request_update', attributes: { copies: 1 } }]);
  await open(cert(), 19, alice, [escalate('Duplicate of an earlier order.')]).then((ref) =>
    walk(
      ref,
      admin,
      [
        {
          type: 'cancel_refund',
          action: 'full',
          reason: 'duplicate',
          amount: null,
          notes: 'Customer ordered twice.',
        },
      ],
      recent(18),
    ),
  );
  // One of each remaining escalation stage, and a GRO refund the customer has answered.
  await open(cert({ apostille_copies: 1, apostille_country: 'AE' }), 9, bob, [
    groOrder(),
    { type: 'received_from_gro' },
    escalate('Embassy needs a newer certificate.'),
  ]);
  await open(cert({ scan_send: true }), 8, alice, [
    groOrder(),
    { type: 'received_from_gro' },
    escalate('Scan is unreadable; ask for a better copy?'),
  ]);
  await open(cert(), 12, bob, [
    groOrder(),
    { type: 'reorder_required', notes: 'Wrong entry issued; reordering.' },
    escalate('Second attempt also failing.'),
  ]);
  await open(cert(), 21, alice, [
    groOrder(),
    { type: 'gro_communication', message: 'No trace of the entry.', refundAmount: 925 },
    escalate('Ask the customer for more details.'),
  ]).then((ref) => walk(ref, admin, [contact, { type: 'customer_reply' }], recent(16)));
  await open(cert(), 10, bob, [
    { type: 'add_note', body: 'Customer phoned: needs it before the 30th.' },
    { type: 'toggle_flag' },
  ]);

  await seedReferenceContent(db);
  await seedCustomerContact(db, now);
}

async function idsOf(db: Db, refs: string[]): Promise<number[]> {
  return Promise.all(refs.map(async (ref) => (await loadOrderItem(db, ref)).item.id));
}

/** Seeds the demo set when there are no users yet; answers whether it seeded. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;
  await seedDemo(db);
  return true;
}

/**
 * The demo data set of PRODUCT.md section 9: a year of sales and work in progress in every one of the 43
 * states, with every flag, on every product line. Orders go through the storefront schema and price list and
 * items move only through workflow actions of the domain state machine (builder.ts), then the rows are written
 * set-based in one transaction. Runs only on an empty database (see main.ts). Deterministic: the same data
 * every time, relative to the moment it runs (holds end in the future, so the scheduler keeps them).
 */

import { count, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StorefrontOrderSchema } from '../../domain/contract/storefront';
import { priceOf } from '../../domain/pricing';
import type { CustomerStage } from '../../domain/states';
import type { Actor, WorkflowAction } from '../../domain/workflow/types';
import { hashPassword } from '../auth/passwords';
import type { Db, Tx } from '../db/client';
import { transaction } from '../db/client';
import { users } from '../db/schema';
import { DemoBuilder } from './builder';
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
  line: 'certificate' | 'divorce' | 'translation' | 'deed_poll' | 'child_deed_poll',
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
    case 'child_deed_poll':
      return {
        orderable_type: 'ChildDeedPoll',
        type: 'Child Deed Poll',
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

/** Reports how far seeding has got, from 0 to 1. */
export type SeedProgress = (fraction: number) => void;

type UserActor = Extract<Actor, { kind: 'user' }>;

const asOrderer = (id: number): UserActor => ({ kind: 'user', id, role: 'orderer' });

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * What every part of the demo builds with: the builder, the one random sequence (so each part must draw in
 * the same order every time), the moment it runs, the demo staff, and the storefront and workflow steps.
 */
class DemoPlan {
  private orderSeq = 100200;

  constructor(
    readonly b: DemoBuilder,
    readonly rng: ReturnType<typeof random>,
    readonly now: Date,
    readonly admin: UserActor,
    readonly orderers: readonly [number, number],
  ) {}

  /** `daysAgo` days before now, at `hour` o'clock of a day centred on noon. */
  at(daysAgo: number, hour = 10): Date {
    return new Date(this.now.getTime() - daysAgo * DAY_MS + (hour - 12) * HOUR_MS);
  }

  /** A recent moment whose hour varies with the day, so work in progress is not all at one time. */
  recent(daysAgo: number): Date {
    return this.at(daysAgo, 9 + (daysAgo % 8));
  }

  /** Places one order as the storefront ingestion would and answers its item refs. */
  place(items: ItemBody[], placedAt: Date, region: OrderBody['delivery_region'] = 'UK'): string[] {
    const { rng } = this;
    this.orderSeq += 1;
    const [town, zip] = rng.pick(TOWNS);
    const name = `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
    for (const [index, item] of items.entries()) item.net_value = priceItem(item, region, index + 1);
    return this.b.placeOrder({
      order: {
        ref: String(this.orderSeq),
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
  }

  /** Runs actions one hour apart from `when`. */
  walk(ref: string, actor: Actor, actions: WorkflowAction[], when: Date): void {
    for (const [i, action] of actions.entries())
      this.b.act(ref, action, actor, new Date(when.getTime() + i * HOUR_MS));
  }

  assign(ref: string, ordererId: number, when: Date): void {
    this.walk(ref, this.admin, [{ type: 'assign', ordererId }], when);
  }

  groOrder(destination = 'office_orders'): WorkflowAction {
    return {
      type: 'gro_order_placed',
      reference: `GRO-${this.rng.int(100000, 999999)}`,
      data: null,
      destination,
      service: 'standard',
      cost: null,
    };
  }

  /** A certificate item, with the fields a scenario needs set. */
  cert(extra: Partial<ItemBody['orderable']> = {}): ItemBody {
    return itemBody(this.rng, 'certificate', extra);
  }

  /** An item placed `days` ago on its own order, then assigned and walked a day later (when assigned). */
  open(item: ItemBody, days: number, ordererId: number | null, actions: WorkflowAction[]): string {
    const [ref] = this.place([item], this.recent(days));
    if (ordererId !== null) {
      this.assign(ref, ordererId, this.recent(days - 1));
      this.walk(ref, asOrderer(ordererId), actions, this.recent(days - 1));
    }
    return ref;
  }
}

const DESPATCH: WorkflowAction = {
  type: 'despatch',
  despatchedOn: null,
  carrier: 'royal_mail',
  service: 'first_class',
  cost: null,
  reference: null,
};
/** A translation sent straight to the customer and finished: no despatch of ours. */
const TRANSLATE_FOR_CUSTOMER: WorkflowAction[] = [
  { type: 'send_for_translation', notes: null, despatchTo: 'customer' },
  { type: 'translation_complete' },
];
const CONTACT: WorkflowAction = {
  type: 'contact_customer',
  body: 'Could you confirm the details on your order?',
  responseRequired: true,
};
const REPLY: WorkflowAction = { type: 'customer_reply' };
const POSTPONE: WorkflowAction = { type: 'postpone_notification' };
const escalate = (message: string): WorkflowAction => ({ type: 'escalate', message });

/** The demo staff, all with the demo password; answers their ids by e-mail. */
async function addDemoUsers(b: DemoBuilder, now: Date): Promise<Record<string, number>> {
  // Three argon2 hashes, computed side by side on the libuv pool.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  const ids: Record<string, number> = {};
  for (const [i, u] of DEMO_USERS.entries())
    ids[u.email] = b.addUser({
      email: u.email,
      name: u.name,
      role: u.role,
      isOrderer: u.is_orderer,
      passwordHash: hashes[i],
      createdAt: new Date(now.getTime() - 400 * DAY_MS),
      updatedAt: new Date(now.getTime() - 400 * DAY_MS),
    });
  return ids;
}

/** A year of sales: completed orders every few days, a few refunded. */
function addYearOfSales(plan: DemoPlan): void {
  const { rng, admin, orderers } = plan;
  for (let daysAgo = 395; daysAgo >= 20; daysAgo -= rng.int(2, 4)) {
    const lines = Array.from({ length: rng.int(1, 3) }, () =>
      rng.pick(['certificate', 'certificate', 'certificate', 'translation', 'deed_poll', 'divorce'] as const),
    );
    const placedAt = plan.at(daysAgo, rng.int(8, 20));
    const refs = plan.place(
      lines.map((l) => itemBody(rng, l)),
      placedAt,
      rng.pick(['UK', 'UK', 'UK', 'UK', 'EC', 'NA', 'WW'] as const),
    );
    for (const [i, ref] of refs.entries()) {
      const orderer = rng.pick(orderers);
      const when = new Date(placedAt.getTime() + DAY_MS);
      plan.assign(ref, orderer, when);
      const actions: WorkflowAction[] =
        lines[i] === 'certificate' || lines[i] === 'divorce'
          ? [plan.groOrder('customer'), { type: 'received_from_gro' }]
          : [
              { type: 'approve_documents' },
              ...(lines[i] === 'translation' ? TRANSLATE_FOR_CUSTOMER : [DESPATCH]),
            ];
      plan.walk(ref, asOrderer(orderer), actions, when);
      if (rng.next() < 0.05) {
        plan.walk(
          ref,
          asOrderer(orderer),
          [{ type: 'escalate', message: 'Customer reports the document never arrived.' }],
          when,
        );
        plan.walk(
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
}

/** Work in progress: unassigned items, and each orderer's items along every product line's steps. */
function addWorkInProgress(plan: DemoPlan): void {
  const { rng, orderers } = plan;
  for (let i = 0; i < 6; i++)
    plan.open(
      itemBody(rng, rng.pick(['certificate', 'translation', 'deed_poll', 'divorce'] as const)),
      1 + (i % 3),
      null,
      [],
    );
  plan.open(itemBody(rng, 'child_deed_poll'), 2, null, []);
  for (const who of orderers) {
    plan.open(plan.cert(), 3, who, []);
    plan.open(plan.cert(), 5, who, [plan.groOrder()]);
    plan.open(plan.cert({ scan_send: true }), 16, who, [plan.groOrder(), { type: 'received_from_gro' }]);
    plan.open(plan.cert(), 9, who, [plan.groOrder(), { type: 'received_from_gro' }]);
    plan.open(plan.cert(), 12, who, [
      plan.groOrder(),
      { type: 'ips_submitted', notes: 'IPS raised: the GRO could not find the entry.' },
    ]);
    plan.open(plan.cert(), 14, who, [
      plan.groOrder(),
      { type: 'gro_communication', message: 'Entry not found; fee refunded.', refundAmount: 925 },
    ]);
    plan.open(itemBody(rng, 'translation'), 4, who, []);
    plan.open(itemBody(rng, 'translation', { documents_by_post: true }), 6, who, []);
    plan.open(itemBody(rng, 'translation'), 7, who, [{ type: 'approve_documents' }]);
    plan.open(itemBody(rng, 'translation'), 8, who, [
      { type: 'approve_documents' },
      { type: 'send_for_translation', notes: 'Please keep the layout.', despatchTo: 'office_orders' },
    ]);
    plan.open(itemBody(rng, 'deed_poll'), 2, who, []);
    plan.open(itemBody(rng, 'deed_poll'), 20, who, [
      {
        type: 'reject_documents',
        notes: 'The witness signature is missing; please re-sign and upload again.',
      },
    ]);
  }
}

/** Apostilles, some already batched to the FCO: one batch ready to post, one with the FCO. */
function addFcoBatches(plan: DemoPlan): void {
  const { b } = plan;
  const [alice] = plan.orderers;
  const apostilles: string[] = [];
  for (let i = 0; i < 5; i++)
    apostilles.push(
      plan.open(plan.cert({ apostille_copies: 1, apostille_country: 'ES' }), 10 + i, alice, [
        plan.groOrder(),
        { type: 'received_from_gro' },
      ]),
    );
  b.createFcoBatch(
    apostilles.slice(0, 2),
    { fcoReference: 'FCO-2026-1187', fcoCost: 6000 },
    asOrderer(alice),
    plan.recent(6),
  );
  const waiting = b.createFcoBatch(
    apostilles.slice(2, 4),
    { fcoReference: 'FCO-2026-1172', fcoCost: 6000 },
    asOrderer(alice),
    plan.recent(8),
  );
  b.despatchFcoBatch(
    waiting,
    { despatchCost: 650, despatchReference: 'RM 4471 2290 GB' },
    asOrderer(alice),
    plan.recent(7),
  );
}

/**
 * Every escalation stage in each of its four steps: escalated, waiting for the customer, the customer's
 * answer received, and waiting but on hold. Holds are postponed two days ago, so they end in five days
 * and the scheduler keeps them; the waits are a week or more old, so the scheduler reminds them.
 */
function addEscalations(plan: DemoPlan): void {
  const { admin } = plan;
  const [alice, bob] = plan.orderers;
  const stages: { stage: CustomerStage; item: () => ItemBody; reach: () => WorkflowAction[]; why: string }[] =
    [
      {
        stage: 'gro_order',
        item: () => plan.cert(),
        reach: () => [],
        why: 'The customer gave two different dates of birth.',
      },
      {
        stage: 'gro_reorder',
        item: () => plan.cert(),
        reach: () => [
          plan.groOrder(),
          { type: 'reorder_required', notes: 'Wrong entry issued; reordering.' },
        ],
        why: 'Second attempt also failing.',
      },
      {
        stage: 'apostille',
        item: () => plan.cert({ apostille_copies: 1, apostille_country: 'AE' }),
        reach: () => [plan.groOrder(), { type: 'received_from_gro' }],
        why: 'Embassy needs a newer certificate.',
      },
      {
        stage: 'scan_send',
        item: () => plan.cert({ scan_send: true }),
        reach: () => [plan.groOrder(), { type: 'received_from_gro' }],
        why: 'Scan is unreadable; ask for a better copy?',
      },
      {
        stage: 'despatch',
        item: () => plan.cert(),
        reach: () => [plan.groOrder(), { type: 'received_from_gro' }],
        why: 'Delivery address outside our courier zone.',
      },
      {
        stage: 'gro_refunded',
        item: () => plan.cert(),
        reach: () => [
          plan.groOrder(),
          { type: 'gro_communication', message: 'No trace of the entry.', refundAmount: 925 },
        ],
        why: 'Ask the customer for more details.',
      },
    ];
  for (const [i, s] of stages.entries()) {
    for (const [step, then] of [[], [CONTACT], [CONTACT, REPLY], [CONTACT, POSTPONE]].entries()) {
      const who = (i + step) % 2 === 0 ? alice : bob;
      const days = 11 + i + step;
      const ref = plan.open(s.item(), days, who, [...s.reach(), escalate(s.why)]);
      if (then.length > 0) plan.walk(ref, admin, then.slice(0, 1), plan.recent(days - 3));
      if (then.length > 1) plan.walk(ref, admin, then.slice(1), plan.recent(2));
    }
  }
}

/**
 * Modify-order requests waiting for the customer (and the same on hold), a cancellation that stays escalated
 * (only refund_only left), and a flagged item with a note.
 */
function addOrderChangesAndFlags(plan: DemoPlan): void {
  const { admin } = plan;
  const [alice, bob] = plan.orderers;
  for (const [copies, to, hold] of [
    [1, 2, false],
    [2, 1, false],
    [1, 3, true],
    [3, 1, true],
  ] as const) {
    const who = to > copies ? alice : bob;
    const ref = plan.open(plan.cert({ copies }), 6, who, [
      { type: 'request_update', attributes: { copies: to } },
    ]);
    if (hold) plan.walk(ref, asOrderer(who), [POSTPONE], plan.recent(1));
  }
  const cancelled = plan.open(plan.cert(), 19, alice, [escalate('Duplicate of an earlier order.')]);
  plan.walk(
    cancelled,
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
    plan.recent(18),
  );
  plan.open(plan.cert(), 10, bob, [
    { type: 'add_note', body: 'Customer phoned: needs it before the 30th.' },
    { type: 'toggle_flag' },
  ]);
}

/** Builds the whole demo data set as of `now` in memory; nothing is written yet. */
export async function buildDemo(now = new Date()): Promise<DemoBuilder> {
  const b = new DemoBuilder(now);
  const ids = await addDemoUsers(b, now);
  const admin: UserActor = { kind: 'user', id: ids['admin@demo.test'], role: 'admin' };
  const plan = new DemoPlan(b, random(20261122), now, admin, [ids['alice@demo.test'], ids['bob@demo.test']]);
  // The parts share one random sequence: their order is part of the data set.
  addYearOfSales(plan);
  addWorkInProgress(plan);
  addFcoBatches(plan);
  addEscalations(plan);
  addOrderChangesAndFlags(plan);
  b.settleNotifications();
  return b;
}

async function writeDemo(tx: Tx, built: DemoBuilder, now: Date, progress: SeedProgress) {
  const total = built.rowCount;
  await built.write(tx, (written) => progress(0.3 + 0.6 * (written / total)));
  // A handful of rows each, so they go through their services (sanitising, dedupe keys) in the same
  // transaction: a transaction handle has the query surface the services use.
  const asDb = tx as unknown as Db;
  await seedReferenceContent(asDb);
  await seedCustomerContact(asDb, now);
}

/** A constant key of the advisory lock that serialises seeding across instances starting together. */
const SEED_LOCK = 0x5eed_de30;

/**
 * Seeds the demo set when there are no users yet; answers whether it seeded. Two instances starting at once on
 * one PostgreSQL database queue on a transaction-level advisory lock, and the second then finds users and
 * stops, so the demo is never seeded twice. (PGlite is one process: the lock is harmless there.)
 */
export async function seedDemoIfEmpty(db: Db, progress: SeedProgress = () => {}): Promise<boolean> {
  const hasUsers = async (q: Db | Tx) => {
    const [{ n }] = await q.select({ n: count() }).from(users);
    return n > 0;
  };
  // The common case (already seeded) costs one count and takes no lock.
  if (await hasUsers(db)) return false;
  const now = new Date();
  progress(0);
  const built = await buildDemo(now);
  progress(0.3);
  const seeded = await transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return false;
    await writeDemo(tx, built, now, progress);
    return true;
  });
  // Fresh statistics, or the planner ignores the new rows' indexes (trigram search above all).
  if (seeded) await db.execute(sql`analyze`);
  progress(1);
  return seeded;
}

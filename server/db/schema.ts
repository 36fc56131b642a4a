/**
 * The whole relational model. Only server/db knows Drizzle; services import the tables from here.
 * Money is integer pence everywhere. Timestamps are timestamptz; calendar dates are `date` (London days).
 * The database guards its own invariants too (migration 0010): states and enumerations are CHECK
 * constraints listing the values defined once in domain/, money and counts cannot go below zero, and every
 * id column is a foreign key.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CART_STATES,
  INBOUND_MATCHES,
  INBOUND_OUTCOMES,
  type InboundFile,
} from '../../domain/contract/conversations';
import { ATTACHMENT_SOURCES } from '../../domain/contract/order-item';
import { OUTBOX_STATUSES } from '../../domain/contract/outbox';
import { FCO_BATCH_STATES } from '../../domain/contract/queues';
import { RoleSchema } from '../../domain/contract/session';
import type { StorefrontCart } from '../../domain/contract/storefront';
import { UNDO_KINDS } from '../../domain/contract/undo';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookEventType } from '../../domain/contract/webhooks';
import { CANCEL_REASONS, GRO_DESTINATIONS } from '../../domain/options';
import { CARRIERS, DELIVERY_REGIONS, DESPATCH_BY, GRO_SERVICES } from '../../domain/pricing';
import { ALL_STATES, ORDERABLE_TYPES } from '../../domain/states';
import { type PendingUpdate, REFUND_ACTIONS } from '../../domain/workflow/types';
import type { ItemBefore } from '../../domain/workflow/undo';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A domain list as the non-empty tuple `text(…, { enum })` takes: the column's TypeScript type becomes the
 * domain's union (Carrier, CancelReason, …) with no SQL change (the CHECK constraints below keep the values).
 */
function enumOf<T extends string>(values: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = values;
  if (first === undefined) throw new Error('An enumeration needs at least one value.');
  return [first, ...rest];
}
const valuesOf = <V extends string>(options: readonly { value: V }[]) => enumOf(options.map((o) => o.value));

const ROLES = enumOf(RoleSchema.options);
const REFUND_ACTION_VALUES = enumOf(REFUND_ACTIONS);
const GRO_DESTINATION_VALUES = valuesOf(GRO_DESTINATIONS);
const GRO_SERVICE_VALUES = valuesOf(GRO_SERVICES);
const CARRIER_VALUES = valuesOf(CARRIERS);
const CANCEL_REASON_VALUES = valuesOf(CANCEL_REASONS);
const STATES = enumOf(ALL_STATES);

/** `column IN (...)` for a CHECK constraint (NULL passes, as a nullable column should). */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
/** A CHECK that money or a count is zero or more. */
const notNegative = (table: string, column: AnyPgColumn) =>
  check(`${table}_${column.name}_not_negative`, sql`${column} >= 0`);

// ---------------------------------------------------------------- people and sign-in

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    isOrderer: boolean('is_orderer').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_role_check', oneOf(t.role, ROLES)),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A user's second factor (docs/decisions/mfa.md): the TOTP secret, AES-256-GCM encrypted with a key derived
 * from SESSION_SECRET; `enabled_at` null while enrolment waits for its first code; `last_step` the TOTP time
 * step last accepted, so a code is never accepted twice.
 */
export const userMfa = pgTable('user_mfa', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes: the SHA-256 of each high-entropy code, never the code. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** The security policy admins set: one row (id 1). */
export const securitySettings = pgTable(
  'security_settings',
  {
    id: integer('id').primaryKey(),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('security_settings_single_row', sql`${t.id} = 1`)],
);

/** Failed sign-ins, counted per e-mail and per address to throttle guessing across instances. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.createdAt),
    index('sign_in_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

// ---------------------------------------------------------------- the audit log (issue 50)

/**
 * Who did what, append-only: a trigger (migration 0039) refuses every UPDATE and TRUNCATE, and a DELETE unless
 * the retention job has said, inside its own transaction, which moment rows must be older than
 * (services/audit/retention.ts). No foreign keys: a row outlives what it names. `before`/`after` hold the
 * changed fields of staff-visible things, never a password, token, secret or a customer's erased data; a
 * customer is named by a keyed hash of the e-mail address (services/audit/record.ts).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_occurred_idx').on(t.occurredAt, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.occurredAt),
    index('audit_events_kind_idx').on(t.kind, t.occurredAt),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.occurredAt),
  ],
);

// ---------------------------------------------------------------- orders

export const addresses = pgTable('addresses', {
  id: id(),
  name: text('name').notNull(),
  line1: text('line_1').notNull().default(''),
  line2: text('line_2'),
  city: text('city').notNull().default(''),
  state: text('state'),
  zip: text('zip').notNull().default(''),
  countryCode: text('country_code').notNull().default('GB'),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    ref: text('ref').notNull().unique(),
    email: text('email').notNull(),
    phone: text('phone'),
    deliveryRegion: text('delivery_region', { enum: DELIVERY_REGIONS }).notNull(),
    hasDifferentShippingAddress: boolean('has_different_shipping_address').notNull().default(false),
    billingAddressId: integer('billing_address_id')
      .notNull()
      .references(() => addresses.id),
    shippingAddressId: integer('shipping_address_id').references(() => addresses.id),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_placed_at_idx').on(t.placedAt),
    // A customer's orders by e-mail whatever its case, newest first (the order context of an item page).
    index('orders_email_lower_placed_at_idx').on(sql`lower(${t.email})`, t.placedAt),
    check('orders_delivery_region_check', oneOf(t.deliveryRegion, DELIVERY_REGIONS)),
  ],
);

/** What was bought: the product-line specific attributes of one order item. */
export const orderables = pgTable(
  'orderables',
  {
    id: id(),
    type: text('type').notNull(),
    pages: integer('pages'),
    copies: integer('copies').notNull().default(1),
    serviceLevel: text('service_level'),
    apostilleCopies: integer('apostille_copies').notNull().default(0),
    apostilleCountry: text('apostille_country'),
    scanSend: boolean('scan_send').notNull().default(false),
    despatchBy: text('despatch_by', { enum: DESPATCH_BY }).notNull().default('standard'),
    subtotalInPence: integer('subtotal_in_pence').notNull().default(0),
    certificateCountry: text('certificate_country'),
    sourceLanguage: text('source_language'),
    documentsByPost: boolean('documents_by_post').notNull().default(false),
    firstnameA: text('firstname_a'),
    surnameA: text('surname_a'),
    firstnameB: text('firstname_b'),
    surnameB: text('surname_b'),
    firstnameC: text('firstname_c'),
    surnameC: text('surname_c'),
    eventDate: date('event_date'),
    eventPlace: text('event_place'),
  },
  (t) => [
    check('orderables_despatch_by_check', oneOf(t.despatchBy, DESPATCH_BY)),
    notNegative('orderables', t.pages),
    notNegative('orderables', t.copies),
    notNegative('orderables', t.apostilleCopies),
    notNegative('orderables', t.subtotalInPence),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    ref: text('ref').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    orderableType: text('orderable_type', { enum: ORDERABLE_TYPES }).notNull(),
    orderableId: integer('orderable_id')
      .notNull()
      .references(() => orderables.id),
    currentState: text('current_state', { enum: STATES }).notNull(),
    userId: integer('user_id').references(() => users.id),
    isEscalated: boolean('is_escalated').notNull().default(false),
    isOnHold: boolean('is_on_hold').notNull().default(false),
    waitingCustomerResponse: boolean('waiting_customer_response').notNull().default(false),
    flagged: boolean('flagged').notNull().default(false),
    netValue: integer('net_value').notNull(),
    approved: boolean('approved').notNull().default(false),
    isReorder: boolean('is_reorder').notNull().default(false),
    /** The state before an escalation or a Modify Order request, restored when it ends. */
    stateBeforeEscalation: text('state_before_escalation', { enum: STATES }),
    stateBeforeUpdate: text('state_before_update', { enum: STATES }),
    /** A Modify Order request waiting for the customer: the new attributes and the priced difference. */
    pendingUpdate: jsonb('pending_update').$type<PendingUpdate>(),
    fcoBatchId: integer('fco_batch_id').references((): AnyPgColumn => fcoBatches.id),
    originalReceivedOn: date('original_received_on'),
    /** The London day the item should leave the office by, from the order date and the service level. */
    despatchDueOn: date('despatch_due_on'),
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    onHoldUntil: timestamp('on_hold_until', { withTimezone: true }),
    lockVersion: integer('lock_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_user_state_idx').on(t.userId, t.currentState),
    index('order_items_state_idx').on(t.currentState),
    index('order_items_fco_batch_idx').on(t.fcoBatchId),
    index('order_items_next_reminder_idx').on(t.nextReminderAt),
    index('order_items_despatch_due_idx').on(t.despatchDueOn),
    check('order_items_current_state_check', oneOf(t.currentState, ALL_STATES)),
    check('order_items_state_before_escalation_check', oneOf(t.stateBeforeEscalation, ALL_STATES)),
    check('order_items_state_before_update_check', oneOf(t.stateBeforeUpdate, ALL_STATES)),
    check('order_items_orderable_type_check', oneOf(t.orderableType, ORDERABLE_TYPES)),
    check('order_items_position_check', sql`${t.position} >= 1`),
    notNegative('order_items', t.netValue),
    notNegative('order_items', t.lockVersion),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: integer('user_id').references(() => users.id),
    kind: text('kind').notNull().default('note'),
    body: text('body').notNull(),
    actioned: boolean('actioned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('comments_item_idx').on(t.orderItemId, t.createdAt)],
);

export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull(),
    source: text('source', { enum: ATTACHMENT_SOURCES }).notNull(),
    uploadedById: integer('uploaded_by_id').references(() => users.id),
    selected: boolean('selected').notNull().default(false),
    /** The file's review: null not reviewed, true approved, false rejected (docs/decisions/document-review.md). */
    approved: boolean('approved'),
    reviewedById: integer('reviewed_by_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why the file was rejected; null unless rejected. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_item_idx').on(t.orderItemId),
    check('attachments_source_check', oneOf(t.source, ATTACHMENT_SOURCES)),
    notNegative('attachments', t.byteSize),
  ],
);

/** The timeline: every change to an order item, who made it and with what input. */
export const orderItemEvents = pgTable(
  'order_item_events',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    /** Typed as the item's states (the workflow writes only those); no CHECK of their own. */
    fromState: text('from_state', { enum: STATES }),
    toState: text('to_state', { enum: STATES }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('order_item_events_item_idx').on(t.orderItemId, t.createdAt)],
);

export const groOrders = pgTable(
  'gro_orders',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    reference: text('reference').notNull(),
    data: text('data'),
    destination: text('destination', { enum: GRO_DESTINATION_VALUES }).notNull(),
    service: text('service', { enum: GRO_SERVICE_VALUES }).notNull(),
    cost: integer('cost').notNull(),
    isReorder: boolean('is_reorder').notNull().default(false),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('gro_orders_item_idx').on(t.orderItemId),
    index('gro_orders_reference_idx').on(t.reference),
    check('gro_orders_destination_check', oneOf(t.destination, GRO_DESTINATION_VALUES)),
    check('gro_orders_service_check', oneOf(t.service, GRO_SERVICE_VALUES)),
    notNegative('gro_orders', t.cost),
  ],
);

export const despatches = pgTable(
  'despatches',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    despatchedOn: date('despatched_on').notNull(),
    carrier: text('carrier', { enum: CARRIER_VALUES }).notNull(),
    service: text('service').notNull(),
    cost: integer('cost').notNull(),
    reference: text('reference'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('despatches_item_idx').on(t.orderItemId),
    check('despatches_carrier_check', oneOf(t.carrier, CARRIER_VALUES)),
    notNegative('despatches', t.cost),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    action: text('action', { enum: REFUND_ACTION_VALUES }).notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: CANCEL_REASON_VALUES }).notNull(),
    notes: text('notes'),
    userId: integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_item_idx').on(t.orderItemId),
    index('refunds_created_at_idx').on(t.createdAt),
    check('refunds_action_check', oneOf(t.action, REFUND_ACTIONS)),
    check('refunds_reason_check', oneOf(t.reason, CANCEL_REASON_VALUES)),
    // A refund row is money paid back: an amount of nothing is no refund at all.
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The sales report's day-by-day summary, kept by database triggers (migration 0008) as order items, orders
 * and refunds change: per London day, item type and delivery region, the items sold and what the customer
 * paid for them (net value plus everything refunded on them, by the day their order was placed) and the
 * refunds made that day. The report reads a month as ~1,000 rows instead of every item of the month.
 *
 * A cell (day, type, region) is split over up to 8 rows, one per `slot`, and read as their sum: each
 * transaction adds to its own slot (its transaction id modulo 8, migration 0030), so writers
 * of the same cell at the same time (today's orders and refunds) seldom wait for each other's commit. The
 * retention job folds a past day's slots into slot 0.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    day: date('day').notNull(),
    type: text('type').notNull(),
    /** Copied by the triggers from orders.delivery_region (whose CHECK keeps the values). */
    deliveryRegion: text('delivery_region', { enum: DELIVERY_REGIONS }).notNull(),
    slot: smallint('slot').notNull().default(0),
    items: integer('items').notNull().default(0),
    gross: bigint('gross', { mode: 'number' }).notNull().default(0),
    refunds: bigint('refunds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'sales_daily_pkey', columns: [t.day, t.type, t.deliveryRegion, t.slot] })],
);

/** Orders (with at least one item) placed per London day, kept by the same triggers. */
/**
 * Open items assigned to a user, counted by state and the three flags of a state group, kept by the triggers
 * of migration 0024 as order items change. Orderer stats and a queue's header read these few rows instead
 * of every open item (docs/performance.md). Rows whose count fell to 0 stay until the retention job
 * removes them.
 */
export const openItemCounts = pgTable(
  'open_item_counts',
  {
    userId: integer('user_id').notNull(),
    /** Copied by the triggers from order_items.current_state (whose CHECK keeps the values). */
    currentState: text('current_state', { enum: STATES }).notNull(),
    isEscalated: boolean('is_escalated').notNull(),
    isOnHold: boolean('is_on_hold').notNull(),
    waitingCustomerResponse: boolean('waiting_customer_response').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'open_item_counts_pkey',
      columns: [t.userId, t.currentState, t.isEscalated, t.isOnHold, t.waitingCustomerResponse],
    }),
  ],
);

/**
 * The same open items counted by despatch-by day ('infinity' when there is none), for "overdue": the sum
 * over the days before today. One row per user and day, whatever the backlog.
 */
export const openItemDueCounts = pgTable(
  'open_item_due_counts',
  {
    userId: integer('user_id').notNull(),
    despatchDueOn: date('despatch_due_on').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ name: 'open_item_due_counts_pkey', columns: [t.userId, t.despatchDueOn] })],
);

/**
 * Every surname and first name of an orderable's first person (`orderables.surname_a`, `firstname_a`)
 * written, once each, in lower case: the words an advanced search's name fragment is matched against (a trigram index over a
 * few thousand words instead of a million orderables), before the matching names are looked up in the
 * orderables' own btree (migration 0029, services/search/search.ts). Kept by triggers as orderables are
 * written; a word no orderable holds any more stays and matches nothing.
 */
export const nameASurnames = pgTable('name_a_surnames', { word: text('word').primaryKey() });
export const nameAFirstnames = pgTable('name_a_firstnames', { word: text('word').primaryKey() });

export const salesDailyOrders = pgTable('sales_daily_orders', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull().default(0),
});

export const fcoBatches = pgTable(
  'fco_batches',
  {
    id: id(),
    ref: text('ref').notNull().unique(),
    state: text('state', { enum: FCO_BATCH_STATES }).notNull(),
    fcoReference: text('fco_reference').notNull(),
    fcoCost: integer('fco_cost').notNull(),
    despatchedOn: date('despatched_on'),
    despatchCost: integer('despatch_cost'),
    despatchReference: text('despatch_reference'),
    receivedOn: date('received_on'),
    createdById: integer('created_by_id').references(() => users.id),
    lockVersion: integer('lock_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('fco_batches_state_idx').on(t.state),
    check('fco_batches_state_check', oneOf(t.state, FCO_BATCH_STATES)),
    notNegative('fco_batches', t.fcoCost),
    notNegative('fco_batches', t.despatchCost),
    notNegative('fco_batches', t.lockVersion),
  ],
);

// ---------------------------------------------------------------- customers talking to us

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    /** The customer's address: one thread per customer (a new message joins their latest thread). */
    email: text('email').notNull(),
    name: text('name'),
    subject: text('subject'),
    /** Sanitised HTML of the customer's latest message (the inbox preview; the thread is in conversation_messages). */
    content: text('content').notNull(),
    active: boolean('active').notNull().default(true),
    orderRef: text('order_ref'),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** The member of staff looking after the thread (null: unassigned). */
    assigneeId: integer('assignee_id').references(() => users.id),
    /** Moves on with every message in or out: a reply that stays in the inbox must name the one it read. */
    lockVersion: integer('lock_version').notNull().default(0),
    /** When the customer last wrote or we last replied: the inbox's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Snoozed out of the inbox until then (null: not snoozed). The snooze job clears it when it is due, which
     * brings the thread back and notifies the assignee (services/conversations/inbox.ts).
     */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** Who snoozed it last: told when it comes back if nobody is assigned. */
    snoozedById: integer('snoozed_by_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conversations_active_last_message_idx').on(t.active, t.lastMessageAt),
    index('conversations_email_lower_idx').on(sql`lower(${t.email})`, t.lastMessageAt),
    index('conversations_assignee_idx').on(t.assigneeId, t.active),
    // The inbox's folders (issue 49): Inbox and Unassigned read the first, Mine the second, Snoozed and the
    // snooze job the third; Archived reads conversations_active_last_message_idx.
    index('conversations_inbox_idx')
      .on(t.lastMessageAt, t.id)
      .where(sql`${t.active} AND ${t.snoozedUntil} IS NULL`),
    index('conversations_inbox_assignee_idx')
      .on(t.assigneeId, t.lastMessageAt, t.id)
      .where(sql`${t.active} AND ${t.snoozedUntil} IS NULL`),
    index('conversations_snoozed_idx').on(t.snoozedUntil, t.id).where(sql`${t.snoozedUntil} IS NOT NULL`),
  ],
);

/** The customer's messages of a thread, oldest first. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    subject: text('subject'),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    orderRef: text('order_ref'),
    /** The item this message reached (storefront, by the sender's own order) or was transferred to. */
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** When staff transferred it to orderItemId (once only: it became that item's customer reply). */
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    /** Makes a repeated storefront message one message (the shop's message id, or a content hash). */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('conversation_messages_dedupe_key_idx').on(t.dedupeKey),
  ],
);

export const conversationReplies = pgTable('conversation_replies', {
  id: id(),
  conversationId: integer('conversation_id')
    .notNull()
    .references(() => conversations.id),
  userId: integer('user_id').references(() => users.id),
  content: text('content').notNull(),
  createdAt: createdAt(),
});

/** Staff-only notes on a thread: never e-mailed. */
export const conversationNotes = pgTable(
  'conversation_notes',
  {
    id: id(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_notes_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** Replies kept by admins for everyone to insert, with {{placeholders}}. */
export const cannedReplies = pgTable('canned_replies', {
  id: id(),
  title: text('title').notNull().unique(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const carts = pgTable(
  'carts',
  {
    id: id(),
    ref: text('ref').notNull().unique(),
    email: text('email').notNull(),
    billingAddressId: integer('billing_address_id')
      .notNull()
      .references(() => addresses.id),
    items: jsonb('items').$type<StorefrontCart['cart']['items']>().notNull(),
    totalInPence: integer('total_in_pence').notNull(),
    state: text('state', { enum: CART_STATES }).notNull().default('unpaid'),
    customerNotified: boolean('customer_notified').notNull().default(false),
    closedById: integer('closed_by_id').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('carts_state_idx').on(t.state, t.createdAt),
    check('carts_state_check', oneOf(t.state, CART_STATES)),
    notNegative('carts', t.totalInPence),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** The conversation it is about (a thread back from its snooze): the bell opens it. */
    conversationId: integer('conversation_id').references(() => conversations.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    // The retention job's walk over read notifications, oldest first (server/jobs/retention.ts).
    index('notifications_read_retention_idx').on(t.createdAt).where(sql`${t.readAt} IS NOT NULL`),
  ],
);

/** One thing an undo puts back (services/undo/undo.ts), with what it must still be for the undo to go ahead. */
export type UndoTarget =
  | {
      type: 'order_item';
      id: number;
      ref: string;
      /** The item's lock_version right after the act: any other value means it changed since (409). */
      lockVersion: number;
      /** The columns the act changed, as they were before it. */
      before: ItemBefore;
      /** The notifications the act recorded ("assigned to you"), removed if still unread. */
      notificationIds: number[];
    }
  | {
      type: 'conversation';
      id: number;
      /** The thread's lock_version and updated_at right after it was archived: what "unchanged since" means. */
      lockVersion: number;
      updatedAt: string;
      /** The snooze archiving ended, put back if it is still ahead. */
      snoozedUntil: string | null;
    };

/**
 * Undo offers (issue 49, docs/decisions/undo.md): a reversible change answers a random token, of which only the
 * SHA-256 is kept here with who made the change, what it changed and how each target was left. A token works
 * once (`undone_at`, set under the row's lock) and until `expires_at`; the retention job deletes old offers.
 */
export const undoActions = pgTable(
  'undo_actions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UNDO_KINDS }).notNull(),
    targets: jsonb('targets').$type<UndoTarget[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('undo_actions_token_hash_idx').on(t.tokenHash),
    index('undo_actions_expires_idx').on(t.expiresAt),
    check('undo_actions_kind_check', oneOf(t.kind, UNDO_KINDS)),
  ],
);

/**
 * Saved views (issue 18): a user's named lists, a screen path and its URL query, in the navigation in
 * `position` order. Names are unique per user; deleting the user deletes their views. A shared one (issue 49)
 * shows to everyone.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    query: text('query').notNull().default(''),
    position: integer('position').notNull(),
    /** Shared with the team (issue 49): everyone sees it; its owner or an administrator may change it. */
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('saved_views_user_name_idx').on(t.userId, t.name)],
);

/** Transactional outbox: every e-mail is written here in the same transaction as the action. */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** The HTML alternative, when the message has one (shown to staff in a sandboxed frame). */
    htmlBody: text('html_body'),
    attachmentIds: jsonb('attachment_ids').$type<number[]>(),
    messageId: text('message_id').notNull().unique(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** The message this one is a copy of, when an admin resent it (docs/decisions/notifications-and-outbox.md). */
    resentFromId: integer('resent_from_id').references((): AnyPgColumn => outbox.id, {
      onDelete: 'set null',
    }),
    /** The key of the resend click that made this copy: a repeated click finds the copy instead of a second one. */
    resendKey: text('resend_key').unique(),
    /**
     * The token of its Reply-To plus-address (orders+<token>@…): a customer's answer names what it is about
     * (docs/decisions/inbound-mail.md). Null on rows written before inbound mail.
     */
    replyToken: text('reply_token').unique(),
    /** The conversation this e-mail answers, when it is a reply from the inbox. */
    conversationId: integer('conversation_id').references((): AnyPgColumn => conversations.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_resent_from_idx').on(t.resentFromId),
    // The outbox viewer's newest-first list and its date-range filter.
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The retention job's walk over delivered e-mail, oldest first (server/jobs/retention.ts).
    index('outbox_sent_retention_idx').on(t.sentAt).where(sql`${t.status} = 'sent'`),
    check('outbox_status_check', oneOf(t.status, OUTBOX_STATUSES)),
    notNegative('outbox', t.attempts),
  ],
);

/**
 * Every e-mail read from the mailbox (IMAP or DATA_DIR/inbox), once: the unique Message-ID is what makes a
 * message delivered twice, read by two instances or read again after a restart one row
 * (docs/decisions/inbound-mail.md). What became of it: a customer message of a conversation, an auto-reply
 * kept out of the inbox, or a bounce of one of our e-mails.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: id(),
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject'),
    outcome: text('outcome', { enum: INBOUND_OUTCOMES }).notNull(),
    /** How it found its conversation: token, in_reply_to, sender or new (null for auto-replies and bounces). */
    matchedBy: text('matched_by', { enum: INBOUND_MATCHES }),
    conversationId: integer('conversation_id').references(() => conversations.id),
    conversationMessageId: integer('conversation_message_id').references(() => conversationMessages.id),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    /** Our e-mail a bounce reports on. */
    bouncedOutboxId: integer('bounced_outbox_id').references(() => outbox.id),
    /** Files that did not become uploads (not PDF, JPEG or PNG, or not about an item): listed, never served. */
    files: jsonb('files').$type<InboundFile[]>().notNull().default([]),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_message_id_idx').on(t.messageId),
    index('inbound_messages_conversation_message_idx').on(t.conversationMessageId),
    index('inbound_messages_conversation_idx').on(t.conversationId),
    index('inbound_messages_order_item_idx').on(t.orderItemId),
    index('inbound_messages_bounced_outbox_idx').on(t.bouncedOutboxId),
    check('inbound_messages_outcome_check', oneOf(t.outcome, INBOUND_OUTCOMES)),
    check('inbound_messages_matched_by_check', oneOf(t.matchedBy, INBOUND_MATCHES)),
    notNegative('inbound_messages', t.byteSize),
  ],
);

// ---------------------------------------------------------------- webhooks (issue 48)

/**
 * Where the shops want to hear of changes: a receiver's URL, the events it subscribes to, and the secret that
 * signs each delivery (Standard Webhooks). The secret must be kept as it is to sign with; it is shown to an
 * admin once, when made. After a rotation the previous one signs as well until it expires.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull().$type<WebhookEventType[]>(),
  enabled: boolean('enabled').notNull().default(true),
  secret: text('secret').notNull(),
  previousSecret: text('previous_secret'),
  previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
  /** The first failed attempt since the last success; null after a success. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /** When it was marked failing and the admins told; null again after a success. */
  failingNotifiedAt: timestamp('failing_notified_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One change a shop may hear of, written in the same transaction as the change, and only when an enabled
 * endpoint subscribes to its type (services/webhooks/events.ts). `payload` is the exact body every attempt
 * sends and signs; `message_id` its `webhook-id`.
 */
export const webhookEvents = pgTable('webhook_events', {
  id: id(),
  type: text('type').notNull(),
  messageId: text('message_id').notNull().unique(),
  /** The events of one key (an order item's ref) reach each endpoint in the order they happened. */
  orderingKey: text('ordering_key').notNull(),
  payload: text('payload').notNull(),
  createdAt: createdAt(),
});

/**
 * One event to one endpoint: pending until delivered, tried with backoff until `expires_at`, then failed (an
 * admin replays it). Claimed with FOR UPDATE SKIP LOCKED and leased while `sending`, like the outbox.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    orderingKey: text('ordering_key').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's claim: what is due, oldest first.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    // The claim's ordering check: an earlier delivery of the same key to the same endpoint still open.
    index('webhook_deliveries_open_key_idx')
      .on(t.endpointId, t.orderingKey, t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    // The delivery log, newest first, and its status filter (replay all failed).
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_endpoint_status_idx').on(t.endpointId, t.status, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    notNegative('webhook_deliveries', t.attempts),
  ],
);

/** Every try of a delivery, for the log: when, the answer's status, how long it took, its first 2 KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['delivered', 'failed'] }).notNull(),
    responseStatus: integer('response_status'),
    latencyMs: integer('latency_ms').notNull(),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id),
    check('webhook_attempts_outcome_check', oneOf(t.outcome, ['delivered', 'failed'])),
    notNegative('webhook_attempts', t.latencyMs),
  ],
);

// ---------------------------------------------------------------- reference content

const referenceColumns = () => ({
  id: id(),
  name: text('name').notNull(),
  details: text('details').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const registries = pgTable('registries', referenceColumns());
export const embassies = pgTable('embassies', referenceColumns());
export const councils = pgTable('councils', referenceColumns());
export const parishes = pgTable('parishes', referenceColumns());
export const courts = pgTable('courts', referenceColumns());

/** The managed list an article's category is picked from, in the order the sites show it. */
export const articleCategories = pgTable(
  'article_categories',
  {
    id: id(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('article_categories_name_lower_idx').on(sql`lower(${t.name})`)],
);

export const articles = pgTable(
  'articles',
  {
    id: id(),
    certificateType: text('certificate_type').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    // restrict: a category in use cannot be deleted (the service refuses it first, with the count).
    categoryId: integer('category_id')
      .notNull()
      .references(() => articleCategories.id, { onDelete: 'restrict' }),
    site: text('site').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('articles_category_idx').on(t.categoryId)],
);

export const faqCategories = pgTable('faq_categories', {
  id: id(),
  site: text('site').notNull(),
  title: text('title').notNull(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export const faqs = pgTable(
  'faqs',
  {
    id: id(),
    faqCategoryId: integer('faq_category_id')
      .notNull()
      .references(() => faqCategories.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('faqs_category_idx').on(t.faqCategoryId, t.position)],
);

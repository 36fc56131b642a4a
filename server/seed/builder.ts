/**
 * Builds the demo data set in memory through the same domain rules the services use (the storefront schema and
 * price list for orders, the workflow state machine for every action), then writes it with a few multi-row
 * INSERTs in the caller's transaction. Calling the services row by row took ~80 s on file-backed PGlite (each
 * action is its own transaction and round trips); this writes the same rows in well under a second.
 *
 * What each step records mirrors the service that would have run it: ingestOrder (orders, addresses,
 * orderables, items), runItemAction's writeOutcome (item patch, lock_version, timeline event, comments,
 * refunds, GRO order, despatch, outbox e-mail, notifications) and the FCO batch service (batch row, its
 * items moved by the workflow). Ids are assigned here, so the writer sets each identity sequence afterwards.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { StorefrontOrderSchema } from '../../domain/contract/storefront';
import { londonToday } from '../../domain/format';
import { despatchDueOn } from '../../domain/turnaround';
import { decide } from '../../domain/workflow/decide';
import type { Actor, WorkflowAction, WorkItem } from '../../domain/workflow/types';
import type { Tx } from '../db/client';
import {
  addresses,
  comments,
  despatches,
  fcoBatches,
  groOrders,
  notifications,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  outbox,
  refunds,
  users,
} from '../db/schema';
import { composeEmail } from '../mail/compose';
import {
  addressRow,
  type OrderInput,
  orderableValues,
  orderValues,
  priceItem,
} from '../services/orders/ingest-order';

type Row<T extends PgTable> = T['$inferInsert'] & { id: number };
type UserRow = Row<typeof users>;
type OrderRow = Row<typeof orders>;
type OrderableRow = Row<typeof orderables>;
type ItemRow = Row<typeof orderItems>;

interface HeldItem {
  item: ItemRow;
  orderable: OrderableRow;
  order: OrderRow;
  groDestination: string | null;
}

/** A workflow action the state machine refused: the seed's script is wrong, so seeding stops. */
export class SeedScriptError extends Error {}

/**
 * How many of each user's newest notifications the demo leaves unread: a handful (3 to 8, varying by user), as a
 * team working through its bell would leave it; the older ones are read an hour after they came.
 */
const unreadKeptFor = (userId: number) => 3 + ((userId * 2) % 6);
const READ_AN_HOUR_LATER_MS = 3_600_000;
/** The stand-in for the customer's reviewed documents of a demo item (no row: the demo stores no files). */
const REVIEWED_DEMO_DOCUMENT = { id: 0, selected: false, approved: true } as const;

export class DemoBuilder {
  readonly users: UserRow[] = [];
  readonly addresses: Row<typeof addresses>[] = [];
  readonly orders: OrderRow[] = [];
  readonly orderables: OrderableRow[] = [];
  readonly items: ItemRow[] = [];
  readonly events: Row<typeof orderItemEvents>[] = [];
  readonly comments: Row<typeof comments>[] = [];
  readonly refunds: Row<typeof refunds>[] = [];
  readonly groOrders: Row<typeof groOrders>[] = [];
  readonly despatches: Row<typeof despatches>[] = [];
  readonly outbox: Row<typeof outbox>[] = [];
  readonly notifications: Row<typeof notifications>[] = [];
  readonly fcoBatches: Row<typeof fcoBatches>[] = [];
  private readonly byRef = new Map<string, HeldItem>();
  private readonly byId = new Map<number, HeldItem>();

  /** `now` is when the seed runs: e-mails and notifications older than it are treated as handled. */
  constructor(private readonly now: Date) {}

  addUser(user: Omit<UserRow, 'id'>): number {
    const id = this.users.length + 1;
    this.users.push({ ...user, id });
    return id;
  }

  /** An order as ingestOrder stores it: parsed by the storefront schema, items priced, unassigned. */
  placeOrder(input: OrderInput): string[] {
    const o = StorefrontOrderSchema.parse(input).order;
    const placedAt = new Date(o.placed_at);
    const addressId = (a: NonNullable<typeof o.shipping_address>) => {
      const id = this.addresses.length + 1;
      this.addresses.push({ id, ...addressRow(a) });
      return id;
    };
    const billingAddressId = addressId(o.billing_address);
    const shippingAddressId = o.shipping_address ? addressId(o.shipping_address) : null;
    const order: OrderRow = {
      id: this.orders.length + 1,
      ...orderValues(o, placedAt, billingAddressId, shippingAddressId),
      createdAt: placedAt,
    };
    this.orders.push(order);
    return o.items.map((item, index) => {
      const position = index + 1;
      // Priced and stored exactly as the storefront ingestion does (one definition, ingest-order.ts).
      const subtotal = priceItem(item, index, o.delivery_region);
      if (typeof subtotal !== 'number') throw new Error(`demo order ${o.ref}: ${subtotal.message}`);
      const orderable: OrderableRow = { id: this.orderables.length + 1, ...orderableValues(item, subtotal) };
      this.orderables.push(orderable);
      const row: ItemRow = {
        id: this.items.length + 1,
        ref: `${o.ref}-${position}`,
        orderId: order.id,
        position,
        type: item.type,
        orderableType: item.orderable_type,
        orderableId: orderable.id,
        currentState: 'unassigned',
        userId: null,
        isEscalated: false,
        isOnHold: false,
        waitingCustomerResponse: false,
        flagged: false,
        netValue: item.net_value,
        approved: false,
        isReorder: false,
        stateBeforeEscalation: null,
        stateBeforeUpdate: null,
        pendingUpdate: null,
        fcoBatchId: null,
        originalReceivedOn: null,
        despatchDueOn: despatchDueOn(placedAt, item.orderable_type, item.orderable.service_level ?? null),
        nextReminderAt: null,
        onHoldUntil: null,
        lockVersion: 0,
        createdAt: placedAt,
        updatedAt: placedAt,
      };
      this.items.push(row);
      const held = { item: row, orderable, order, groDestination: null };
      this.byRef.set(row.ref, held);
      this.byId.set(row.id, held);
      return row.ref;
    });
  }

  idOf(ref: string): number {
    return this.held(ref).item.id;
  }

  private held(key: string | number): HeldItem {
    const held = typeof key === 'number' ? this.byId.get(key) : this.byRef.get(key);
    if (!held) throw new SeedScriptError(`No demo item ${key}.`);
    return held;
  }

  /** The state machine's view of an item, as run-action's toWorkItem builds it. */
  private workItem({ item, orderable: o, order, groDestination }: HeldItem): WorkItem {
    return {
      id: item.id,
      ref: item.ref,
      type: item.type,
      orderableType: item.orderableType,
      currentState: item.currentState,
      userId: item.userId ?? null,
      isEscalated: item.isEscalated ?? false,
      isOnHold: item.isOnHold ?? false,
      waitingCustomerResponse: item.waitingCustomerResponse ?? false,
      flagged: item.flagged ?? false,
      netValue: item.netValue,
      position: item.position,
      approved: item.approved ?? false,
      isReorder: item.isReorder ?? false,
      stateBeforeEscalation: item.stateBeforeEscalation ?? null,
      stateBeforeUpdate: item.stateBeforeUpdate ?? null,
      pendingUpdate: item.pendingUpdate ?? null,
      fcoBatchId: item.fcoBatchId ?? null,
      originalReceivedOn: item.originalReceivedOn ?? null,
      nextReminderAt: item.nextReminderAt ?? null,
      onHoldUntil: item.onHoldUntil ?? null,
      deliveryRegion: order.deliveryRegion,
      groDestination,
      orderable: {
        type: o.type,
        serviceLevel: o.serviceLevel ?? null,
        pages: o.pages ?? null,
        copies: o.copies ?? 1,
        apostilleCopies: o.apostilleCopies ?? 0,
        apostilleCountry: o.apostilleCountry ?? null,
        scanSend: o.scanSend ?? false,
        despatchBy: o.despatchBy ?? 'standard',
        subtotalInPence: o.subtotalInPence ?? 0,
        documentsByPost: o.documentsByPost ?? false,
      },
      // The demo stores no files; an item in review is taken to hold the customer's documents, already
      // looked at, so approve_documents (which needs a file) works (docs/decisions/document-review.md).
      attachments: item.currentState === 'review_documents' ? [REVIEWED_DEMO_DOCUMENT] : [],
    };
  }

  /** Runs one workflow action as runItemAction would, recording everything its transaction writes. */
  act(key: string | number, action: WorkflowAction, actor: Actor, now: Date): void {
    const held = this.held(key);
    const { item, orderable, order } = held;
    const outcome = decide(this.workItem(held), action, actor, now);
    if (!outcome.ok) throw new SeedScriptError(`${item.ref} ${action.type}: ${outcome.message}`);
    const userId = actor.kind === 'user' ? actor.id : null;
    const { orderable: orderablePatch, ...patch } = outcome.patch;
    Object.assign(item, patch, { lockVersion: (item.lockVersion ?? 0) + 1, updatedAt: now });
    if (orderablePatch) Object.assign(orderable, orderablePatch);
    const orderItemId = item.id;
    for (const e of outcome.events)
      this.events.push({ id: this.events.length + 1, orderItemId, userId, ...e, createdAt: now });
    for (const c of outcome.comments)
      this.comments.push({ id: this.comments.length + 1, orderItemId, userId, ...c, createdAt: now });
    for (const r of outcome.refunds)
      this.refunds.push({ id: this.refunds.length + 1, orderItemId, userId, ...r, createdAt: now });
    if (outcome.groOrder) {
      this.groOrders.push({
        id: this.groOrders.length + 1,
        orderItemId,
        ...outcome.groOrder,
        userId,
        createdAt: now,
      });
      held.groDestination = outcome.groOrder.destination;
    }
    if (outcome.despatch)
      this.despatches.push({
        id: this.despatches.length + 1,
        orderItemId,
        ...outcome.despatch,
        userId,
        createdAt: now,
      });
    for (const email of outcome.emails) {
      const id = this.outbox.length + 1;
      // Laid out by its template as the service's outboxRow does, and sent long ago, as the outbox worker would
      // have done a moment after the action.
      const composed = composeEmail(email.kind, {
        subject: email.subject,
        text: email.text,
        customerName: this.addresses.find((a) => a.id === order.billingAddressId)?.name,
        reference: item.ref,
      });
      this.outbox.push({
        id,
        kind: email.kind,
        toAddress: order.email,
        subject: email.subject,
        textBody: composed.text,
        htmlBody: composed.html,
        orderItemId,
        attachmentIds: email.attachmentIds && email.attachmentIds.length > 0 ? email.attachmentIds : null,
        messageId: `<${email.kind}.${now.getTime().toString(36)}.demo${id}@ukds.back-office>`,
        status: 'sent',
        attempts: 1,
        nextAttemptAt: now,
        sentAt: now,
        createdAt: now,
      });
    }
    for (const n of outcome.notifications) {
      const recipients =
        n.to === 'admins'
          ? this.users.filter((u) => u.role === 'admin' && u.active !== false).map((u) => u.id)
          : [n.to];
      for (const recipient of recipients) {
        if (recipient === userId) continue;
        this.notifications.push({
          id: this.notifications.length + 1,
          userId: recipient,
          kind: n.kind,
          message: n.message,
          orderItemId,
          readAt: null,
          createdAt: now,
        });
      }
    }
  }

  /** createFcoBatch: a batch pending despatch holding the items, each moved by add_to_fco_batch. */
  createFcoBatch(
    refs: string[],
    input: { fcoReference: string; fcoCost: number },
    actor: Extract<Actor, { kind: 'user' }>,
    now: Date,
  ): number {
    const id = this.fcoBatches.length + 1;
    this.fcoBatches.push({
      id,
      ref: `FCO-${String(id).padStart(6, '0')}`,
      state: 'pending_despatch',
      fcoReference: input.fcoReference,
      fcoCost: input.fcoCost,
      createdById: actor.id,
      lockVersion: 0,
      createdAt: now,
    });
    const ids = [...new Set(refs.map((r) => this.idOf(r)))].sort((a, b) => a - b);
    for (const itemId of ids) this.act(itemId, { type: 'add_to_fco_batch', batchId: id }, actor, now);
    return id;
  }

  /** despatchFcoBatch: pending_despatch → waiting_fco, its items moved by fco_batch_despatched. */
  despatchFcoBatch(
    batchId: number,
    input: { despatchCost: number; despatchReference: string },
    actor: Extract<Actor, { kind: 'user' }>,
    now: Date,
  ): void {
    const batch = this.fcoBatches[batchId - 1];
    if (batch?.state !== 'pending_despatch')
      throw new SeedScriptError(`FCO batch ${batchId} is not pending.`);
    Object.assign(batch, {
      state: 'waiting_fco',
      despatchedOn: londonToday(now),
      despatchCost: input.despatchCost,
      despatchReference: input.despatchReference,
      lockVersion: (batch.lockVersion ?? 0) + 1,
    });
    for (const item of this.items.filter((i) => i.fcoBatchId === batchId))
      this.act(item.id, { type: 'fco_batch_despatched' }, actor, now);
  }

  /** How many rows the writer inserts, for the progress line. */
  get rowCount(): number {
    return this.tables().reduce((n, [, rows]) => n + rows.length, 0);
  }

  /** Leaves each user's newest few notifications unread and marks the rest read (call once, when built). */
  settleNotifications(): void {
    const newestFirst = [...this.notifications].sort(
      (a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) || b.id - a.id,
    );
    const keptSoFar = new Map<number, number>();
    for (const n of newestFirst) {
      const kept = keptSoFar.get(n.userId) ?? 0;
      if (kept < unreadKeptFor(n.userId)) {
        keptSoFar.set(n.userId, kept + 1);
        continue;
      }
      const created = n.createdAt?.getTime() ?? this.now.getTime();
      n.readAt = new Date(Math.min(created + READ_AN_HOUR_LATER_MS, this.now.getTime()));
    }
  }

  /** The tables in foreign-key order with their rows. */
  private tables(): [PgTable, { id: number }[]][] {
    return [
      [users, this.users],
      [addresses, this.addresses],
      [orders, this.orders],
      [orderables, this.orderables],
      [fcoBatches, this.fcoBatches],
      [orderItems, this.items],
      [orderItemEvents, this.events],
      [comments, this.comments],
      [refunds, this.refunds],
      [groOrders, this.groOrders],
      [despatches, this.despatches],
      [outbox, this.outbox],
      [notifications, this.notifications],
    ];
  }

  /**
   * Writes every row with multi-row INSERTs (chunked under PostgreSQL's 65,535 parameters) in the caller's
   * transaction, then moves each identity sequence past the ids used here so later inserts do not collide.
   */
  async write(tx: Tx, onRows: (written: number) => void = () => {}): Promise<void> {
    const CHUNK = 1000;
    let written = 0;
    for (const [table, rows] of this.tables()) {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const chunk = rows.slice(i, i + CHUNK);
        await tx.insert(table).values(chunk);
        written += chunk.length;
        onRows(written);
      }
      if (rows.length > 0) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${getTableName(table)}, 'id'), ${rows.length}::bigint, true)`,
        );
      }
    }
  }
}

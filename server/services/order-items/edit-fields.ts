/**
 * Inline edits on the order page (PUT /order_items/{ref}, Rails-style nested `*_attributes`): one field of
 * the order, the orderable, the billing or the shipping address per save; a shipping address added whole
 * (no id) or removed (`_destroy: true`). Each is recorded on the timeline of every item of the order it
 * touches. Priced attributes (copies, service level, ...) change only through Modify Order, and so does a
 * delivery region that changes a price, so the price and the customer's payment stay consistent.
 */

import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CountryCodeSchema, LanguageCodeSchema } from '../../../domain/contract/codes';
import { EmailSchema, EventDateSchema } from '../../../domain/contract/common';
import { AddressInputSchema } from '../../../domain/contract/order-item-actions';
import { DELIVERY_REGIONS, type DeliveryRegion, priceOf } from '../../../domain/pricing';
import { isFinalState } from '../../../domain/states';
import { permissionRefusal } from '../../../domain/workflow/decide';
import type { Actor } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { addresses, orderables, orderItemEvents, orderItems, orders } from '../../db/schema';
import { AppError, invalidInput } from '../../errors';
import { publishChange } from '../live/publish';
import { addressRow } from '../orders/ingest-order';
import type { ActionItemRow } from './read';
import { lockOrderItem, toWorkItem } from './run-action';

const name = z.string().trim().max(100).nullable();
const requiredText = (max: number) => z.string().trim().min(1, 'This field cannot be empty.').max(max);

/** An address's editable fields: wire name → [column, validation]. */
const ADDRESS_FIELDS = {
  name: ['name', requiredText(200)],
  line_1: ['line1', requiredText(200)],
  line_2: ['line2', z.string().trim().max(200).nullable()],
  city: ['city', requiredText(100)],
  state: ['state', z.string().trim().max(100).nullable()],
  zip: ['zip', requiredText(20)],
  country_code: ['countryCode', CountryCodeSchema],
} as const;

/** The editable fields of each record: wire name → [column, validation]. Every text has a maximum length. */
export const EDITABLE = {
  order_attributes: {
    email: ['email', EmailSchema],
    phone: ['phone', z.string().trim().max(40).nullable()],
    delivery_region: ['deliveryRegion', z.enum(DELIVERY_REGIONS, { error: 'Choose a delivery region.' })],
  },
  orderable_attributes: {
    firstname_a: ['firstnameA', name],
    surname_a: ['surnameA', name],
    firstname_b: ['firstnameB', name],
    surname_b: ['surnameB', name],
    firstname_c: ['firstnameC', name],
    surname_c: ['surnameC', name],
    event_date: ['eventDate', EventDateSchema.nullable()],
    event_place: ['eventPlace', z.string().trim().max(200).nullable()],
    certificate_country: ['certificateCountry', z.enum(['EW', 'NI', 'SC', 'RI', 'OS']).nullable()],
    apostille_country: ['apostilleCountry', CountryCodeSchema.nullable()],
    source_language: ['sourceLanguage', LanguageCodeSchema.nullable()],
  },
  billing_address_attributes: ADDRESS_FIELDS,
  shipping_address_attributes: ADDRESS_FIELDS,
} as const satisfies Record<string, Record<string, readonly [string, z.ZodType]>>;

type RecordKey = keyof typeof EDITABLE;
type AddressInput = z.output<typeof AddressInputSchema>;

/** What one PUT asks for. */
export type FieldEdit =
  | { kind: 'field'; record: RecordKey; id: number; field: string; value: unknown }
  | { kind: 'add_shipping'; address: AddressInput }
  | { kind: 'remove_shipping'; id: number };

const fail = (field: string, message: string) => invalidInput(message, [{ field, message }]);

/** Reads a PUT body into exactly one edit, or a 422 naming what is wrong. */
export function parseFieldEdit(body: Partial<Record<RecordKey, Record<string, unknown>>>): FieldEdit {
  const present = (Object.keys(EDITABLE) as RecordKey[]).filter((k) => body[k] !== undefined);
  if (present.length !== 1) {
    throw fail('body', `Send exactly one of ${Object.keys(EDITABLE).join(', ')}.`);
  }
  const record = present[0];
  const attrs = body[record] ?? {};
  const id = attrs.id;
  if (record === 'shipping_address_attributes' && id === undefined) {
    // No id: a new shipping address, given whole.
    const parsed = AddressInputSchema.safeParse(attrs);
    if (!parsed.success) {
      throw invalidInput(
        'Check the address.',
        parsed.error.issues.map((i) => ({ field: `${record}.${i.path.join('.')}`, message: i.message })),
      );
    }
    return { kind: 'add_shipping', address: parsed.data };
  }
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw fail(`${record}.id`, 'Send the id of the record.');
  const fields = Object.keys(attrs).filter((k) => k !== 'id');
  if (record === 'shipping_address_attributes' && fields.length === 1 && fields[0] === '_destroy') {
    if (attrs._destroy !== true) throw fail(`${record}._destroy`, 'Send _destroy: true to remove it.');
    return { kind: 'remove_shipping', id };
  }
  if (fields.length !== 1) throw fail(record, 'Change one field at a time.');
  const field = fields[0];
  if (!Object.hasOwn(EDITABLE[record], field))
    throw fail(`${record}.${field}`, 'This field cannot be edited here.');
  return { kind: 'field', record, id, field, value: attrs[field] };
}

/** A change of the order's region that changes no price applies here; one that does goes to Modify Order. */
async function checkRegionChange(tx: Tx, row: ActionItemRow, region: DeliveryRegion) {
  const work = await toWorkItem(tx, row, { siblings: true });
  const items = [
    {
      ref: work.ref,
      orderableType: work.orderableType,
      position: work.position,
      currentState: work.currentState,
      orderable: work.orderable,
    },
    ...(work.orderSiblings ?? []),
  ];
  const repriced = items.filter(
    (i) =>
      !isFinalState(i.currentState) &&
      priceOf(i.orderable, {
        orderableType: i.orderableType,
        deliveryRegion: region,
        position: i.position,
      }) !== i.orderable.subtotalInPence,
  );
  if (repriced.length > 0) {
    throw new AppError(
      'price_change',
      `The new delivery region changes the price of ${repriced.map((i) => i.ref).join(', ')}: change it through Modify Order, which prices it and asks the customer.`,
      [{ field: 'order_attributes.delivery_region', message: 'This changes the price: use Modify Order.' }],
    );
  }
}

interface Applied {
  record: RecordKey;
  field: string;
  from: unknown;
  to: unknown;
}

/** Writes one edit inside the transaction; answers what the timeline records, or null if nothing changed. */
async function applyEdit(tx: Tx, row: ActionItemRow, edit: FieldEdit): Promise<Applied | null> {
  const record = 'shipping_address_attributes';
  if (edit.kind === 'add_shipping') {
    if (row.shipping) {
      throw new AppError(
        'wrong_state',
        'The order already has a shipping address: edit it, or remove it first.',
      );
    }
    const a = edit.address;
    const [created] = await tx.insert(addresses).values(addressRow(a)).returning({ id: addresses.id });
    await tx
      .update(orders)
      .set({ shippingAddressId: created.id, hasDifferentShippingAddress: true })
      .where(eq(orders.id, row.order.id));
    return { record, field: 'address', from: null, to: a };
  }
  if (edit.kind === 'remove_shipping') {
    if (!row.shipping || row.shipping.id !== edit.id) {
      throw fail(`${record}.id`, 'That record does not belong to this order item.');
    }
    const { id: _id, ...before } = row.shipping;
    await tx
      .update(orders)
      .set({ shippingAddressId: null, hasDifferentShippingAddress: false })
      .where(eq(orders.id, row.order.id));
    await tx.delete(addresses).where(eq(addresses.id, edit.id));
    return { record, field: 'address', from: before, to: null };
  }

  const [column, schema] = (EDITABLE[edit.record] as Record<string, readonly [string, z.ZodType]>)[
    edit.field
  ];
  const parsed = schema.safeParse(
    typeof edit.value === 'string' && edit.value.trim() === '' ? null : edit.value,
  );
  if (!parsed.success)
    throw fail(`${edit.record}.${edit.field}`, parsed.error.issues[0]?.message ?? 'Invalid value.');
  const target = {
    order_attributes: { table: orders, id: row.order.id, before: row.order },
    orderable_attributes: { table: orderables, id: row.orderable.id, before: row.orderable },
    billing_address_attributes: { table: addresses, id: row.billing.id, before: row.billing },
    shipping_address_attributes: { table: addresses, id: row.shipping?.id, before: row.shipping },
  }[edit.record];
  if (target.id === undefined || target.id !== edit.id) {
    throw fail(`${edit.record}.id`, 'That record does not belong to this order item.');
  }
  const before = (target.before as Record<string, unknown> | null)?.[column] ?? null;
  // A repeat (a double click, a retry) or a save of the value shown changes nothing and records nothing.
  if (before === parsed.data) return null;
  if (edit.record === 'order_attributes' && edit.field === 'delivery_region') {
    const region = DELIVERY_REGIONS.find((r) => r === parsed.data);
    if (region) await checkRegionChange(tx, row, region);
  }
  await tx
    .update(target.table)
    .set({ [column]: parsed.data })
    .where(eq(target.table.id, target.id));
  return { record: edit.record, field: edit.field, from: before, to: parsed.data };
}

/**
 * Applies one edit in a transaction. The orderable belongs to this item alone; the order and its addresses
 * to every item of the order, so those edits move every item's lock_version and land on every timeline.
 * Answers the item id.
 */
export async function editOrderItemField(
  db: Db,
  key: string,
  edit: FieldEdit,
  actor: Actor,
  lockVersion?: number,
): Promise<number> {
  return transaction(db, async (tx) => {
    const row = await lockOrderItem(tx, key);
    const refusal = permissionRefusal(row.item, 'request_update', actor);
    if (refusal) throw new AppError('forbidden', refusal.message);
    if (lockVersion !== undefined && lockVersion !== row.item.lockVersion) {
      throw new AppError('stale', 'Someone else changed this order item since you opened it.');
    }
    const applied = await applyEdit(tx, row, edit);
    if (!applied) return row.item.id;
    const userId = actor.kind === 'user' ? actor.id : null;
    const now = new Date();
    const touched =
      applied.record === 'orderable_attributes'
        ? [row.item]
        : [
            row.item,
            ...(await tx
              .select()
              .from(orderItems)
              .where(and(eq(orderItems.orderId, row.order.id), ne(orderItems.id, row.item.id)))
              .for('update')),
          ];
    for (const item of touched) {
      await tx.insert(orderItemEvents).values({
        orderItemId: item.id,
        userId,
        action: 'edit_field',
        fromState: item.currentState,
        toState: item.currentState,
        payload: {
          record: applied.record,
          field: applied.field,
          from: applied.from,
          to: applied.to,
          ...(item.id === row.item.id ? {} : { via: row.item.ref }),
        },
        createdAt: now,
      });
      await tx
        .update(orderItems)
        .set({ lockVersion: sql`${orderItems.lockVersion} + 1`, updatedAt: now })
        .where(eq(orderItems.id, item.id));
      await publishChange(tx, { topic: 'order_item', id: item.ref });
    }
    return row.item.id;
  });
}

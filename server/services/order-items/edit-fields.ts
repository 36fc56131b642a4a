/**
 * Inline edits on the order page: one field of the order, the orderable or the shipping address per save,
 * each recorded on the timeline. Priced attributes (copies, service level, ...) change only through
 * Modify Order, so the price and the customer's payment stay consistent.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema, IsoDateSchema } from '../../../domain/contract/common';
import { isCountryCode, isLanguageCode } from '../../../domain/options';
import { permissionRefusal } from '../../../domain/workflow/decide';
import type { Actor } from '../../../domain/workflow/types';
import type { Db } from '../../db/client';
import { addresses, orderables, orderItemEvents, orderItems, orders } from '../../db/schema';
import { AppError, invalidInput } from '../../errors';
import { publishChange } from '../../live/publish';
import { lockOrderItem } from './run-action';

const name = z.string().trim().max(100).nullable();
const requiredText = (max: number) => z.string().trim().min(1, 'This field cannot be empty.').max(max);

/** The editable fields of each record: wire name → [column, validation]. Every text has a maximum length. */
export const EDITABLE = {
  order_attributes: {
    email: ['email', EmailSchema],
    phone: ['phone', z.string().trim().max(40).nullable()],
  },
  orderable_attributes: {
    firstname_a: ['firstnameA', name],
    surname_a: ['surnameA', name],
    firstname_b: ['firstnameB', name],
    surname_b: ['surnameB', name],
    firstname_c: ['firstnameC', name],
    surname_c: ['surnameC', name],
    event_date: ['eventDate', IsoDateSchema.nullable()],
    event_place: ['eventPlace', z.string().trim().max(200).nullable()],
    certificate_country: ['certificateCountry', z.enum(['EW', 'NI', 'SC', 'RI', 'OS']).nullable()],
    apostille_country: [
      'apostilleCountry',
      z.string().max(2).refine(isCountryCode, 'Choose a country from the list.').nullable(),
    ],
    source_language: [
      'sourceLanguage',
      z.string().max(2).refine(isLanguageCode, 'Choose a language from the list.').nullable(),
    ],
  },
  shipping_address_attributes: {
    name: ['name', requiredText(200)],
    line_1: ['line1', requiredText(200)],
    line_2: ['line2', z.string().trim().max(200).nullable()],
    city: ['city', requiredText(100)],
    state: ['state', z.string().trim().max(100).nullable()],
    zip: ['zip', requiredText(20)],
    country_code: ['countryCode', z.string().max(2).refine(isCountryCode, 'Choose a country from the list.')],
  },
} as const satisfies Record<string, Record<string, readonly [string, z.ZodType]>>;

type RecordKey = keyof typeof EDITABLE;

export interface FieldEdit {
  record: RecordKey;
  id: number;
  field: string;
  value: unknown;
}

const fail = (field: string, message: string) => invalidInput(message, [{ field, message }]);

/** Reads a PUT body into exactly one edit, or a 422 naming what is wrong. */
export function parseFieldEdit(body: Partial<Record<RecordKey, Record<string, unknown>>>): FieldEdit {
  const present = (Object.keys(EDITABLE) as RecordKey[]).filter((k) => body[k] !== undefined);
  if (present.length !== 1) {
    throw fail(
      'body',
      'Send exactly one of order_attributes, orderable_attributes, shipping_address_attributes.',
    );
  }
  const record = present[0];
  const attrs = body[record] ?? {};
  const id = attrs.id;
  if (typeof id !== 'number' || !Number.isInteger(id))
    throw fail(`${record}.id`, 'Send the id of the record.');
  const fields = Object.keys(attrs).filter((k) => k !== 'id');
  if (fields.length !== 1) throw fail(record, 'Change one field at a time.');
  const field = fields[0];
  if (!Object.hasOwn(EDITABLE[record], field))
    throw fail(`${record}.${field}`, 'This field cannot be edited here.');
  return { record, id, field, value: attrs[field] };
}

/** Applies one field edit in a transaction, with an event; answers the item id. */
export async function editOrderItemField(
  db: Db,
  key: string,
  edit: FieldEdit,
  actor: Actor,
  lockVersion?: number,
): Promise<number> {
  const [column, schema] = (EDITABLE[edit.record] as Record<string, readonly [string, z.ZodType]>)[
    edit.field
  ];
  const parsed = schema.safeParse(
    typeof edit.value === 'string' && edit.value.trim() === '' ? null : edit.value,
  );
  if (!parsed.success)
    throw fail(`${edit.record}.${edit.field}`, parsed.error.issues[0]?.message ?? 'Invalid value.');
  return db.transaction(async (tx) => {
    const row = await lockOrderItem(tx, key);
    const refusal = permissionRefusal(row.item, 'request_update', actor);
    if (refusal) throw new AppError('forbidden', refusal.message);
    if (lockVersion !== undefined && lockVersion !== row.item.lockVersion) {
      throw new AppError('stale', 'Someone else changed this order item since you opened it.');
    }
    const target = {
      order_attributes: { table: orders, id: row.order.id, before: row.order },
      orderable_attributes: { table: orderables, id: row.orderable.id, before: row.orderable },
      shipping_address_attributes: { table: addresses, id: row.shipping?.id, before: row.shipping },
    }[edit.record];
    if (target.id === undefined || target.id !== edit.id) {
      throw fail(`${edit.record}.id`, 'That record does not belong to this order item.');
    }
    const before = (target.before as Record<string, unknown> | null)?.[column] ?? null;
    await tx
      .update(target.table)
      .set({ [column]: parsed.data })
      .where(eq(target.table.id, target.id));
    await tx.insert(orderItemEvents).values({
      orderItemId: row.item.id,
      userId: actor.kind === 'user' ? actor.id : null,
      action: 'edit_field',
      fromState: row.item.currentState,
      toState: row.item.currentState,
      payload: { record: edit.record, field: edit.field, from: before, to: parsed.data },
    });
    await tx
      .update(orderItems)
      .set({ lockVersion: sql`${orderItems.lockVersion} + 1`, updatedAt: new Date() })
      .where(eq(orderItems.id, row.item.id));
    await publishChange(tx, { topic: 'order_item', id: row.item.ref });
    return row.item.id;
  });
}

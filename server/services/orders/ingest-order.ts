/**
 * A paid order arriving from a storefront (PRODUCT.md section 9): idempotent on its ref, items priced by the
 * domain and starting unassigned, with their despatch-by date. The demo seed uses it too.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type StorefrontAddress,
  type StorefrontOrder,
  type StorefrontOrderItem,
  StorefrontOrderItemSchema,
  StorefrontOrderSchema,
} from '../../../domain/contract/storefront';
import { DELIVERY_REGIONS, type DeliveryRegion, type DespatchBy, priceOf } from '../../../domain/pricing';
import { translationTypeOf } from '../../../domain/states';
import { despatchDueOn } from '../../../domain/turnaround';
import type { Db } from '../../db/client';
import { addresses, orderables, orderItems, orders } from '../../db/schema';
import { invalidInput } from '../../errors';

export type OrderInput = z.input<typeof StorefrontOrderSchema>;

/** The addresses row of a storefront address (the demo seed stores addresses the same way). */
export const addressRow = (a: StorefrontAddress) => ({
  name: a.name,
  line1: a.line_1,
  line2: a.line_2 ?? null,
  city: a.city,
  state: a.state ?? null,
  zip: a.zip,
  countryCode: a.country_code.toUpperCase(),
});

/** The orders row of a storefront order, given its stored addresses. */
export function orderValues(
  o: StorefrontOrder['order'],
  placedAt: Date,
  billingAddressId: number,
  shippingAddressId: number | null,
) {
  return {
    ref: o.ref,
    email: o.email,
    phone: o.phone ?? null,
    deliveryRegion: o.delivery_region,
    hasDifferentShippingAddress: shippingAddressId !== null,
    billingAddressId,
    shippingAddressId,
    placedAt,
  };
}

/**
 * The ids of rows inserted by one statement, in the order the rows were given. PostgreSQL numbers the rows of
 * one multi-row INSERT from the sequence as it inserts them, in the VALUES order, so the ids in ascending
 * order are the rows' (whatever order RETURNING lists them in).
 */
const idsInGivenOrder = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);

interface Issue {
  field: string;
  message: string;
}

/**
 * The orderable's own type as priced and stored: a translation's kind comes from its item type (the
 * contract has checked that a sent orderable.type agrees), so one left out is not stored as "Translation"
 * while priced as certified; the other lines store their orderable type.
 */
function orderableTypeOf(item: StorefrontOrderItem): string {
  return translationTypeOf(item.type) ?? item.orderable_type;
}

/** The orderables row of a storefront item priced at `subtotal` (the demo seed stores items the same way). */
export function orderableValues(item: StorefrontOrderItem, subtotal: number) {
  const a = item.orderable;
  return {
    type: orderableTypeOf(item),
    pages: a.pages ?? null,
    copies: a.copies,
    serviceLevel: a.service_level ?? null,
    apostilleCopies: a.apostille_copies,
    apostilleCountry: a.apostille_country ?? null,
    scanSend: a.scan_send,
    despatchBy: a.despatch_by,
    subtotalInPence: subtotal,
    certificateCountry: a.certificate_country ?? null,
    sourceLanguage: a.source_language ?? null,
    documentsByPost: a.documents_by_post,
    firstnameA: a.firstname_a ?? null,
    surnameA: a.surname_a ?? null,
    firstnameB: a.firstname_b ?? null,
    surnameB: a.surname_b ?? null,
    firstnameC: a.firstname_c ?? null,
    surnameC: a.surname_c ?? null,
    eventDate: a.event_date ?? null,
    eventPlace: a.event_place ?? null,
  };
}

/** An item's subtotal, or the issue naming an item whose service level the price list does not know. */
export function priceItem(
  item: StorefrontOrderItem,
  index: number,
  deliveryRegion: DeliveryRegion,
): number | Issue {
  try {
    return priceOf(
      {
        type: orderableTypeOf(item),
        serviceLevel: item.orderable.service_level ?? null,
        pages: item.orderable.pages ?? null,
        copies: item.orderable.copies,
        apostilleCopies: item.orderable.apostille_copies,
        scanSend: item.orderable.scan_send,
        despatchBy: item.orderable.despatch_by as DespatchBy,
      },
      { orderableType: item.orderable_type, deliveryRegion, position: index + 1 },
    );
  } catch (error) {
    return { field: `order.items.${index}.orderable.service_level`, message: (error as Error).message };
  }
}

/**
 * Every issue of an order that does not parse: the schema's (all of them, not the first) and the pricing
 * of each item that parses on its own, so the shop corrects the whole order in one resend.
 */
function everyIssue(input: unknown, schemaIssues: readonly z.core.$ZodIssue[]): Issue[] {
  const issues: Issue[] = schemaIssues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  const raw = (input as { order?: { delivery_region?: unknown; items?: unknown } } | null)?.order;
  const region = z.enum(DELIVERY_REGIONS).safeParse(raw?.delivery_region);
  if (region.success && Array.isArray(raw?.items)) {
    raw.items.forEach((candidate: unknown, index) => {
      const item = StorefrontOrderItemSchema.safeParse(candidate);
      const price = item.success ? priceItem(item.data, index, region.data) : 0;
      if (typeof price !== 'number') issues.push(price);
    });
  }
  return issues;
}

/** The order's ref as sent, for logs about an order we refused (it may be missing or not a string). */
export function sentOrderRef(input: unknown): string | null {
  const ref = (input as { order?: { ref?: unknown } } | null)?.order?.ref;
  return typeof ref === 'string' || typeof ref === 'number' ? String(ref).slice(0, 40) : null;
}

/**
 * Stores a new order with its items; the same ref again answers the stored order (created: false). An
 * order with bad fields is refused whole with a 422 naming every one of them.
 */
export async function ingestOrder(
  db: Db,
  input: OrderInput,
): Promise<{ orderId: number; ref: string; created: boolean }> {
  const parsed = StorefrontOrderSchema.safeParse(input);
  if (!parsed.success) throw invalidInput('Check the order.', everyIssue(input, parsed.error.issues));
  const o = parsed.data.order;
  const placedAt = new Date(o.placed_at);
  // Price every item before writing anything, so a bad service level refuses the whole order.
  const prices = o.items.map((item, index) => priceItem(item, index, o.delivery_region));
  const unpriced = prices.filter((p): p is Issue => typeof p !== 'number');
  if (unpriced.length > 0) throw invalidInput('Check the order.', unpriced);
  const priced = o.items.map((item, index) => ({
    item,
    position: index + 1,
    subtotal: prices[index] as number,
  }));

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.ref, o.ref)).limit(1);
    if (existing) return { orderId: existing.id, ref: o.ref, created: false };
    // One statement per table (the billing and shipping addresses together, every orderable together): an
    // order is five round trips whatever its size (bench:writes, docs/performance.md).
    const given = o.shipping_address ? [o.billing_address, o.shipping_address] : [o.billing_address];
    const [billingAddressId, shippingAddressId = null] = idsInGivenOrder(
      await tx.insert(addresses).values(given.map(addressRow)).returning({ id: addresses.id }),
    );
    const inserted = await tx
      .insert(orders)
      .values(orderValues(o, placedAt, billingAddressId, shippingAddressId))
      .onConflictDoNothing({ target: orders.ref })
      .returning({ id: orders.id });
    if (inserted.length === 0) {
      // Another request stored the same ref a moment ago: answer that one.
      const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.ref, o.ref)).limit(1);
      return { orderId: row.id, ref: o.ref, created: false };
    }
    const orderId = inserted[0].id;
    const orderableIds = idsInGivenOrder(
      await tx
        .insert(orderables)
        .values(priced.map(({ item, subtotal }) => orderableValues(item, subtotal)))
        .returning({ id: orderables.id }),
    );
    // The items last and in one statement: their sales-summary trigger then locks today's summary rows in key
    // order once, just before the commit (migration 0020), so concurrent orders queue briefly, never deadlock.
    await tx.insert(orderItems).values(
      priced.map(({ item, position }, index) => ({
        ref: `${o.ref}-${position}`,
        orderId,
        position,
        type: item.type,
        orderableType: item.orderable_type,
        orderableId: orderableIds[index],
        currentState: 'unassigned' as const,
        netValue: item.net_value,
        despatchDueOn: despatchDueOn(placedAt, item.orderable_type, item.orderable.service_level ?? null),
        createdAt: placedAt,
        updatedAt: placedAt,
      })),
    );
    return { orderId, ref: o.ref, created: true };
  });
}

/**
 * A paid order arriving from a storefront (PRODUCT.md section 9): idempotent on its ref, items priced by the
 * domain and starting unassigned, with their despatch-by date. The demo seed uses it too.
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type StorefrontAddress,
  type StorefrontOrder,
  type StorefrontOrderItem,
  StorefrontOrderItemSchema,
  StorefrontOrderSchema,
} from '../../../domain/contract/storefront';
import { DELIVERY_REGIONS, type DeliveryRegion, priceOf } from '../../../domain/pricing';
import { translationTypeOf } from '../../../domain/states';
import { despatchDueOn } from '../../../domain/turnaround';
import type { Db } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { orders } from '../../db/schema';
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
        despatchBy: item.orderable.despatch_by,
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
  return storeOrder(db, parsed.data);
}

/**
 * The order's rows written by one statement (no BEGIN/COMMIT around it: one statement is one transaction).
 * Its sub-statements run together, so the ids that join them are drawn first: the addresses' two and each
 * orderable's. Nothing is written when the ref is stored already, or when another request stores it first
 * (ON CONFLICT waits for that one, then writes none of this order's rows). The items go in one INSERT, in
 * position order: their sales-summary trigger then locks today's summary rows in key order once, at the end
 * of the statement (migration 0020), so concurrent orders queue briefly, never deadlock. The foreign keys
 * are checked at the end of the statement too, when every row is in.
 */
const storeOrderSql = (v: {
  ref: string;
  email: string;
  phone: string | null;
  region: string;
  placedAt: string;
  billing: string;
  shipping: string | null;
  lines: string;
}) => sql`
with fresh as materialized (
  select nextval(pg_get_serial_sequence('addresses', 'id'))::int as billing_id,
    case when ${v.shipping}::jsonb is not null then nextval(pg_get_serial_sequence('addresses', 'id'))::int end
      as shipping_id
  where not exists (select 1 from orders where ref = ${v.ref})
), stored_order as (
  insert into orders (ref, email, phone, delivery_region, has_different_shipping_address, billing_address_id,
    shipping_address_id, placed_at)
  select ${v.ref}, ${v.email}, ${v.phone}, ${v.region}, f.shipping_id is not null, f.billing_id, f.shipping_id,
    ${v.placedAt}::timestamptz
  from fresh f
  on conflict (ref) do nothing
  returning id, billing_address_id, shipping_address_id
), stored_addresses as (
  insert into addresses (id, name, line_1, line_2, city, state, zip, country_code)
  select a.id, r.name, r."line1", r."line2", r.city, r.state, r.zip, r."countryCode"
  from stored_order o
  cross join lateral (
    values (o.billing_address_id, ${v.billing}::jsonb), (o.shipping_address_id, ${v.shipping}::jsonb)
  ) a (id, address)
  cross join lateral jsonb_to_record(a.address) r (name text, "line1" text, "line2" text, city text, state text,
    zip text, "countryCode" text)
  where a.id is not null
), lines as materialized (
  select l.*, o.id as order_id, nextval(pg_get_serial_sequence('orderables', 'id'))::int as orderable_id
  from stored_order o
  cross join jsonb_to_recordset(${v.lines}::jsonb) l ("position" int, "itemType" text,
    "orderableType" text, "netValue" int, "despatchDueOn" date, type text, pages int, copies int,
    "serviceLevel" text, "apostilleCopies" int, "apostilleCountry" text, "scanSend" boolean, "despatchBy" text,
    "subtotalInPence" int, "certificateCountry" text, "sourceLanguage" text, "documentsByPost" boolean,
    "firstnameA" text, "surnameA" text, "firstnameB" text, "surnameB" text, "firstnameC" text, "surnameC" text,
    "eventDate" date, "eventPlace" text)
), stored_orderables as (
  insert into orderables (id, type, pages, copies, service_level, apostille_copies, apostille_country,
    scan_send, despatch_by, subtotal_in_pence, certificate_country, source_language, documents_by_post, firstname_a,
    surname_a, firstname_b, surname_b, firstname_c, surname_c, event_date, event_place)
  select orderable_id, type, pages, copies, "serviceLevel", "apostilleCopies", "apostilleCountry", "scanSend",
    "despatchBy", "subtotalInPence", "certificateCountry", "sourceLanguage", "documentsByPost", "firstnameA",
    "surnameA", "firstnameB", "surnameB", "firstnameC", "surnameC", "eventDate", "eventPlace"
  from lines
), stored_items as (
  insert into order_items (ref, order_id, position, type, orderable_type, orderable_id, current_state,
    net_value, despatch_due_on, created_at, updated_at)
  select ${v.ref} || '-' || "position", order_id, "position", "itemType", "orderableType", orderable_id,
    'unassigned', "netValue", "despatchDueOn", ${v.placedAt}::timestamptz, ${v.placedAt}::timestamptz
  from lines
  order by "position"
)
select (select id from stored_order) as created_id, (select id from orders where ref = ${v.ref}) as stored_id`;

/** What the storing statement answers: the order it created, or the one already stored under its ref. */
const StoredOrderRow = z.object({ created_id: z.number().nullable(), stored_id: z.number().nullable() });

/** Stores an order the storefront schema has parsed (ingestOrder, or the route through its schema). */
export async function storeOrder(
  db: Db,
  order: StorefrontOrder,
): Promise<{ orderId: number; ref: string; created: boolean }> {
  const o = order.order;
  const placedAt = new Date(o.placed_at);
  // Price every item before writing anything, so a bad service level refuses the whole order.
  const prices = o.items.map((item, index) => priceItem(item, index, o.delivery_region));
  const unpriced = prices.filter((p): p is Issue => typeof p !== 'number');
  if (unpriced.length > 0) throw invalidInput('Check the order.', unpriced);
  const lines = o.items.map((item, index) => ({
    ...orderableValues(item, prices[index] as number),
    position: index + 1,
    itemType: item.type,
    orderableType: item.orderable_type,
    netValue: item.net_value,
    despatchDueOn: despatchDueOn(placedAt, item.orderable_type, item.orderable.service_level ?? null),
  }));
  const [row] = await executeNamed(
    db,
    storeOrderSql({
      ref: o.ref,
      email: o.email,
      phone: o.phone ?? null,
      region: o.delivery_region,
      placedAt: placedAt.toISOString(),
      billing: JSON.stringify(addressRow(o.billing_address)),
      shipping: o.shipping_address ? JSON.stringify(addressRow(o.shipping_address)) : null,
      lines: JSON.stringify(lines),
    }),
    StoredOrderRow,
  );
  if (row.created_id !== null) return { orderId: row.created_id, ref: o.ref, created: true };
  if (row.stored_id !== null) return { orderId: row.stored_id, ref: o.ref, created: false };
  // Another request stored the same ref while this statement ran (its snapshot predates that one): read it.
  const [stored] = await db.select({ id: orders.id }).from(orders).where(eq(orders.ref, o.ref)).limit(1);
  return { orderId: stored.id, ref: o.ref, created: false };
}

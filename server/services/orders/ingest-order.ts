/**
 * A paid order arriving from a storefront (PRODUCT.md section 9): idempotent on its ref, items priced by the
 * domain and starting unassigned, with their despatch-by date. The demo seed uses it too.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type StorefrontAddress, StorefrontOrderSchema } from '../../../domain/contract/storefront';
import type { DespatchBy } from '../../../domain/pricing';
import { priceOf } from '../../../domain/pricing';
import { despatchDueOn } from '../../../domain/turnaround';
import type { Db, Tx } from '../../db/client';
import { addresses, orderables, orderItems, orders } from '../../db/schema';
import { invalidInput } from '../../errors';

export type OrderInput = z.input<typeof StorefrontOrderSchema>;

const addressRow = (a: StorefrontAddress) => ({
  name: a.name,
  line1: a.line_1,
  line2: a.line_2 ?? null,
  city: a.city,
  state: a.state ?? null,
  zip: a.zip,
  countryCode: a.country_code.toUpperCase(),
});

async function insertAddress(tx: Tx, a: StorefrontAddress): Promise<number> {
  const [row] = await tx.insert(addresses).values(addressRow(a)).returning({ id: addresses.id });
  return row.id;
}

/** Stores a new order with its items; the same ref again answers the stored order (created: false). */
export async function ingestOrder(
  db: Db,
  input: OrderInput,
): Promise<{ orderId: number; ref: string; created: boolean }> {
  const parsed = StorefrontOrderSchema.safeParse(input);
  if (!parsed.success) {
    throw invalidInput(
      'Check the order.',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  const o = parsed.data.order;
  const placedAt = new Date(o.placed_at);
  // Price every item before writing anything, so a bad service level refuses the whole order.
  const priced = o.items.map((item, index) => {
    const position = index + 1;
    const orderable = {
      type: item.orderable.type ?? null,
      serviceLevel: item.orderable.service_level ?? null,
      pages: item.orderable.pages ?? null,
      copies: item.orderable.copies,
      apostilleCopies: item.orderable.apostille_copies,
      scanSend: item.orderable.scan_send,
      despatchBy: item.orderable.despatch_by as DespatchBy,
    };
    try {
      const subtotal = priceOf(orderable, {
        orderableType: item.orderable_type,
        deliveryRegion: o.delivery_region,
        position,
      });
      return { item, position, subtotal };
    } catch (error) {
      throw invalidInput('Check the order.', [
        { field: `order.items.${index}.orderable.service_level`, message: (error as Error).message },
      ]);
    }
  });

  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.ref, o.ref)).limit(1);
    if (existing) return { orderId: existing.id, ref: o.ref, created: false };
    const billingAddressId = await insertAddress(tx, o.billing_address);
    const shippingAddressId = o.shipping_address ? await insertAddress(tx, o.shipping_address) : null;
    const inserted = await tx
      .insert(orders)
      .values({
        ref: o.ref,
        email: o.email,
        phone: o.phone ?? null,
        deliveryRegion: o.delivery_region,
        hasDifferentShippingAddress: shippingAddressId !== null,
        billingAddressId,
        shippingAddressId,
        placedAt,
      })
      .onConflictDoNothing({ target: orders.ref })
      .returning({ id: orders.id });
    if (inserted.length === 0) {
      // Another request stored the same ref a moment ago: answer that one.
      const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.ref, o.ref)).limit(1);
      return { orderId: row.id, ref: o.ref, created: false };
    }
    const orderId = inserted[0].id;
    for (const { item, position, subtotal } of priced) {
      const a = item.orderable;
      const [orderable] = await tx
        .insert(orderables)
        .values({
          type: a.type ?? item.orderable_type,
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
        })
        .returning({ id: orderables.id });
      await tx.insert(orderItems).values({
        ref: `${o.ref}-${position}`,
        orderId,
        position,
        type: item.type,
        orderableType: item.orderable_type,
        orderableId: orderable.id,
        currentState: 'unassigned',
        netValue: item.net_value,
        despatchDueOn: despatchDueOn(placedAt, item.orderable_type, a.service_level ?? null),
        createdAt: placedAt,
        updatedAt: placedAt,
      });
    }
    return { orderId, ref: o.ref, created: true };
  });
}

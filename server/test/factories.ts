/**
 * Test data factories. Each call builds fresh rows with unique refs; override any field.
 * They insert directly so a test can start an item in any state without walking the workflow.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { addresses, attachments, orderables, orderItems, orders } from '../db/schema';

type OrderableInsert = Partial<typeof orderables.$inferInsert>;
type OrderItemInsert = Partial<
  Omit<typeof orderItems.$inferInsert, 'orderId' | 'orderableId' | 'ref' | 'position'>
>;

export interface ItemSpec extends OrderItemInsert {
  orderable?: OrderableInsert;
}

let orderSeq = 0;
const uniqueOrderRef = () => {
  orderSeq += 1;
  return String(500000 + ((process.pid * 7919 + orderSeq * 104729) % 400000) + orderSeq);
};

const defaultsFor = (orderableType: string): { type: string; orderable: OrderableInsert } => {
  switch (orderableType) {
    case 'DivorceCertificate':
      return {
        type: 'Divorce Certificate',
        orderable: { type: 'DivorceCertificate', serviceLevel: 'standard' },
      };
    case 'Translation':
      return {
        type: 'Certified Translation',
        orderable: { type: 'CertifiedTranslation', serviceLevel: '0', pages: 1, sourceLanguage: 'fr' },
      };
    case 'AdultDeedPoll':
      return { type: 'Adult Deed Poll', orderable: { type: 'AdultDeedPoll', serviceLevel: 'standard' } };
    case 'ChildDeedPoll':
      return { type: 'Child Deed Poll', orderable: { type: 'ChildDeedPoll', serviceLevel: 'standard' } };
    default:
      return {
        type: 'Birth Certificate',
        orderable: { type: 'Certificate', serviceLevel: 'standard', certificateCountry: 'EW' },
      };
  }
};

/** Builds an order with its items (one unassigned birth certificate by default). */
export async function buildOrder(
  database: Database,
  opts: {
    ref?: string;
    email?: string;
    customerName?: string;
    deliveryRegion?: 'UK' | 'EC' | 'NA' | 'WW';
    placedAt?: Date;
    postcode?: string;
    shippingAddress?: { name: string; zip?: string } | null;
    items?: ItemSpec[];
  } = {},
) {
  const { db } = database;
  const ref = opts.ref ?? uniqueOrderRef();
  const [billing] = await db
    .insert(addresses)
    .values({
      name: opts.customerName ?? 'Jane Customer',
      line1: '1 High Street',
      city: 'London',
      zip: opts.postcode ?? 'SW1A 1AA',
      countryCode: 'GB',
    })
    .returning();
  const [shipping] = opts.shippingAddress
    ? await db
        .insert(addresses)
        .values({
          name: opts.shippingAddress.name,
          line1: '2 Low Road',
          city: 'Leeds',
          zip: opts.shippingAddress.zip ?? 'LS1 1AA',
        })
        .returning()
    : [undefined];
  const [order] = await db
    .insert(orders)
    .values({
      ref,
      email: opts.email ?? `customer-${ref}@test.example`,
      phone: '+44 20 7946 0000',
      deliveryRegion: opts.deliveryRegion ?? 'UK',
      hasDifferentShippingAddress: Boolean(shipping),
      billingAddressId: billing.id,
      shippingAddressId: shipping?.id ?? null,
      placedAt: opts.placedAt ?? new Date(),
    })
    .returning();
  const items = [];
  for (const [index, spec] of (opts.items ?? [{}]).entries()) {
    const { orderable: orderableOverrides, ...itemOverrides } = spec;
    const orderableType = itemOverrides.orderableType ?? 'Certificate';
    const defaults = defaultsFor(orderableType);
    const [orderable] = await db
      .insert(orderables)
      .values({
        copies: 1,
        subtotalInPence: 2800,
        firstnameA: 'John',
        surnameA: 'Smith',
        ...defaults.orderable,
        ...orderableOverrides,
      } as typeof orderables.$inferInsert)
      .returning();
    const [item] = await db
      .insert(orderItems)
      .values({
        ref: `${ref}-${index + 1}`,
        orderId: order.id,
        position: index + 1,
        type: defaults.type,
        orderableType,
        orderableId: orderable.id,
        currentState: 'unassigned',
        netValue: orderable.subtotalInPence ?? 2800,
        ...itemOverrides,
      })
      .returning();
    items.push({ ...item, orderable });
  }
  return { order, billing, shipping, items };
}

/** Builds one order item (in its own order, whose fields can be given too) and answers it. */
export async function buildOrderItem(
  database: Database,
  spec: ItemSpec = {},
  orderOpts: Omit<NonNullable<Parameters<typeof buildOrder>[1]>, 'items'> = {},
) {
  const { items, order } = await buildOrder(database, { ...orderOpts, items: [spec] });
  return { ...items[0], order };
}

/** Records an attachment on an item (a row only: no stored file), not reviewed and not selected unless told. */
export async function buildAttachment(
  database: Database,
  orderItemId: number,
  overrides: Partial<typeof attachments.$inferInsert> = {},
) {
  const [attachment] = await database.db
    .insert(attachments)
    .values({
      orderItemId,
      filename: 'passport.pdf',
      contentType: 'application/pdf',
      byteSize: 10,
      storageKey: randomUUID(),
      source: 'customer',
      ...overrides,
    })
    .returning();
  return attachment;
}

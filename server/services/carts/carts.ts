/**
 * Unpaid carts: shops report carts whose payment failed; staff send the customer an apology (pre-filled,
 * editable) and close the cart, or just close it. A closed cart is never e-mailed twice.
 */

import { asc, desc, eq, sql } from 'drizzle-orm';
import { unpaidCartEmail } from '../../../domain/contract/conversations';
import type { Address } from '../../../domain/contract/order-item';
import {
  type StorefrontCart,
  StorefrontCartSchema,
  type StorefrontCartView,
} from '../../../domain/contract/storefront';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { addresses, carts } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { publishChange } from '../live/publish';
import { addressJson } from '../order-items/wire';
import { enqueueEmail } from '../outbox/enqueue';

type CartRow = typeof carts.$inferSelect;
/** The cart's billing address as the answer shows it, written by PostgreSQL from the contract (wire.ts). */
const billingAddress = sql<Address>`${addressJson(addresses)}`;

const wire = (c: CartRow, a: Address) => ({
  ref: c.ref,
  email: c.email,
  billing_address: a,
  items: c.items,
  total_in_pence: c.totalInPence,
  state: c.state,
  customer_notified: c.customerNotified,
  closed_at: c.closedAt?.toISOString() ?? null,
  created_at: c.createdAt.toISOString(),
});

/** The cart as a shop sees it: what it sent and where the cart stands, without staff's apology or ids. */
function storefrontWire(c: CartRow, a: Address): StorefrontCartView {
  const { customer_notified: _notified, billing_address, ...cart } = wire(c, a);
  const { id: _id, ...shopAddress } = billing_address;
  return { ...cart, billing_address: shopAddress };
}

const withAddress = (db: Db | Tx) =>
  db
    .select({ cart: carts, address: billingAddress })
    .from(carts)
    .innerJoin(addresses, eq(addresses.id, carts.billingAddressId));

/** Carts still unpaid, newest first (bounded). */
export async function listUnpaidCarts(db: Db) {
  const rows = await withAddress(db)
    .where(eq(carts.state, 'unpaid'))
    .orderBy(desc(carts.createdAt), asc(carts.id))
    .limit(200);
  return { carts: rows.map((r) => wire(r.cart, r.address)) };
}

/** One cart with the apology e-mail the screen pre-fills. */
export async function showCart(db: Db | Tx, ref: string) {
  const [row] = await withAddress(db).where(eq(carts.ref, ref)).limit(1);
  if (!row) throw notFound('Cart');
  return {
    cart: { ...wire(row.cart, row.address), apology_email: unpaidCartEmail(row.address.name, row.cart.ref) },
  };
}

async function closeUnpaid(tx: Tx, ref: string, userId: number | null) {
  const [cart] = await tx.select().from(carts).where(eq(carts.ref, ref)).for('update');
  if (!cart) throw notFound('Cart');
  if (cart.state !== 'unpaid') throw new AppError('wrong_state', `This cart is already ${cart.state}.`);
  await tx
    .update(carts)
    .set({ state: 'closed', closedAt: new Date(), closedById: userId })
    .where(eq(carts.id, cart.id));
  await publishChange(tx, { topic: 'cart', id: ref });
  return cart;
}

/** One cart as the storefront API answers it. */
async function showStorefrontCart(db: Db, ref: string) {
  const [row] = await withAddress(db).where(eq(carts.ref, ref)).limit(1);
  if (!row) throw notFound('Cart');
  return { cart: storefrontWire(row.cart, row.address) };
}

/** E-mails the customer the (edited) apology and closes the cart. */
export async function notifyAndCloseCart(db: Db, ref: string, body: string, userId: number) {
  await transaction(db, async (tx) => {
    const cart = await closeUnpaid(tx, ref, userId);
    await enqueueEmail(tx, {
      kind: 'unpaid_cart',
      to: cart.email,
      subject: 'Your order has not been completed',
      text: body,
      reference: cart.ref,
    });
    await tx.update(carts).set({ customerNotified: true }).where(eq(carts.id, cart.id));
  });
  return showCart(db, ref);
}

/** Closes the cart without writing to the customer. */
export async function closeCart(db: Db, ref: string, userId: number) {
  await transaction(db, (tx) => closeUnpaid(tx, ref, userId));
  return showCart(db, ref);
}

/** A shop reports an unpaid cart; the same ref again answers the stored one (created: false). */
export async function receiveCart(db: Db, input: unknown, now = new Date()) {
  const parsed = StorefrontCartSchema.safeParse(input);
  if (!parsed.success) {
    throw invalidInput(
      'Check the cart.',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  const c: StorefrontCart['cart'] = parsed.data.cart;
  const created = await transaction(db, async (tx) => {
    const [existing] = await tx.select({ id: carts.id }).from(carts).where(eq(carts.ref, c.ref));
    if (existing) return false;
    const [address] = await tx
      .insert(addresses)
      .values({
        name: c.billing_address.name,
        line1: c.billing_address.line_1,
        line2: c.billing_address.line_2 ?? null,
        city: c.billing_address.city,
        state: c.billing_address.state ?? null,
        zip: c.billing_address.zip,
        countryCode: c.billing_address.country_code,
      })
      .returning({ id: addresses.id });
    const inserted = await tx
      .insert(carts)
      .values({
        ref: c.ref,
        email: c.email,
        billingAddressId: address.id,
        items: c.items,
        totalInPence: c.total_in_pence,
        createdAt: now,
      })
      .onConflictDoNothing({ target: carts.ref })
      .returning({ id: carts.id });
    if (inserted.length > 0) await publishChange(tx, { topic: 'cart', id: c.ref });
    return inserted.length > 0;
  });
  return { ...(await showStorefrontCart(db, c.ref)), created };
}

/** The shop reports that the customer paid after all: the cart leaves the unpaid list. */
export async function markCartPaid(db: Db, ref: string) {
  await transaction(db, async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.ref, ref)).for('update');
    if (!cart) throw notFound('Cart');
    if (cart.state === 'unpaid') {
      await tx.update(carts).set({ state: 'paid', closedAt: new Date() }).where(eq(carts.id, cart.id));
      await publishChange(tx, { topic: 'cart', id: ref });
    }
  });
  return showStorefrontCart(db, ref);
}

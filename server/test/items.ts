/** Helpers for order-item API tests: call an action as a browser would, snapshot what a refusal must not change. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orderItemEvents, orderItems, outbox, refunds } from '../db/schema';
import type { Agent } from './harness';

/** POSTs /order_items/{ref}/{name}.json with a JSON body. */
export function act(agent: Agent, ref: string, name: string, payload: unknown = {}, csrf?: string | null) {
  return agent.request({
    method: 'POST',
    url: `/api/v1/order_items/${ref}/${name}.json`,
    payload: payload as object,
    csrf,
  });
}

/**
 * POSTs an action with the lock_version the item has now, as the SPA sends it from the page it shows; the
 * calls that e-mail or move money require one.
 */
export async function actAsRead(agent: Agent, ref: string, name: string, payload: object = {}) {
  const shown = await agent.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` });
  const lockVersion: number = shown.json().order_item.lock_version;
  return act(agent, ref, name, { ...payload, lock_version: lockVersion });
}

/** Everything about an item a refused action must leave as it was. */
export async function snapshot(database: Database, itemId: number) {
  const { db } = database;
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId));
  const [events, mails, money] = await Promise.all([
    db.select().from(orderItemEvents).where(eq(orderItemEvents.orderItemId, itemId)),
    db.select().from(outbox).where(eq(outbox.orderItemId, itemId)),
    db.select().from(refunds).where(eq(refunds.orderItemId, itemId)),
  ]);
  return { item, events: events.length, mails: mails.length, refunds: money.length };
}

/** A tiny valid PNG (1×1) for upload tests. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one file field. */
export function multipartFile(filename: string, content: Buffer, contentType = 'application/octet-stream') {
  // Random, so a body and a header taken from two different calls never match by luck.
  const boundary = `----ukds${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

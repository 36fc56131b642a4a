/** Staff notifications: what happened to the people concerned, newest first. */
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationList } from '../../../domain/contract/session';
import type { Db, Tx } from '../../db/client';
import { notifications, orderItems } from '../../db/schema';
import type { LiveChange } from '../../live/channel';

const LIST_LIMIT = 50;

type NotificationInput = {
  userId: number;
  kind: string;
  message: string;
  orderItemId?: number | null;
  conversationId?: number | null;
};

/**
 * Records a notification for a user (inside the caller's transaction) and answers the live change that tells
 * their screens, for the caller to announce with its own (live/publish.ts announceSql).
 */
export async function recordNotification(db: Db | Tx, input: NotificationInput): Promise<LiveChange> {
  await db.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    message: input.message,
    orderItemId: input.orderItemId ?? null,
    conversationId: input.conversationId ?? null,
  });
  return { topic: 'notification', userId: input.userId };
}

/** The user's latest notifications and their unread count. */
export async function listNotifications(db: Db, userId: number): Promise<NotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        message: notifications.message,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        ref: orderItems.ref,
        conversationId: notifications.conversationId,
      })
      .from(notifications)
      .leftJoin(orderItems, eq(orderItems.id, notifications.orderItemId))
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(LIST_LIMIT),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      order_item_ref: r.ref,
      conversation_id: r.conversationId,
      read: r.readAt !== null,
      created_at: r.createdAt.toISOString(),
    })),
    unread_count: unread.n,
  };
}

/** Marks the given notifications (or all) of the user read. */
export async function markNotificationsRead(db: Db, userId: number, ids?: number[]): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
}

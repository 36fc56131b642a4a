/**
 * The notifications grouped by order item (or conversation) and kind, newest group first: "100234-2 · 3 customer replies"
 * instead of three rows. Grouped in SQL, so a user with thousands of old notifications costs one pass over
 * their index range; each group brings its newest few, enough to expand it in the bell.
 */

import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  MarkGroupRead,
  NotificationFilter,
  NotificationGroups,
} from '../../../domain/contract/notifications';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { pgTimestamp, rowsOf } from '../../db/rows';
import { notifications, orderItems } from '../../db/schema';
import { notFound } from '../../errors';
import { publishChange } from '../live/publish';

/** Groups in one answer, and notifications shown inside each. */
const GROUP_LIMIT = 30;
const PER_GROUP = 5;

/** One notification of the grouped read, with its group's figures. */
const Row = z.object({
  id: z.number(),
  kind: z.string(),
  message: z.string(),
  read_at: pgTimestamp().nullable(),
  created_at: pgTimestamp(),
  ref: z.string().nullable(),
  conversation_id: z.number().nullable(),
  group_count: z.number(),
  group_unread: z.number(),
  group_latest: pgTimestamp(),
});

const iso = (v: string | Date) => new Date(v).toISOString();

/** The user's notifications in groups, newest group first; `unread` groups only the unread ones. */
export async function listNotificationGroups(
  db: Db,
  userId: number,
  filter: NotificationFilter,
): Promise<NotificationGroups> {
  const unreadOnly = filter === 'unread' ? sql`and n.read_at is null` : sql``;
  // One statement: the groups (count, unread, newest) ranked, and each group's newest PER_GROUP rows.
  const result = await db.execute(sql`
    with mine as (
      select n.id, n.kind, n.message, n.read_at, n.created_at, n.order_item_id, n.conversation_id,
        count(*) over g as group_count,
        count(*) filter (where n.read_at is null) over g as group_unread,
        max(n.created_at) over g as group_latest,
        row_number() over (partition by n.order_item_id, n.conversation_id, n.kind order by n.created_at desc, n.id desc) as rn
      from notifications n
      where n.user_id = ${userId} ${unreadOnly}
      window g as (partition by n.order_item_id, n.conversation_id, n.kind)
    ),
    ranked as (
      select *, dense_rank() over (
        order by group_latest desc, order_item_id nulls last, conversation_id nulls last, kind
      ) as group_rank
      from mine where rn <= ${PER_GROUP}
    )
    select r.id, r.kind, r.message, r.read_at, r.created_at, oi.ref, r.conversation_id,
      r.group_count::int as group_count, r.group_unread::int as group_unread, r.group_latest
    from ranked r left join order_items oi on oi.id = r.order_item_id
    where r.group_rank <= ${GROUP_LIMIT}
    order by r.group_rank, r.rn`);
  const rows = rowsOf(Row, result.rows);
  const [unread] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  const groups: NotificationGroups['groups'] = [];
  let current: NotificationGroups['groups'][number] | undefined;
  for (const r of rows) {
    if (
      !current ||
      current.kind !== r.kind ||
      current.order_item_ref !== r.ref ||
      current.conversation_id !== r.conversation_id
    ) {
      current = {
        kind: r.kind,
        order_item_ref: r.ref,
        conversation_id: r.conversation_id,
        count: Number(r.group_count),
        unread_count: Number(r.group_unread),
        latest_at: iso(r.group_latest),
        notifications: [],
      };
      groups.push(current);
    }
    current.notifications.push({
      id: r.id,
      kind: r.kind,
      message: r.message,
      order_item_ref: r.ref,
      conversation_id: r.conversation_id,
      read: r.read_at !== null,
      created_at: iso(r.created_at),
    });
  }
  return { filter, groups, unread_count: unread.n };
}

/** Marks every unread notification of one group (order item, conversation and kind) of the user read; answers the unread left. */
export async function markGroupRead(
  db: Db,
  userId: number,
  group: MarkGroupRead,
): Promise<{ unread_count: number }> {
  return transaction(db, async (tx) => {
    let itemCondition = isNull(notifications.orderItemId);
    if (group.order_item_ref !== null) {
      const [item] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.ref, group.order_item_ref));
      if (!item) throw notFound('Order item');
      itemCondition = eq(notifications.orderItemId, item.id);
    }
    const marked = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, group.kind),
          itemCondition,
          group.conversation_id === null
            ? isNull(notifications.conversationId)
            : eq(notifications.conversationId, group.conversation_id),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    // The user's other tabs refresh their bell.
    if (marked.length > 0) await publishChange(tx, { topic: 'notification', userId });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return { unread_count: n };
  });
}

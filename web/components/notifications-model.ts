/** What the header bell shows of the notifications: the count on the bell, its name, and the groups' titles. */
import type { NotificationGroup } from '../../domain/contract/notifications';
import type { Notification } from '../../domain/contract/session';
import { paths } from '../paths';

/** The count on the bell: the number, or '99+' so the badge keeps its size. */
export const unreadBadge = (unread: number): string | number => (unread > 99 ? '99+' : unread);

/** The bell button's accessible name, with the unread count when there is one. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** Where opening a notification goes: its order item, or nowhere for one about no item. */
export const notificationTarget = (
  n: Pick<Notification, 'order_item_ref' | 'conversation_id'>,
): string | null =>
  n.order_item_ref
    ? paths.orderItem(n.order_item_ref)
    : n.conversation_id !== null
      ? paths.conversation(n.conversation_id)
      : null;

/** Each kind the services notify about, as one and as many ('3 customer replies'). */
const KIND_NOUNS: Record<string, [one: string, many: string]> = {
  assigned: ['assignment', 'assignments'],
  assignment_undone: ['assignment undone', 'assignments undone'],
  conversation_snooze_ended: ['conversation back from its snooze', 'conversations back from their snooze'],
  customer_reply: ['customer reply', 'customer replies'],
  customer_upload: ['customer upload', 'customer uploads'],
  escalated: ['escalation', 'escalations'],
  returned: ['return to you', 'returns to you'],
  update_confirmed: ['confirmed change', 'confirmed changes'],
  webhook_failing: ['failing webhook endpoint', 'failing webhook endpoints'],
};

/** '3 customer replies', '1 assignment'; an unknown kind in words ('2 × unpaid cart'). */
export function kindCount(kind: string, count: number): string {
  const nouns = KIND_NOUNS[kind];
  if (nouns) return `${count} ${count === 1 ? nouns[0] : nouns[1]}`;
  return `${count} × ${kind.replaceAll('_', ' ')}`;
}

/** One of a kind, as a title: 'Customer reply'. */
function kindOne(kind: string): string {
  const one = KIND_NOUNS[kind]?.[0] ?? kind.replaceAll('_', ' ');
  return one.charAt(0).toUpperCase() + one.slice(1);
}

/**
 * A group's title: '100234-2 · 3 customer replies', '100234-2 · Assignment' for one, and without the ref for
 * notifications about no item.
 */
export function groupTitle(g: Pick<NotificationGroup, 'kind' | 'count' | 'order_item_ref'>): string {
  const what = g.count === 1 ? kindOne(g.kind) : kindCount(g.kind, g.count);
  return g.order_item_ref ? `${g.order_item_ref} · ${what}` : what;
}

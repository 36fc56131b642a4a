/** What the header bell shows of the notifications: their order, the count on the bell and its name. */
import type { Notification } from '../../domain/contract/session';

/** The notifications newest first (a new array), whatever order they came in. */
export function newestFirst(list: readonly Notification[]): Notification[] {
  return [...list].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The count on the bell: the number, or '99+' so the badge keeps its size. */
export const unreadBadge = (unread: number): string | number => (unread > 99 ? '99+' : unread);

/** The bell button's accessible name, with the unread count when there is one. */
export const bellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** Where opening a notification goes: its order item, or nowhere for one about no item. */
export const notificationTarget = (n: Pick<Notification, 'order_item_ref'>): string | null =>
  n.order_item_ref ? `/orders/${encodeURIComponent(n.order_item_ref)}` : null;

import { describe, expect, it } from 'vitest';
import type { Notification } from '../../domain/contract/session';
import { bellLabel, newestFirst, notificationTarget, unreadBadge } from './notifications-model';

const note = (id: number, created_at: string, order_item_ref: string | null = null): Notification => ({
  id,
  kind: 'assigned',
  message: `Note ${id}`,
  order_item_ref,
  read: false,
  created_at,
});

describe('newestFirst', () => {
  it('orders by creation time, newest first, without touching the list it was given', () => {
    const list = [
      note(1, '2026-03-01T09:00:00.000Z'),
      note(2, '2026-03-02T09:00:00.000Z'),
      note(3, '2026-03-01T10:00:00.000Z'),
    ];
    expect(newestFirst(list).map((n) => n.id)).toEqual([2, 3, 1]);
    expect(list.map((n) => n.id)).toEqual([1, 2, 3]);
  });
});

describe('the bell', () => {
  it('shows the unread count, capped at 99+', () => {
    expect(unreadBadge(0)).toBe(0);
    expect(unreadBadge(99)).toBe(99);
    expect(unreadBadge(100)).toBe('99+');
  });

  it('says how many are unread in its name', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  it('opens the order item a notification is about, escaped', () => {
    expect(notificationTarget(note(1, '', '100234-2'))).toBe('/orders/100234-2');
    expect(notificationTarget(note(1, '', 'a/b'))).toBe('/orders/a%2Fb');
    expect(notificationTarget(note(1, ''))).toBeNull();
  });
});

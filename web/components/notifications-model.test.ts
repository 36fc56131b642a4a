import { describe, expect, it } from 'vitest';
import { bellLabel, groupTitle, kindCount, notificationTarget, unreadBadge } from './notifications-model';

describe('unreadBadge and bellLabel', () => {
  it('caps the badge at 99+ and names the count', () => {
    expect(unreadBadge(7)).toBe(7);
    expect(unreadBadge(100)).toBe('99+');
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });
});

describe('notificationTarget', () => {
  it('opens the order item, escaping the ref, or the conversation, or nothing', () => {
    expect(notificationTarget({ order_item_ref: '100234-2', conversation_id: null })).toBe(
      '/orders/100234-2',
    );
    expect(notificationTarget({ order_item_ref: null, conversation_id: 42 })).toBe('/conversations/42');
    expect(notificationTarget({ order_item_ref: null, conversation_id: null })).toBeNull();
  });
});

describe('group titles', () => {
  it.each([
    ['customer_reply', 3, '3 customer replies'],
    ['customer_reply', 1, '1 customer reply'],
    ['assigned', 2, '2 assignments'],
    ['assignment_undone', 1, '1 assignment undone'],
    ['escalated', 1, '1 escalation'],
    ['something_new', 2, '2 × something new'],
  ])('%s × %i → %s', (kind, count, text) => {
    expect(kindCount(kind, count)).toBe(text);
  });

  it('puts the order item ref first when there is one', () => {
    expect(groupTitle({ kind: 'customer_reply', count: 3, order_item_ref: '100234-2' })).toBe(
      '100234-2 · 3 customer replies',
    );
    expect(groupTitle({ kind: 'assigned', count: 1, order_item_ref: '100234-2' })).toBe(
      '100234-2 · Assignment',
    );
    expect(groupTitle({ kind: 'escalated', count: 2, order_item_ref: null })).toBe('2 escalations');
    expect(groupTitle({ kind: 'unpaid_cart', count: 1, order_item_ref: null })).toBe('Unpaid cart');
  });
});

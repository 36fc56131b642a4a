import { describe, expect, it } from 'vitest';
import { fillPlaceholders, unknownPlaceholders } from './canned-replies';

const values = {
  customer_name: 'Sarah Mitchell',
  customer_email: 'sarah@example.com',
  order_ref: '100234',
  staff_name: 'Alice',
};

describe('canned reply placeholders', () => {
  it.each([
    ['Dear {{customer_name}},', 'Dear Sarah Mitchell,'],
    ['Order {{ order_ref }} for {{customer_email}}', 'Order 100234 for sarah@example.com'],
    ['{{staff_name}} and {{staff_name}}', 'Alice and Alice'],
    ['Hi {{first_name}}', 'Hi {{first_name}}'],
    ['No placeholders', 'No placeholders'],
  ])('fills %j', (text, filled) => {
    expect(fillPlaceholders(text, values)).toBe(filled);
  });

  it('names the unknown ones once each', () => {
    expect(unknownPlaceholders('{{customer_name}} {{first}} {{first}} {{x_y}}')).toEqual(['first', 'x_y']);
    expect(unknownPlaceholders('{{customer_name}} {{order_ref}}')).toEqual([]);
  });
});

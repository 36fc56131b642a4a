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

  it.each([null, '', '   '])(
    'greets a customer who gave no name (%j) without their e-mail address',
    (name) => {
      const nameless = { ...values, customer_email: 'siobhan.walker@example.com', customer_name: name };
      const body =
        'Dear {{customer_name}},\n\nYour order {{order_ref}} is on its way.\n\nKind regards,\n{{staff_name}}';
      const filled = fillPlaceholders(body, nameless);
      expect(filled).toBe('Hello,\n\nYour order 100234 is on its way.\n\nKind regards,\nAlice');
      expect(filled).not.toContain('siobhan.walker');
      expect(fillPlaceholders('Hi {{ customer_name }}, thanks, {{customer_name}}. Bye', nameless)).toBe(
        'Hello, thanks. Bye',
      );
    },
  );

  it('names the unknown ones once each', () => {
    expect(unknownPlaceholders('{{customer_name}} {{first}} {{first}} {{x_y}}')).toEqual(['first', 'x_y']);
    expect(unknownPlaceholders('{{customer_name}} {{order_ref}}')).toEqual([]);
  });
});

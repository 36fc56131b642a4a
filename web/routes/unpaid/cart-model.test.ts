import { describe, expect, it } from 'vitest';
import { billingAddressLines, cartOutcome, confirmation, finishedMessage } from './cart-model';

const address = {
  id: 1,
  name: 'Ann Smith',
  line_1: '',
  line_2: null,
  city: '',
  state: null,
  zip: '',
  country_code: 'GB',
};

const cart = {
  ref: 'C-1001',
  email: 'ann@example.com',
  billing_address: address,
  state: 'closed' as const,
  customer_notified: false,
};

describe('billingAddressLines', () => {
  it('lists the address street to postcode, without blank or missing parts or other fields', () => {
    expect(
      billingAddressLines({
        id: 1,
        name: 'Ann Smith',
        country_code: 'GB',
        zip: 'SW1A 1AA',
        line_1: '1 High Street',
        line_2: '  ',
        city: 'London',
        state: null,
      }),
    ).toEqual(['1 High Street', 'London', 'SW1A 1AA']);
  });

  it('is empty when the shop sent only a name', () => {
    expect(billingAddressLines(address)).toEqual([]);
  });
});

describe('cartOutcome', () => {
  it('says how the cart ended', () => {
    expect(cartOutcome({ ...cart, state: 'paid' })).toBe('The customer completed the payment.');
    expect(cartOutcome({ ...cart, customer_notified: true })).toBe(
      'The apology was e-mailed to ann@example.com.',
    );
    expect(cartOutcome(cart)).toBe('It was closed without an e-mail to the customer.');
  });
});

describe('confirmation and finishedMessage', () => {
  it('name who is told and which cart, for each action', () => {
    expect(confirmation('notify', cart)).toEqual({
      title: 'Send the e-mail and close the cart?',
      text: 'The message is e-mailed to ann@example.com and cart C-1001 is closed. This cannot be undone.',
      button: 'Send and close',
    });
    expect(confirmation('close', cart)).toEqual({
      title: 'Close the cart without an e-mail?',
      text: 'Cart C-1001 is closed and Ann Smith is not told. This cannot be undone.',
      button: 'Close cart',
    });
    expect(finishedMessage('notify', cart)).toBe('E-mail to ann@example.com queued; cart C-1001 closed.');
    expect(finishedMessage('close', cart)).toBe('Cart C-1001 closed.');
  });
});

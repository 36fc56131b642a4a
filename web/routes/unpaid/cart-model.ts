/** What the unpaid-cart screen says about a cart: its address lines, the outcome, and the confirmations. */
import type { Cart } from '../../../domain/contract/conversations';

/** How the cart is finished: the apology e-mail and close, or close without telling the customer. */
export type CartAction = 'notify' | 'close';

const ADDRESS_LINES = ['line_1', 'line_2', 'city', 'state', 'zip'] as const;

/** The billing address as lines, street to postcode; blank or missing parts left out. */
export function billingAddressLines(address: Cart['billing_address']): string[] {
  const fields = address as Record<string, unknown>;
  return ADDRESS_LINES.map((k) => fields[k]).filter(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
}

/** Why a finished cart needs nothing more: paid, or closed with or without the apology. */
export function cartOutcome(cart: Pick<Cart, 'state' | 'customer_notified' | 'email'>): string {
  if (cart.state === 'paid') return 'The customer completed the payment.';
  return cart.customer_notified
    ? `The apology was e-mailed to ${cart.email}.`
    : 'It was closed without an e-mail to the customer.';
}

/** The title and text of the confirmation before an action, which cannot be undone. */
export function confirmation(
  action: CartAction,
  cart: Pick<Cart, 'ref' | 'email' | 'billing_address'>,
): { title: string; text: string; button: string } {
  return action === 'notify'
    ? {
        title: 'Send the e-mail and close the cart?',
        text: `The message is e-mailed to ${cart.email} and cart ${cart.ref} is closed. This cannot be undone.`,
        button: 'Send and close',
      }
    : {
        title: 'Close the cart without an e-mail?',
        text: `Cart ${cart.ref} is closed and ${cart.billing_address.name} is not told. This cannot be undone.`,
        button: 'Close cart',
      };
}

/** The toast once an action went through. */
export function finishedMessage(action: CartAction, cart: Pick<Cart, 'ref' | 'email'>): string {
  return action === 'notify'
    ? `E-mail to ${cart.email} queued; cart ${cart.ref} closed.`
    : `Cart ${cart.ref} closed.`;
}

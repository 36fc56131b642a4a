/** cancelled: the item is cancelled, with any refund (cancel_refund). */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const cancelled: EmailTemplateDefinition = {
  description: 'Tells the customer that an order item is cancelled, and what was refunded (Cancel / refund).',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your order has been cancelled"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="If you have any questions, reply to this e-mail."
      signOff
    />
  ),
  sample: {
    subject: 'Your order 104216-1 has been cancelled',
    text: 'We have cancelled order 104216-1. We have refunded £49.00 to you.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

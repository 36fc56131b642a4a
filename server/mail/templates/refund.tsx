/** refund: money refunded on an item that goes on (cancel_refund, refund only). */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const refund: EmailTemplateDefinition = {
  description: 'Confirms a refund on an order item that is not cancelled (Cancel / refund, refund only).',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your refund"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="Depending on your bank, a refund can take a few working days to show on your statement."
      signOff
    />
  ),
  sample: {
    subject: 'Refund for your order 104216-1',
    text: 'We have refunded £12.50 to you.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

/** unpaid_cart: the apology for a payment that did not go through, as staff edited it (notify and close). */
import { unpaidCartEmail } from '../../../domain/contract/conversations';
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const unpaidCart: EmailTemplateDefinition = {
  description: 'The apology for a payment that did not go through, as staff edited it on the unpaid cart.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your order has not been completed"
      referenceLabel={props.reference ? `Basket ${props.reference}` : undefined}
    />
  ),
  sample: {
    subject: 'Your order has not been completed',
    text: unpaidCartEmail('Priya Shah', '58213'),
    customerName: 'Priya Shah',
    reference: '58213',
  },
};

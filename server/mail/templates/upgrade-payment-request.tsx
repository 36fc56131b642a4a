/** upgrade_payment_request: a Modify Order change costs more; the customer is asked to pay the difference. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const upgradePaymentRequest: EmailTemplateDefinition = {
  description:
    'Asks the customer to pay the difference when a change to the order costs more (Modify order).',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your change needs a payment"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="We go ahead as soon as the payment reaches us. If you would rather not make the change, reply to this e-mail."
      signOff
    />
  ),
  sample: {
    subject: 'Please pay for the change to your order 104216-1',
    text: 'We have changed order 104216-1 as requested. The change costs £25.00 more; please pay the difference so that we can go ahead.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

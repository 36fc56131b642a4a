/** update_withdrawn: an admin withdrew the change waiting for the customer; the order goes ahead as placed. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const updateWithdrawn: EmailTemplateDefinition = {
  description:
    'Tells the customer that a change we proposed is withdrawn and the order goes ahead as placed.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="The proposed change is withdrawn"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="There is nothing you need to do."
      signOff
    />
  ),
  sample: {
    subject: 'Change to your order 104216-1 withdrawn',
    text: 'The change we proposed to order 104216-1 has been withdrawn; your order goes ahead as placed.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

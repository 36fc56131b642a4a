/** customer_contact: a member of staff writes to the customer about an escalated item (contact_customer). */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const customerContact: EmailTemplateDefinition = {
  description: 'A message a member of staff writes about an escalated order item (Contact customer).',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="A message about your order"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="Reply to this e-mail to answer; your reply reaches the team working on your order."
      signOff
    />
  ),
  sample: {
    subject: 'About your order 104216-1',
    text: 'The General Register Office tells us that the birth was registered in Leeds, not in York.\n\nCould you confirm that a certificate from the Leeds register is what you need?',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

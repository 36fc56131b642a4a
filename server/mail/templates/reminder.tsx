/** reminder: the scheduled reminder while an item waits for the customer (every 7 days, unless on hold). */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const reminder: EmailTemplateDefinition = {
  description: 'The reminder sent every 7 days while an item waits for the customer and is not on hold.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="We are waiting for your reply"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="The quickest way is to reply to this e-mail."
      signOff
    />
  ),
  sample: {
    subject: 'Reminder about your order 104216-1',
    text: 'We are still waiting for your reply about order 104216-1. Please get in touch so that we can go ahead.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

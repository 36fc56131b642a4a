/** despatched: the documents are on their way, with the carrier and the tracking reference (despatch). */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const despatched: EmailTemplateDefinition = {
  description:
    'Sent when the documents are despatched: the date, the carrier and service, the tracking reference.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your documents are on their way"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="If they have not arrived when you expect them, reply to this e-mail and we will look into it."
      signOff
    />
  ),
  sample: {
    subject: 'Your documents are on their way – order 104216-1',
    text: 'Your documents for order 104216-1 were despatched on 03/12/2026 by Royal Mail Special Delivery Guaranteed. Your tracking reference is AB123456789GB.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

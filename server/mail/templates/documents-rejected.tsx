/** documents_rejected: the customer's documents could not be accepted; staff's feedback is in the text. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const documentsRejected: EmailTemplateDefinition = {
  description:
    'The feedback on documents that could not be accepted (Reject documents), asking for new ones.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="We need new documents"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="You can also reply to this e-mail with the new documents attached (PDF, JPEG or PNG)."
      signOff
    />
  ),
  sample: {
    subject: 'We need new documents – order 104216-1',
    text: 'We could not accept the documents you sent for order 104216-1:\n\nThe scan of the passport is cut off at the bottom; please send the whole photo page.\n\nPlease upload new documents.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

/** scan_send: the scans of the customer's documents, attached, before the originals are posted. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const scanSend: EmailTemplateDefinition = {
  description: 'The scans of the documents, attached (Approve scan & send); the originals follow by post.',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Your scans are attached"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="Please check the scans as soon as you can, and reply to this e-mail if anything is missing or unclear."
      signOff
    />
  ),
  sample: {
    subject: 'Scans of your documents – order 104216-1',
    text: 'Please find attached the scans of your documents for order 104216-1. The originals will follow by post.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

/** downgrade_approval_request: a Modify Order change costs less; the customer is asked to approve it. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const downgradeApprovalRequest: EmailTemplateDefinition = {
  description:
    'Asks the customer to approve a change that costs less, refunded once approved (Modify order).',
  Template: (props) => (
    <CustomerEmail
      {...props}
      heading="Please approve the change to your order"
      referenceLabel={props.reference ? `Order ${props.reference}` : undefined}
      greet
      note="Reply to this e-mail to approve the change, or to ask us about it."
      signOff
    />
  ),
  sample: {
    subject: 'Please approve the change to your order 104216-1',
    text: 'We propose to change order 104216-1. The change costs £15.00 less, which we will refund once you approve it.',
    customerName: 'Priya Shah',
    reference: '104216-1',
  },
};

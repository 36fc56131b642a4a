/** conversation_reply: a member of staff's reply to a customer's message: their letter, nothing added. */
import { CustomerEmail } from './layout';
import type { EmailTemplateDefinition } from './template';

export const conversationReply: EmailTemplateDefinition = {
  description: "A member of staff's reply to a customer's message, as written.",
  Template: (props) => <CustomerEmail {...props} />,
  sample: {
    subject: 'Re: When will my certificate arrive?',
    text: 'Dear Priya,\n\nThank you for your message. Your certificate was despatched this morning by Royal Mail and should reach you within two working days.\n\nKind regards,\nSam\nCustomer Services',
    customerName: 'Priya Shah',
  },
};

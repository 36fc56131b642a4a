/** Every customer e-mail kind's template (one each: the compiler refuses a kind without one). */
import type { CustomerEmailKind } from '../../../domain/contract/email-templates';
import { cancelled } from './cancelled';
import { conversationReply } from './conversation-reply';
import { customerContact } from './customer-contact';
import { despatched } from './despatched';
import { documentsRejected } from './documents-rejected';
import { downgradeApprovalRequest } from './downgrade-approval-request';
import { refund } from './refund';
import { reminder } from './reminder';
import { scanSend } from './scan-send';
import type { EmailTemplateDefinition } from './template';
import { unpaidCart } from './unpaid-cart';
import { updateWithdrawn } from './update-withdrawn';
import { upgradePaymentRequest } from './upgrade-payment-request';

export const EMAIL_TEMPLATES: Record<CustomerEmailKind, EmailTemplateDefinition> = {
  customer_contact: customerContact,
  reminder,
  documents_rejected: documentsRejected,
  upgrade_payment_request: upgradePaymentRequest,
  downgrade_approval_request: downgradeApprovalRequest,
  update_withdrawn: updateWithdrawn,
  scan_send: scanSend,
  despatched,
  refund,
  cancelled,
  unpaid_cart: unpaidCart,
  conversation_reply: conversationReply,
};

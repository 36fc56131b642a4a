/** The customer e-mail templates as admins review them: each kind laid out with its sample message. */
import { CUSTOMER_EMAIL_KINDS, type EmailTemplateList } from '../../../domain/contract/email-templates';
import { composeEmail } from '../../mail/compose';
import { EMAIL_TEMPLATES } from '../../mail/templates/index';

/** Every template rendered as it would be sent now (the configured company), from its sample data. */
export function listEmailTemplates(): EmailTemplateList {
  return {
    templates: CUSTOMER_EMAIL_KINDS.map((kind) => {
      const { description, sample } = EMAIL_TEMPLATES[kind];
      const { html, text } = composeEmail(kind, sample);
      return { kind, description, subject: sample.subject, html, text };
    }),
  };
}

/** What a customer e-mail's template is given and what it declares about itself. */
import type { ReactElement } from 'react';
import type { CompanyDetails } from '../../config';

/** The message itself, as the service that queues it knows it. */
export interface EmailContent {
  subject: string;
  /** The message in plain text (a blank line between paragraphs), written by us or by a member of staff. */
  text: string;
  /** Whom it is addressed to (the order's billing name), for the greeting. */
  customerName?: string | null;
  /** The order item's or basket's ref it is about. */
  reference?: string | null;
}

export interface TemplateProps extends EmailContent {
  company: CompanyDetails;
}

/** One kind's template: its layout, what it is for, and the sample the Templates tab renders. */
export interface EmailTemplateDefinition {
  description: string;
  Template: (props: TemplateProps) => ReactElement;
  sample: EmailContent;
}

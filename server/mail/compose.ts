/**
 * Lays out a customer e-mail with its kind's template (server/mail/templates, React Email components): the
 * HTML document, and the plain-text part made from that same HTML by React Email's converter, so that both
 * parts say the same thing. The company they present is the configured one (COMPANY_*), set once at start.
 */
import { toPlainText } from '@react-email/render';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CustomerEmailKind } from '../../domain/contract/email-templates';
import { type CompanyDetails, DEMO_COMPANY } from '../config';
import { EMAIL_TEMPLATES } from './templates/index';
import type { EmailContent } from './templates/template';

let presented: CompanyDetails = DEMO_COMPANY;

/**
 * Sets the company every e-mail composed from now on presents: once at start, from the configuration
 * (server/main.ts, the CLI). A module setting rather than an argument, as e-mails are queued deep inside
 * services (the workflow's outcome, a reply, a cart) that are not otherwise configured.
 */
export function presentCompany(company: CompanyDetails): void {
  presented = company;
}

/** The company the e-mails present now. */
export const presentedCompany = (): CompanyDetails => presented;

export interface ComposedEmail {
  html: string;
  text: string;
}

/**
 * The plain-text rendering: headings as written (not upper-cased), links as their address, images and the
 * masthead (data-skip-in-text) left out, lines never wrapped (a client wraps them to its own width).
 */
const PLAIN_TEXT = {
  wordwrap: false as const,
  selectors: [{ selector: 'h1', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } }],
};

/** The doctype React Email's render() gives its documents (the one mail clients are tested against). */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * A customer e-mail of `kind` as sent: its HTML document and its text part. It runs inside the transaction that
 * queues the e-mail, so it is synchronous and cheap: React's static renderer, not React Email's render(),
 * which streams to wait for Suspense (the templates never suspend) and cost 2.3 times as much CPU
 * (docs/performance.md, "Composing an e-mail").
 */
export function composeEmail(
  kind: CustomerEmailKind,
  content: EmailContent,
  company: CompanyDetails = presented,
): ComposedEmail {
  const { Template } = EMAIL_TEMPLATES[kind];
  const html = DOCTYPE + renderToStaticMarkup(createElement(Template, { ...content, company }));
  return { html, text: toPlainText(html, PLAIN_TEXT).trim() };
}

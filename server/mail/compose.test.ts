/**
 * Every customer e-mail template: the legal details in every footer, the message in both parts, everything a
 * customer or member of staff typed escaped, links absolute, no image fetched unless a logo is configured, and
 * the configured company's name, logo and colours.
 */
import { describe, expect, it } from 'vitest';
import { CUSTOMER_EMAIL_KINDS } from '../../domain/contract/email-templates';
import { type CompanyDetails, DEMO_COMPANY } from '../config';
import { composeEmail } from './compose';
import { EMAIL_TEMPLATES } from './templates/index';
import { inkOn } from './templates/layout';

const hrefs = (html: string) => [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1]);
const imageSources = (html: string) => [...html.matchAll(/<img\b[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
/** What a reader sees of an HTML attribute or text: the entities React writes turned back into characters. */
const unescaped = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const ACME: CompanyDetails = {
  name: 'Acme Certificates',
  legalName: 'Acme Certificates Limited',
  number: 'SC654321',
  registeredIn: 'Scotland',
  registeredOffice: '2 Castle Wynd, Edinburgh EH1 2NG',
  websiteUrl: 'https://acme-certificates.example/',
  logoUrl: 'https://cdn.acme-certificates.example/logo.png',
  brandColor: '#f5d90a',
  accentColor: '#0a5cf5',
};

describe.each(CUSTOMER_EMAIL_KINDS)('the %s template', (kind) => {
  const { sample } = EMAIL_TEMPLATES[kind];
  const { html, text } = composeEmail(kind, sample, DEMO_COMPANY);

  it('is a whole HTML document with the legal details in its footer, and so is its text part', () => {
    expect(html).toMatch(/^<!DOCTYPE html[^>]*><html dir="ltr" lang="en">/);
    for (const part of [unescaped(html), text]) {
      expect(part).toContain(
        'UK Document Services Ltd is a company registered in England and Wales, company number 01234567.',
      );
      expect(part).toContain('Registered office: Example House, 1 Example Street, London EC1A 1AA.');
    }
  });

  it('says the message in both parts', () => {
    for (const paragraph of sample.text.split(/\n{2,}/)) {
      expect(text).toContain(paragraph);
      for (const line of paragraph.split('\n')) expect(unescaped(html)).toContain(line);
    }
  });

  it('links only to absolute addresses, and fetches no image when no logo is configured', () => {
    expect(hrefs(html).length).toBeGreaterThan(0);
    for (const href of hrefs(html)) expect(href).toMatch(/^https:\/\/[^/]/);
    expect(imageSources(html)).toEqual([]);
    expect(html).not.toMatch(/url\(|<link\b|@import/);
  });

  it('escapes what a customer or member of staff typed', () => {
    const hostile = composeEmail(
      kind,
      {
        subject: 'x',
        text: 'Look: <script>alert("text")</script>\n\n<img src=x onerror=alert(1)> & <a href="javascript:alert(2)">here</a>',
        customerName: '<script>alert("name")</script>',
        reference: '<b>1</b>',
      },
      DEMO_COMPANY,
    );
    expect(hostile.html).not.toMatch(/<script|<img src=x|<a href="javascript|<b>1/);
    expect(hostile.html).toContain('&lt;script&gt;alert(&quot;text&quot;)&lt;/script&gt;');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &lt;a href=&quot;javascript:');
    // The text part is plain text: the characters as typed, which no mail client runs.
    expect(hostile.text).toContain('Look: <script>alert("text")</script>');
  });

  it('presents the configured company: its name, logo, colours, website and legal details', () => {
    const acme = composeEmail(kind, sample, ACME);
    expect(imageSources(acme.html)).toEqual([ACME.logoUrl]);
    expect(acme.html).toContain('alt="Acme Certificates"');
    expect(acme.html).toContain(`background-color:${ACME.brandColor}`);
    expect(acme.html).toContain(`background-color:${ACME.accentColor}`);
    expect(hrefs(acme.html)).toContain(ACME.websiteUrl);
    expect(acme.text).toContain(
      'Acme Certificates Limited is a company registered in Scotland, company number SC654321.',
    );
    expect(acme.text).toContain('Registered office: 2 Castle Wynd, Edinburgh EH1 2NG.');
    expect(acme.html + acme.text).not.toMatch(/UK Document Services|01234567/);
  });
});

describe('the layout', () => {
  it('greets the customer by name in the messages we write, and signs them', () => {
    const { text } = composeEmail('despatched', EMAIL_TEMPLATES.despatched.sample, DEMO_COMPANY);
    expect(text).toMatch(
      /^Order 104216-1\n\nYour documents are on their way\n\nDear Priya Shah,\n\nYour documents for order 104216-1 were despatched/,
    );
    expect(text).toContain('Kind regards,\nCustomer Services\nUK Document Services');
    const nameless = composeEmail(
      'refund',
      { subject: 's', text: 'We have refunded £1.00 to you.' },
      DEMO_COMPANY,
    );
    expect(nameless.text).toContain('Hello,\n\nWe have refunded £1.00 to you.');
  });

  it("adds nothing to a member of staff's own letter but the company's frame", () => {
    const { text } = composeEmail(
      'conversation_reply',
      { subject: 'Re: Hello', text: 'Dear Pat,\n\nIt left today.\nBy post.\n\nSam', customerName: 'Pat' },
      DEMO_COMPANY,
    );
    expect(text).toMatch(/^Dear Pat,\n\nIt left today.\nBy post.\n\nSam\n\nUK Document Services · https:/);
    expect(text).not.toContain('Kind regards');
  });

  it('keeps line breaks within a paragraph and starts a new one at a blank line', () => {
    const { html } = composeEmail(
      'conversation_reply',
      { subject: 's', text: 'a\r\nb\n\n\n\nc' },
      DEMO_COMPANY,
    );
    expect(html).toMatch(/<p[^>]*><span>a<\/span><span><br\/>b<\/span><\/p><p[^>]*><span>c<\/span><\/p>/);
  });

  it('sets the wordmark in white on a dark brand colour and in black on a light one', () => {
    expect(inkOn('#1c3d5a')).toBe('#ffffff');
    expect(inkOn('#f5d90a')).toBe('#111111');
    // Mid-grey: black reads a little better (4.6:1) than white (4.5:1).
    expect(inkOn('#767676')).toBe('#111111');
    expect(inkOn('#595959')).toBe('#ffffff');
  });
});

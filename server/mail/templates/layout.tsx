/**
 * The frame every customer e-mail shares: the company's header (its logo, or its name set as a wordmark), the
 * message, and the footer with the legal details UK law asks of business e-mail. Tables and inline styles
 * (React Email's components) because that is what mail clients render alike; no remote image unless the
 * company configured a logo, and every link absolute.
 */
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { CompanyDetails } from '../../config';
import type { TemplateProps } from './template';

const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const INK = '#1f2933';
const MUTED = '#52606d';

/** Black or white, whichever reads better on `hex` (WCAG relative luminance), for text on the brand colour. */
export function inkOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white is (1.05)/(L+0.05), with black (L+0.05)/0.05: white wins below L ≈ 0.179.
  return luminance < 0.179 ? '#ffffff' : '#111111';
}

/** The company's logo when one is configured, else its name as a wordmark (text, so nothing is fetched). */
function Masthead({ company }: { company: CompanyDetails }) {
  const ink = inkOn(company.brandColor);
  return (
    <Section
      style={{ backgroundColor: company.brandColor, padding: '22px 32px', borderRadius: '6px 6px 0 0' }}
      data-skip-in-text="true"
    >
      <Link href={company.websiteUrl} style={{ color: ink, textDecoration: 'none' }}>
        {company.logoUrl ? (
          <Img
            src={company.logoUrl}
            alt={company.name}
            height={40}
            style={{ display: 'block', height: 40 }}
          />
        ) : (
          <span
            style={{ fontFamily: FONT, fontSize: 20, fontWeight: 700, letterSpacing: '0.4px', color: ink }}
          >
            {company.name}
          </span>
        )}
      </Link>
    </Section>
  );
}

/** What the order or basket is, in a box the eye finds first. */
function Reference({ label, company }: { label: string; company: CompanyDetails }) {
  return (
    <Text
      style={{
        margin: '0 0 8px',
        fontSize: 13,
        lineHeight: '20px',
        fontWeight: 600,
        letterSpacing: '0.3px',
        color: MUTED,
        textTransform: 'uppercase',
        borderLeft: `3px solid ${company.accentColor}`,
        paddingLeft: 8,
      }}
    >
      {label}
    </Text>
  );
}

const paragraph: CSSProperties = { margin: '0 0 16px', fontSize: 16, lineHeight: '26px', color: INK };

/**
 * Plain text as paragraphs: a blank line starts a new one, a single line break stays one. React escapes every
 * character, so what a customer or a member of staff typed is shown, never interpreted.
 */
export function MessageText({ text }: { text: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p, i) => {
    const lines = p.split('\n');
    return (
      // The paragraphs never move, so their position is their identity.
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
      <Text key={i} style={paragraph}>
        {lines.map((line, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <span key={j}>
            {j > 0 && <br />}
            {line}
          </span>
        ))}
      </Text>
    );
  });
}

function Footer({ company }: { company: CompanyDetails }) {
  const small: CSSProperties = { margin: '0 0 6px', fontSize: 12, lineHeight: '18px', color: MUTED };
  return (
    <Section style={{ padding: '20px 32px 24px', borderTop: '1px solid #e4e7eb' }}>
      <Text style={{ ...small, fontWeight: 600, color: INK }}>
        {company.name} ·{' '}
        <Link href={company.websiteUrl} style={{ color: company.brandColor, textDecoration: 'underline' }}>
          {company.websiteUrl}
        </Link>
      </Text>
      <Text style={small}>
        {company.legalName} is a company registered in {company.registeredIn}, company number {company.number}
        .
      </Text>
      <Text style={small}>Registered office: {company.registeredOffice}.</Text>
    </Section>
  );
}

export interface CustomerEmailProps extends TemplateProps {
  /** The first thing the customer reads, in large type; none for a personal reply. */
  heading?: string;
  /** "Order 1234-1", "Basket 5678": what the message is about. */
  referenceLabel?: string;
  /** "Dear <name>," before the message: for the messages we write, not for staff's own letters. */
  greet?: boolean;
  /** A line after the message saying what the customer can do next. */
  note?: string;
  /** "Kind regards, Customer Services": for the messages we write; staff sign their own. */
  signOff?: boolean;
  children?: ReactNode;
}

/** One customer e-mail, laid out in the company's look. */
export function CustomerEmail(props: CustomerEmailProps) {
  const { company, heading, referenceLabel, text, customerName, note } = props;
  const preview = text.replace(/\s+/g, ' ').trim();
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f2f4f7', margin: 0, padding: '24px 12px', fontFamily: FONT }}>
        <Container
          style={{
            maxWidth: 600,
            backgroundColor: '#ffffff',
            border: '1px solid #e4e7eb',
            borderRadius: 6,
            fontFamily: FONT,
          }}
        >
          <Masthead company={company} />
          <Section
            style={{ height: 4, lineHeight: '4px', fontSize: 0, backgroundColor: company.accentColor }}
          >
            {' '}
          </Section>
          <Section style={{ padding: '28px 32px 12px' }}>
            {referenceLabel && <Reference label={referenceLabel} company={company} />}
            {heading && (
              <Heading
                as="h1"
                style={{
                  margin: '0 0 20px',
                  fontSize: 24,
                  lineHeight: '32px',
                  fontWeight: 700,
                  color: company.brandColor,
                }}
              >
                {heading}
              </Heading>
            )}
            {props.greet && (
              <Text style={paragraph}>{customerName ? `Dear ${customerName},` : 'Hello,'}</Text>
            )}
            <MessageText text={text} />
            {props.children}
            {note && <Text style={{ ...paragraph, color: MUTED }}>{note}</Text>}
            {props.signOff && (
              <Text style={paragraph}>
                Kind regards,
                <br />
                Customer Services
                <br />
                {company.name}
              </Text>
            )}
          </Section>
          <Footer company={company} />
        </Container>
      </Body>
    </Html>
  );
}

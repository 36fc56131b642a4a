/**
 * Reading one inbound e-mail (the raw RFC 5322 bytes from the mailbox or DATA_DIR/inbox) into what matching and
 * storing need: who sent it, what it answers, whether it is an auto-reply or a bounce, its new text apart from
 * its quoted history, and its files. Garbage is refused with a reason (InboundRefused), never thrown as a fault,
 * so a broken message is set aside and the sweep goes on (docs/decisions/inbound-mail.md).
 */
import { createHash } from 'node:crypto';
import { type ParsedMail, simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { storableText } from '../../input-guard';

/** The largest message read: a 20 MB upload grows by a third in base64, plus the text around it. */
export const MAX_INBOUND_BYTES = 30 * 1024 * 1024;
/** Headers larger than this are garbage (or an attack on the parser), not a customer writing. */
export const MAX_HEADER_BYTES = 256 * 1024;
/** HTML beyond this is not parsed into text; the message is kept as its plain text. */
const MAX_HTML_CHARS = 2 * 1024 * 1024;
/** The new text an item's comment carries at most. */
const MAX_COMMENT_CHARS = 4000;

/** A message that cannot be taken: set aside (inbox/failed, or flagged in the mailbox) with this reason. */
export class InboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'InboundRefused';
  }
}

/** A file of the message (its bytes were within the message's size limit). */
export interface InboundPart {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedInbound {
  messageId: string;
  fromAddress: string;
  fromName: string | null;
  subject: string | null;
  /** Every address it was sent to (To, Cc, Delivered-To, X-Original-To): where a reply token is found. */
  recipients: string[];
  /** In-Reply-To and References, nearest first. */
  references: string[];
  autoReply: boolean;
  /** A delivery-status report: the Message-IDs it names and the reason the server gave. */
  bounce: { messageIds: string[]; reason: string } | null;
  /** The body as HTML (not yet sanitised: the conversation service cleans what it stores). */
  html: string;
  /** The new text without quoted history, for the item's comment. */
  newText: string;
  files: InboundPart[];
  byteSize: number;
}

const headerEnd = (raw: Buffer) => {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf === -1) return lf;
  if (lf === -1) return crlf;
  return Math.min(crlf, lf);
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Lines that start the quoted history of a reply, as the common mail programs write it. */
const QUOTE_START = [
  /^>/,
  /^On .{4,200} wrote:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^_{10,}\s*$/,
  /^From: .+/,
];

/** Plain text as HTML, the quoted lines (`> …`) folded into blockquotes. */
export function textToHtml(text: string): string {
  const out: string[] = [];
  let quote: string[] = [];
  const flush = () => {
    if (quote.length > 0) out.push(`<blockquote>${quote.map(escapeHtml).join('<br>')}</blockquote>`);
    quote = [];
  };
  for (const line of text.replaceAll('\r\n', '\n').split('\n')) {
    if (line.startsWith('>')) {
      quote.push(line.replace(/^>\s?/, ''));
      continue;
    }
    flush();
    out.push(line === '' ? '<br>' : `${escapeHtml(line)}<br>`);
  }
  flush();
  return out.join('\n');
}

/** The new text of a reply: the lines before its quoted history, trimmed and bounded. */
export function newTextOf(text: string): string {
  const lines = text.replaceAll('\r\n', '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (kept.some((l) => l.trim() !== '') && QUOTE_START.some((re) => re.test(line.trim()))) break;
    kept.push(line);
  }
  return kept.join('\n').trim().slice(0, MAX_COMMENT_CHARS);
}

const headerText = (mail: ParsedMail, name: string): string | null => {
  const value = mail.headers.get(name);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return String(value);
};

/**
 * Whether the message was written by a machine on its own: RFC 3834's Auto-Submitted, the common X-Autoreply
 * family, Precedence bulk/auto_reply/junk, or an out-of-office subject. Such a message never opens a thread.
 */
export function isAutoReply(mail: ParsedMail): boolean {
  const submitted = headerText(mail, 'auto-submitted')?.trim().toLowerCase();
  if (submitted && submitted !== 'no') return true;
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return true;
  const precedence = headerText(mail, 'precedence')?.trim().toLowerCase();
  if (precedence && ['bulk', 'auto_reply', 'junk', 'list'].includes(precedence)) return true;
  return /^(out of (the )?office|automatic reply|auto(matic)?[ -]?(reply|response)|autoreply|abwesenheit)\b/i.test(
    mail.subject?.trim() ?? '',
  );
}

const MESSAGE_ID_HEADER = /^(?:Message-ID|Original-Message-ID):\s*(<[^<>\s]{3,500}>)/gim;

/** The report's Message-IDs (the returned message's headers) and the reason the server gave. */
function bounceOf(mail: ParsedMail, raw: Buffer, messageId: string) {
  const type = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  if (type?.value?.toLowerCase() !== 'multipart/report') return null;
  if (type.params?.['report-type']?.toLowerCase() !== 'delivery-status') return null;
  const text = raw.toString('latin1');
  const ids = new Set<string>();
  for (const m of text.matchAll(MESSAGE_ID_HEADER)) if (m[1] !== messageId) ids.add(m[1]);
  for (const id of referencesOf(mail)) ids.add(id);
  const diagnostic = /^Diagnostic-Code:\s*(.+)$/im.exec(text)?.[1] ?? /^Status:\s*(\S+)/im.exec(text)?.[1];
  return { messageIds: [...ids], reason: storableText((diagnostic ?? 'undeliverable').trim()).slice(0, 500) };
}

function referencesOf(mail: ParsedMail): string[] {
  const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  // Nearest first: In-Reply-To, then References from the newest.
  const ids = [...list(mail.inReplyTo).flatMap((v) => v.split(/\s+/)), ...list(mail.references).reverse()];
  return [...new Set(ids.map((id) => id.trim()).filter((id) => /^<[^<>\s]+>$/.test(id)))].slice(0, 50);
}

function addressesOf(mail: ParsedMail): string[] {
  const found: string[] = [];
  for (const field of [mail.to, mail.cc]) {
    for (const group of field === undefined ? [] : Array.isArray(field) ? field : [field]) {
      for (const a of group.value) if (a.address) found.push(a.address);
    }
  }
  for (const name of ['delivered-to', 'x-original-to', 'envelope-to']) {
    const value = headerText(mail, name);
    if (value) found.push(...value.split(/[\s,]+/));
  }
  return found.slice(0, 100);
}

/**
 * Reads a raw message. Refuses (InboundRefused) one over MAX_INBOUND_BYTES, one whose headers are over
 * MAX_HEADER_BYTES or missing, one the MIME parser cannot read, and one without a sender. A message without a
 * Message-ID is given one from a hash of its bytes, so the same file read twice is still one message.
 */
export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  if (raw.length > MAX_INBOUND_BYTES) {
    throw new InboundRefused(`message too large: ${raw.length} bytes, at most ${MAX_INBOUND_BYTES}`);
  }
  const end = headerEnd(raw);
  if (end === -1 ? raw.length > MAX_HEADER_BYTES : end > MAX_HEADER_BYTES) {
    throw new InboundRefused(`headers too large: more than ${MAX_HEADER_BYTES} bytes`);
  }
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, {
      skipImageLinks: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_CHARS,
    });
  } catch (error) {
    throw new InboundRefused(`unreadable MIME: ${(error as Error).message}`.slice(0, 300));
  }
  const from = mail.from?.value.find((a) => a.address);
  if (!from?.address || !/^[^\s@<>]+@[^\s@<>]+$/.test(from.address)) {
    throw new InboundRefused('no sender address (From)');
  }
  const declared = mail.messageId?.trim();
  const messageId =
    declared && declared.length <= 500
      ? storableText(declared)
      : `<${createHash('sha256').update(raw).digest('hex')}@no-message-id.invalid>`;
  const text = storableText(mail.text ?? '');
  const html =
    typeof mail.html === 'string' && mail.html.length <= MAX_HTML_CHARS
      ? storableText(mail.html)
      : textToHtml(text);
  const newText =
    newTextOf(text) ||
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().slice(0, MAX_COMMENT_CHARS);
  const bounce = bounceOf(mail, raw, messageId);
  return {
    messageId,
    fromAddress: storableText(from.address.toLowerCase()).slice(0, 254),
    fromName: from.name ? storableText(from.name).slice(0, 200) : null,
    subject: mail.subject ? storableText(mail.subject).slice(0, 500) : null,
    recipients: addressesOf(mail),
    references: referencesOf(mail),
    autoReply: !bounce && isAutoReply(mail),
    bounce,
    html,
    newText,
    // Images a message shows in its own HTML (a signature's logo) belong to the HTML, not to the item.
    files: bounce
      ? []
      : mail.attachments
          .filter((a) => !a.related)
          .map((a) => ({
            filename: storableText(a.filename ?? 'attachment').slice(0, 255),
            contentType: a.contentType.toLowerCase(),
            content: a.content,
          })),
    byteSize: raw.length,
  };
}

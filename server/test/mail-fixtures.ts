/** The saved e-mails of server/test/fixtures/mail, with their {{PLACEHOLDERS}} filled in for one test. */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';

const DIR = path.join(import.meta.dirname, 'fixtures', 'mail');

/** A fresh Message-ID, so every test's message is new to the database. */
export const newMessageId = () => `<${randomUUID()}@mail.example.com>`;

/** A fixture's bytes, placeholders replaced (MESSAGE_ID is a fresh one unless given). */
export function mailFixture(name: string, vars: Record<string, string> = {}): Buffer {
  const text = readFileSync(path.join(DIR, name), 'latin1');
  const all: Record<string, string> = { MESSAGE_ID: newMessageId(), TO: 'orders@ukds.example', ...vars };
  return Buffer.from(
    text.replace(
      /\{\{([A-Z_]+)\}\}/g,
      (_, key: string) => all[key] ?? `<none-${key.toLowerCase()}@x.invalid>`,
    ),
    'latin1',
  );
}

/** A message built in the test: headers, then one text part and the given attachments (base64). */
export function buildMail(opts: {
  from?: string;
  to?: string;
  subject?: string;
  messageId?: string;
  headers?: string;
  text?: string;
  files?: { filename: string; contentType: string; content: Buffer }[];
}): Buffer {
  const boundary = `b${randomUUID()}`;
  const parts = [
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${opts.text ?? 'Hello'}\r\n`,
    ...(opts.files ?? []).map(
      (f) =>
        `--${boundary}\r\nContent-Type: ${f.contentType}; name="${f.filename}"\r\nContent-Disposition: attachment; filename="${f.filename}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${f.content.toString('base64').replace(/.{76}/g, '$&\r\n')}\r\n`,
    ),
  ];
  const head = [
    `From: ${opts.from ?? 'Cass Tomer <cass@example.com>'}`,
    `To: ${opts.to ?? 'orders@ukds.example'}`,
    `Subject: ${opts.subject ?? 'A message'}`,
    `Message-ID: ${opts.messageId ?? newMessageId()}`,
    ...(opts.headers ? [opts.headers] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
  ].join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${parts.join('')}--${boundary}--\r\n`);
}

/** A "zip bomb": a small file that would unpack to 50 MB of zeros (we never unpack it). */
export const zipBomb = () => deflateRawSync(Buffer.alloc(50 * 1024 * 1024), { level: 9 });

/** A small valid PDF. */
export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A header value longer than inbound mail takes (parse.ts MAX_HEADER_BYTES). */
export const MAX_HEADERS_GARBAGE = 'a'.repeat(300 * 1024);

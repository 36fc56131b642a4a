/**
 * The cover letter that goes in the envelope with the customer's documents: A4, the despatch address,
 * the order and item refs, what is enclosed. Built with pdf-lib (no native dependencies).
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { formatDate } from '../../../domain/format';
import type { Db } from '../../db/client';
import { loadOrderItem } from './read';

const A4: [number, number] = [595.28, 841.89];

// The standard PDF fonts encode WinAnsi only; anything else is replaced rather than failing the letter.
const printable = (text: string) => text.normalize('NFKD').replace(/[^\x20-\x7E£–’]/g, '');

/** The cover letter of one order item as PDF bytes. */
export async function coverLetterPdf(
  db: Db,
  key: string,
  now = new Date(),
): Promise<{ ref: string; pdf: Uint8Array }> {
  const { item, orderable, order, billing, shipping } = await loadOrderItem(db, key);
  const to = shipping ?? billing;
  const doc = await PDFDocument.create();
  doc.setTitle(`Cover letter ${item.ref}`);
  doc.setAuthor('UK Document Services');
  const page = doc.addPage(A4);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A4[1] - 72;
  const line = (text: string, opts: { size?: number; font?: typeof regular; gap?: number } = {}) => {
    page.drawText(printable(text), {
      x: 72,
      y,
      size: opts.size ?? 11,
      font: opts.font ?? regular,
      color: rgb(0.1, 0.1, 0.1),
    });
    y -= opts.gap ?? 16;
  };

  line('UK Document Services', { size: 16, font: bold, gap: 28 });
  for (const part of [to.name, to.line1, to.line2, to.city, to.state, to.zip, to.countryCode]) {
    if (part) line(part);
  }
  y -= 16;
  line(formatDate(now), { gap: 28 });
  line(`Order ${order.ref} — item ${item.ref}`.replace('—', '-'), { font: bold, gap: 24 });
  line(`Dear ${billing.name},`, { gap: 24 });
  line(
    `Please find enclosed your ${item.type.toLowerCase()}${orderable.copies > 1 ? ` (${orderable.copies} copies)` : ''}.`,
  );
  if (orderable.apostilleCopies > 0) line(`Apostilled copies enclosed: ${orderable.apostilleCopies}.`);
  const names = [orderable.firstnameA, orderable.surnameA].filter(Boolean).join(' ');
  if (names) line(`Name on the document: ${names}.`);
  y -= 8;
  line('If anything is not as you expected, reply to our e-mail quoting the reference above.');
  y -= 16;
  line('Kind regards,');
  line('The UK Document Services team');
  return { ref: item.ref, pdf: await doc.save() };
}

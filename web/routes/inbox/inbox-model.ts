/**
 * What the inbox decides (issue 49), without React: its folders and their URL, the thread j/k and archiving
 * move to, the snooze times offered, and the order and item refs in a message's text that become links.
 */
import { INBOX_FOLDERS, type InboxFolder } from '../../../domain/contract/conversations';

/** The folders in the order the inbox lists them, with their labels. */
export const FOLDERS: ReadonlyArray<{ value: InboxFolder; label: string }> = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'archived', label: 'Archived' },
];

/** The folder the URL names (`?folder=`); anything else is the inbox. */
export function folderFromParams(params: URLSearchParams): InboxFolder {
  const value = params.get('folder');
  return (INBOX_FOLDERS as readonly string[]).includes(value ?? '') ? (value as InboxFolder) : 'inbox';
}

/** The page the URL names (`?page=`), 1 when none or not a page. */
export function pageFromParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * The thread j (delta 1) or k (delta -1) opens from the open one: the next or previous of the list, staying at
 * either end; with none open (or one not in the list), the first.
 */
export function neighbour(ids: readonly number[], current: number | null, delta: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return ids[0];
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))];
}

/** The thread to open once the open one leaves the list (archived, snoozed): the next, else the previous. */
export function nextAfterLeaving(ids: readonly number[], leaving: number): number | null {
  const at = ids.indexOf(leaving);
  if (at === -1) return ids[0] ?? null;
  return ids[at + 1] ?? ids[at - 1] ?? null;
}

/** A snooze time offered in one click. */
export interface SnoozePreset {
  id: string;
  label: string;
  until: Date;
}

const atNine = (day: Date, addDays: number) => {
  const d = new Date(day);
  d.setDate(d.getDate() + addDays);
  d.setHours(9, 0, 0, 0);
  return d;
};

/** In three hours, tomorrow at 9:00 and next Monday at 9:00 (the browser's time, which is the office's). */
export function snoozePresets(now: Date): SnoozePreset[] {
  const daysToMonday = ((8 - now.getDay()) % 7 || 7) as number;
  return [
    { id: 'later', label: 'In 3 hours', until: new Date(now.getTime() + 3 * 3_600_000) },
    { id: 'tomorrow', label: 'Tomorrow at 9:00', until: atNine(now, 1) },
    { id: 'monday', label: 'Next Monday at 9:00', until: atNine(now, daysToMonday) },
  ];
}

/** A `datetime-local` input's value (the browser's time) as the moment it means, or null when incomplete. */
export function fromLocalInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A moment as a `datetime-local` input's value, in the browser's time. */
export function toLocalInput(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A piece of a message's text: plain text, or a ref to link (an item ref, or an order ref). */
export type TextPart = { text: string } | { text: string; ref: string; kind: 'item' | 'order' };

/**
 * Item refs (100234-2) anywhere, and order refs where the text says they are one: after "order", "ref" or
 * "#" ("order 100234", "Order no. 100234", "#100234"). A bare number is left alone: it may be a phone number,
 * a price or a year (docs/decisions/inbox.md).
 */
const REF =
  /\b(\d{4,10}-\d{1,3})\b|((?:\border(?:\s+(?:no\.?|number|ref))?|\bref(?:erence)?)[\s:#]*|#)(\d{4,10})\b/gi;

/** The text split into plain parts and refs to link, in order; the parts join back into the text. */
export function refParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(REF)) {
    const start = m.index ?? 0;
    if (m[1]) {
      if (start > last) parts.push({ text: text.slice(last, start) });
      parts.push({ text: m[1], ref: m[1], kind: 'item' });
      last = start + m[0].length;
    } else if (m[3]) {
      const refStart = start + m[2].length;
      if (refStart > last) parts.push({ text: text.slice(last, refStart) });
      parts.push({ text: m[3], ref: m[3], kind: 'order' });
      last = refStart + m[3].length;
    }
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

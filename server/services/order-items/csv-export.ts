/**
 * The CSV export of selected order items (issue 18): one row per item with its order, state, orderer,
 * customer, despatch-by date, net value and flags, for a spreadsheet. Cells are escaped by RFC 4180 and any
 * cell a spreadsheet would run as a formula is written as text (a customer's name is the customer's input).
 */
import { formatDate, londonToday } from '../../../domain/format';
import { stateLabel } from '../../../domain/labels';
import { isFinalState } from '../../../domain/states';
import type { Db } from '../../db/client';
import { loadOrderItemRows, type OrderItemRow } from './read';

const COLUMNS = [
  'Ref',
  'Order',
  'Type',
  'State',
  'Orderer',
  'Customer',
  'E-mail',
  'Despatch by',
  'Net value (£)',
  'Flags',
] as const;

/**
 * One cell: a value starting with = + - @ tab or CR gets a leading apostrophe, so a spreadsheet shows it
 * rather than running it (CSV injection); then quotes, commas and line breaks are quoted, quotes doubled.
 * Numbers are written by the caller as plain digits and never start with a sign here.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF line ends, as RFC 4180 has them and spreadsheets expect. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

/** The words for an item's flags, as the lists filter by them (escalated, on hold, flagged, overdue…). */
function flagWords(item: OrderItemRow['item'], today: string): string {
  const words: string[] = [];
  if (item.isEscalated) words.push('escalated');
  if (item.isOnHold) words.push('on hold');
  if (item.waitingCustomerResponse) words.push('waiting customer');
  if (item.flagged) words.push('flagged');
  const open = !isFinalState(item.currentState);
  if (open && item.despatchDueOn !== null && item.despatchDueOn < today) words.push('overdue');
  return words.join('; ');
}

function rowOf({ item, order, billing, assignee }: OrderItemRow, today: string): string[] {
  return [
    item.ref,
    order.ref,
    item.type,
    stateLabel(item),
    assignee?.name ?? '',
    billing.name,
    order.email,
    item.despatchDueOn ? formatDate(item.despatchDueOn) : '',
    (item.netValue / 100).toFixed(2),
    flagWords(item, today),
  ];
}

/**
 * The CSV of the items with these ids, in the order given (the order of the list they were picked from);
 * unknown ids are left out. Answers the text and the file name (order-items-YYYY-MM-DD.csv, London today).
 */
export async function exportOrderItemsCsv(
  db: Db,
  ids: readonly number[],
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const unique = [...new Set(ids)];
  const rows = await loadOrderItemRows(db, unique);
  const byId = new Map(rows.map((row) => [row.item.id, row]));
  const today = londonToday(now);
  const lines = unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [rowOf(row, today)] : [];
  });
  // The byte order mark makes spreadsheet programs read the file (and its £ sign) as UTF-8.
  return { filename: `order-items-${today}.csv`, csv: `\ufeff${toCsv([COLUMNS, ...lines])}` };
}

/**
 * What the command palette and the header search decide from the text typed: whether it is a ref (an item
 * ref like 100316-2 opens that item, an order ref like 100316 its first item), which actions it finds, and
 * which item of a search answer an order ref means. Plain functions, tested without a browser.
 */
import type { ScreenAction } from './screen-actions-store';

/** A ref the text is, exactly: an item's (`100316-2`) or an order's (`100316`). */
export type ParsedRef = { kind: 'item' | 'order'; ref: string };

/** The server's quick search needs three characters; an order ref shorter than that is not looked up. */
export const MIN_SEARCH_LENGTH = 3;

/** The text as a ref, or null when it is anything else (a name, an e-mail, a postcode, a reference). */
export function parseRef(text: string): ParsedRef | null {
  const t = text.trim().replace(/^#/, '');
  if (/^\d+-\d+$/.test(t)) return { kind: 'item', ref: t };
  if (new RegExp(`^\\d{${MIN_SEARCH_LENGTH},}$`).test(t)) return { kind: 'order', ref: t };
  return null;
}

/** The part of a ref a search answer is read by: an item ref and its order ref. */
interface RefOnly {
  ref: string;
}

const itemNumber = (ref: string) => Number(ref.split('-')[1] ?? Number.NaN);

/**
 * The item a ref means among the items a quick search for it answered: the item itself, or for an order ref
 * the order's first item (the lowest item number). Null when the ref is no item's and no order's: the search
 * also matches refs that only begin with it (100316 finds 1003161-1), and those are not this ref.
 */
export function pickItemForRef<T extends RefOnly>(parsed: ParsedRef, results: readonly T[]): T | null {
  const wanted = parsed.ref.toLowerCase();
  if (parsed.kind === 'item') return results.find((r) => r.ref.toLowerCase() === wanted) ?? null;
  const ofOrder = results.filter((r) => r.ref.toLowerCase().split('-')[0] === wanted);
  if (ofOrder.length === 0) return null;
  return ofOrder.reduce((first, r) => (itemNumber(r.ref) < itemNumber(first.ref) ? r : first));
}

/** What the palette says when a ref opens nothing. */
export const notFoundMessage = (ref: string) => `No item or order ${ref}`;

const words = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * How well an action matches the text: every word typed must begin a word of its label or keywords, or be
 * found inside them; the label's own start ranks first. 0 means no match.
 */
export function actionScore(action: Pick<ScreenAction, 'label' | 'keywords'>, text: string): number {
  const typed = words(text);
  if (typed.length === 0) return 1;
  const label = action.label.toLowerCase();
  const haystack = [label, ...(action.keywords ?? []).map((k) => k.toLowerCase())].join(' ');
  const hayWords = words(haystack.replace(/[^\p{L}\p{N}\s]/gu, ' '));
  let score = 0;
  for (const w of typed) {
    if (hayWords.some((h) => h.startsWith(w))) score += 2;
    else if (haystack.includes(w)) score += 1;
    else return 0;
  }
  return label.startsWith(typed.join(' ')) ? score + 10 : score;
}

/** The actions the text finds, best first; all of them for no text. Ties go by priority, then order. */
export function filterActions<A extends Pick<ScreenAction, 'label' | 'keywords' | 'priority'>>(
  actions: readonly A[],
  text: string,
): A[] {
  return actions
    .map((action, index) => ({ action, index, score: actionScore(action, text) }))
    .filter((a) => a.score > 0)
    .sort(
      (a, b) => b.score - a.score || (b.action.priority ?? 0) - (a.action.priority ?? 0) || a.index - b.index,
    )
    .map((a) => a.action);
}

/** The next active option when moving by `delta` (arrow keys wrap; Home and End pass a big delta). */
export function moveActive(current: number, delta: number, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  const next = current + delta;
  if (Math.abs(delta) > 1) return Math.max(0, Math.min(count - 1, next));
  return (next + count) % count;
}

/**
 * The keyboard shortcuts as data: every key the app answers, grouped as the `?` help lists them, and the
 * small decisions the key listener makes (is the user typing, is a dialog open, is this the palette chord,
 * what a `g` sequence means). Plain functions, so they are tested without a browser.
 */
import { paths } from '../paths';

/** One line of the help: the keys (pressed one after the other) and what they do. */
export interface ShortcutHelp {
  keys: string[];
  what: string;
  /** Only administrators have it. */
  adminOnly?: boolean;
}

export interface ShortcutSection {
  title: string;
  /** A sentence under the title, when the section needs one. */
  note?: string;
  shortcuts: ShortcutHelp[];
}

/** The `g` sequences: `g` then the key goes to the path. */
export const GO_TO: ReadonlyArray<{ key: string; path: string; what: string; adminOnly?: boolean }> = [
  { key: 'd', path: paths.dashboard, what: 'Go to the dashboard' },
  { key: 'q', path: paths.myQueue, what: 'Go to my queue' },
  { key: 'i', path: paths.inbox(), what: 'Go to the conversations inbox' },
  { key: 't', path: paths.items, what: 'Go to the team list' },
  { key: 'e', path: paths.escalations, what: 'Go to the escalations', adminOnly: true },
  { key: 's', path: paths.search(), what: 'Go to search' },
];

/**
 * The order page's keys. The action panels are numbered in the order of their tabs (the number shows on
 * each tab); the letters are the page's most common actions, the same on every item.
 */
export const ORDER_KEYS = {
  note: 'c',
  escalate: 'e',
  flag: 'f',
  assign: 'a',
  print: 'p',
} as const;

/** The key that presses the Undo of the change just made, while its toast shows (undo-toast.tsx). */
export const UNDO_KEY = 'z';

/** How many panels have a number key (1 to 9). */
export const NUMBERED_PANELS = 9;

/** Every section of the `?` help, in the order it shows them. */
export const SHORTCUT_SECTIONS: readonly ShortcutSection[] = [
  {
    title: 'Global',
    shortcuts: [
      { keys: ['/'], what: 'Search orders (on a phone: open the command palette)' },
      {
        keys: ['Ctrl', 'K'],
        what: 'Command palette: open a ref, find a customer, run an action (⌘K on a Mac)',
      },
      ...GO_TO.map(({ key, what, adminOnly }) => ({ keys: ['g', key], what, adminOnly })),
      { keys: ['?'], what: 'Show this list' },
      {
        keys: ['Ctrl', 'Enter'],
        what: 'Submit the open form or dialog: an action panel, a bulk action, a confirmation (⌘Enter on a Mac)',
      },
      { keys: ['Esc'], what: 'Close a dialog or menu' },
      {
        keys: [UNDO_KEY],
        what: 'Undo the assignment, flag or archive just made, while its Undo shows (5 seconds)',
      },
      { keys: ['Ctrl', 'Z'], what: 'The same, outside a text box (⌘Z on a Mac)' },
    ],
  },
  {
    title: 'Lists',
    note: 'The dashboard, my queue, work queues and the escalations.',
    shortcuts: [
      { keys: ['j'], what: 'Move to the next row' },
      { keys: ['k'], what: 'Move to the previous row' },
      { keys: ['Enter'], what: 'Open the row' },
      { keys: ['x'], what: 'Select or unselect the row' },
      { keys: ['f'], what: 'Filter the list (the cursor goes to its text box; Tab leaves it)' },
    ],
  },
  {
    title: 'Conversations inbox',
    shortcuts: [
      { keys: ['j'], what: 'Open the next conversation' },
      { keys: ['k'], what: 'Open the previous conversation' },
      { keys: ['r'], what: 'Write a reply (the cursor goes to the reply)' },
      { keys: ['Ctrl', 'Enter'], what: 'Send the reply (⌘Enter on a Mac)' },
      { keys: ['Ctrl', 'Shift', 'Enter'], what: 'Send the reply and archive' },
      { keys: ['e'], what: 'Archive and open the next conversation' },
    ],
  },
  {
    title: 'Order page',
    shortcuts: [
      { keys: ['1–9'], what: 'Open an action panel (the number is on its tab)' },
      { keys: [ORDER_KEYS.note], what: 'Add a note (opens Add Notes, focuses the note)' },
      { keys: [ORDER_KEYS.escalate], what: 'Escalate (opens the Escalate panel, focuses the message)' },
      { keys: [ORDER_KEYS.flag], what: 'Flag or unflag the item' },
      { keys: [ORDER_KEYS.assign], what: 'Assign or reassign the item', adminOnly: true },
      { keys: [ORDER_KEYS.print], what: 'Print the cover letter' },
    ],
  },
];

/** Keys pressed with Ctrl are written "Ctrl K" in help; a sequence is written "g then d". */
export const isChord = (keys: readonly string[]) => keys[0] === 'Ctrl' || keys[0] === '⌘';

/** True when the key goes to a field the user is typing in, where shortcuts must not fire. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** The attribute that marks the command palette's dialog. */
export const PALETTE_ATTRIBUTE = 'data-command-palette';

/**
 * True while a modal dialog is open: its own keys win, the page's shortcuts wait. `exceptPalette` leaves
 * the command palette out (it may still be fading out after it closed).
 */
export function isModalOpen(
  doc: Pick<Document, 'querySelector'> = document,
  { exceptPalette = false } = {},
): boolean {
  const except = exceptPalette ? `:not([${PALETTE_ATTRIBUTE}])` : '';
  return doc.querySelector(`[role="dialog"][aria-modal="true"]${except}`) !== null;
}

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+K (⌘K on a Mac) opens the command palette. */
export function isPaletteChord(event: KeyLike): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
}

/** Ctrl+Z (⌘Z on a Mac): undo the change whose Undo shows (outside a text box, where it undoes typing). */
export function isUndoChord(event: KeyLike): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'z'
  );
}

/** Ctrl+Enter (⌘Enter on a Mac) submits the form or dialog the user is in. */
export function isSubmitChord(event: KeyLike): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key === 'Enter';
}

/**
 * The attribute that marks the button Ctrl+Enter presses in a dialog that is not a form (a confirmation's
 * Confirm): spread `SUBMIT_SHORTCUT` on it.
 */
export const SUBMIT_ATTRIBUTE = 'data-submit-shortcut';
/** Props that make a dialog's button the one Ctrl+Enter presses. */
export const SUBMIT_SHORTCUT = { [SUBMIT_ATTRIBUTE]: true } as const;

/** A button the user could not press now: disabled, or spinning while its call is under way. */
function unavailable(button: HTMLElement): boolean {
  return (
    (button as HTMLButtonElement).disabled ||
    button.getAttribute('aria-disabled') === 'true' ||
    button.hasAttribute('data-loading') ||
    button.hasAttribute('data-disabled')
  );
}

/** What Ctrl+Enter does from the focused element: submit a form with its button, or press a dialog's button. */
export type SubmitStep =
  | { kind: 'form'; form: HTMLFormElement; submitter: HTMLElement }
  | { kind: 'button'; button: HTMLElement };

/**
 * What Ctrl+Enter submits from `target` (the focused element): the form it is in, through the form's first
 * submit button (an action panel, a bulk dialog, any form of the form kit); outside a form, the button of
 * the dialog it is in marked with SUBMIT_SHORTCUT (a confirmation). Null when there is none, or when that
 * button is disabled or its call is under way: the shortcut never does what a click could not.
 */
export function submitStep(target: EventTarget | null): SubmitStep | null {
  if (!target || typeof (target as Element).closest !== 'function') return null;
  const el = target as Element;
  const form = el.closest('form');
  if (form) {
    const submitter = form.querySelector<HTMLElement>('button[type="submit"], input[type="submit"]');
    if (!submitter || unavailable(submitter)) return null;
    return { kind: 'form', form, submitter };
  }
  const dialog = el.closest('[role="dialog"]');
  const button = dialog?.querySelector<HTMLElement>(`[${SUBMIT_ATTRIBUTE}]`);
  if (!button || unavailable(button)) return null;
  return { kind: 'button', button };
}

/** How long the second key of a `g` sequence may take. */
export const SEQUENCE_TIMEOUT_MS = 1200;

/** What one plain key press means, given when `g` was last pressed (0: not pending). */
export type KeyStep =
  | { kind: 'go'; path: string }
  | { kind: 'pending-g' }
  | { kind: 'search' }
  | { kind: 'help' }
  | { kind: 'undo' }
  | { kind: 'screen'; key: string }
  | { kind: 'none' };

/**
 * The meaning of a key pressed outside a field: the second key of a `g` sequence, `g` itself, `/`, `?`, `z`
 * (undo, while an Undo shows), or a key for the screen (the order page's keys). `admin` decides whether
 * admin-only places exist.
 */
export function keyStep(key: string, pendingGAt: number, now: number, admin: boolean): KeyStep {
  if (pendingGAt > 0 && now - pendingGAt < SEQUENCE_TIMEOUT_MS) {
    const go = GO_TO.find((g) => g.key === key && (admin || !g.adminOnly));
    if (go) return { kind: 'go', path: go.path };
    // Any other key ends the sequence and means nothing: a stray "g x" must not run the screen's x.
    return { kind: 'none' };
  }
  if (key === 'g') return { kind: 'pending-g' };
  if (key === '/') return { kind: 'search' };
  if (key === '?') return { kind: 'help' };
  if (key === UNDO_KEY) return { kind: 'undo' };
  if (key.length === 1) return { kind: 'screen', key };
  return { kind: 'none' };
}

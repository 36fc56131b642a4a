import { describe, expect, it } from 'vitest';
import {
  isModalOpen,
  isPaletteChord,
  isTyping,
  isUndoChord,
  keyStep,
  ORDER_KEYS,
  PALETTE_ATTRIBUTE,
  SEQUENCE_TIMEOUT_MS,
  SHORTCUT_SECTIONS,
} from './shortcut-keys';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keyStep', () => {
  const now = 10_000;

  it('goes somewhere on g then a known key, within the timeout', () => {
    expect(keyStep('d', now - 100, now, false)).toEqual({ kind: 'go', path: '/dashboard' });
    expect(keyStep('q', now - 100, now, false)).toEqual({ kind: 'go', path: '/my-queue' });
    expect(keyStep('s', now - 100, now, false)).toEqual({ kind: 'go', path: '/search' });
    expect(keyStep('e', now - 100, now, true)).toEqual({ kind: 'go', path: '/escalations' });
  });

  it('keeps the escalations to admins: g e means nothing to an orderer, and does not run the screen’s e', () => {
    expect(keyStep('e', now - 100, now, false)).toEqual({ kind: 'none' });
  });

  it('forgets a g pressed too long ago: the key is then the screen’s', () => {
    expect(keyStep('d', now - SEQUENCE_TIMEOUT_MS, now, false)).toEqual({ kind: 'screen', key: 'd' });
    expect(keyStep('f', 0, now, false)).toEqual({ kind: 'screen', key: 'f' });
  });

  it('knows g, / and ?, and ignores named keys', () => {
    expect(keyStep('g', 0, now, false)).toEqual({ kind: 'pending-g' });
    expect(keyStep('/', 0, now, false)).toEqual({ kind: 'search' });
    expect(keyStep('?', 0, now, false)).toEqual({ kind: 'help' });
    expect(keyStep('z', 0, now, false)).toEqual({ kind: 'undo' });
    expect(keyStep('Enter', 0, now, false)).toEqual({ kind: 'none' });
    expect(keyStep('ArrowDown', 0, now, false)).toEqual({ kind: 'none' });
  });
});

describe('isUndoChord', () => {
  it('is Ctrl+Z or ⌘Z, either case, not with Alt or Shift (redo)', () => {
    expect(isUndoChord(key('z', { ctrlKey: true }))).toBe(true);
    expect(isUndoChord(key('z', { metaKey: true }))).toBe(true);
    expect(isUndoChord(key('Z', { ctrlKey: true }))).toBe(true);
    expect(isUndoChord(key('z'))).toBe(false);
    expect(isUndoChord(key('z', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isUndoChord(key('z', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});

describe('isPaletteChord', () => {
  it('is Ctrl+K or ⌘K, either case, not with Alt', () => {
    expect(isPaletteChord(key('k', { ctrlKey: true }))).toBe(true);
    expect(isPaletteChord(key('k', { metaKey: true }))).toBe(true);
    expect(isPaletteChord(key('K', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isPaletteChord(key('k'))).toBe(false);
    expect(isPaletteChord(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteChord(key('j', { ctrlKey: true }))).toBe(false);
  });
});

describe('isTyping', () => {
  it('is true in fields and editable text, false elsewhere', () => {
    for (const tagName of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(isTyping({ tagName, isContentEditable: false } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: 'DIV', isContentEditable: true } as unknown as EventTarget)).toBe(true);
    expect(isTyping({ tagName: 'BUTTON', isContentEditable: false } as unknown as EventTarget)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});

describe('isModalOpen', () => {
  const doc = (present: string[]) => ({
    querySelector: (selector: string) => (present.includes(selector) ? ({} as Element) : null),
  });
  const any = '[role="dialog"][aria-modal="true"]';
  const notPalette = `${any}:not([${PALETTE_ATTRIBUTE}])`;

  it('looks for any modal dialog, or any but the palette', () => {
    expect(isModalOpen(doc([any]))).toBe(true);
    expect(isModalOpen(doc([]))).toBe(false);
    expect(isModalOpen(doc([any]), { exceptPalette: true })).toBe(false);
    expect(isModalOpen(doc([any, notPalette]), { exceptPalette: true })).toBe(true);
  });
});

describe('SHORTCUT_SECTIONS', () => {
  const all = SHORTCUT_SECTIONS.flatMap((s) => s.shortcuts.map((x) => x.keys.join(' ')));

  it('lists the global keys, the list keys, the inbox keys and the order page keys', () => {
    expect(SHORTCUT_SECTIONS.map((s) => s.title)).toEqual([
      'Global',
      'Lists',
      'Conversations inbox',
      'Order page',
    ]);
    for (const k of [
      '/',
      'Ctrl K',
      'g d',
      'g q',
      'g i',
      'g e',
      'g s',
      '?',
      'j',
      'k',
      'Enter',
      'x',
      '1–9',
      'r',
      'Ctrl Enter',
      'Ctrl Shift Enter',
    ])
      expect(all).toContain(k);
    for (const k of Object.values(ORDER_KEYS)) expect(all).toContain(k);
  });

  it('gives each order page key one meaning', () => {
    const keys = Object.values(ORDER_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    // Digits are the panels' and g starts a sequence: no letter key may take them.
    for (const k of keys) expect(k).toMatch(/^[a-fh-z]$/);
  });
});

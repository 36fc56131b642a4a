// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardRow } from './keyboard-row';
import { dialogOpen, isTypingTarget, listKeyAction, movedIndex, useListKeyboard } from './use-list-keyboard';

const plain = { ctrlKey: false, metaKey: false, altKey: false };

describe('listKeyAction', () => {
  it('j / k / x work from anywhere, arrows only inside the table, Enter only on a row', () => {
    const outside = { inTable: false, onRow: false };
    const onRow = { inTable: true, onRow: true };
    expect(listKeyAction({ ...plain, key: 'j' }, outside)).toBe('next');
    expect(listKeyAction({ ...plain, key: 'k' }, outside)).toBe('prev');
    expect(listKeyAction({ ...plain, key: 'x' }, outside)).toBe('tick');
    expect(listKeyAction({ ...plain, key: 'ArrowDown' }, outside)).toBeNull();
    expect(listKeyAction({ ...plain, key: 'ArrowDown' }, onRow)).toBe('next');
    expect(listKeyAction({ ...plain, key: 'ArrowUp' }, onRow)).toBe('prev');
    expect(listKeyAction({ ...plain, key: 'Enter' }, outside)).toBeNull();
    expect(listKeyAction({ ...plain, key: 'Enter' }, { inTable: true, onRow: false })).toBeNull();
    expect(listKeyAction({ ...plain, key: 'Enter' }, onRow)).toBe('open');
  });

  it('leaves keys with a modifier to the browser (Ctrl+J, Cmd+K)', () => {
    expect(listKeyAction({ ...plain, key: 'j', ctrlKey: true }, { inTable: true, onRow: true })).toBeNull();
    expect(listKeyAction({ ...plain, key: 'k', metaKey: true }, { inTable: true, onRow: true })).toBeNull();
  });
});

describe('movedIndex', () => {
  it('starts at the first row, stops at either end', () => {
    expect(movedIndex(-1, 'next', 3)).toBe(0);
    expect(movedIndex(-1, 'prev', 3)).toBe(0);
    expect(movedIndex(0, 'next', 3)).toBe(1);
    expect(movedIndex(2, 'next', 3)).toBe(2);
    expect(movedIndex(0, 'prev', 3)).toBe(0);
    expect(movedIndex(5, 'prev', 3)).toBe(0);
    expect(movedIndex(0, 'next', 0)).toBe(-1);
  });
});

describe('isTypingTarget / dialogOpen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('text fields are typing targets; tick boxes and buttons are not', () => {
    document.body.innerHTML =
      '<input id="t"><input id="c" type="checkbox"><textarea id="a"></textarea><button id="b">B</button>';
    const el = (id: string) => document.getElementById(id);
    expect(isTypingTarget(el('t'))).toBe(true);
    expect(isTypingTarget(el('a'))).toBe(true);
    expect(isTypingTarget(el('c'))).toBe(false);
    expect(isTypingTarget(el('b'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('sees an open modal dialog', () => {
    expect(dialogOpen(document)).toBe(false);
    document.body.innerHTML = '<div role="dialog" aria-modal="true"></div>';
    expect(dialogOpen(document)).toBe(true);
  });
});

interface Row {
  id: number;
  ref: string;
}
const ROWS: Row[] = [
  { id: 1, ref: 'A' },
  { id: 2, ref: 'B' },
  { id: 3, ref: 'C' },
];

let listRenders = 0;

function List({ onOpen, onTick }: { onOpen: (r: Row) => void; onTick: (r: Row) => void }) {
  const tableRef = useRef<HTMLTableElement>(null);
  const focus = useListKeyboard({ rows: ROWS, tableRef, onOpen, onTick });
  listRenders += 1;
  return (
    <>
      <input aria-label="Filter" />
      <table ref={tableRef}>
        <tbody>
          {ROWS.map((r, i) => (
            <KeyboardRow key={r.id} focus={focus} index={i} data-testid={r.ref}>
              <td>{r.ref}</td>
            </KeyboardRow>
          ))}
        </tbody>
      </table>
    </>
  );
}

describe('useListKeyboard', () => {
  afterEach(cleanup);

  function setup() {
    const onOpen = vi.fn();
    const onTick = vi.fn();
    const view = render(<List onOpen={onOpen} onTick={onTick} />);
    // happy-dom lays nothing out: the table counts as shown.
    Object.defineProperty(view.container.querySelector('table'), 'offsetParent', { value: document.body });
    return { view, onOpen, onTick };
  }

  it('j moves the focus row down, k up; Enter opens it and x ticks it', () => {
    const { view, onOpen, onTick } = setup();
    const row = (ref: string) => view.getByTestId(ref);
    // One row in the Tab order before any key: the first.
    expect(row('A').tabIndex).toBe(0);
    expect(row('B').tabIndex).toBe(-1);

    act(() => void fireEvent.keyDown(document.body, { key: 'j' }));
    expect(document.activeElement).toBe(row('A'));
    act(() => void fireEvent.keyDown(row('A'), { key: 'j' }));
    act(() => void fireEvent.keyDown(row('B'), { key: 'ArrowDown' }));
    expect(document.activeElement).toBe(row('C'));
    expect(row('C').hasAttribute('data-active')).toBe(true);
    expect(row('C').tabIndex).toBe(0);
    expect(row('A').tabIndex).toBe(-1);
    act(() => void fireEvent.keyDown(row('C'), { key: 'k' }));
    expect(document.activeElement).toBe(row('B'));

    act(() => void fireEvent.keyDown(row('B'), { key: 'x' }));
    expect(onTick).toHaveBeenCalledWith(ROWS[1]);
    act(() => void fireEvent.keyDown(row('B'), { key: 'Enter' }));
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('ignores the keys while the user types in a field or a dialog is open', () => {
    const { view, onTick } = setup();
    const input = view.getByLabelText('Filter');
    act(() => void fireEvent.keyDown(input, { key: 'j' }));
    act(() => void fireEvent.keyDown(input, { key: 'x' }));
    expect(view.getByTestId('A').hasAttribute('data-active')).toBe(false);
    expect(onTick).not.toHaveBeenCalled();

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    act(() => void fireEvent.keyDown(document.body, { key: 'j' }));
    expect(view.getByTestId('A').hasAttribute('data-active')).toBe(false);
    dialog.remove();
  });

  it('focus inside a row makes it the focus row without re-rendering the list', () => {
    const { view } = setup();
    const before = listRenders;
    act(() => void fireEvent.focus(view.getByTestId('B')));
    expect(view.getByTestId('B').hasAttribute('data-active')).toBe(true);
    expect(view.getByTestId('B').tabIndex).toBe(0);
    expect(view.getByTestId('A').tabIndex).toBe(-1);
    act(() => void fireEvent.focus(view.getByTestId('C')));
    expect(view.getByTestId('B').hasAttribute('data-active')).toBe(false);
    expect(view.getByTestId('C').hasAttribute('data-active')).toBe(true);
    // Only the rows re-rendered: the list (which renders every row's cells) did not.
    expect(listRenders).toBe(before);
  });
});

/**
 * A list row worked from the keyboard (use-list-keyboard.ts): the focus row is the one row in the Tab order
 * and is highlighted; focus anywhere in the row (its link, its tick box) makes it the focus row. Only this
 * component re-renders when the focus row moves; its cells are the list's, unchanged.
 */
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { type FocusRow, useRowFocusState } from './use-list-keyboard';

type KeyboardRowProps<C extends ElementType> = {
  focus: FocusRow;
  index: number;
  /** What renders the row: a plain `tr` unless given (Mantine's `Table.Tr` in the lists). */
  component?: C;
} & Omit<ComponentPropsWithoutRef<C>, 'tabIndex' | 'onFocus'>;

export function KeyboardRow<C extends ElementType = 'tr'>({
  focus,
  index,
  component,
  ...rest
}: KeyboardRowProps<C>) {
  const state = useRowFocusState(focus, index);
  const Row: ElementType = component ?? 'tr';
  return (
    <Row
      {...rest}
      data-row=""
      tabIndex={state > 0 ? 0 : -1}
      data-active={state === 2 ? '' : undefined}
      onFocus={() => focus.set(index)}
    />
  );
}

/**
 * A list row's tick box: Mantine's Checkbox markup and classes (it looks and behaves the same) as one plain
 * input and its tick, without the Checkbox's five components. A Checkbox also re-renders once right after it
 * mounts (Mantine's generated id), before the screen's first paint: in a list that is every row again
 * (docs/performance.md). The lists' "tick all" keeps Mantine's Checkbox, for its indeterminate state.
 */
import { Checkbox, CheckIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tick-box.module.css';

/**
 * A label around a tick box (this one, or a list's "tick all" Mantine Checkbox): a click anywhere on it ticks
 * the box, so the target is 24 px (WCAG 2.2) on a wide screen and 44 px on a phone, not the 20 px box.
 */
export function TickTarget({ children }: { children: ReactNode }) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the input is inside the label and named by its aria-label.
  return <label className={classes.target}>{children}</label>;
}

interface TickBoxProps {
  /** The accessible name, e.g. "Tick 1000-1". */
  label: string;
  checked: boolean;
  onChange: () => void;
}

export function TickBox({ label, checked, onChange }: TickBoxProps) {
  return (
    <TickTarget>
      <span className={`${classes.root} ${Checkbox.classes.inner}`}>
        <input
          type="checkbox"
          className={`mantine-focus-auto ${Checkbox.classes.input}`}
          aria-label={label}
          checked={checked}
          onChange={onChange}
        />
        <CheckIcon className={Checkbox.classes.icon} />
      </span>
    </TickTarget>
  );
}

/**
 * A choice of two or three views (a card's "Inbox · Other"): Mantine's SegmentedControl markup and classes
 * (it looks the same, and is a radio group as it is), without its sliding indicator. The indicator measures
 * the chosen label with `getBoundingClientRect` as soon as it mounts, which forced a layout of the freshly
 * rendered dashboard (~20 ms in an unminified build, when the conversations card's list came in), and the
 * control rendered three more times as its refs, mount flag and indicator settled. Without it the chosen
 * label keeps the background Mantine's stylesheet draws before the indicator takes over; a change of choice
 * moves the background at once instead of sliding it. Controls elsewhere keep SegmentedControl.
 */
import { SegmentedControl } from '@mantine/core';
import { type CSSProperties, useId } from 'react';

interface SegmentedToggleProps<T extends string> {
  /** The group's accessible name. */
  label: string;
  value: T;
  onChange: (value: T) => void;
  data: readonly { value: T; label: string }[];
}

const classes = SegmentedControl.classes;
// What SegmentedControl's size "xs" sets on its root.
const ROOT_STYLE = {
  '--sc-padding': 'var(--sc-padding-xs)',
  '--sc-font-size': 'var(--mantine-font-size-xs)',
  '--sc-shadow': 'var(--mantine-shadow-xs)',
} as CSSProperties;

export function SegmentedToggle<T extends string>({ label, value, onChange, data }: SegmentedToggleProps<T>) {
  const name = useId();
  return (
    <div className={classes.root} role="radiogroup" aria-label={label} style={ROOT_STYLE}>
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div key={item.value} className={classes.control} data-active={active || undefined}>
            <input
              className={classes.input}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={active}
              onChange={() => onChange(item.value)}
              data-focus-ring="auto"
            />
            <label className={classes.label} htmlFor={id} data-active={active || undefined}>
              <span className={classes.innerLabel}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}

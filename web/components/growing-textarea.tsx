/**
 * A textarea that grows with what is typed, from `minRows` to `maxRows` lines, then scrolls. The browser sizes
 * it (CSS `field-sizing: content`), where Mantine's `autosize` measures a hidden copy with JavaScript on every
 * render: a forced layout each time an order page with a note field opened. A browser without field-sizing
 * shows `minRows` lines and a scroll bar, and the user can drag it larger.
 */
import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './growing-textarea.module.css';

export interface GrowingTextareaProps extends Omit<TextareaProps, 'autosize'> {
  minRows?: number;
  maxRows?: number;
}

export function GrowingTextarea({ minRows = 2, maxRows = 8, style, ...props }: GrowingTextareaProps) {
  const rows = { '--growing-min-rows': minRows, '--growing-max-rows': maxRows } as CSSProperties;
  return (
    <Textarea
      {...props}
      rows={minRows}
      classNames={{ input: classes.input }}
      style={typeof style === 'object' && style !== null ? { ...rows, ...style } : rows}
    />
  );
}

/** Small light badges for flags and review states, with text dark enough for AA contrast on their tint. */
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

const TONES = {
  red: '#9b1c1c',
  green: '#1d6330',
  yellow: '#5c4300',
  grape: '#65237a',
  teal: '#0b5d4f',
  orange: '#8a3a00',
  blue: '#174a80',
  gray: '#424950',
} as const;

export type Tone = keyof typeof TONES;

export function ToneBadge({
  tone,
  children,
  size = 'sm',
  ...props
}: { tone: Tone; children: ReactNode } & Omit<BadgeProps, 'color' | 'c'>) {
  return (
    <Badge color={tone} c={TONES[tone]} variant="light" radius="sm" tt="none" size={size} {...props}>
      {children}
    </Badge>
  );
}

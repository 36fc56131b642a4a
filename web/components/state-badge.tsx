/** An order item's state: the label the server computed, coloured by its group (in progress, waiting, ...). */
import { Badge } from '@mantine/core';
import type { StateGroup } from '../../domain/states';

// The one colour of each group (domain `groupOf`), used by badges, stats and counts alike. Background from
// the Mantine palette (light variant); text dark enough for AA contrast on it.
export const GROUP_COLOURS: Readonly<Record<StateGroup, { color: string; text: string }>> = {
  in_progress: { color: 'blue', text: '#174a80' },
  waiting: { color: 'yellow', text: '#5c4300' },
  escalated: { color: 'red', text: '#9b1c1c' },
  on_hold: { color: 'grape', text: '#65237a' },
  done: { color: 'green', text: '#1d6330' },
  cancelled: { color: 'gray', text: '#424950' },
};

interface StateBadgeProps {
  label: string;
  group: StateGroup;
}

export function StateBadge({ label, group }: StateBadgeProps) {
  const { color, text } = GROUP_COLOURS[group];
  return (
    <Badge
      color={color}
      c={text}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      data-group={group}
      // Never cut to "Wai…" in a squeezed table column: a state is read whole or not at all.
      miw="max-content"
    >
      {label}
    </Badge>
  );
}

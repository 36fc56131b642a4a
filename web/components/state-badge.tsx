/** An order item's state: the label the server computed, coloured by its group (in progress, waiting, ...). */
import { Badge } from '@mantine/core';
import type { StateGroup } from '../../domain/states';

const GROUP_COLOURS: Readonly<Record<StateGroup, string>> = {
  in_progress: 'blue',
  waiting: 'yellow',
  escalated: 'red',
  on_hold: 'grape',
  done: 'green',
  cancelled: 'gray',
};

interface StateBadgeProps {
  label: string;
  group: StateGroup;
}

export function StateBadge({ label, group }: StateBadgeProps) {
  return (
    <Badge color={GROUP_COLOURS[group]} variant="light" radius="sm" tt="none" fw={600} data-group={group}>
      {label}
    </Badge>
  );
}

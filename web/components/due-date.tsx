/** A despatch-by date as dd/MM/yyyy, highlighted when it is past (overdue) for an open item. */
import { Text } from '@mantine/core';
import { formatDate, londonToday } from '../../domain/format';

interface DueDateProps {
  /** ISO date (yyyy-MM-dd) or null when the item has none. */
  value: string | null;
  /** Finished items are never overdue. */
  open?: boolean;
}

export function DueDate({ value, open = true }: DueDateProps) {
  if (!value)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  const overdue = open && value < londonToday(new Date());
  return (
    <Text span size="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
      {formatDate(value)}
      {overdue && (
        <Text span size="xs" ml={4}>
          (overdue)
        </Text>
      )}
    </Text>
  );
}

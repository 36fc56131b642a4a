/** What the order page's side cards show when their list is empty. */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The one line a card shows when its list is empty: says what is missing. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" px="md" py="sm">
      {children}
    </Text>
  );
}

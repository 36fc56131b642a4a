/** A titled card section (an h2 with an optional count badge and header actions) that a list or panel sits in. */
import { Badge, Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionCardProps {
  title: string;
  /** How many rows the section holds, shown beside the title once known. */
  count?: number;
  /** Controls at the right of the title (toggles, pickers, buttons). */
  actions?: ReactNode;
  /** A slimmer header, for the narrow cards beside the order page's panels. */
  dense?: boolean;
  children: ReactNode;
  testId?: string;
  /** Let a sticky table header inside stick to the page (a card clips what overflows it otherwise). */
  allowSticky?: boolean;
}

export function SectionCard({
  title,
  count,
  actions,
  dense = false,
  children,
  testId,
  allowSticky = false,
}: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding={0}
      data-testid={testId}
      style={allowSticky ? { overflow: 'visible' } : undefined}
    >
      <Group
        justify="space-between"
        // On a phone the actions go under the title rather than past the screen's edge.
        wrap="wrap"
        gap="sm"
        px="md"
        py={dense ? 8 : 10}
        mih={dense ? 46 : 52}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={8} wrap="nowrap">
          <Title order={2} size="h5" id={headingId} fw={600}>
            {title}
          </Title>
          {count !== undefined && (
            <Badge variant="light" color="gray" radius="sm" size="sm" aria-label={`${count} in the list`}>
              {count}
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
}

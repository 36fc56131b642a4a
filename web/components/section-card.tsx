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
}

export function SectionCard({ title, count, actions, dense = false, children, testId }: SectionCardProps) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding={0}
      data-testid={testId}
    >
      {/* On a narrow screen the actions wrap under the title instead of being cut off at the card's edge. */}
      <Group
        justify="space-between"
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
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Card>
  );
}

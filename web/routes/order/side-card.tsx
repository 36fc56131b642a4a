/** The frame of the order page's cards: a titled section with an optional count and header actions. */
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SideCardProps {
  title: string;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function SideCard({ title, count, actions, children, testId }: SideCardProps) {
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
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="sm"
        px="md"
        py={8}
        mih={46}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap={8} wrap="nowrap">
          <Title order={2} size="h5" id={headingId} fw={600}>
            {title}
          </Title>
          {count !== undefined && (
            <Badge variant="light" color="gray" radius="sm" size="sm">
              {count}
            </Badge>
          )}
        </Group>
        {actions && (
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** The one line a card shows when its list is empty: says what is missing. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" px="md" py="sm">
      {children}
    </Text>
  );
}

/** A titled card of the conversation workspace. */
import { Card, Group, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

export function Section({
  title,
  children,
  aside,
  testId,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding="md"
      data-testid={testId}
    >
      <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
        <Title order={2} size="h5" fw={600} id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

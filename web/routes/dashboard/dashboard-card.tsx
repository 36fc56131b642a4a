/** The frame every dashboard list sits in: a titled card, and its loading, empty and failed states. */
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

interface DashboardCardProps {
  title: string;
  /** How many rows the list holds, shown beside the title once known. */
  count?: number;
  /** Controls at the right of the title (toggles, pickers, buttons). */
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

export function DashboardCard({ title, count, actions, children, testId }: DashboardCardProps) {
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
        py={10}
        mih={52}
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
          <Group gap="xs" wrap="nowrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
}

/** Grey bars in the shape of a short table while a list loads. */
export function ListSkeleton({ rows = 4, label }: { rows?: number; label: string }) {
  return (
    <Stack gap={10} p="md" role="status" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton h={14} w="40%" />
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} h={18} />
      ))}
    </Stack>
  );
}

/** What a list shows when it has nothing: a sentence saying what is missing. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
      {children}
    </Text>
  );
}

/** A list that failed to load: the server's message and a way to try again. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Group px="md" py="md" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap">
        <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
        <Text size="sm" c="red.8">
          Could not load {what}: {error.message}
        </Text>
      </Group>
      <Button size="xs" variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Group>
  );
}

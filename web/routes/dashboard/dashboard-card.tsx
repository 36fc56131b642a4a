/** The states of a dashboard list inside its SectionCard: loading, empty and failed. */
import { Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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

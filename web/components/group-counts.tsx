/** A row of counts of open items by state group (in progress, waiting, escalated …) plus how many are overdue. */
import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { STATE_GROUP_LABELS, type StateGroup } from '../../domain/states';

interface GroupCountsProps {
  /** The server's counts (orderer stats); skeletons while they load. */
  counts?: { byGroup: Partial<Record<StateGroup, number>>; overdue: number; open: number };
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder radius="md" px="md" py={8} miw={112}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={value > 0 ? tone : undefined}>
        {value.toLocaleString('en-GB')}
      </Text>
    </Paper>
  );
}

const SHOWN: StateGroup[] = ['in_progress', 'waiting', 'escalated', 'on_hold'];

export function GroupCounts({ counts }: GroupCountsProps) {
  if (!counts) {
    return (
      <Group gap="sm">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <Skeleton key={n} height={58} width={112} radius="md" />
        ))}
      </Group>
    );
  }
  return (
    <Group gap="sm" role="group" aria-label="Item counts">
      <Stat label="Open" value={counts.open} />
      {SHOWN.map((g) => (
        <Stat
          key={g}
          label={STATE_GROUP_LABELS[g]}
          value={counts.byGroup[g] ?? 0}
          tone={g === 'escalated' ? 'red.9' : undefined}
        />
      ))}
      <Stat label="Overdue" value={counts.overdue} tone="red.9" />
    </Group>
  );
}

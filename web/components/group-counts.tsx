/** A row of counts of items by state group (in progress, waiting, escalated …) plus how many are overdue. */
import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { OrderItem } from '../../domain/contract/order-item';
import { londonToday } from '../../domain/format';
import { STATE_GROUP_LABELS, STATE_GROUPS, type StateGroup } from '../../domain/states';

interface GroupCountsProps {
  items?: OrderItem[];
  /** Counts already computed by the server (orderer stats); used instead of counting items. */
  counts?: { byGroup: Partial<Record<StateGroup, number>>; overdue: number; open: number };
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <Paper withBorder radius="md" px="md" py={8} miw={112}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={value > 0 ? tone : undefined}>
        {value}
      </Text>
    </Paper>
  );
}

export function GroupCounts({ items, counts }: GroupCountsProps) {
  if (!items && !counts) {
    return (
      <Group gap="sm">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={58} width={112} radius="md" />
        ))}
      </Group>
    );
  }
  const today = londonToday(new Date());
  const open = (i: OrderItem) => i.state_group !== 'done' && i.state_group !== 'cancelled';
  const computed = counts ?? {
    open: (items ?? []).filter(open).length,
    overdue: (items ?? []).filter((i) => open(i) && i.despatch_due_on !== null && i.despatch_due_on < today)
      .length,
    byGroup: Object.fromEntries(
      STATE_GROUPS.map((g) => [g, (items ?? []).filter((i) => i.state_group === g).length]),
    ),
  };
  const shown: StateGroup[] = ['in_progress', 'waiting', 'escalated', 'on_hold'];
  return (
    <Group gap="sm" role="group" aria-label="Item counts">
      <Stat label="Open" value={computed.open} />
      {shown.map((g) => (
        <Stat
          key={g}
          label={STATE_GROUP_LABELS[g]}
          value={computed.byGroup[g] ?? 0}
          tone={g === 'escalated' ? 'red.9' : undefined}
        />
      ))}
      <Stat label="Overdue" value={computed.overdue} tone="red.9" />
    </Group>
  );
}

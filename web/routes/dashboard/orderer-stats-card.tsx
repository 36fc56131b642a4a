/** Per orderer: open items, open items per state group, and the escalated, waiting-customer and overdue counts. */
import { Anchor, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link } from 'react-router';
import type { OrdererStats } from '../../../domain/contract/queues';
import { STATE_GROUP_LABELS, type StateGroup } from '../../../domain/states';
import { ordererStatsQuery } from '../../api/queries';
import { filteredListHref } from '../../components/group-counts';
import { SectionCard } from '../../components/section-card';
import { GROUP_COLOURS } from '../../components/state-badge';
import { paths } from '../../paths';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';

// Open items are never done or cancelled, so those groups would always read 0.
const OPEN_GROUPS: readonly StateGroup[] = ['in_progress', 'waiting', 'escalated', 'on_hold'];

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** The open items as one bar split by state group; the numbers are written out underneath. */
function GroupBar({ stats }: { stats: OrdererStats }) {
  const total = stats.open_items;
  return (
    <Box
      aria-hidden
      style={{
        display: 'flex',
        height: 6,
        borderRadius: 3,
        overflow: 'hidden',
        background: 'var(--mantine-color-gray-2)',
      }}
    >
      {total > 0 &&
        OPEN_GROUPS.map((g) =>
          stats.by_group[g] > 0 ? (
            <Box
              key={g}
              style={{
                width: `${(stats.by_group[g] / total) * 100}%`,
                background: `var(--mantine-color-${GROUP_COLOURS[g].color}-5)`,
              }}
            />
          ) : null,
        )}
    </Box>
  );
}

function Dot({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      display="inline-block"
      w={7}
      h={7}
      mr={5}
      style={{ borderRadius: 7, background: `var(--mantine-color-${colour}-5)`, verticalAlign: 'middle' }}
    />
  );
}

/** "12 in progress · 8 waiting · …" with zero counts dimmed and counts needing attention in red. */
interface Figure {
  label: string;
  value: number;
  colour?: string;
  alert?: boolean;
  /** The orderer's queue filtered to what the figure counts. */
  to: string;
}

function Figures({ items }: { items: Figure[] }) {
  return (
    <Text size="xs" c="dimmed" style={num}>
      {items.map((f, i) => (
        <Fragment key={f.label}>
          {i > 0 && <span aria-hidden> · </span>}
          <Text span inherit style={{ whiteSpace: 'nowrap' }}>
            {f.colour && <Dot colour={f.colour} />}
            <Anchor
              component={Link}
              to={f.to}
              inherit
              fw={f.value > 0 ? 600 : undefined}
              c={f.value > 0 ? (f.alert ? 'red.8' : 'var(--mantine-color-text)') : 'dimmed'}
              underline="hover"
            >
              {f.value} {f.label}
            </Anchor>
          </Text>
          {i < items.length - 1 && <VisuallyHidden>, </VisuallyHidden>}
        </Fragment>
      ))}
    </Text>
  );
}

function OrdererRow({ stats, divider }: { stats: OrdererStats; divider: boolean }) {
  const queue = paths.workQueue(stats.orderer.id);
  return (
    <Stack
      gap={6}
      px="md"
      py={10}
      component="li"
      style={{ listStyle: 'none', borderTop: divider ? '1px solid var(--mantine-color-gray-2)' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Anchor component={Link} to={queue} size="sm" fw={600}>
          {stats.orderer.name}
        </Anchor>
        <Anchor
          component={Link}
          to={queue}
          size="sm"
          c="var(--mantine-color-text)"
          style={num}
          underline="hover"
        >
          <Text span inherit fw={700}>
            {stats.open_items}
          </Text>{' '}
          open
        </Anchor>
      </Group>
      <GroupBar stats={stats} />
      <Figures
        items={OPEN_GROUPS.map((g) => ({
          label: STATE_GROUP_LABELS[g].toLowerCase(),
          value: stats.by_group[g],
          colour: GROUP_COLOURS[g].color,
          to: filteredListHref(queue, { group: [g] }),
        }))}
      />
      <Figures
        items={[
          {
            label: 'escalated in all',
            value: stats.escalated,
            alert: true,
            to: filteredListHref(queue, { flag: ['escalated'] }),
          },
          {
            label: 'waiting for the customer',
            value: stats.waiting_customer,
            to: filteredListHref(queue, { flag: ['waiting_customer'] }),
          },
          {
            label: 'overdue',
            value: stats.overdue,
            alert: true,
            to: filteredListHref(queue, { flag: ['overdue'] }),
          },
        ]}
      />
    </Stack>
  );
}

export function OrdererStatsCard() {
  const stats = useQuery(ordererStatsQuery);
  const rows = stats.data?.stats ?? [];
  return (
    <SectionCard title="Orderers" count={stats.data?.stats.length} testId="orderer-stats">
      {stats.isPending ? (
        <ListSkeleton rows={3} label="Loading orderer stats…" />
      ) : stats.isError ? (
        <LoadFailed what="the orderer stats" error={stats.error} onRetry={() => stats.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>No orderers yet: give a member of staff a queue under Users.</EmptyState>
      ) : (
        <Box
          component="ul"
          m={0}
          p={0}
          aria-label="Orderer stats"
          style={{ maxHeight: 340, overflowY: 'auto' }}
        >
          {rows.map((s, i) => (
            <OrdererRow key={s.orderer.id} stats={s} divider={i > 0} />
          ))}
        </Box>
      )}
    </SectionCard>
  );
}

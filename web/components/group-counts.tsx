/**
 * A row of counts of open items by state group (in progress, waiting, escalated …) plus how many are overdue.
 * Given the list's path, each count links to that list filtered to what it counts (`?group=waiting`,
 * `?flag=overdue`).
 */
import { Group, Paper, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { STATE_GROUP_LABELS, type StateGroup } from '../../domain/states';
import classes from './group-counts.module.css';
import { EMPTY_FILTER, filterToParams, type ListFilterValue } from './list-filter';

interface GroupCountsProps {
  /** The server's counts (orderer stats); skeletons while they load. */
  counts?: { byGroup: Partial<Record<StateGroup, number>>; overdue: number; open: number };
  /** The list the counts are of ('/my-queue', '/work-queues/3'): each count links to it, filtered. */
  path?: string;
  /**
   * The filter the counts are of (the team list counts its filtered items): each link keeps it and sets only
   * its own group or flag. Without it a link shows the whole list narrowed to that count.
   */
  filter?: ListFilterValue;
}

/** A link to a list narrowed by part of a filter, e.g. `/my-queue?group=waiting`. */
export function filteredListHref(path: string, part: Partial<ListFilterValue>): string {
  const query = new URLSearchParams(filterToParams({ ...EMPTY_FILTER, ...part })).toString();
  return query ? `${path}?${query}` : path;
}

function Stat({ label, value, tone, to }: { label: string; value: number; tone?: string; to?: string }) {
  const body = (
    <>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={value > 0 ? tone : undefined}>
        {value.toLocaleString('en-GB')}
      </Text>
    </>
  );
  return to ? (
    <Paper
      component={Link}
      to={to}
      aria-label={`${label}: ${value}, show them`}
      withBorder
      radius="md"
      px="md"
      py={8}
      miw={112}
      className={classes.link}
    >
      {body}
    </Paper>
  ) : (
    <Paper withBorder radius="md" px="md" py={8} miw={112}>
      {body}
    </Paper>
  );
}

const SHOWN: StateGroup[] = ['in_progress', 'waiting', 'escalated', 'on_hold'];

export function GroupCounts({ counts, path, filter = EMPTY_FILTER }: GroupCountsProps) {
  if (!counts) {
    // Each count's own box, greyed: the list below stays where it is when the counts come.
    return (
      <Group gap="sm" aria-hidden>
        {['Open', ...SHOWN.map((g) => STATE_GROUP_LABELS[g]), 'Overdue'].map((label) => (
          <Skeleton key={label} visible radius="md" width="auto">
            <Stat label={label} value={0} />
          </Skeleton>
        ))}
      </Group>
    );
  }
  return (
    <Group gap="sm" role="group" aria-label="Item counts">
      <Stat label="Open" value={counts.open} to={path && filteredListHref(path, { ...filter, group: [] })} />
      {SHOWN.map((g) => (
        <Stat
          key={g}
          label={STATE_GROUP_LABELS[g]}
          value={counts.byGroup[g] ?? 0}
          tone={g === 'escalated' ? 'red.9' : undefined}
          to={path && filteredListHref(path, { ...filter, group: [g] })}
        />
      ))}
      <Stat
        label="Overdue"
        value={counts.overdue}
        tone="red.9"
        to={
          path &&
          filteredListHref(path, {
            ...filter,
            flag: [...filter.flag.filter((f) => f !== 'overdue'), 'overdue'],
          })
        }
      />
    </Group>
  );
}

/**
 * The order-item list of the queues: ref (link), type, state badge, customer, despatch-by, flags. The server
 * sorts, filters and pages (100 a page); the view (page, sort, filter) lives in the URL so reload and back
 * work. Optional tick boxes (for items that may be ticked) and an optional action per row.
 */
import {
  Anchor,
  Checkbox,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconFlag,
  IconPlayerPause,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { OrderItemListRow } from '../../domain/contract/order-item';
import type { QueuePage, QueueSort } from '../../domain/contract/queues';
import { formatPence } from '../../domain/format';
import type { QueueView } from '../api/queries';
import { DueDate } from './due-date';
import { queueCountText, sortChange } from './queue-view';
import { StateBadge } from './state-badge';

const FILTER_SETTLE_MS = 300;

interface OrderItemsTableProps {
  /** The page the server answered (items and paging). */
  data: QueuePage | undefined;
  loading?: boolean;
  view: QueueView;
  onViewChange: (next: Partial<QueueView>) => void;
  /** Shown when there are no items at all. */
  emptyText: string;
  /** Accessible name of the table, e.g. "My order items". */
  label: string;
  /** Tick boxes: which items may be ticked, and the ticked ids. */
  selection?: {
    selectable: (item: OrderItemListRow) => boolean;
    /** Why an item cannot be ticked (tooltip), e.g. "Only items needing an apostille". */
    reason: string;
    selected: ReadonlySet<number>;
    onChange: (next: Set<number>) => void;
  };
  /** An extra cell at the end of each row (e.g. a Reassign button). */
  rowAction?: (item: OrderItemListRow) => ReactNode;
  rowActionLabel?: string;
}

function SortHeader({
  label,
  sortKey,
  view,
  onSort,
}: {
  label: string;
  sortKey: QueueSort;
  view: QueueView;
  onSort: (key: QueueSort) => void;
}) {
  const active = view.sort === sortKey;
  const asc = view.dir === 'asc';
  const Icon = active ? (asc ? IconSortAscending : IconSortDescending) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (asc ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sortKey)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} stroke={1.6} aria-hidden style={{ opacity: active ? 1 : 0.45 }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function OrderItemsTable({
  data,
  loading,
  view,
  onViewChange,
  emptyText,
  label,
  selection,
  rowAction,
  rowActionLabel = 'Actions',
}: OrderItemsTableProps) {
  const [filter, setFilter] = useState(view.q);
  // The filter is sent once the user stops typing; a URL change (back, reload) puts its value back in the box.
  useEffect(() => setFilter(view.q), [view.q]);
  useEffect(() => {
    if (filter.trim() === view.q) return;
    const timer = setTimeout(() => onViewChange({ q: filter.trim(), page: 1 }), FILTER_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [filter, view.q, onViewChange]);

  const rows = data?.order_items ?? [];
  const onSort = (key: QueueSort) => onViewChange(sortChange(view, key));

  if (loading) {
    return (
      <Paper withBorder p="md" radius="md">
        {[0, 1, 2, 3, 4].map((n) => (
          <Skeleton key={n} height={22} my={8} />
        ))}
      </Paper>
    );
  }

  const selectableRows = selection ? rows.filter(selection.selectable) : [];
  const allTicked = selectableRows.length > 0 && selectableRows.every((i) => selection?.selected.has(i.id));
  const someTicked = selectableRows.some((i) => selection?.selected.has(i.id));

  return (
    <Paper withBorder radius="md">
      <Group justify="space-between" px="sm" py={8}>
        <TextInput
          aria-label={`Filter ${label.toLowerCase()}`}
          placeholder="Filter by ref, type, state or customer"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          w={320}
          size="xs"
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {data ? queueCountText(data, rows.length) : ''}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={560} type="auto">
        <Table stickyHeader striped="even" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={36}>
                  <Checkbox
                    aria-label="Tick all items that can be ticked"
                    checked={allTicked}
                    indeterminate={someTicked && !allTicked}
                    disabled={selectableRows.length === 0}
                    onChange={() =>
                      selection.onChange(allTicked ? new Set() : new Set(selectableRows.map((i) => i.id)))
                    }
                  />
                </Table.Th>
              )}
              <SortHeader label="Ref" sortKey="ref" view={view} onSort={onSort} />
              <SortHeader label="Type" sortKey="type" view={view} onSort={onSort} />
              <SortHeader label="State" sortKey="state" view={view} onSort={onSort} />
              <SortHeader label="Customer" sortKey="customer" view={view} onSort={onSort} />
              <SortHeader label="Despatch by" sortKey="due" view={view} onSort={onSort} />
              <SortHeader label="Net value" sortKey="value" view={view} onSort={onSort} />
              <Table.Th>
                <VisuallyHidden>Flags</VisuallyHidden>
              </Table.Th>
              {rowAction && (
                <Table.Th>
                  <VisuallyHidden>{rowActionLabel}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text size="sm" c="dimmed" ta="center" py="lg">
                    {view.q ? 'No item matches the filter.' : emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((item) => {
              const canTick = selection?.selectable(item) ?? false;
              const open = item.state_group !== 'done' && item.state_group !== 'cancelled';
              return (
                <Table.Tr key={item.id} data-ref={item.ref}>
                  {selection && (
                    <Table.Td>
                      <Tooltip label={selection.reason} disabled={canTick}>
                        <Checkbox
                          aria-label={`Tick ${item.ref}`}
                          checked={selection.selected.has(item.id)}
                          disabled={!canTick}
                          onChange={(e) => {
                            const next = new Set(selection.selected);
                            if (e.currentTarget.checked) next.add(item.id);
                            else next.delete(item.id);
                            selection.onChange(next);
                          }}
                        />
                      </Tooltip>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Anchor component={Link} to={`/orders/${item.ref}`} fw={600} size="sm" ff="monospace">
                      {item.ref}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{item.type}</Text>
                  </Table.Td>
                  <Table.Td>
                    <StateBadge label={item.state_label} group={item.state_group} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={1}>
                      {item.order.customer_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <DueDate value={item.despatch_due_on} open={open} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ta="right" ff="monospace">
                      {formatPence(item.net_value)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {item.flagged && (
                        <Tooltip label="Flagged">
                          <IconFlag size={16} color="var(--mantine-color-red-7)" aria-label="Flagged" />
                        </Tooltip>
                      )}
                      {item.is_escalated && (
                        <Tooltip label="Escalated">
                          <IconAlertTriangle
                            size={16}
                            color="var(--mantine-color-orange-7)"
                            aria-label="Escalated"
                          />
                        </Tooltip>
                      )}
                      {item.is_on_hold && (
                        <Tooltip label="On hold">
                          <IconPlayerPause
                            size={16}
                            color="var(--mantine-color-grape-7)"
                            aria-label="On hold"
                          />
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  {rowAction && <Table.Td>{rowAction(item)}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {data && data.total_pages > 1 && (
        <Group justify="flex-end" px="sm" py={8}>
          <Pagination
            size="sm"
            total={data.total_pages}
            value={data.page}
            onChange={(page) => onViewChange({ page })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            aria-label={`${label} pages`}
          />
        </Group>
      )}
    </Paper>
  );
}

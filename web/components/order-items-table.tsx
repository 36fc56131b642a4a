/**
 * The order-item list of the queues: ref (link), type, state badge, customer, despatch-by, flags; sortable
 * columns, a quick filter, optional tick boxes (for items that may be ticked) and an optional action per row.
 */
import {
  Anchor,
  Checkbox,
  Group,
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
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { OrderItem } from '../../domain/contract/order-item';
import { formatPence } from '../../domain/format';
import { DueDate } from './due-date';
import { StateBadge } from './state-badge';

type SortKey = 'ref' | 'type' | 'state' | 'customer' | 'due' | 'value';

const SORTERS: Record<SortKey, (a: OrderItem, b: OrderItem) => number> = {
  ref: (a, b) => a.ref.localeCompare(b.ref, 'en', { numeric: true }),
  type: (a, b) => a.type.localeCompare(b.type),
  state: (a, b) => a.state_label.localeCompare(b.state_label),
  customer: (a, b) => a.order.customer_name.localeCompare(b.order.customer_name),
  // Items without a date go last.
  due: (a, b) => (a.despatch_due_on ?? '9999').localeCompare(b.despatch_due_on ?? '9999'),
  value: (a, b) => a.net_value - b.net_value,
};

interface OrderItemsTableProps {
  items: OrderItem[] | undefined;
  loading?: boolean;
  /** Shown when there are no items at all. */
  emptyText: string;
  /** Accessible name of the table, e.g. "My order items". */
  label: string;
  /** Tick boxes: which items may be ticked, and the ticked ids. */
  selection?: {
    selectable: (item: OrderItem) => boolean;
    /** Why an item cannot be ticked (tooltip), e.g. "Only items needing an apostille". */
    reason: string;
    selected: ReadonlySet<number>;
    onChange: (next: Set<number>) => void;
  };
  /** An extra cell at the end of each row (e.g. a Reassign button). */
  rowAction?: (item: OrderItem) => ReactNode;
  rowActionLabel?: string;
}

function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: { key: SortKey; asc: boolean };
  onSort: (key: SortKey) => void;
}) {
  const active = sort.key === sortKey;
  const Icon = active ? (sort.asc ? IconSortAscending : IconSortDescending) : IconArrowsSort;
  return (
    <Table.Th aria-sort={active ? (sort.asc ? 'ascending' : 'descending') : 'none'}>
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
  items,
  loading,
  emptyText,
  label,
  selection,
  rowAction,
  rowActionLabel = 'Actions',
}: OrderItemsTableProps) {
  const [sort, setSort] = useState<{ key: SortKey; asc: boolean }>({ key: 'due', asc: true });
  const [filter, setFilter] = useState('');

  const rows = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const shown = (items ?? []).filter(
      (i) =>
        !needle ||
        [i.ref, i.type, i.state_label, i.order.customer_name, i.order.email].some((v) =>
          v.toLowerCase().includes(needle),
        ),
    );
    const sorter = SORTERS[sort.key];
    return shown.sort((a, b) => (sort.asc ? sorter(a, b) : sorter(b, a)));
  }, [items, filter, sort]);

  const onSort = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, asc: !s.asc } : { key, asc: true }));

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
        <Text size="xs" c="dimmed">
          {rows.length === (items?.length ?? 0)
            ? `${rows.length} item${rows.length === 1 ? '' : 's'}`
            : `${rows.length} of ${items?.length ?? 0} items`}
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
              <SortHeader label="Ref" sortKey="ref" sort={sort} onSort={onSort} />
              <SortHeader label="Type" sortKey="type" sort={sort} onSort={onSort} />
              <SortHeader label="State" sortKey="state" sort={sort} onSort={onSort} />
              <SortHeader label="Customer" sortKey="customer" sort={sort} onSort={onSort} />
              <SortHeader label="Despatch by" sortKey="due" sort={sort} onSort={onSort} />
              <SortHeader label="Net value" sortKey="value" sort={sort} onSort={onSort} />
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
                    {(items?.length ?? 0) === 0 ? emptyText : 'No item matches the filter.'}
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
    </Paper>
  );
}

/**
 * The order-item list of the queues, the dashboard and the escalations desk: ref (link), type, state badge,
 * customer, despatch-by, value, flags, plus columns a screen adds. The server sorts, filters and pages; the
 * view (page, sort, filter) lives in the URL so reload and back work. The list scrolls with the page under a
 * sticky header; tick boxes feed the bulk bar; j / k / Enter / x work the list from the keyboard.
 */
import {
  Checkbox,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsSort,
  IconFlag,
  IconPlayerPause,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, useCallback, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PagingSchema } from '../../domain/contract/common';
import type { OrderItemListRow } from '../../domain/contract/order-item';
import { formatPence } from '../../domain/format';
import type { ListSort, QueueView } from '../api/queries';
import { paths } from '../paths';
import { DueDate } from './due-date';
import { KeyboardRow } from './keyboard-row';
import { isFilterEmpty, type ListFilterValue } from './list-filter';
import { ListFilterBar } from './list-filter-bar';
import { useOpenAtOnce } from './open-at-once';
import { useOrderItemPrefetch } from './order-item-prefetch';
import classes from './order-items-table.module.css';
import { queueCountText, sortChange } from './queue-view';
import { StateBadge } from './state-badge';
import { TickBox, TickTarget } from './tick-box';
import { useListKeyboard } from './use-list-keyboard';
import { useWideTable } from './use-wide-table';

/**
 * A row's cells are plain `<td>`s with Mantine's cell class: what `Table.Td` renders (this table sets no
 * column borders, the only attribute it adds), less two components a cell. About 110 fewer components in the
 * dashboard's first paint: sign-in → dashboard data ~30 ms sooner on a 2-core machine (docs/performance.md).
 */
const CELL = Table.classes.td;

/** A column a screen adds after the customer (the escalations desk's orderer, stage and age). */
export interface ExtraColumn<T> {
  key: string;
  header: string;
  sortKey?: ListSort;
  cell: (item: T) => ReactNode;
  /** Its text may break at a space when the table is short of room (a name, "GRO refunded"). */
  wrap?: boolean;
}

type Page<T> = z.infer<typeof PagingSchema> & { order_items: T[] };

interface OrderItemsTableProps<T extends OrderItemListRow> {
  /** The page the server answered (items and paging). */
  data: Page<T> | undefined;
  loading?: boolean;
  /** A new page or filter is on its way: the rows shown are the previous answer's. */
  stale?: boolean;
  view: QueueView;
  onViewChange: (next: Partial<QueueView>) => void;
  /** Shown when there are no items at all. */
  emptyText: string;
  /** Accessible name of the table, e.g. "My order items". */
  label: string;
  /** Column headings sort the list (the server's sort); off where the server has one fixed order. */
  sortable?: boolean;
  columns?: ExtraColumn<T>[];
  /** Offer the orderer in the filter (lists across orderers). */
  ordererFilter?: boolean;
  /** Beside the count line: a "Save view" button. */
  aside?: ReactNode;
  /** Tick boxes on every row: the ticked ids (for the bulk bar). */
  selection?: {
    selected: ReadonlySet<number>;
    onChange: (next: Set<number>) => void;
  };
  /** An extra cell at the end of each row (e.g. a Reassign button). */
  rowAction?: (item: T) => ReactNode;
  rowActionLabel?: string;
  /** No border of its own (inside a card that has one). */
  bare?: boolean;
  /** Under the table: the bulk bar. */
  footer?: ReactNode;
}

function SortHeader({
  label,
  sortKey,
  view,
  onSort,
}: {
  label: string;
  sortKey: ListSort;
  view: QueueView;
  onSort: (key: ListSort) => void;
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

function Flags({ item }: { item: OrderItemListRow }) {
  return (
    <span className={classes.flags}>
      {item.flagged && (
        <Tooltip label="Flagged">
          <IconFlag size={16} color="var(--mantine-color-red-7)" aria-label="Flagged" />
        </Tooltip>
      )}
      {item.is_escalated && (
        <Tooltip label="Escalated">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-label="Escalated" />
        </Tooltip>
      )}
      {item.is_on_hold && (
        <Tooltip label="On hold">
          <IconPlayerPause size={16} color="var(--mantine-color-grape-7)" aria-label="On hold" />
        </Tooltip>
      )}
    </span>
  );
}

export function OrderItemsTable<T extends OrderItemListRow>({
  data,
  loading,
  stale = false,
  view,
  onViewChange,
  emptyText,
  label,
  sortable = true,
  columns = [],
  ordererFilter = false,
  aside,
  selection,
  rowAction,
  rowActionLabel = 'Actions',
  bare = false,
  footer,
}: OrderItemsTableProps<T>) {
  const navigate = useNavigate();
  const tableRef = useRef<HTMLTableElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useWideTable(boxRef, tableRef);
  const rows = data?.order_items ?? [];
  const onSort = (key: ListSort) => onViewChange(sortChange(view, key));
  const onFilter = useCallback((filter: ListFilterValue) => onViewChange({ filter }), [onViewChange]);

  const toggle = useCallback(
    (item: T) => {
      if (!selection) return;
      const next = new Set(selection.selected);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      selection.onChange(next);
    },
    [selection],
  );
  const open = useCallback((item: T) => navigate(paths.orderItem(item.ref), { flushSync: true }), [navigate]);
  const keyboard = useListKeyboard({
    rows,
    tableRef,
    onOpen: open,
    onTick: selection ? toggle : undefined,
    enabled: !loading,
  });

  const allTicked = rows.length > 0 && rows.every((i) => selection?.selected.has(i.id));
  const someTicked = rows.some((i) => selection?.selected.has(i.id));
  const header = (text: string, key: ListSort) =>
    sortable ? (
      <SortHeader label={text} sortKey={key} view={view} onSort={onSort} />
    ) : (
      <Table.Th>{text}</Table.Th>
    );
  const prefetchOnPoint = useOrderItemPrefetch();
  const openAtOnce = useOpenAtOnce();
  const columnCount = 7 + columns.length + (selection ? 1 : 0) + (rowAction ? 1 : 0);

  const renderRow = (item: T, index: number) => {
    const ticked = selection?.selected.has(item.id) ?? false;
    const isOpen = item.state_group !== 'done' && item.state_group !== 'cancelled';
    return (
      <KeyboardRow
        component={Table.Tr}
        focus={keyboard}
        index={index}
        key={item.id}
        data-ref={item.ref}
        className={classes.row}
        aria-label={`${item.ref}, ${item.type}, ${item.state_label}`}
      >
        {selection && (
          <td className={CELL} data-cell="tick">
            <TickBox label={`Tick ${item.ref}`} checked={ticked} onChange={() => toggle(item)} />
          </td>
        )}
        <td className={CELL} data-cell="ref">
          <Link to={paths.orderItem(item.ref)} className={`mantine-focus-auto ${classes.ref}`}>
            {item.ref}
          </Link>
        </td>
        <td className={`${CELL} ${classes.wrap}`} data-cell="type">
          {item.type}
        </td>
        <td className={CELL} data-cell="state">
          <div className={classes.badge}>
            <StateBadge label={item.state_label} group={item.state_group} />
          </div>
        </td>
        <td className={CELL} data-cell="customer">
          <span className={classes.customer} title={item.order.customer_name}>
            {item.order.customer_name}
          </span>
        </td>
        {columns.map((c) => (
          <td
            key={c.key}
            className={c.wrap ? `${CELL} ${classes.wrap}` : CELL}
            data-cell="extra"
            data-label={c.header}
          >
            {c.cell(item)}
          </td>
        ))}
        <td className={`${CELL} ${classes.wrap}`} data-cell="due">
          <DueDate value={item.despatch_due_on} open={isOpen} />
        </td>
        <td className={`${CELL} ${classes.money}`} data-cell="value">
          {formatPence(item.net_value)}
        </td>
        <td className={CELL} data-cell="flags">
          <Flags item={item} />
        </td>
        {rowAction && (
          <td className={CELL} data-cell="action">
            {rowAction(item)}
          </td>
        )}
      </KeyboardRow>
    );
  };

  return (
    <Paper withBorder={!bare} radius="md">
      <ListFilterBar
        filter={view.filter}
        onChange={onFilter}
        label={label}
        orderer={ordererFilter}
        aside={
          <>
            {aside}
            <Text size="xs" c="dimmed" aria-live="polite">
              {data ? queueCountText(data, rows.length) : ''}
            </Text>
          </>
        }
      />
      {loading ? (
        <div style={{ padding: 'var(--mantine-spacing-md)' }}>
          {[0, 1, 2, 3, 4].map((n) => (
            <Skeleton key={n} height={22} my={8} />
          ))}
        </div>
      ) : (
        <div
          className={classes.scroller}
          ref={boxRef}
          aria-busy={stale || undefined}
          style={stale ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
        >
          <Table
            {...prefetchOnPoint}
            onClickCapture={openAtOnce}
            ref={tableRef}
            stickyHeader
            stickyHeaderOffset={56}
            striped="even"
            aria-label={label}
            className={`${classes.table} ${classes.cards}`}
          >
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={36}>
                    <TickTarget>
                      <Checkbox
                        aria-label="Tick all items on this page"
                        checked={allTicked}
                        indeterminate={someTicked && !allTicked}
                        disabled={rows.length === 0}
                        onChange={() => {
                          const next = new Set(selection.selected);
                          for (const i of rows) {
                            if (allTicked) next.delete(i.id);
                            else next.add(i.id);
                          }
                          selection.onChange(next);
                        }}
                      />
                    </TickTarget>
                  </Table.Th>
                )}
                {header('Ref', 'ref')}
                {header('Type', 'type')}
                {header('State', 'state')}
                {header('Customer', 'customer')}
                {columns.map((c) =>
                  c.sortKey && sortable ? (
                    <SortHeader
                      key={c.key}
                      label={c.header}
                      sortKey={c.sortKey}
                      view={view}
                      onSort={onSort}
                    />
                  ) : (
                    <Table.Th key={c.key}>{c.header}</Table.Th>
                  ),
                )}
                {header('Despatch by', 'due')}
                {header('Net value', 'value')}
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
                  <Table.Td colSpan={columnCount}>
                    <Text size="sm" c="dimmed" ta="center" py="lg">
                      {isFilterEmpty(view.filter) ? emptyText : 'No item matches the filter.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {/* Every row of the page in one pass: rows rendered after the first paint could widen a column
                  and re-wrap the rows on screen (e2e/layout-stability.spec.ts). */}
              {rows.map(renderRow)}
            </Table.Tbody>
          </Table>
        </div>
      )}
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
      {footer}
    </Paper>
  );
}

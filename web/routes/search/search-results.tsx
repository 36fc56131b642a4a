/**
 * The answer of a search: the filter bar (narrowing the results on the server), a sortable table of order
 * items with tick boxes for the bulk bar and the list keys (j / k / Enter / x), or a sentence saying nothing
 * matched.
 */
import {
  Anchor,
  Card,
  Center,
  Checkbox,
  EmptyState,
  Group,
  Kbd,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSearchOff, IconSelector } from '@tabler/icons-react';
import { type ReactNode, type Ref, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { OrderItem } from '../../../domain/contract/order-item';
import type { SearchResults } from '../../../domain/contract/search';
import { formatDate, formatPence } from '../../../domain/format';
import { isFinalState } from '../../../domain/states';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { BulkBar, useTicked } from '../../components/bulk-bar';
import { DueDate } from '../../components/due-date';
import { KeyboardRow } from '../../components/keyboard-row';
import { isFilterEmpty, type ListFilterValue } from '../../components/list-filter';
import { ListFilterBar } from '../../components/list-filter-bar';
import classes from '../../components/order-items-table.module.css';
import { StateBadge } from '../../components/state-badge';
import { TickBox, TickTarget } from '../../components/tick-box';
import { useListKeyboard } from '../../components/use-list-keyboard';
import { useWideTable } from '../../components/use-wide-table';
import { paths } from '../../paths';
import {
  namesOf,
  nextResultSort,
  type ResultSort,
  type ResultSortKey,
  resultsSummary,
  sortResults,
} from './results-sort';

function SortableTh({
  label,
  sortKey,
  sort,
  onSort,
  numeric = false,
}: {
  label: string;
  sortKey: ResultSortKey;
  sort: ResultSort;
  onSort: (key: ResultSortKey) => void;
  numeric?: boolean;
}) {
  const active = sort?.key === sortKey;
  const Icon = !active ? IconSelector : sort.dir === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      ta={numeric ? 'right' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      <UnstyledButton onClick={() => onSort(sortKey)} fz="sm" fw={600}>
        <Group gap={2} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
          {label}
          <Icon size={12} stroke={1.8} aria-hidden color="var(--mantine-color-dimmed)" />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Frame({
  children,
  summary,
  filterBar,
  headingRef,
}: {
  children: ReactNode;
  summary?: ReactNode;
  filterBar: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding={0}>
      <Group
        justify="space-between"
        px="md"
        py={10}
        mih={48}
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        {/* Focus lands here after a search that found nothing (tabIndex -1: not in the tab order). */}
        <Title order={2} size="h5" fw={600} id={headingId} ref={headingRef} tabIndex={-1}>
          Results
        </Title>
        {summary}
      </Group>
      {filterBar}
      {children}
    </Card>
  );
}

/**
 * Moves focus to the answer of each search asked for, once it is in: the first result's link (Enter opens
 * it), or the heading when nothing matched. Saves the keyboard user the trip from the form to the table.
 */
function useFocusOnAnswer(ready: boolean, request: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstLink = useRef<HTMLAnchorElement>(null);
  const handled = useRef(0);
  useEffect(() => {
    if (!ready || request === 0 || handled.current === request) return;
    handled.current = request;
    (firstLink.current ?? heading.current)?.focus();
  });
  return { heading, firstLink };
}

export function SearchResultsCard({
  answer,
  loading,
  what,
  exactRef,
  focusRequest,
  filter,
  onFilter,
}: {
  answer: SearchResults | undefined;
  loading: boolean;
  /** What was searched for, for the empty state. */
  what: string;
  /** The quick search's text: when it is the one result's own ref, the card offers Enter to open it. */
  exactRef: string;
  /** Grows with each search asked for; focus moves to its answer once. */
  focusRequest: number;
  filter: ListFilterValue;
  onFilter: (next: ListFilterValue) => void;
}) {
  const [sort, setSort] = useState<ResultSort>(null);
  const onSort = (key: ResultSortKey) => setSort((s) => nextResultSort(s, key));
  const user = useCurrentUser();
  const navigate = useNavigate();
  const tableRef = useRef<HTMLTableElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useWideTable(boxRef, tableRef);
  const [ticked, setTicked] = useTicked(filter);

  const rows = useMemo(() => sortResults(answer?.results ?? [], sort), [answer, sort]);
  const toggle = useCallback(
    (item: OrderItem) => {
      const next = new Set(ticked);
      if (next.has(item.id)) next.delete(item.id);
      else next.add(item.id);
      setTicked(next);
    },
    [ticked, setTicked],
  );
  const open = useCallback((item: OrderItem) => navigate(paths.orderItem(item.ref)), [navigate]);
  const keyboard = useListKeyboard({ rows, tableRef, onOpen: open, onTick: toggle, enabled: !loading });
  const filterBar = <ListFilterBar filter={filter} onChange={onFilter} label="Results" orderer />;
  const allTicked = rows.length > 0 && rows.every((r) => ticked.has(r.id));
  const someTicked = rows.some((r) => ticked.has(r.id));
  const focus = useFocusOnAnswer(!loading && !!answer, focusRequest);
  const only = answer?.results.length === 1 ? answer.results[0] : null;
  const exactOne = only && only.ref.toLowerCase() === exactRef.toLowerCase() ? only : null;

  if (loading || !answer) {
    return (
      <Frame filterBar={filterBar}>
        <Stack gap={10} p="md" role="status" aria-busy="true">
          <VisuallyHidden>Searching…</VisuallyHidden>
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <Skeleton key={i} h={20} />
          ))}
        </Stack>
      </Frame>
    );
  }

  if (answer.results.length === 0) {
    return (
      <Frame filterBar={filterBar} headingRef={focus.heading}>
        <Center py={40}>
          <EmptyState
            data-testid="no-results"
            icon={<IconSearchOff size={22} stroke={1.6} aria-hidden />}
            title="No results"
            description={
              isFilterEmpty(filter)
                ? `No order items match ${what}. Check the spelling, or search for less.`
                : `No order items match ${what} and the filter. Remove a filter, or search for less.`
            }
          />
        </Center>
      </Frame>
    );
  }

  const th = { sort, onSort };
  return (
    <Frame
      filterBar={filterBar}
      headingRef={focus.heading}
      summary={
        <Group gap="sm" wrap="nowrap">
          {exactOne && (
            <Text size="sm" data-testid="open-hint">
              Press <Kbd size="xs">Enter</Kbd> to open {exactOne.ref}
            </Text>
          )}
          <Text size="sm" c={answer.total_capped ? 'orange.9' : 'dimmed'} data-testid="results-summary">
            {resultsSummary(answer)}
          </Text>
        </Group>
      }
    >
      <div className={classes.scroller} ref={boxRef}>
        <Table
          ref={tableRef}
          stickyHeader
          stickyHeaderOffset={56}
          verticalSpacing={5}
          horizontalSpacing="xs"
          data-testid="search-results"
          aria-label="Search results"
          className={`${classes.wide} ${classes.cards}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>
                <TickTarget>
                  <Checkbox
                    aria-label="Tick all results"
                    checked={allTicked}
                    indeterminate={someTicked && !allTicked}
                    onChange={() => setTicked(allTicked ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </TickTarget>
              </Table.Th>
              <SortableTh label="Ref" sortKey="ref" {...th} />
              <SortableTh label="Item and names" sortKey="type" {...th} />
              <SortableTh label="Customer" sortKey="customer" {...th} />
              <SortableTh label="State" sortKey="state" {...th} />
              <SortableTh label="Assignee" sortKey="assignee" {...th} />
              <SortableTh label="Placed" sortKey="placed" {...th} />
              <SortableTh label="Despatch by" sortKey="due" {...th} />
              <SortableTh label="Net value" sortKey="value" numeric {...th} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((item, index) => {
              // Finished items are never overdue, escalated or not.
              const open = !isFinalState(item.current_state);
              const names = namesOf(item);
              return (
                <KeyboardRow
                  component={Table.Tr}
                  focus={keyboard}
                  index={index}
                  key={item.id}
                  className={classes.row}
                  aria-label={`${item.ref}, ${item.type}, ${item.state_label}`}
                >
                  <Table.Td data-cell="tick">
                    <TickBox
                      label={`Tick ${item.ref}`}
                      checked={ticked.has(item.id)}
                      onChange={() => toggle(item)}
                    />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-cell="ref">
                    <Anchor
                      component={Link}
                      ref={index === 0 ? focus.firstLink : undefined}
                      to={paths.orderItem(item.ref)}
                      fw={600}
                      size="sm"
                    >
                      {item.ref}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-cell="type">
                    <Text size="sm" lh={1.35} style={{ whiteSpace: 'nowrap' }}>
                      {item.type}
                    </Text>
                    <Text size="xs" c="dimmed" lh={1.35}>
                      {names || 'No names given'}
                    </Text>
                  </Table.Td>
                  <Table.Td data-cell="customer">
                    <Text size="sm" title={item.order.email}>
                      {item.order.customer_name}
                    </Text>
                  </Table.Td>
                  <Table.Td data-cell="state">
                    {/* A badge keeps its whole label: the column grows instead. */}
                    <div style={{ width: 'max-content' }}>
                      <StateBadge label={item.state_label} group={item.state_group} />
                    </div>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-cell="extra" data-label="Assignee">
                    {item.user?.name ?? (
                      <Text span c="dimmed" size="sm">
                        Unassigned
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-cell="extra" data-label="Placed">
                    {formatDate(item.order.placed_at)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} data-cell="due">
                    <DueDate value={item.despatch_due_on} open={open} />
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                    data-cell="value"
                  >
                    {formatPence(item.net_value)}
                  </Table.Td>
                </KeyboardRow>
              );
            })}
          </Table.Tbody>
        </Table>
      </div>
      <BulkBar
        selected={ticked}
        onSelectedChange={setTicked}
        pageIds={rows.map((r) => r.id)}
        totalCount={rows.length}
        filter={filter}
        admin={isAdmin(user)}
      />
    </Frame>
  );
}

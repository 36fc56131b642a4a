/**
 * The one queue screen (docs/architecture.md, "SPA conventions"): /my-queue, /work-queues/:id and the
 * escalations desk are each this screen with their own query and parts. The view (page, sort, filter) is in the
 * URL, the items are ticked for the bulk bar (a new filter clears the ticks), a list that cannot load says so
 * above the table, and a filtered list can be saved as a view. What differs is given: the heading and its
 * actions, the counts above the table, extra columns and a row action, the bulk bar's scope and leading
 * actions, and what comes below the table (FCO batches) or opens over it (dialogs).
 */
import { Alert, Stack } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { PagingSchema } from '../../domain/contract/common';
import type { OrderItemListRow } from '../../domain/contract/order-item';
import type { ListScope } from '../api/list-queries';
import type { QueueView } from '../api/queries';
import { BulkBar, useTicked } from './bulk-bar';
import { type ExtraColumn, OrderItemsTable } from './order-items-table';
import { PageHeader } from './page-title';
import { type ListSorts, useQueueView } from './queue-view';
import { SaveViewButton } from './save-view-button';

/** A page of a queue as the server answers it: paging and rows, and whatever the queue adds. */
type Page = z.infer<typeof PagingSchema> & { order_items: OrderItemListRow[] };
/** The row of a queue's page. */
type Row<D extends Page> = D['order_items'][number];

/** A queue's state: the view in the URL, the page the server answered, and the ticked items. */
export interface Queue<D extends Page> {
  view: QueueView;
  setView: (next: Partial<QueueView>) => void;
  result: UseQueryResult<D>;
  /** The rows on this page (none while loading). */
  items: Row<D>[];
  ticked: Set<number>;
  setTicked: (next: Set<number>) => void;
}

/** The queue's view from the URL, its page from `query`, and its ticks. */
export function useQueue<D extends Page, K extends QueryKey>(
  query: (view: QueueView) => UseQueryOptions<D, Error, D, K>,
  list?: ListSorts,
): Queue<D> {
  const [view, setView] = useQueueView(list);
  const result = useQuery(query(view));
  const [ticked, setTicked] = useTicked(view.filter);
  return { view, setView, result, items: result.data?.order_items ?? [], ticked, setTicked };
}

interface QueueScreenProps<D extends Page> {
  queue: Queue<D>;
  title: string;
  description?: ReactNode;
  /** In the heading: the screen's own action on the ticked items (my queue's FCO order). */
  actions?: ReactNode;
  /** The alert's title when the list cannot load. */
  errorTitle: string;
  /** Above the table: the counts that narrow it (groups, stages). */
  counts?: ReactNode;
  /** The table's accessible name. */
  label: string;
  emptyText: string;
  columns?: ExtraColumn<Row<D>>[];
  /** Offer the orderer in the filter (lists across orderers). */
  ordererFilter?: boolean;
  rowAction?: (item: Row<D>) => ReactNode;
  rowActionLabel?: string;
  /** The bulk bar: where "select all matching" looks, whether it may assign, the screen's actions first. */
  bulk: { list: ListScope; admin: boolean; leadingActions?: ReactNode };
  /** Below the table (the FCO batches), shown once the list has loaded. */
  children?: ReactNode;
  /** The screen's dialogs. */
  dialogs?: ReactNode;
}

export function QueueScreen<D extends Page>({
  queue,
  title,
  description,
  actions,
  errorTitle,
  counts,
  label,
  emptyText,
  columns,
  ordererFilter,
  rowAction,
  rowActionLabel,
  bulk,
  children,
  dialogs,
}: QueueScreenProps<D>) {
  const { view, setView, result, items, ticked, setTicked } = queue;
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <Stack gap="lg">
        {result.isError && (
          <Alert color="red" role="alert" title={errorTitle}>
            {result.error.message}
          </Alert>
        )}
        {counts}
        <OrderItemsTable<Row<D>>
          label={label}
          data={result.data}
          loading={result.isPending}
          stale={result.isPlaceholderData}
          view={view}
          onViewChange={setView}
          columns={columns}
          ordererFilter={ordererFilter}
          emptyText={emptyText}
          aside={<SaveViewButton />}
          selection={{ selected: ticked, onChange: setTicked }}
          footer={
            <BulkBar
              selected={ticked}
              onSelectedChange={setTicked}
              pageIds={items.map((i) => i.id)}
              totalCount={result.data?.total_count ?? 0}
              list={bulk.list}
              filter={view.filter}
              admin={bulk.admin}
              leadingActions={bulk.leadingActions}
            />
          }
          rowActionLabel={rowActionLabel}
          rowAction={rowAction}
        />
        {/* Below the list once it is there: its rows, coming, would push what is below down the screen. */}
        {!result.isPending && children}
      </Stack>
      {dialogs}
    </>
  );
}

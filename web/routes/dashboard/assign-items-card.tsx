/**
 * Unassigned order items, filtered as the URL says, with a tick box on each row; an admin picks an orderer
 * and assigns the ticked ones (SPEC section 5: Assign needs a chosen orderer and at least one ticked item),
 * or uses the bulk bar for the other bulk actions and "select all matching".
 */
import { Button, Select, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OrderItemListUndoableSchema } from '../../../domain/contract/order-item';
import type { AssignToOrderer } from '../../../domain/contract/order-item-actions';
import { formatDate } from '../../../domain/format';
import { api } from '../../api/client';
import { orderersQuery } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { BulkBar, useTicked } from '../../components/bulk-bar';
import { OrderItemsTable } from '../../components/order-items-table';
import { useQueueView } from '../../components/queue-view';
import { SaveViewButton } from '../../components/save-view-button';
import { SectionCard } from '../../components/section-card';
import { offerUndo } from '../../components/undo-toast';
import { notifyError } from '../../lib/notify';
import { LoadFailed } from './dashboard-card';
import { DASHBOARD_LIST, unassignedItemsQuery } from './dashboard-queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function AssignItemsCard() {
  const user = useCurrentUser();
  const canAssign = isAdmin(user);
  const queryClient = useQueryClient();
  const [view, setView] = useQueueView(DASHBOARD_LIST);
  const items = useQuery(unassignedItemsQuery(view));
  const orderers = useQuery({ ...orderersQuery, enabled: canAssign });
  const [ticked, setTicked] = useTicked(view.filter);
  const [ordererId, setOrdererId] = useState<string | null>(null);

  const rows = items.data?.order_items ?? [];
  const totalPages = items.data?.total_pages ?? 0;
  // After an assignment the last page may have emptied: show the new last page.
  if (totalPages > 0 && view.page > totalPages) setView({ page: totalPages });
  // Ticks on items that have left the page (assigned elsewhere, refreshed) are not assigned from here.
  const tickedIds = rows.filter((r) => ticked.has(r.id)).map((r) => r.id);

  const ordererOptions = (orderers.data?.orderers ?? []).map((o) => ({ value: String(o.id), label: o.name }));

  const assign = useMutation({
    mutationFn: (body: AssignToOrderer) =>
      api.post('order_items/assign_to_orderer', body, OrderItemListUndoableSchema),
    onSuccess: async (result, body) => {
      const name = ordererOptions.find((o) => o.value === String(body.order_assignment.orderer_id))?.label;
      offerUndo({
        message: `Assigned ${plural(result.order_items.length, 'item')} to ${name ?? 'the orderer'}.`,
        offer: result.undo,
        queryClient,
      });
      setTicked(new Set());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orderers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all }),
      ]);
    },
    onError: (error) => notifyError(error, 'Could not assign the items'),
  });

  const ready = ordererId !== null && tickedIds.length > 0;

  const actions = canAssign ? (
    <>
      <Text size="xs" c="dimmed" aria-live="polite">
        {tickedIds.length > 0 ? `${tickedIds.length} ticked` : 'Tick items to assign'}
      </Text>
      <Select
        aria-label="Orderer"
        placeholder="Choose an orderer"
        data={ordererOptions}
        value={ordererId}
        onChange={setOrdererId}
        size="xs"
        w={170}
        allowDeselect={false}
        disabled={orderers.isPending && !orderers.isError}
        nothingFoundMessage="No orderers"
      />
      <Button
        size="xs"
        leftSection={<IconUserCheck size={14} aria-hidden />}
        disabled={!ready}
        loading={assign.isPending}
        onClick={() =>
          ready &&
          assign.mutate({
            order_assignment: { orderer_id: Number(ordererId), order_item_ids: tickedIds },
          })
        }
      >
        Assign
      </Button>
    </>
  ) : undefined;

  return (
    <SectionCard
      title="Items to assign"
      count={items.data?.total_count}
      actions={actions}
      testId="unassigned"
    >
      {items.isError ? (
        <LoadFailed what="the unassigned items" error={items.error} onRetry={() => items.refetch()} />
      ) : (
        <OrderItemsTable
          bare
          label="Unassigned order items"
          data={items.data}
          loading={items.isPending}
          stale={items.isPlaceholderData}
          view={view}
          onViewChange={setView}
          sortable={false}
          emptyText="No unassigned items: every open order item has an orderer."
          columns={[{ key: 'placed', header: 'Placed', cell: (item) => formatDate(item.order.placed_at) }]}
          aside={<SaveViewButton />}
          selection={canAssign ? { selected: ticked, onChange: setTicked } : undefined}
          footer={
            canAssign && (
              <BulkBar
                selected={ticked}
                onSelectedChange={setTicked}
                pageIds={rows.map((r) => r.id)}
                totalCount={items.data?.total_count ?? 0}
                list={{ scope: 'dashboard' }}
                filter={view.filter}
                admin
              />
            )
          }
        />
      )}
    </SectionCard>
  );
}

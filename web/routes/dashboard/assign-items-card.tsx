/**
 * Unassigned order items with a tick box on each row; an admin picks an orderer and assigns the ticked ones
 * (SPEC section 5: Assign needs a chosen orderer and at least one ticked item).
 */
import { Anchor, Button, Checkbox, Group, Pagination, Select, Table, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { OrderItemListSchema } from '../../../domain/contract/order-item';
import type { AssignToOrderer } from '../../../domain/contract/order-item-actions';
import { formatDate, formatPence } from '../../../domain/format';
import { api } from '../../api/client';
import { orderersQuery } from '../../api/queries';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { DueDate } from '../../components/due-date';
import { SectionCard } from '../../components/section-card';
import { notifyError, notifySuccess } from '../../lib/notify';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';
import { unassignedItemsQuery } from './dashboard-queries';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function AssignItemsCard() {
  const user = useCurrentUser();
  const canAssign = isAdmin(user);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const items = useQuery(unassignedItemsQuery(page));
  const orderers = useQuery({ ...orderersQuery, enabled: canAssign });
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [ordererId, setOrdererId] = useState<string | null>(null);

  const rows = items.data?.order_items ?? [];
  const totalPages = items.data?.total_pages ?? 0;
  // After an assignment the last page may have emptied: show the new last page.
  if (totalPages > 0 && page > totalPages) setPage(totalPages);
  const turnPage = (next: number) => {
    setTicked(new Set());
    setPage(next);
  };
  // Ticks on items that have left the list (assigned elsewhere, refreshed) no longer count.
  const tickedIds = useMemo(() => rows.filter((r) => ticked.has(r.id)).map((r) => r.id), [rows, ticked]);
  const allTicked = rows.length > 0 && tickedIds.length === rows.length;
  const someTicked = tickedIds.length > 0 && !allTicked;

  const ordererOptions = (orderers.data?.orderers ?? []).map((o) => ({ value: String(o.id), label: o.name }));

  const assign = useMutation({
    mutationFn: (body: AssignToOrderer) =>
      api.post('order_items/assign_to_orderer', body, OrderItemListSchema),
    onSuccess: async (result, body) => {
      const name = ordererOptions.find((o) => o.value === String(body.order_assignment.orderer_id))?.label;
      notifySuccess(`Assigned ${plural(result.order_items.length, 'item')} to ${name ?? 'the orderer'}.`);
      setTicked(new Set());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['order_items'] }),
        queryClient.invalidateQueries({ queryKey: ['orderers'] }),
      ]);
    },
    onError: (error) => notifyError(error, 'Could not assign the items'),
  });

  const ready = ordererId !== null && tickedIds.length > 0;

  const toggle = (id: number, on: boolean) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

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
        w={180}
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
      {items.isPending ? (
        <ListSkeleton rows={5} label="Loading unassigned items…" />
      ) : items.isError ? (
        <LoadFailed what="the unassigned items" error={items.error} onRetry={() => items.refetch()} />
      ) : rows.length === 0 && page === 1 ? (
        <EmptyState>No unassigned items: every open order item has an orderer.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={640} maxHeight={360} type="native">
          <Table stickyHeader fz="sm" style={{ whiteSpace: 'nowrap' }} aria-label="Unassigned order items">
            <Table.Thead>
              <Table.Tr>
                {canAssign && (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      aria-label="Tick all items"
                      checked={allTicked}
                      indeterminate={someTicked}
                      onChange={(e) =>
                        setTicked(e.currentTarget.checked ? new Set(rows.map((r) => r.id)) : new Set())
                      }
                    />
                  </Table.Th>
                )}
                <Table.Th>Ref</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Placed</Table.Th>
                <Table.Th>Despatch by</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => {
                const on = ticked.has(item.id);
                return (
                  <Table.Tr key={item.id} bg={on ? 'var(--mantine-primary-color-light)' : undefined}>
                    {canAssign && (
                      <Table.Td>
                        <Checkbox
                          size="xs"
                          aria-label={`Tick ${item.ref}`}
                          checked={on}
                          onChange={(e) => toggle(item.id, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={`/orders/${item.ref}`} size="sm" fw={600}>
                        {item.ref}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{item.type}</Table.Td>
                    <Table.Td>{item.order.customer_name}</Table.Td>
                    <Table.Td>{formatDate(item.order.placed_at)}</Table.Td>
                    <Table.Td>
                      <DueDate value={item.despatch_due_on} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatPence(item.net_value)}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {totalPages > 1 && (
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            Oldest first · {items.data?.per_page} a page
          </Text>
          <Pagination
            size="sm"
            total={totalPages}
            value={Math.min(page, totalPages)}
            onChange={turnPage}
            getItemProps={(n) => ({
              'aria-label': `Page ${n}`,
              'aria-current': n === page ? 'page' : undefined,
            })}
            aria-label="Unassigned items pages"
          />
        </Group>
      )}
    </SectionCard>
  );
}

/**
 * /work-queues/:ordererId: one orderer's queue: their counts (each a link to the list filtered), open items
 * filtered as the URL says, and the FCO batches they have to despatch. Admins can hand an item, or all the
 * ticked ones, to another orderer. The queue screen (components/queue-screen.tsx) with a Reassign row action.
 */
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { type OrderItemListRow, OrderItemUndoableResponseSchema } from '../../../domain/contract/order-item';
import { api, isApiError } from '../../api/client';
import { ordererQueueQuery, orderersQuery } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { FcoBatchesSection } from '../../components/fco-batches-table';
import { useForm } from '../../components/form';
import { GroupCounts } from '../../components/group-counts';
import { PageHeader } from '../../components/page-title';
import { QueueScreen, useQueue } from '../../components/queue-screen';
import { offerUndo } from '../../components/undo-toast';

import { paths } from '../../paths';

function ReassignModal({ item, onClose }: { item: OrderItemListRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const orderers = useQuery(orderersQuery);
  const form = useForm({
    initial: { ordererId: null as string | null },
    send: ({ ordererId }) =>
      item
        ? api.post(
            `order_items/${item.ref}/reassign`,
            { reassign: { orderer_id: Number(ordererId) }, lock_version: item.lock_version },
            OrderItemUndoableResponseSchema,
          )
        : Promise.reject(new Error('No item to reassign.')),
    onSuccess: ({ order_item: target, undo }, { ordererId }) => {
      const name = orderers.data?.orderers.find((o) => String(o.id) === ordererId)?.name ?? 'the orderer';
      offerUndo({ message: `${target.ref} reassigned to ${name}.`, offer: undo, queryClient });
      form.reset();
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderers.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all });
      onClose();
    },
  });
  const { ordererId } = form.values;
  const options = (orderers.data?.orderers ?? [])
    .filter((o) => o.id !== item?.user?.id)
    .map((o) => ({ value: String(o.id), label: o.name }));

  return (
    <Modal
      opened={item !== null}
      onClose={() => {
        form.clearMessages();
        onClose();
      }}
      title={item ? `Reassign ${item.ref}` : 'Reassign'}
    >
      {item && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (ordererId) form.submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {item.type} for {item.order.customer_name}, now with {item.user?.name ?? 'nobody'}.
            </Text>
            <Select
              label="New orderer"
              placeholder="Choose an orderer"
              data={options}
              {...form.field('ordererId')}
              searchable
              data-autofocus
            />
            {form.failure && (
              <Alert color="red" role="alert" title="ERROR: Could not perform action">
                {form.failure.message}
                {isApiError(form.failure, 409) && ' The item changed; reload the queue and try again.'}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ordererId} loading={form.saving}>
                Reassign
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

export default function WorkQueuePage() {
  const { ordererId = '' } = useParams();
  const user = useCurrentUser();
  const queue = useQueue((view) => ordererQueueQuery(ordererId, view));
  const [reassigning, setReassigning] = useState<OrderItemListRow | null>(null);
  const admin = isAdmin(user);
  const { data, error } = queue.result;
  const stats = data?.stats;

  if (error) {
    return (
      <>
        <PageHeader title="Work queue" />
        <Alert color="red" role="alert" title={isApiError(error, 404) ? 'No such orderer' : 'Could not load'}>
          {error.message}
        </Alert>
      </>
    );
  }

  return (
    <QueueScreen
      queue={queue}
      title={data ? `Work queue: ${data.orderer.name}` : 'Work queue'}
      // A blank line until the orderer is known: the screen below does not move down when it comes.
      description={data ? `${data.orderer.email} · open items, earliest despatch date first` : '\u00a0'}
      errorTitle="Could not load"
      counts={
        <GroupCounts
          counts={
            stats
              ? { open: stats.open_items, overdue: stats.overdue, byGroup: stats.by_group }
              : data
                ? { open: 0, overdue: 0, byGroup: {} }
                : undefined
          }
          path={paths.workQueue(ordererId)}
        />
      }
      label={`Order items of ${data?.orderer.name ?? 'the orderer'}`}
      emptyText="This orderer has no open items."
      bulk={{ list: { scope: 'work_queue', ordererId: Number(ordererId) }, admin }}
      rowActionLabel="Reassign"
      rowAction={
        admin
          ? (item) => (
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconArrowsExchange size={14} aria-hidden />}
                onClick={() => setReassigning(item)}
                aria-label={`Reassign ${item.ref}`}
              >
                Reassign
              </Button>
            )
          : undefined
      }
      dialogs={admin && <ReassignModal item={reassigning} onClose={() => setReassigning(null)} />}
    >
      <FcoBatchesSection
        title="FCO batches to despatch"
        label="FCO batches to despatch"
        batches={data?.fco_batches_to_despatch}
        loading={queue.result.isPending}
        emptyText="No FCO batch holding this orderer’s items is waiting to be posted."
      />
    </QueueScreen>
  );
}

/**
 * /my-queue: the signed-in user's open items; tick apostille items to place an FCO order (reference and
 * cost); the FCO batches ready for despatch and those with the FCO.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { fcoBatchesQuery, myOrdersQuery, ordererStatsQuery } from '../../api/queries';
import { useCurrentUser } from '../../components/auth';
import { FcoBatchesTable } from '../../components/fco-batches-table';
import { GroupCounts } from '../../components/group-counts';
import { OrderItemsTable } from '../../components/order-items-table';
import { PageHeader } from '../../components/page-title';
import { useQueueView } from '../../components/queue-view';
import { PlaceFcoOrderModal } from './place-fco-order-modal';

/** Only items waiting for their apostille can go into an FCO batch. */
const needsApostille = (item: OrderItemListRow) =>
  item.current_state === 'apostille_required' && !item.fco_batch_id;

export default function MyQueuePage() {
  const user = useCurrentUser();
  const [view, setView] = useQueueView();
  const items = useQuery(myOrdersQuery(view));
  const stats = useQuery(ordererStatsQuery);
  const mine = stats.data?.stats.find((s) => s.orderer.id === user.id);
  const ready = useQuery(fcoBatchesQuery('pending_despatch'));
  const withFco = useQuery(fcoBatchesQuery('waiting_fco'));
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [placing, setPlacing] = useState(false);

  // Ticks belong to the page on screen: forget those for items that left it or can no longer be ticked.
  const tickable = new Set((items.data?.order_items ?? []).filter(needsApostille).map((i) => i.id));
  const selected = new Set([...ticked].filter((id) => tickable.has(id)));
  const selectedItems = (items.data?.order_items ?? []).filter((i) => selected.has(i.id));

  return (
    <>
      <PageHeader
        title="My queue"
        description="Your open order items, earliest despatch date first. Tick apostille items to place an FCO order."
        actions={
          <Button
            leftSection={<IconCertificate size={16} aria-hidden />}
            disabled={selected.size === 0}
            onClick={() => setPlacing(true)}
          >
            Place FCO order{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        }
      />
      <Stack gap="lg">
        {items.isError && (
          <Alert color="red" role="alert" title="Could not load your items">
            {items.error.message}
          </Alert>
        )}
        {(mine || stats.isPending) && (
          <GroupCounts
            counts={mine && { open: mine.open_items, overdue: mine.overdue, byGroup: mine.by_group }}
          />
        )}
        <OrderItemsTable
          label="My order items"
          data={items.data}
          loading={items.isPending}
          view={view}
          onViewChange={setView}
          emptyText="Nothing in your queue. Items assigned to you appear here."
          selection={{
            selectable: needsApostille,
            reason: 'Only items waiting for an apostille can go to the FCO',
            selected,
            onChange: setTicked,
          }}
        />
        <Stack gap="xs">
          <Title order={2} size="h4">
            FCO batches ready for despatch
          </Title>
          <FcoBatchesTable
            label="FCO batches ready for despatch"
            batches={ready.data?.fco_batches}
            loading={ready.isPending}
            emptyText="No FCO batch is waiting to be posted."
          />
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h4">
            With the FCO
          </Title>
          <FcoBatchesTable
            label="FCO batches with the FCO"
            batches={withFco.data?.fco_batches}
            loading={withFco.isPending}
            emptyText="No batch is with the FCO."
          />
        </Stack>
      </Stack>
      <PlaceFcoOrderModal
        opened={placing}
        items={selectedItems}
        onClose={() => setPlacing(false)}
        onPlaced={() => {
          setPlacing(false);
          setTicked(new Set());
        }}
      />
    </>
  );
}

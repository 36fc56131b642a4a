/**
 * /my-queue: the signed-in user's open items, filtered as the URL says; tick items for a bulk action, or tick
 * apostille items to place an FCO order (reference and cost); the FCO batches ready for despatch and those
 * with the FCO.
 */
import { Alert, Button, Stack, Title } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { fcoBatchesQuery, myOrdersQuery, ordererStatsQuery } from '../../api/queries';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { BulkBar, useTicked } from '../../components/bulk-bar';
import { FcoBatchesTable } from '../../components/fco-batches-table';
import { GroupCounts } from '../../components/group-counts';
import { OrderItemsTable } from '../../components/order-items-table';
import { PageHeader } from '../../components/page-title';
import { useQueueView } from '../../components/queue-view';
import { SaveViewButton } from '../../components/save-view-button';
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
  const [ticked, setTicked] = useTicked(view.filter);
  const [placing, setPlacing] = useState(false);
  const { pathname } = useLocation();

  // The FCO order takes the ticked items on screen that qualify; the others are for the bulk bar.
  const pageItems = items.data?.order_items ?? [];
  const selectedItems = pageItems.filter((i) => ticked.has(i.id) && needsApostille(i));
  const selected = new Set(selectedItems.map((i) => i.id));

  return (
    <>
      <PageHeader
        title="My queue"
        description="Your open order items, earliest despatch date first. Tick items for a bulk action; tick items waiting for an apostille to place an FCO order."
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
            path={pathname}
          />
        )}
        <OrderItemsTable
          label="My order items"
          data={items.data}
          loading={items.isPending}
          stale={items.isPlaceholderData}
          view={view}
          onViewChange={setView}
          emptyText="Nothing in your queue. Items assigned to you appear here."
          aside={<SaveViewButton />}
          selection={{ selected: ticked, onChange: setTicked }}
          footer={
            <BulkBar
              selected={ticked}
              onSelectedChange={setTicked}
              pageIds={pageItems.map((i) => i.id)}
              totalCount={items.data?.total_count ?? 0}
              list={{ scope: 'my_queue' }}
              filter={view.filter}
              admin={isAdmin(user)}
              leadingActions={
                selected.size > 0 && (
                  <Button
                    size="compact-sm"
                    leftSection={<IconCertificate size={14} aria-hidden />}
                    onClick={() => setPlacing(true)}
                  >
                    FCO order ({selected.size})
                  </Button>
                )
              }
            />
          }
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
          setTicked(new Set([...ticked].filter((id) => !selected.has(id))));
        }}
      />
    </>
  );
}

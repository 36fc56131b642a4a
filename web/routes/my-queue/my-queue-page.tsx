/**
 * /my-queue: the signed-in user's open items, filtered as the URL says; tick items for a bulk action, or tick
 * apostille items to place an FCO order (reference and cost); the FCO batches ready for despatch and those
 * with the FCO. The queue screen (components/queue-screen.tsx) with the user's counts and FCO batches.
 */
import { Button } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { fcoBatchesQuery, myOrdersQuery, ordererStatsQuery } from '../../api/queries';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { FcoBatchesSection } from '../../components/fco-batches-table';
import { GroupCounts } from '../../components/group-counts';
import { QueueScreen, useQueue } from '../../components/queue-screen';
import { PlaceFcoOrderModal } from './place-fco-order-modal';

/** Only items waiting for their apostille can go into an FCO batch. */
const needsApostille = (item: OrderItemListRow) =>
  item.current_state === 'apostille_required' && !item.fco_batch_id;

export default function MyQueuePage() {
  const user = useCurrentUser();
  const queue = useQueue(myOrdersQuery);
  const stats = useQuery(ordererStatsQuery);
  const mine = stats.data?.stats.find((s) => s.orderer.id === user.id);
  const ready = useQuery(fcoBatchesQuery('pending_despatch'));
  const withFco = useQuery(fcoBatchesQuery('waiting_fco'));
  const [placing, setPlacing] = useState(false);
  const { pathname } = useLocation();
  const { ticked, setTicked } = queue;

  // The FCO order takes the ticked items on screen that qualify; the others are for the bulk bar.
  const selectedItems = queue.items.filter((i) => ticked.has(i.id) && needsApostille(i));
  const selected = new Set(selectedItems.map((i) => i.id));

  return (
    <QueueScreen
      queue={queue}
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
      errorTitle="Could not load your items"
      counts={
        // Grey until the counts come, for an orderer only: nothing comes for anyone else (the list would move).
        (mine || (stats.isPending && user.is_orderer)) && (
          <GroupCounts
            counts={mine && { open: mine.open_items, overdue: mine.overdue, byGroup: mine.by_group }}
            path={pathname}
          />
        )
      }
      label="My order items"
      emptyText="Nothing in your queue. Items assigned to you appear here."
      bulk={{
        list: { scope: 'my_queue' },
        admin: isAdmin(user),
        leadingActions: selected.size > 0 && (
          <Button
            size="compact-sm"
            leftSection={<IconCertificate size={14} aria-hidden />}
            onClick={() => setPlacing(true)}
          >
            FCO order ({selected.size})
          </Button>
        ),
      }}
      dialogs={
        <PlaceFcoOrderModal
          opened={placing}
          items={selectedItems}
          onClose={() => setPlacing(false)}
          onPlaced={() => {
            setPlacing(false);
            setTicked(new Set([...ticked].filter((id) => !selected.has(id))));
          }}
        />
      }
    >
      <FcoBatchesSection
        title="FCO batches ready for despatch"
        label="FCO batches ready for despatch"
        batches={ready.data?.fco_batches}
        loading={ready.isPending}
        emptyText="No FCO batch is waiting to be posted."
      />
      <FcoBatchesSection
        title="With the FCO"
        label="FCO batches with the FCO"
        batches={withFco.data?.fco_batches}
        loading={withFco.isPending}
        emptyText="No batch is with the FCO."
      />
    </QueueScreen>
  );
}

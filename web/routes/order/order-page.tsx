/** /orders/:orderId (id or ref): an order item with its action panels, details, comments, attachments and timeline. */
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { formatDateTime } from '../../../domain/format';
import { isApiError } from '../../api/client';
import { orderContextQuery } from '../../api/order-context';
import { useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/page-title';
import { paths } from '../../paths';
import type { ScreenOpening } from '../screen-opening';
import { ActionPanels } from './action-panels';
import { AttachmentsCard } from './attachments';
import { DetailsCard } from './details-card';
import { DraftProvider } from './drafts';
import { CommentsCard, TimelineCard } from './history-cards';
import { listedOrderItem, orderItemQuery } from './order-api';
import { OrderHeader, SummaryPreview } from './order-header';
import classes from './order-page.module.css';
import { OrderItemProvider } from './panel-kit';

/**
 * While the item loads: its ref, and what the list it was opened from already showed of it (its row: type,
 * customer, state, assignee, value, despatch-by) at once, the rest as grey bars.
 */
function LoadingPage({ orderId, row }: { orderId: string; row: OrderItemListRow | null }) {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={`Loading order item ${orderId}`}>
      <PageHeader
        title={`Order item ${row?.ref ?? orderId}`}
        description={
          row
            ? `${row.type} · ${row.order.customer_name} · placed ${formatDateTime(row.order.placed_at)}`
            : 'Loading…'
        }
      />
      {row ? <SummaryPreview row={row} /> : <Skeleton h={150} radius="md" />}
      <div className={classes.layout}>
        <Stack gap="md">
          <Skeleton h={260} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
        <Stack gap="md">
          <Skeleton h={160} radius="md" />
          <Skeleton h={300} radius="md" />
        </Stack>
      </div>
    </Stack>
  );
}

function LoadFailed({ orderId, error, retry }: { orderId: string; error: Error; retry: () => void }) {
  const notFound = isApiError(error, 404);
  return (
    <>
      <PageHeader title={`Order item ${orderId}`} />
      <Card withBorder radius="md" padding="lg" maw={640}>
        <Alert
          role="alert"
          color={notFound ? 'gray' : 'red'}
          variant="light"
          title={notFound ? 'No such order item' : 'The order item could not load'}
        >
          <Stack gap="sm">
            <Text size="sm">
              {notFound
                ? `There is no order item with the id or ref “${orderId}”. Check the ref, or find the item by search.`
                : error.message}
            </Text>
            <Group gap="xs">
              {!notFound && (
                <Button size="xs" variant="default" onClick={retry}>
                  Try again
                </Button>
              )}
              <Anchor component={Link} to={paths.search()} size="sm">
                Go to search
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      </Card>
    </>
  );
}

/** An item's ref: its order's ref, a dash and its position (`100234-2`); an id has no dash. */
const ITEM_REF = /^[^-\s]+-\d+$/;

/**
 * The route's head start (web/app.tsx): the item and, when the URL names it by its ref (lists and search link
 * by ref), its order's context, which the header otherwise asks for only once the item is there.
 */
export function prefetch(queryClient: QueryClient, { params }: ScreenOpening) {
  prefetchItem(queryClient, params.orderId ?? '');
}

/** The item's answers, asked for ahead (a link pointed at, web/components/order-item-prefetch.ts, or the route). */
export function prefetchItem(queryClient: QueryClient, key: string) {
  void queryClient.prefetchQuery(orderItemQuery(key));
  if (ITEM_REF.test(key)) void queryClient.prefetchQuery(orderContextQuery(key));
}

export default function OrderPage() {
  const { orderId = '' } = useParams();
  const user = useCurrentUser();
  const query = useQuery(orderItemQuery(orderId));
  const queryClient = useQueryClient();

  if (!query.data) {
    if (query.error)
      return <LoadFailed orderId={orderId} error={query.error} retry={() => query.refetch()} />;
    return <LoadingPage orderId={orderId} row={listedOrderItem(queryClient, orderId)} />;
  }
  const item = query.data.order_item;
  const canWork = item.panels.includes('Modify Order');

  return (
    <DraftProvider key={orderId}>
      <OrderItemProvider value={{ item, pageKey: orderId, user, canWork }}>
        <OrderHeader />
        <div className={classes.layout}>
          <Stack gap="md">
            <ActionPanels />
            <DetailsCard />
          </Stack>
          <Stack gap="md">
            <CommentsCard />
            <AttachmentsCard />
            <TimelineCard />
          </Stack>
        </div>
      </OrderItemProvider>
    </DraftProvider>
  );
}

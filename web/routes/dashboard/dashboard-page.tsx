/**
 * /dashboard: orderer stats, unassigned items to assign, escalations (admins), conversations, waiting FCO
 * batches and unpaid carts.
 *
 * The items to assign render first; the other cards follow, once the list is in, in a deferred render right
 * after that first paint (useDeferredValue's initial value), grey bars holding their place meanwhile; they ask
 * for their data as they mount (only the list is asked for as the navigation begins: prefetch,
 * dashboard-queries.ts). Rendering all six cards in one pass held the first list back (bench/browser.ts:
 * sign-in → dashboard data; docs/performance.md has the figures).
 */
import { Skeleton, Stack } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/page-title';
import { useQueueView } from '../../components/queue-view';
import type { ScreenOpening } from '../screen-opening';
import { AssignItemsCard } from './assign-items-card';
import { ConversationsCard } from './conversations-card';
import classes from './dashboard-page.module.css';
import { DASHBOARD_LIST, prefetchDashboard, unassignedItemsQuery } from './dashboard-queries';
import { EscalationsCard } from './escalations-card';
import { FcoBatchesCard } from './fco-batches-card';
import { OrdererStatsCard } from './orderer-stats-card';
import { UnpaidCartsCard } from './unpaid-carts-card';

/** The route's head start (web/app.tsx): the items to assign. */
export function prefetch(queryClient: QueryClient, { url }: ScreenOpening) {
  return prefetchDashboard(queryClient, url);
}

/** Cards rendered right after the first paint, a grey block busy for assistive technology in their place until then. */
function RenderedNext({ height, children }: { height: number; children: ReactNode }) {
  return (
    <AfterFirstPaint
      fallback={<Skeleton h={height} radius="md" role="status" aria-busy="true" aria-label="Loading…" />}
    >
      {children}
    </AfterFirstPaint>
  );
}

/**
 * Whether the items to assign have come (or failed). The cards below wait for them: the list's grey rows,
 * fewer than its rows, would otherwise push them down the screen as it fills (e2e/layout-stability.spec.ts).
 */
function useItemsToAssignIn(): boolean {
  const [view] = useQueueView(DASHBOARD_LIST);
  return !useQuery({ ...unassignedItemsQuery(view), select: () => true }).isPending;
}

export default function DashboardPage() {
  const admin = isAdmin(useCurrentUser());
  const listIn = useItemsToAssignIn();
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Items waiting for an orderer, the team's queues, customer conversations and unpaid orders."
      />
      <div className={classes.layout}>
        <Stack gap="md">
          <AssignItemsCard />
          {listIn && (
            <RenderedNext height={320}>
              <ConversationsCard />
            </RenderedNext>
          )}
        </Stack>
        {listIn && (
          <RenderedNext height={480}>
            <div className={classes.side}>
              {admin && <EscalationsCard />}
              <OrdererStatsCard />
              <FcoBatchesCard />
              <UnpaidCartsCard />
            </div>
          </RenderedNext>
        )}
      </div>
    </>
  );
}

/**
 * /dashboard: orderer stats, unassigned items to assign, escalations (admins), conversations, waiting FCO
 * batches and unpaid carts.
 */
import { Grid, Stack } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { PageHeader } from '../../components/page-title';
import type { ScreenOpening } from '../screen-opening';
import { AssignItemsCard } from './assign-items-card';
import { ConversationsCard } from './conversations-card';
import { prefetchDashboard } from './dashboard-queries';
import { EscalationsCard } from './escalations-card';
import { FcoBatchesCard } from './fco-batches-card';
import { OrdererStatsCard } from './orderer-stats-card';
import { UnpaidCartsCard } from './unpaid-carts-card';

/** The route's head start (web/app.tsx): every card's first request. */
export function prefetch(queryClient: QueryClient, { url, user }: ScreenOpening) {
  prefetchDashboard(queryClient, isAdmin(user), url);
}

export default function DashboardPage() {
  const admin = isAdmin(useCurrentUser());
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Items waiting for an orderer, the team's queues, customer conversations and unpaid orders."
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <AssignItemsCard />
            <ConversationsCard />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            {admin && <EscalationsCard />}
            <OrdererStatsCard />
            <FcoBatchesCard />
            <UnpaidCartsCard />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/**
 * /items, the team list (issue 49): every open item of the team, whoever has it, in one list: "everything in
 * Waiting GRO" without a list per orderer. The queue screen (components/queue-screen.tsx) with the orderer
 * column and filter (an orderer, or the unassigned), the live counts of the filtered items by group, sort,
 * bulk actions and saved views (shareable with the team).
 */
import { Text } from '@mantine/core';
import { isAdmin, useCurrentUser } from '../../components/auth';
import { GroupCounts } from '../../components/group-counts';
import { QueueScreen, useQueue } from '../../components/queue-screen';
import { paths } from '../../paths';
import { teamListQuery } from './items-api';

export default function ItemsPage() {
  const user = useCurrentUser();
  const queue = useQueue(teamListQuery);
  const counts = queue.result.data?.counts;

  return (
    <QueueScreen
      queue={queue}
      title="Team list"
      description="Every open order item of the team, whoever has it, earliest despatch date first. Filter by orderer (or Unassigned), state or text, tick items for a bulk action, and save a view to share with the team."
      errorTitle="Could not load the team list"
      counts={
        (counts || queue.result.isPending) && (
          <GroupCounts
            counts={counts && { open: counts.open, overdue: counts.overdue, byGroup: counts.by_group }}
            path={paths.items}
            filter={queue.view.filter}
          />
        )
      }
      label="Team order items"
      emptyText="No open item matches."
      ordererFilter
      columns={[
        {
          key: 'orderer',
          header: 'Orderer',
          cell: (item) =>
            item.user ? (
              <Text size="sm">{item.user.name}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                Unassigned
              </Text>
            ),
        },
      ]}
      bulk={{ list: { scope: 'team' }, admin: isAdmin(user) }}
    />
  );
}

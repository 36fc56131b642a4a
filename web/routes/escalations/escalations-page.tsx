/**
 * /escalations (admins): every open escalated item across orderers, with its orderer, stage and how long it
 * has been escalated; counts by stage that narrow the desk; filters, sort and bulk reassignment. The queue
 * screen (components/queue-screen.tsx) with the desk's columns and sort.
 */
import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CUSTOMER_STAGES } from '../../../domain/states';
import { escalationsQuery } from '../../api/escalations';
import { QueueScreen, useQueue } from '../../components/queue-screen';
import { ESCALATIONS_LIST } from '../../components/queue-view';
import { escalationAge, STAGE_LABELS, stageHref } from './escalation-model';

export default function EscalationsPage() {
  const queue = useQueue(escalationsQuery, ESCALATIONS_LIST);
  const now = new Date();
  const byStage = queue.result.data?.by_stage;

  return (
    <QueueScreen
      queue={queue}
      title="Escalations"
      description="Every open escalated item across the orderers, oldest escalation first."
      errorTitle="Could not load the escalations"
      counts={
        byStage ? (
          <Group gap="xs" role="group" aria-label="Escalations by stage">
            {CUSTOMER_STAGES.map((stage) => (
              <Badge
                key={stage}
                component={Link}
                to={stageHref(stage)}
                size="lg"
                radius="sm"
                variant={byStage[stage] ? 'light' : 'outline'}
                color={byStage[stage] ? 'red' : 'gray'}
                tt="none"
                style={{ cursor: 'pointer' }}
              >
                {STAGE_LABELS[stage]}: {byStage[stage] ?? 0}
              </Badge>
            ))}
          </Group>
        ) : (
          // Grey chips of the same size until the counts come: the list below does not move down then.
          <Group gap="xs" aria-hidden>
            {CUSTOMER_STAGES.map((stage) => (
              <Skeleton key={stage} visible radius="sm" width="auto">
                <Badge size="lg" radius="sm" variant="outline" tt="none">
                  {STAGE_LABELS[stage]}: 0
                </Badge>
              </Skeleton>
            ))}
          </Group>
        )
      }
      label="Escalated order items"
      emptyText="No open item is escalated."
      ordererFilter
      columns={[
        {
          key: 'orderer',
          header: 'Orderer',
          wrap: true,
          cell: (item) =>
            item.user ? (
              <Text size="sm">{item.user.name}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                Unassigned
              </Text>
            ),
        },
        {
          key: 'stage',
          header: 'Stage',
          wrap: true,
          cell: (item) => (item.escalation_stage ? STAGE_LABELS[item.escalation_stage] : '—'),
        },
        {
          key: 'age',
          header: 'Escalated',
          sortKey: 'escalated_at',
          cell: (item) => (
            <Text size="sm" title={item.escalated_at ?? undefined}>
              {escalationAge(item.escalated_at, now)}
            </Text>
          ),
        },
      ]}
      bulk={{ list: { scope: 'escalations' }, admin: true }}
    />
  );
}

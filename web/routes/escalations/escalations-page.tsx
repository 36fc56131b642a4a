/**
 * /escalations (admins): every open escalated item across orderers, with its orderer, stage and how long it
 * has been escalated; counts by stage that narrow the desk; filters, sort and bulk reassignment.
 */
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { EscalationRow } from '../../../domain/contract/escalations';
import { ESCALATION_STAGES } from '../../../domain/states';
import { escalationsQuery } from '../../api/escalations';
import { BulkBar, useTicked } from '../../components/bulk-bar';
import { OrderItemsTable } from '../../components/order-items-table';
import { PageHeader } from '../../components/page-title';
import { ESCALATIONS_LIST, useQueueView } from '../../components/queue-view';
import { SaveViewButton } from '../../components/save-view-button';
import { escalationAge, STAGE_LABELS, stageHref } from './escalation-model';

export default function EscalationsPage() {
  const [view, setView] = useQueueView(ESCALATIONS_LIST);
  const desk = useQuery(escalationsQuery(view));
  const [ticked, setTicked] = useTicked(view.filter);
  const now = new Date();
  const byStage = desk.data?.by_stage;

  return (
    <>
      <PageHeader
        title="Escalations"
        description="Every open escalated item across the orderers, oldest escalation first."
      />
      <Stack gap="lg">
        {desk.isError && (
          <Alert color="red" role="alert" title="Could not load the escalations">
            {desk.error.message}
          </Alert>
        )}
        {byStage && (
          <Group gap="xs" role="group" aria-label="Escalations by stage">
            {ESCALATION_STAGES.map((stage) => (
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
        )}
        <OrderItemsTable<EscalationRow>
          label="Escalated order items"
          data={desk.data}
          loading={desk.isPending}
          stale={desk.isPlaceholderData}
          view={view}
          onViewChange={setView}
          ordererFilter
          emptyText="No open item is escalated."
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
            {
              key: 'stage',
              header: 'Stage',
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
          aside={<SaveViewButton />}
          selection={{ selected: ticked, onChange: setTicked }}
          footer={
            <BulkBar
              selected={ticked}
              onSelectedChange={setTicked}
              pageIds={(desk.data?.order_items ?? []).map((i) => i.id)}
              totalCount={desk.data?.total_count ?? 0}
              list={{ scope: 'escalations' }}
              filter={view.filter}
              admin
            />
          }
        />
      </Stack>
    </>
  );
}

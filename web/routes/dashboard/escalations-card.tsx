/**
 * Escalations (admins): how many open items are escalated at each stage (each a link to the desk narrowed to
 * that stage) and the few escalated longest ago, linking to the escalations desk.
 */
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CUSTOMER_STAGES } from '../../../domain/states';
import { escalationsQuery } from '../../api/escalations';
import { DEFAULT_ESCALATIONS_VIEW } from '../../components/queue-view';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../paths';
import { escalationAge, STAGE_LABELS, stageHref } from '../escalations/escalation-model';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';

/** How many of the oldest escalations the card lists. */
const OLDEST_SHOWN = 5;

export function EscalationsCard() {
  const desk = useQuery(escalationsQuery(DEFAULT_ESCALATIONS_VIEW));
  const now = new Date();
  return (
    <SectionCard
      title="Escalations"
      count={desk.data?.total_count}
      testId="escalations"
      actions={
        <Anchor component={Link} to={paths.escalations} size="sm">
          Open the desk
        </Anchor>
      }
    >
      {desk.isPending ? (
        <ListSkeleton rows={3} label="Loading escalations…" />
      ) : desk.isError ? (
        <LoadFailed what="the escalations" error={desk.error} onRetry={() => desk.refetch()} />
      ) : desk.data.total_count === 0 ? (
        <EmptyState>No open item is escalated.</EmptyState>
      ) : (
        <Stack gap={0}>
          <Group gap={6} px="md" py={10} role="group" aria-label="Escalations by stage">
            {CUSTOMER_STAGES.map((stage) => (
              <Badge
                key={stage}
                component={Link}
                to={stageHref(stage)}
                variant={desk.data.by_stage[stage] ? 'light' : 'outline'}
                color={desk.data.by_stage[stage] ? 'red' : 'gray'}
                radius="sm"
                size="lg"
                tt="none"
                style={{ cursor: 'pointer' }}
              >
                {STAGE_LABELS[stage]}: {desk.data.by_stage[stage] ?? 0}
              </Badge>
            ))}
          </Group>
          <Table.ScrollContainer minWidth={340} type="native">
            {/* On a phone each escalation is a card of labelled lines (web/styles.css, phone-cards). */}
            <Table
              fz="sm"
              style={{ whiteSpace: 'nowrap' }}
              aria-label="Oldest escalations"
              className="phone-cards"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ref</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Orderer</Table.Th>
                  <Table.Th>Escalated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {desk.data.order_items.slice(0, OLDEST_SHOWN).map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td data-label="Ref">
                      <Anchor component={Link} to={paths.orderItem(item.ref)} size="sm" fw={600}>
                        {item.ref}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label="Stage">
                      {item.escalation_stage ? STAGE_LABELS[item.escalation_stage] : '—'}
                    </Table.Td>
                    <Table.Td data-label="Orderer">
                      {item.user?.name ?? (
                        <Text span size="sm" c="dimmed">
                          Unassigned
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Escalated">{escalationAge(item.escalated_at, now)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </SectionCard>
  );
}

/** FCO batches despatched to the Foreign Office and waiting to come back. */
import { Anchor, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../../domain/format';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../paths';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';
import { waitingFcoBatchesQuery } from './dashboard-queries';

export function FcoBatchesCard() {
  const batches = useQuery(waitingFcoBatchesQuery);
  const rows = batches.data?.fco_batches ?? [];
  return (
    <SectionCard title="Waiting FCO batches" count={batches.data?.fco_batches.length} testId="waiting-fco">
      {batches.isPending ? (
        <ListSkeleton rows={2} label="Loading waiting FCO batches…" />
      ) : batches.isError ? (
        <LoadFailed what="the FCO batches" error={batches.error} onRetry={() => batches.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>No FCO batches waiting: nothing is at the Foreign Office.</EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={380} maxHeight={260} type="native">
          {/* On a phone each batch is a card of labelled lines (web/styles.css, phone-cards). */}
          <Table
            stickyHeader
            fz="sm"
            style={{ whiteSpace: 'nowrap' }}
            aria-label="Waiting FCO batches"
            className="phone-cards"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Batch</Table.Th>
                <Table.Th>Items</Table.Th>
                <Table.Th>Despatched</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td data-label="Batch">
                    <Anchor component={Link} to={paths.fcoBatch(b.id)} size="sm" fw={600}>
                      {b.ref}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      FCO ref {b.fco_reference}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Items">
                    <Group gap={6} wrap="nowrap">
                      {b.order_items.map((i) => (
                        <Anchor key={i.id} component={Link} to={paths.orderItem(i.ref)} size="sm">
                          {i.ref}
                        </Anchor>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label="Despatched">
                    {b.despatched_on ? (
                      formatDate(b.despatched_on)
                    ) : (
                      <Text span size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}

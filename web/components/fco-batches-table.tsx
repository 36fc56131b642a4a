/** FCO batches as the queues list them: each ref links to its batch page. */
import { Anchor, Badge, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { FcoBatch } from '../../domain/contract/queues';
import { formatDate, formatPence } from '../../domain/format';
import { paths } from '../paths';

export const FCO_BATCH_STATES: Readonly<
  Record<FcoBatch['state'], { label: string; color: string; text: string }>
> = {
  pending_despatch: { label: 'Ready to despatch', color: 'blue', text: '#174a80' },
  waiting_fco: { label: 'With the FCO', color: 'yellow', text: '#5c4300' },
  received: { label: 'Received', color: 'green', text: '#1d6330' },
};

export function FcoBatchStateBadge({ state }: { state: FcoBatch['state'] }) {
  const s = FCO_BATCH_STATES[state];
  return (
    <Badge color={s.color} c={s.text} variant="light" radius="sm" tt="none" fw={600} miw="max-content">
      {s.label}
    </Badge>
  );
}

interface FcoBatchesTableProps {
  batches: FcoBatch[] | undefined;
  loading?: boolean;
  label: string;
  emptyText: string;
}

export function FcoBatchesTable({ batches, loading, label, emptyText }: FcoBatchesTableProps) {
  if (loading) {
    return (
      <Paper withBorder p="md" radius="md">
        <Skeleton height={22} my={6} />
        <Skeleton height={22} my={6} />
      </Paper>
    );
  }
  if (!batches || batches.length === 0) {
    return (
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      {/* On a phone each batch is a card (web/styles.css, phone-cards); a ref or a state never breaks mid-word. */}
      <Table.ScrollContainer minWidth={640} type="native">
        <Table aria-label={label} striped="even" style={{ whiteSpace: 'nowrap' }} className="phone-cards">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Batch</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>FCO reference</Table.Th>
              <Table.Th>Items</Table.Th>
              <Table.Th ta="right">FCO cost</Table.Th>
              <Table.Th>Placed</Table.Th>
              <Table.Th>Despatched</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td data-label="Batch">
                  <Anchor component={Link} to={paths.fcoBatch(b.id)} fw={600} size="sm" ff="monospace">
                    {b.ref}
                  </Anchor>
                </Table.Td>
                <Table.Td data-label="State">
                  <FcoBatchStateBadge state={b.state} />
                </Table.Td>
                <Table.Td data-label="FCO reference">
                  <Text size="sm">{b.fco_reference}</Text>
                </Table.Td>
                {/* A batch of many items wraps its refs rather than widening the table without end. */}
                <Table.Td data-label="Items" miw={150} style={{ whiteSpace: 'normal' }}>
                  <Text size="sm">{b.order_items.map((i) => i.ref).join(', ')}</Text>
                </Table.Td>
                <Table.Td data-label="FCO cost">
                  <Text size="sm" ta="right" ff="monospace">
                    {formatPence(b.fco_cost)}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Placed">
                  <Text size="sm">{formatDate(b.created_at)}</Text>
                </Table.Td>
                <Table.Td data-label="Despatched">
                  <Text size="sm">{b.despatched_on ? formatDate(b.despatched_on) : '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** A list of FCO batches under its heading, as the queues show them below their items. */
export function FcoBatchesSection({ title, ...table }: FcoBatchesTableProps & { title: string }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      <FcoBatchesTable {...table} />
    </Stack>
  );
}

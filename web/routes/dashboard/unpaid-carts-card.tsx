/** Carts whose payment did not go through: each opens the apology e-mail screen. */
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate, formatPence } from '../../../domain/format';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../paths';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';
import { unpaidCartsQuery } from './dashboard-queries';

export function UnpaidCartsCard() {
  const carts = useQuery(unpaidCartsQuery);
  const rows = carts.data?.carts ?? [];
  return (
    <SectionCard title="Unpaid orders" count={carts.data?.carts.length} testId="unpaid-carts">
      {carts.isPending ? (
        <ListSkeleton rows={3} label="Loading unpaid orders…" />
      ) : carts.isError ? (
        <LoadFailed what="the unpaid orders" error={carts.error} onRetry={() => carts.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>No unpaid orders: every cart was paid or closed.</EmptyState>
      ) : (
        // On a phone each cart is a card of labelled lines (web/styles.css, phone-cards).
        <Table.ScrollContainer minWidth={380} maxHeight={300} type="native">
          <Table
            stickyHeader
            fz="sm"
            style={{ whiteSpace: 'nowrap' }}
            aria-label="Unpaid orders"
            className="phone-cards"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Ref</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.ref}>
                  <Table.Td data-label="Ref">
                    <Anchor component={Link} to={paths.unpaidCart(c.ref)} size="sm" fw={600}>
                      {c.ref}
                    </Anchor>
                  </Table.Td>
                  <Table.Td data-label="Customer">
                    <Text size="sm" lineClamp={1}>
                      {c.billing_address.name}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Created">{formatDate(c.created_at)}</Table.Td>
                  <Table.Td data-label="Total" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatPence(c.total_in_pence)}
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

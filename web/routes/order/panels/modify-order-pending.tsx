/**
 * Modify Order's change summary: the attributes it changes, as staff read them, and the change that waits
 * for the customer (confirm or withdraw it).
 */
import { Alert, Table, Text } from '@mantine/core';
import type { OrderItemDetail } from '../../../../domain/contract/order-item';
import type {
  OrderItemUpdateAttributes,
  RepricedItemWire,
} from '../../../../domain/contract/order-item-actions';
import { formatDateTime, formatPence } from '../../../../domain/format';
import {
  countryName,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  SERVICE_LEVELS,
} from '../../../../domain/options';
import { type OrderableType, productLine, type TranslationType } from '../../../../domain/states';
import { isAdmin } from '../../../components/auth';
import { ActionButton } from '../form-kit';
import { ActionAlert, PanelBody, PanelButtons, useAction, useOrderItem } from '../panel-kit';

/** Every attribute Modify Order can change. */
export type Attrs = Required<OrderItemUpdateAttributes>;

const FIELD_LABELS: Record<keyof Attrs, string> = {
  service_level: 'Service level',
  pages: 'Pages',
  copies: 'Copies',
  apostille_copies: 'Apostille copies',
  apostille_country: 'Apostille country',
  scan_send: 'Scan and send',
  despatch_by: 'Despatch',
  type: 'Kind of translation',
  delivery_region: 'Delivery region',
};

/** The kinds of translation as staff name them. */
export const TRANSLATION_KIND_LABELS: Record<TranslationType, string> = {
  CertifiedTranslation: 'Certified',
  SwornTranslation: 'Sworn',
  NotarisedTranslation: 'Notarised',
};

/** The item's attributes as they are now. */
export function currentAttrs(item: OrderItemDetail): Attrs {
  const o = item.orderable;
  return {
    service_level: o.service_level ?? '',
    pages: o.pages ?? 1,
    copies: o.copies,
    apostille_copies: o.apostille_copies,
    apostille_country: o.apostille_country,
    scan_send: o.scan_send,
    despatch_by: o.despatch_by,
    // Only translations show (and may change) their kind; for the others it is never sent.
    type: o.type as TranslationType,
    delivery_region: item.order.delivery_region,
  };
}

/** A value as staff read it in the change summary. */
function show(item: OrderItemDetail, key: keyof Attrs, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'scan_send') return value ? 'Yes' : 'No';
  if (key === 'apostille_country') return countryName(String(value));
  if (key === 'despatch_by') return DESPATCH_OPTIONS.find((d) => d.value === value)?.label ?? String(value);
  if (key === 'delivery_region')
    return DELIVERY_REGION_OPTIONS.find((r) => r.value === value)?.label ?? String(value);
  if (key === 'type') return TRANSLATION_KIND_LABELS[value as TranslationType] ?? String(value);
  if (key === 'service_level') {
    const line = productLine(item.orderable_type as OrderableType);
    return SERVICE_LEVELS[line].find((l) => l.value === value)?.label ?? String(value);
  }
  return String(value);
}

/** The change that waits for the customer: what it changes, and (admins) confirm or withdraw it. */
export function PendingUpdate({ item }: { item: OrderItemDetail }) {
  const { user } = useOrderItem();
  const pending = item.pending_update;
  const confirm = useAction('confirm_update', (ref) => `Change to ${ref} confirmed and applied.`);
  const withdraw = useAction('withdraw_update', (ref) => `Change to ${ref} withdrawn.`);
  if (!pending) return null;
  const upgrade = pending.difference_in_pence > 0;
  const current = currentAttrs(item);
  const rows = (Object.keys(pending.attributes) as (keyof Attrs)[]).map((key) => (
    <Table.Tr key={key}>
      <Table.Td>{FIELD_LABELS[key]}</Table.Td>
      <Table.Td>{show(item, key, current[key])}</Table.Td>
      <Table.Td fw={600}>{show(item, key, pending.attributes[key])}</Table.Td>
    </Table.Tr>
  ));
  return (
    <PanelBody>
      <Alert color="yellow" variant="light" title="A change is waiting for the customer">
        Requested {formatDateTime(pending.requested_at)}. New total {formatPence(pending.new_total_in_pence)}:{' '}
        {upgrade
          ? `the customer has been asked to pay ${formatPence(pending.difference_in_pence)} more.`
          : `the customer has been asked to approve it; ${formatPence(-pending.difference_in_pence)} is refunded on approval.`}
      </Alert>
      <Table withTableBorder verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Change</Table.Th>
            <Table.Th>Now</Table.Th>
            <Table.Th>Requested</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{rows}</Table.Tbody>
      </Table>
      <OtherItems items={pending.other_items} />
      <ActionAlert failure={confirm.failure ?? withdraw.failure} />
      {isAdmin(user) ? (
        <PanelButtons>
          <ActionButton
            action={confirm}
            disabled={withdraw.pending}
            confirm={{
              title: `Apply the change to ${item.ref}?`,
              message: upgrade
                ? `The customer's payment of ${formatPence(pending.difference_in_pence)} is recorded and the change applied to ${item.ref}.`
                : `The change is applied to ${item.ref} and ${formatPence(-pending.difference_in_pence)} is refunded to the customer.`,
              confirmLabel: 'Apply the change',
            }}
          >
            {upgrade ? 'Confirm payment received' : 'Confirm customer approved'}
          </ActionButton>
          <ActionButton
            action={withdraw}
            variant="default"
            disabled={confirm.pending}
            confirm={{
              title: `Withdraw the change to ${item.ref}?`,
              message: `The request waiting for the customer is dropped and ${item.ref} returns to the step it was at.`,
              confirmLabel: 'Withdraw the change',
            }}
          >
            Withdraw request
          </ActionButton>
        </PanelButtons>
      ) : (
        <Text size="sm" c="dimmed">
          An administrator can confirm the customer's {upgrade ? 'payment' : 'approval'} or withdraw the
          request.
        </Text>
      )}
    </PanelBody>
  );
}

/** The order's other items a region change reprices, so staff see what the difference is made of. */
export function OtherItems({ items }: { items: readonly RepricedItemWire[] }) {
  if (items.length === 0) return null;
  return (
    <Text size="sm" data-testid="repriced-items">
      The new delivery region also changes the price of{' '}
      {items
        .map((i) => `${i.ref} (${formatPence(i.current_in_pence)} → ${formatPence(i.new_in_pence)})`)
        .join(', ')}
      ; the difference shown includes {items.length === 1 ? 'it' : 'them'}.
    </Text>
  );
}

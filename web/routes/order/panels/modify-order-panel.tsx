/**
 * Modify Order: change what the customer bought, with a live price-change estimate from the shared pricing
 * code (new total − current subtotal); while a change waits for the customer, confirm or withdraw it.
 */
import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import type { OrderItemDetail } from '../../../../domain/contract/order-item';
import {
  type OrderItemUpdateAttributes,
  OrderItemUpdateSchema,
  PriceEstimateSchema,
  type RepricedItemWire,
} from '../../../../domain/contract/order-item-actions';
import { formatDateTime, formatPence } from '../../../../domain/format';
import {
  countryName,
  countryOptions,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  SERVICE_LEVELS,
} from '../../../../domain/options';
import { type DeliveryRegion, type DespatchBy, priceEstimate } from '../../../../domain/pricing';
import {
  type OrderableType,
  productLine,
  TRANSLATION_TYPES,
  type TranslationType,
} from '../../../../domain/states';
import { api } from '../../../api/client';
import { isAdmin } from '../../../components/auth';
import { useDraft } from '../drafts';
import { itemPath } from '../order-api';
import {
  ActionAlert,
  issuesByField,
  PanelBody,
  PanelButtons,
  PanelIntro,
  useAction,
  useOrderItem,
} from '../panel-kit';

type Attrs = Required<OrderItemUpdateAttributes>;

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

const TRANSLATION_KIND_LABELS: Record<TranslationType, string> = {
  CertifiedTranslation: 'Certified',
  SwornTranslation: 'Sworn',
  NotarisedTranslation: 'Notarised',
};

function currentAttrs(item: OrderItemDetail): Attrs {
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

/** The estimate of the edited attributes, or null when they cannot be priced (e.g. no service level). */
function estimateOf(item: OrderItemDetail, next: Attrs) {
  try {
    return priceEstimate(
      item.orderable.subtotal_in_pence,
      {
        type: next.type,
        serviceLevel: next.service_level,
        pages: next.pages,
        copies: next.copies,
        apostilleCopies: next.apostille_copies,
        scanSend: next.scan_send,
        despatchBy: next.despatch_by,
      },
      {
        orderableType: item.orderable_type as OrderableType,
        deliveryRegion: next.delivery_region,
        position: item.position,
      },
    );
  } catch {
    return null;
  }
}

function PendingUpdate({ item }: { item: OrderItemDetail }) {
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
          <Button onClick={() => confirm.run()} loading={confirm.pending} disabled={withdraw.pending}>
            {upgrade ? 'Confirm payment received' : 'Confirm customer approved'}
          </Button>
          <Button
            variant="default"
            onClick={() => withdraw.run()}
            loading={withdraw.pending}
            disabled={confirm.pending}
          >
            Withdraw request
          </Button>
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

export function ModifyOrderPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<{ changes: Partial<Attrs> }>('modify_order', { changes: {} }, item.lock_version);
  const { run, pending, failure } = useAction('request_update', (ref) => `Change to ${ref} requested.`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const line = productLine(item.orderable_type as OrderableType);
  const current = currentAttrs(item);
  const next: Attrs = { ...current, ...draft.values.changes };
  const changed = (Object.keys(next) as (keyof Attrs)[]).filter((k) => next[k] !== current[k]);
  const update = Object.fromEntries(changed.map((k) => [k, next[k]])) as OrderItemUpdateAttributes;
  const local = estimateOf(item, next);
  // A new region reprices the order's other items, which this page has not loaded: the server prices it.
  const regionChanged = changed.includes('delivery_region');
  const remote = useQuery({
    queryKey: ['order_items', item.ref, 'price_estimate', update],
    queryFn: ({ signal }) =>
      api.post(itemPath(item, 'price_estimate'), { order_item_update: update }, PriceEstimateSchema, {
        signal,
      }),
    enabled: regionChanged && !item.pending_update,
    staleTime: 30_000,
  });
  const estimate = regionChanged
    ? remote.data
      ? {
          currentInPence: remote.data.estimate.current_in_pence,
          newInPence: remote.data.estimate.new_in_pence,
          differenceInPence: remote.data.estimate.difference_in_pence,
        }
      : null
    : local;
  const countries = useMemo(countryOptions, []);

  if (item.pending_update) return <PendingUpdate item={item} />;
  if (item.current_state === 'cancelled') {
    return (
      <PanelBody>
        <PanelIntro>This item is cancelled, so the order can no longer be changed.</PanelIntro>
      </PanelBody>
    );
  }

  const setField = <K extends keyof Attrs>(key: K, value: Attrs[K]) =>
    draft.set({ changes: { ...draft.values.changes, [key]: value } });
  const count = (value: number | string, min: number) =>
    typeof value === 'number' ? value : value === '' ? min : Number(value);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { order_item_update: update };
    const parsed = OrderItemUpdateSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (next.apostille_copies > 0 && !next.apostille_country) found.apostille_country = 'Choose a country.';
    setErrors(found);
    if (Object.keys(found).length > 0 || changed.length === 0) return;
    await run({ body, draft });
  };
  const fieldError = (name: string) => errors[name] ?? failure?.fields[name];
  const difference = estimate?.differenceInPence ?? 0;

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Change what the customer bought. A change that costs the same applies at once; one that costs more
          waits for the customer's payment, one that costs less for their approval.
        </PanelIntro>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Select
            label="Service level"
            data={SERVICE_LEVELS[line].map((l) => ({ value: l.value, label: l.label }))}
            value={next.service_level || null}
            onChange={(value) => setField('service_level', value ?? '')}
            error={fieldError('service_level')}
            allowDeselect={false}
          />
          <NumberInput
            label="Copies"
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={next.copies}
            onChange={(value) => setField('copies', count(value, 1))}
            error={fieldError('copies')}
          />
          {line === 'translation' ? (
            <NumberInput
              label="Pages"
              min={1}
              max={10000}
              allowDecimal={false}
              allowNegative={false}
              value={next.pages}
              onChange={(value) => setField('pages', count(value, 1))}
              error={fieldError('pages')}
            />
          ) : (
            <Select
              label="Despatch"
              data={DESPATCH_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
              value={next.despatch_by}
              onChange={(value) => setField('despatch_by', (value ?? 'standard') as DespatchBy)}
              error={fieldError('despatch_by')}
              allowDeselect={false}
            />
          )}
          <NumberInput
            label="Apostille copies"
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={next.apostille_copies}
            onChange={(value) => setField('apostille_copies', count(value, 0))}
            error={fieldError('apostille_copies')}
          />
          <Select
            label="Apostille country"
            searchable
            clearable
            placeholder={next.apostille_copies > 0 ? 'Choose a country' : 'No apostille'}
            data={countries}
            value={next.apostille_country}
            onChange={(value) => setField('apostille_country', value)}
            error={fieldError('apostille_country')}
            disabled={next.apostille_copies === 0}
          />
          {line === 'translation' && (
            <Select
              label="Despatch"
              data={DESPATCH_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
              value={next.despatch_by}
              onChange={(value) => setField('despatch_by', (value ?? 'standard') as DespatchBy)}
              error={fieldError('despatch_by')}
              allowDeselect={false}
            />
          )}
          {line === 'translation' && (
            <Select
              label="Kind of translation"
              data={TRANSLATION_TYPES.map((t) => ({ value: t, label: TRANSLATION_KIND_LABELS[t] }))}
              value={next.type}
              onChange={(value) => setField('type', (value ?? current.type) as TranslationType)}
              error={fieldError('type')}
              allowDeselect={false}
            />
          )}
          <Select
            label="Delivery region"
            description="The whole order's"
            data={DELIVERY_REGION_OPTIONS.map((r) => ({ value: r.value, label: r.label }))}
            value={next.delivery_region}
            onChange={(value) =>
              setField('delivery_region', (value ?? current.delivery_region) as DeliveryRegion)
            }
            error={fieldError('delivery_region')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Checkbox
          label="Scan and send"
          checked={next.scan_send}
          onChange={(e) => setField('scan_send', e.currentTarget.checked)}
        />
        <PriceEstimate
          current={estimate?.currentInPence ?? item.orderable.subtotal_in_pence}
          next={estimate?.newInPence ?? null}
          difference={difference}
          changed={changed.length > 0}
          pricing={regionChanged && remote.isFetching}
          items={1 + (regionChanged ? (remote.data?.estimate.other_items.length ?? 0) : 0)}
        />
        {regionChanged && remote.data && <OtherItems items={remote.data.estimate.other_items} />}
        {regionChanged && remote.error && (
          <Alert role="alert" color="orange" variant="light" title="This change cannot be priced now">
            {remote.error.message}
          </Alert>
        )}
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending} disabled={changed.length === 0}>
            {difference === 0 ? 'Apply change' : difference > 0 ? 'Request payment' : 'Request approval'}
          </Button>
          <Button variant="subtle" color="gray" onClick={() => draft.reset()} disabled={changed.length === 0}>
            Undo changes
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

/** The order's other items a region change reprices, so staff see what the difference is made of. */
function OtherItems({ items }: { items: readonly RepricedItemWire[] }) {
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

interface PriceEstimateProps {
  current: number;
  next: number | null;
  difference: number;
  changed: boolean;
  /** The server is pricing the change. */
  pricing?: boolean;
  /** How many items the figures cover (a region change reprices the order's other items too). */
  items?: number;
}

/** The live estimate: current subtotal, new total, and the difference with what happens next. */
function PriceEstimate({ current, next, difference, changed, pricing, items = 1 }: PriceEstimateProps) {
  const scope = items > 1 ? ` (${items} items)` : '';
  const sign = difference > 0 ? '+' : difference < 0 ? '−' : '';
  const outcome = !changed
    ? 'Change a field to see the price difference.'
    : pricing
      ? 'Pricing the change…'
      : next === null
        ? 'Choose a service level to price the change.'
        : difference === 0
          ? 'No price difference: the change applies at once.'
          : difference > 0
            ? `The customer will be asked to pay ${formatPence(difference)} more before the change applies.`
            : `The customer will be asked to approve the change; ${formatPence(-difference)} is refunded on approval.`;
  return (
    <Group
      gap="xl"
      p="sm"
      role="status"
      aria-live="polite"
      aria-label="Price-change estimate"
      style={{ background: 'var(--mantine-color-gray-0)', borderRadius: 'var(--mantine-radius-sm)' }}
    >
      <div>
        <Text size="xs" c="dimmed">
          Current subtotal{scope}
        </Text>
        <Text fw={600}>{formatPence(current)}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          New total{scope}
        </Text>
        <Text fw={600} data-testid="estimate-new">
          {next === null ? '—' : formatPence(next)}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Difference
        </Text>
        <Text
          fw={700}
          c={difference > 0 ? '#8a3a00' : difference < 0 ? '#0b5d4f' : undefined}
          data-testid="estimate-difference"
        >
          {sign}
          {formatPence(Math.abs(difference))}
        </Text>
      </div>
      <Text size="sm" style={{ flex: 1, minWidth: 220 }}>
        {outcome}
      </Text>
    </Group>
  );
}

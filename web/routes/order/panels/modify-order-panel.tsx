/**
 * Modify Order: change what the customer bought, with a live price-change estimate from the shared pricing
 * code (new total − current subtotal); while a change waits for the customer, confirm or withdraw it.
 */
import { Alert, Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderItemDetail } from '../../../../domain/contract/order-item';
import {
  type OrderItemUpdateAttributes,
  OrderItemUpdateSchema,
  PriceEstimateSchema,
} from '../../../../domain/contract/order-item-actions';
import { formatPence } from '../../../../domain/format';
import {
  countryOptions,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  SERVICE_LEVELS,
} from '../../../../domain/options';
import { priceEstimate } from '../../../../domain/pricing';
import { type OrderableType, productLine, TRANSLATION_TYPES } from '../../../../domain/states';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { itemPath } from '../order-api';
import { PanelBody, PanelIntro, useAction, useOrderItem } from '../panel-kit';
import {
  type Attrs,
  currentAttrs,
  OtherItems,
  PendingUpdate,
  TRANSLATION_KIND_LABELS,
} from './modify-order-pending';

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

/** The attributes as edited, which of them differ from the item's, and the update that sends them. */
function edited(item: OrderItemDetail, changes: Partial<Attrs>) {
  const current = currentAttrs(item);
  const next: Attrs = { ...current, ...changes };
  const changed = (Object.keys(next) as (keyof Attrs)[]).filter((k) => next[k] !== current[k]);
  const update = Object.fromEntries(changed.map((k) => [k, next[k]])) as OrderItemUpdateAttributes;
  return { current, next, changed, update };
}

/** Change what the customer bought, with the live price difference. */
export function ModifyOrderPanel() {
  const { item } = useOrderItem();
  const form = usePanelForm({
    draftKey: 'modify_order',
    initial: { changes: {} as Partial<Attrs> },
    action: useAction('request_update', (ref) => `Change to ${ref} requested.`),
    schema: OrderItemUpdateSchema,
    body: (v) => {
      const { changed, update } = edited(item, v.changes);
      return changed.length === 0 ? null : { order_item_update: update };
    },
    check: (v) => {
      const { next } = edited(item, v.changes);
      return {
        apostille_country:
          next.apostille_copies > 0 && !next.apostille_country ? 'Choose a country.' : undefined,
      };
    },
  });
  const line = productLine(item.orderable_type as OrderableType);
  const { current, next, changed, update } = edited(item, form.values.changes);
  const local = estimateOf(item, next);
  // A new region reprices the order's other items, which this page has not loaded: the server prices it.
  const regionChanged = changed.includes('delivery_region');
  const remote = useQuery({
    queryKey: queryKeys.orderItems.priceEstimate(item.ref, update),
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
    form.set({ changes: { ...form.values.changes, [key]: value } });
  /** A select bound to one attribute; only the apostille country may be cleared. */
  const choice = <K extends keyof Attrs>(key: K) => ({
    value: (next[key] as string | null) || null,
    onChange: (value: string | null) =>
      setField(key, (value ?? (key === 'apostille_country' ? null : current[key])) as Attrs[K]),
    error: form.error(key),
    allowDeselect: key === 'apostille_country',
  });
  /** A whole-number input bound to one count; emptied, it reads as its least value. */
  const count = (key: 'copies' | 'pages' | 'apostille_copies', min: number, max: number) => ({
    value: next[key],
    onChange: (value: number | string) =>
      setField(key, typeof value === 'number' ? value : value === '' ? min : Number(value)),
    error: form.error(key),
    min,
    max,
    allowDecimal: false,
    allowNegative: false,
  });
  const despatch = (
    <Select
      label="Despatch"
      data={DESPATCH_OPTIONS.map((d) => ({ value: d.value, label: d.label }))}
      {...choice('despatch_by')}
    />
  );
  const difference = estimate?.differenceInPence ?? 0;

  return (
    <PanelForm
      form={form}
      intro={
        <>
          Change what the customer bought. A change that costs the same applies at once; one that costs more
          waits for the customer's payment, one that costs less for their approval.
        </>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Select
          label="Service level"
          data={SERVICE_LEVELS[line].map((l) => ({ value: l.value, label: l.label }))}
          {...choice('service_level')}
        />
        <NumberInput label="Copies" {...count('copies', 1, 1000)} />
        {line === 'translation' ? <NumberInput label="Pages" {...count('pages', 1, 10000)} /> : despatch}
        <NumberInput label="Apostille copies" {...count('apostille_copies', 0, 1000)} />
        <Select
          label="Apostille country"
          searchable
          clearable
          placeholder={next.apostille_copies > 0 ? 'Choose a country' : 'No apostille'}
          data={countries}
          {...choice('apostille_country')}
          disabled={next.apostille_copies === 0}
        />
        {line === 'translation' && despatch}
        {line === 'translation' && (
          <Select
            label="Kind of translation"
            data={TRANSLATION_TYPES.map((t) => ({ value: t, label: TRANSLATION_KIND_LABELS[t] }))}
            {...choice('type')}
          />
        )}
        <Select
          label="Delivery region"
          description="The whole order's"
          data={DELIVERY_REGION_OPTIONS.map((r) => ({ value: r.value, label: r.label }))}
          {...choice('delivery_region')}
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
      <FormFooter
        form={form}
        submit={difference === 0 ? 'Apply change' : difference > 0 ? 'Request payment' : 'Request approval'}
        disabled={changed.length === 0}
      >
        <Button variant="subtle" color="gray" onClick={form.reset} disabled={changed.length === 0}>
          Undo changes
        </Button>
      </FormFooter>
    </PanelForm>
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

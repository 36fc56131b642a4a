/**
 * The item's details with inline editing: order, orderable and shipping-address fields, one field per save
 * (PUT with the record's id and that one field). Priced attributes change only through Modify Order.
 */
import {
  ActionIcon,
  Alert,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, type ReactNode, useMemo } from 'react';
import type { Address, OrderItemDetail } from '../../../domain/contract/order-item';
import { formatDate, formatDateTime } from '../../../domain/format';
import {
  CERTIFICATE_COUNTRIES,
  countryName,
  countryOptions,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  languageName,
  languageOptions,
  type Option,
  SERVICE_LEVELS,
} from '../../../domain/options';
import { type OrderableType, productLine } from '../../../domain/states';
import { DateField } from './date-field';
import { useDraft } from './drafts';
import { itemPath } from './order-api';
import { nameRoles } from './order-labels';
import { useAction, useOrderItem } from './panel-kit';

type RecordKey = 'order_attributes' | 'orderable_attributes' | 'shipping_address_attributes';

export const SAVE_FAILED = 'Failed to save updates';

/** A label and its value on one line, as every details row reads. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" mih={30} py={3}>
      <Text size="sm" c="dimmed" w={112} style={{ flexShrink: 0 }} pt={3}>
        {label}
      </Text>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Group>
  );
}

function Plain({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" pt={3} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

interface EditableProps {
  label: string;
  record: RecordKey;
  recordId: number;
  field: string;
  /** The stored value; null when empty. */
  value: string | null;
  /** How the stored value reads (defaults to the value itself). */
  display?: string;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'select';
  options?: readonly Option[];
  editable: boolean;
  /** A fuller name for screen readers when the label alone is ambiguous (e.g. whose surname). */
  ariaLabel?: string;
}

/** One field: shown as text with a pencil; editing it saves just that field. */
function EditableField({
  label,
  record,
  recordId,
  field,
  value,
  display,
  kind = 'text',
  options,
  editable,
  ariaLabel,
}: EditableProps) {
  const name = ariaLabel ?? label;
  const { item } = useOrderItem();
  const draft = useDraft<{ editing: boolean; text: string }>(
    `edit:${record}.${field}`,
    { editing: false, text: '' },
    item.lock_version,
  );
  const save = useAction('', () => `${ariaLabel ?? label} saved.`);
  const { editing, text } = draft.values;
  const shown = display ?? value;

  const start = () => {
    save.clearFailure();
    draft.set({ editing: true, text: value ?? '' });
  };
  const cancel = () => {
    save.clearFailure();
    draft.reset();
  };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = text.trim() === '' ? null : text.trim();
    if (next === (value ?? null)) {
      cancel();
      return;
    }
    await save.run({
      method: 'put',
      path: itemPath(item),
      body: { [record]: { id: recordId, [field]: next } },
      draft,
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (!editing) {
    return (
      <Row label={label}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Plain>
            {shown ?? (
              <Text span c="dimmed" size="sm">
                —
              </Text>
            )}
          </Plain>
          {editable && (
            <Tooltip label={`Edit ${name.toLowerCase()}`}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit ${name}`} onClick={start}>
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Row>
    );
  }

  const input =
    kind === 'date' ? (
      <DateField
        aria-label={name}
        size="xs"
        value={text || null}
        onChange={(v) => draft.set({ text: v ?? '' })}
        onKeyDown={onKeyDown}
        autoFocus
        error={!!save.failure}
      />
    ) : kind === 'select' ? (
      <Select
        aria-label={name}
        size="xs"
        error={!!save.failure}
        searchable
        clearable={record !== 'shipping_address_attributes'}
        data={options ?? []}
        value={text || null}
        onChange={(v) => draft.set({ text: v ?? '' })}
        onKeyDown={onKeyDown}
        autoFocus
        comboboxProps={{ withinPortal: true }}
      />
    ) : (
      <TextInput
        aria-label={name}
        size="xs"
        type={kind}
        value={text}
        onChange={(e) => draft.set({ text: e.currentTarget.value })}
        onKeyDown={onKeyDown}
        autoFocus
        error={!!save.failure}
      />
    );

  return (
    <Row label={label}>
      <form onSubmit={submit} noValidate>
        <Stack gap={6}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Tooltip label="Save (Enter)">
              <ActionIcon type="submit" size={30} variant="filled" aria-label="Save" loading={save.pending}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Cancel (Esc)">
              <ActionIcon
                size={30}
                variant="default"
                aria-label="Cancel"
                onClick={cancel}
                disabled={save.pending}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {save.failure && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden />}
              title={SAVE_FAILED}
            >
              {save.failure.message}
              {save.failure.kind === 'conflict' ? ' The item has been reloaded; what you typed is kept.' : ''}
            </Alert>
          )}
        </Stack>
      </form>
    </Row>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={3} size="h6" fw={600} c="dark.6" mb={4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function addressLines(a: Address): string {
  return [a.line_1, a.line_2, a.city, a.state, a.zip, countryName(a.country_code)]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
}

function OrderSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  const { order } = item;
  const edit = { record: 'order_attributes' as const, recordId: order.id, editable };
  return (
    <Section title="Customer and order">
      <EditableField {...edit} label="E-mail" field="email" value={order.email} kind="email" />
      <EditableField {...edit} label="Phone" field="phone" value={order.phone} kind="tel" />
      <Row label="Order">
        <Plain>
          {order.ref}, placed {formatDateTime(order.placed_at)}
        </Plain>
      </Row>
      <Row label="Delivery region">
        <Plain>
          {DELIVERY_REGION_OPTIONS.find((r) => r.value === order.delivery_region)?.label ??
            order.delivery_region}
        </Plain>
      </Row>
    </Section>
  );
}

function ShippingSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  const countries = useMemo(countryOptions, []);
  const address = item.order.shipping_address;
  if (!address) {
    return (
      <Section title="Shipping address">
        <Row label="Ship to">
          <Plain>Same as the billing address</Plain>
        </Row>
      </Section>
    );
  }
  const edit = { record: 'shipping_address_attributes' as const, recordId: address.id, editable };
  return (
    <Section title="Shipping address">
      <EditableField {...edit} label="Name" field="name" value={address.name} />
      <EditableField {...edit} label="Address line 1" field="line_1" value={address.line_1} />
      <EditableField {...edit} label="Address line 2" field="line_2" value={address.line_2} />
      <EditableField {...edit} label="Town or city" field="city" value={address.city} />
      <EditableField {...edit} label="County or state" field="state" value={address.state} />
      <EditableField {...edit} label="Postcode" field="zip" value={address.zip} />
      <EditableField
        {...edit}
        label="Country"
        field="country_code"
        value={address.country_code}
        display={countryName(address.country_code)}
        kind="select"
        options={countries}
      />
    </Section>
  );
}

function OrderableSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  const o = item.orderable;
  const line = productLine(item.orderable_type as OrderableType);
  const roles = nameRoles(item.orderable_type, item.type);
  const countries = useMemo(countryOptions, []);
  const languages = useMemo(languageOptions, []);
  const edit = { record: 'orderable_attributes' as const, recordId: o.id, editable };
  const level =
    SERVICE_LEVELS[line].find((l) => l.value === o.service_level)?.label ?? o.service_level ?? '—';
  const title = line === 'translation' ? 'Translation' : line === 'deed_poll' ? 'Deed poll' : 'Certificate';

  return (
    <Section title={`${title} details`}>
      {(['a', 'b', 'c'] as const).map((k) =>
        roles[k] ? (
          <Stack key={k} gap={0} mb={4}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mt={2} style={{ letterSpacing: '0.03em' }}>
              {roles[k]}
            </Text>
            <EditableField
              {...edit}
              label="First names"
              field={`firstname_${k}`}
              value={o[`firstname_${k}` as const]}
              ariaLabel={`${roles[k]} first names`}
            />
            <EditableField
              {...edit}
              label="Surname"
              field={`surname_${k}`}
              value={o[`surname_${k}` as const]}
              ariaLabel={`${roles[k]} surname`}
            />
          </Stack>
        ) : null,
      )}
      {line === 'certificate' && (
        <>
          <EditableField
            {...edit}
            label="Event date"
            field="event_date"
            value={o.event_date}
            display={o.event_date ? formatDate(o.event_date) : undefined}
            kind="date"
          />
          <EditableField {...edit} label="Event place" field="event_place" value={o.event_place} />
          <EditableField
            {...edit}
            label="Registered in"
            field="certificate_country"
            value={o.certificate_country}
            display={CERTIFICATE_COUNTRIES.find((c) => c.value === o.certificate_country)?.label}
            kind="select"
            options={CERTIFICATE_COUNTRIES}
          />
        </>
      )}
      {line === 'translation' && (
        <EditableField
          {...edit}
          label="Source language"
          field="source_language"
          value={o.source_language}
          display={o.source_language ? languageName(o.source_language) : undefined}
          kind="select"
          options={languages}
        />
      )}
      <Row label="Service">
        <Plain>
          {level} · {o.copies} {o.copies === 1 ? 'copy' : 'copies'}
          {o.pages !== null ? ` · ${o.pages} ${o.pages === 1 ? 'page' : 'pages'}` : ''}
          {o.scan_send ? ' · scan & send' : ''} ·{' '}
          {DESPATCH_OPTIONS.find((d) => d.value === o.despatch_by)?.label ?? o.despatch_by}
        </Plain>
      </Row>
      <Row label="Apostille">
        <Plain>
          {o.apostille_copies === 0
            ? 'None'
            : `${o.apostille_copies} ${o.apostille_copies === 1 ? 'copy' : 'copies'}`}
        </Plain>
      </Row>
      {o.apostille_copies > 0 && (
        <EditableField
          {...edit}
          label="Apostille country"
          field="apostille_country"
          value={o.apostille_country}
          display={o.apostille_country ? countryName(o.apostille_country) : undefined}
          kind="select"
          options={countries}
        />
      )}
    </Section>
  );
}

export function DetailsCard() {
  const { item, canWork } = useOrderItem();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="details-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5" id="details-heading" fw={600}>
          Details
        </Title>
        {canWork && (
          <Text size="xs" c="dimmed">
            Each field saves on its own. Copies, service and apostilles change through Modify Order.
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        <Stack gap="lg">
          <OrderSection item={item} editable={canWork} />
          <ShippingSection item={item} editable={canWork} />
        </Stack>
        <OrderableSection item={item} editable={canWork} />
      </SimpleGrid>
    </Card>
  );
}

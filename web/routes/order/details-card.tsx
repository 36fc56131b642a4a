/**
 * The item's details with inline editing: order, orderable, billing and shipping-address fields, one field
 * per save (PUT with the record's id and that one field); a shipping address added whole or removed.
 * Priced attributes, and a delivery region that changes a price, change only through Modify Order.
 */
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { OrderItemDetail } from '../../../domain/contract/order-item';
import { formatDate, formatDateTime } from '../../../domain/format';
import {
  CERTIFICATE_COUNTRIES,
  countryName,
  countryOptions,
  DELIVERY_REGION_OPTIONS,
  DESPATCH_OPTIONS,
  languageName,
  languageOptions,
  SERVICE_LEVELS,
} from '../../../domain/options';
import { type OrderableType, productLine } from '../../../domain/states';
import { BillingSection, ShippingSection } from './address-sections';
import { EditableField, Plain, Row, Section } from './details-fields';
import { ORDER_CONTEXT_ID } from './order-context';
import { nameRoles, PRODUCT_LINE_TITLES } from './order-labels';
import { useOrderItem } from './panel-kit';

function OrderSection({ item, editable }: { item: OrderItemDetail; editable: boolean }) {
  const { order } = item;
  const edit = { record: 'order_attributes' as const, recordId: order.id, editable };
  return (
    <Section title="Customer and order">
      <EditableField {...edit} label="E-mail" field="email" value={order.email} kind="email" />
      <EditableField {...edit} label="Phone" field="phone" value={order.phone} kind="tel" />
      <Row label="Order">
        <Plain>
          <Anchor href={`#${ORDER_CONTEXT_ID}`} size="sm">
            {order.ref}
          </Anchor>
          , placed {formatDateTime(order.placed_at)}
        </Plain>
      </Row>
      <Row label="Delivery region">
        <Plain>
          {DELIVERY_REGION_OPTIONS.find((r) => r.value === order.delivery_region)?.label ??
            order.delivery_region}
          {editable && (
            <Text span size="xs" c="dimmed">
              {' '}
              · changes through Modify Order (it can change the price)
            </Text>
          )}
        </Plain>
      </Row>
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
  const title = PRODUCT_LINE_TITLES[line];

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
            Each field saves on its own. Copies, service, apostilles and the region change through Modify
            Order.
          </Text>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
        <Stack gap="lg">
          <OrderSection item={item} editable={canWork} />
          <BillingSection item={item} editable={canWork} />
          <ShippingSection item={item} editable={canWork} />
        </Stack>
        <OrderableSection item={item} editable={canWork} />
      </SimpleGrid>
    </Card>
  );
}

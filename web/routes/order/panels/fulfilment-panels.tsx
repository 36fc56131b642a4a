/** Getting the documents out: Apostille (an FCO order for this item), Scan Send and Dispatch. */
import { Anchor, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { CreateFcoBatchSchema, DespatchSchema } from '../../../../domain/contract/order-item-actions';
import { FcoBatchResponseSchema } from '../../../../domain/contract/queues';
import { formatPence, londonToday } from '../../../../domain/format';
import { countryName } from '../../../../domain/options';
import {
  CARRIERS,
  type DeliveryRegion,
  defaultDespatchCost,
  despatchServicesFor,
} from '../../../../domain/pricing';
import { DateField } from '../../../components/date-field';
import { MoneyInput, moneyOf } from '../../../components/money-input';
import { paths } from '../../../paths';
import { AttachmentPicker, UploadButton, useUpload } from '../attachments';
import { FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { ActionAlert, PanelBody, PanelButtons, PanelIntro, useAction, useOrderItem } from '../panel-kit';

/** An FCO order for this item alone: the FCO reference and cost. */
export function ApostillePanel() {
  const { item } = useOrderItem();
  const form = usePanelForm({
    draftKey: 'fco_order',
    initial: { fco_reference: '', fco_cost: moneyOf(null) },
    action: useAction('fco_batches', (ref) => `FCO order placed for ${ref}.`),
    schema: CreateFcoBatchSchema,
    body: (v) => ({
      order_item_ids: [item.id],
      fco_batch: { fco_reference: v.fco_reference, fco_cost: v.fco_cost.pence },
    }),
    send: { path: 'fco_batches', noLock: true, answer: FcoBatchResponseSchema },
  });
  const { orderable } = item;

  return (
    <PanelForm
      form={form}
      intro={
        <>
          {orderable.apostille_copies} apostille {orderable.apostille_copies === 1 ? 'copy' : 'copies'}
          {orderable.apostille_country ? ` for ${countryName(orderable.apostille_country)}` : ''}. Place an
          FCO order for this item alone, or batch several apostille items from{' '}
          <Anchor component={Link} to={paths.myQueue} size="sm">
            My queue
          </Anchor>
          .
        </>
      }
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="FCO reference" required {...form.field('fco_reference')} />
        <MoneyInput label="FCO cost" required {...form.field('fco_cost')} />
      </SimpleGrid>
      <FormFooter form={form} submit="Place FCO order" />
    </PanelForm>
  );
}

/** Upload, tick and approve the scans, then e-mail them to the customer. */
export function ScanSendPanel() {
  const { item } = useOrderItem();
  const { run, pending, failure } = useAction('approve_scan_send', (ref) => `Scans e-mailed for ${ref}.`);
  const upload = useUpload();
  const selected = item.ukds_attachments.filter((a) => a.selected).length;
  return (
    <PanelBody>
      <PanelIntro>
        Upload the scans, tick the ones to send and approve them; approving the scan send e-mails the ticked
        files to {item.order.email} and moves the item to Dispatch Reqd.
      </PanelIntro>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {selected} of {item.ukds_attachments.length} selected
        </Text>
        <UploadButton upload={upload} />
      </Group>
      <ActionAlert failure={upload.failure} onClose={upload.clearFailure} />
      <AttachmentPicker files={item.ukds_attachments} />
      <ActionAlert failure={failure} />
      <PanelButtons>
        <Button onClick={() => run()} loading={pending} disabled={selected === 0}>
          Approve scan send
        </Button>
        {selected === 0 && (
          <Text size="xs" c="dimmed">
            Tick at least one attachment to send.
          </Text>
        )}
      </PanelButtons>
    </PanelBody>
  );
}

/** The service that matches what the customer asked for, to start the form from. */
function suggestedService(
  despatchBy: string,
  region: DeliveryRegion,
): { carrier: string; service: string } | null {
  const services = despatchServicesFor(region);
  const pick = (carrier: string, value?: string) =>
    services.find((s) => s.carrier === carrier && (value === undefined || s.value === value));
  const found =
    despatchBy === 'courier'
      ? pick('ups')
      : despatchBy === 'standard'
        ? pick('royal_mail', 'first_class')
        : (pick('royal_mail', 'signed_for') ?? pick('royal_mail', 'international_tracked'));
  return found ? { carrier: found.carrier, service: found.value } : null;
}

/** Despatch to the customer: carrier, service, cost (the service's price) and date (today). */
export function DispatchPanel() {
  const { item } = useOrderItem();
  const region = item.order.delivery_region;
  const suggested = suggestedService(item.orderable.despatch_by, region);
  /** The service's price for the region, as the cost field starts. */
  const costOf = (carrier: string | null, service: string | null) =>
    moneyOf(carrier && service ? defaultDespatchCost(carrier, service, region) : null);
  const form = usePanelForm({
    draftKey: 'despatch',
    initial: {
      carrier: (suggested?.carrier ?? 'royal_mail') as string | null,
      service: suggested?.service ?? null,
      cost: costOf(suggested?.carrier ?? null, suggested?.service ?? null),
      despatched_on: londonToday(new Date()) as string | null,
      reference: '',
    },
    action: useAction('despatch', (ref) => `${ref} despatched.`),
    schema: DespatchSchema,
    body: (v) => ({
      despatch: {
        despatched_on: v.despatched_on || null,
        carrier: v.carrier ?? '',
        service: v.service ?? '',
        cost: v.cost.pence,
        reference: v.reference.trim() === '' ? null : v.reference,
      },
    }),
  });
  const v = form.values;
  const services = despatchServicesFor(region).filter((s) => s.carrier === v.carrier);

  return (
    <PanelForm
      form={form}
      intro={
        <>
          Despatch to the customer ({region}, {item.orderable.despatch_by.replace('_', ' ')} requested). The
          cost defaults to the service's price for the region; the customer is e-mailed.
        </>
      }
    >
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label="Carrier"
          required
          data={CARRIERS.map((c) => ({ value: c.value, label: c.label }))}
          allowDeselect={false}
          {...form.field('carrier')}
          onChange={(carrier) =>
            form.set({ carrier, service: null, ...(v.cost.typed ? {} : { cost: moneyOf(null) }) })
          }
        />
        <Select
          label="Service"
          required
          placeholder={services.length === 0 ? 'No service to this region' : 'Choose a service'}
          data={services.map((s) => ({
            value: s.value,
            label: `${s.label} (${formatPence(s.costs[region] ?? 0)})`,
          }))}
          allowDeselect={false}
          {...form.field('service')}
          // The cost follows the service until the user types one.
          onChange={(service) =>
            form.set(v.cost.typed ? { service } : { service, cost: costOf(v.carrier, service) })
          }
        />
        <MoneyInput label="Cost" description="Defaults to the service's price" {...form.field('cost')} />
        <DateField
          label="Despatched on"
          description="Defaults to today"
          maxDate={londonToday(new Date())}
          {...form.field('despatched_on')}
        />
      </SimpleGrid>
      <TextInput label="Tracking reference" {...form.field('reference')} />
      <FormFooter form={form} submit="Despatch" />
    </PanelForm>
  );
}

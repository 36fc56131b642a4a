/** Getting the documents out: Apostille (an FCO order for this item), Scan Send and Dispatch. */
import { Anchor, Button, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { CreateFcoBatchSchema, DespatchSchema } from '../../../../domain/contract/order-item-actions';
import { FcoBatchResponseSchema } from '../../../../domain/contract/queues';
import { formatPence, londonToday, parsePounds, penceToPoundsInput } from '../../../../domain/format';
import { countryName } from '../../../../domain/options';
import {
  CARRIERS,
  type DeliveryRegion,
  defaultDespatchCost,
  despatchServicesFor,
} from '../../../../domain/pricing';
import { AttachmentPicker, UploadButton, useUpload } from '../attachments';
import { DateField } from '../date-field';
import { useDraft } from '../drafts';
import {
  ActionAlert,
  issuesByField,
  PanelBody,
  PanelButtons,
  PanelIntro,
  PoundsInput,
  useAction,
  useOrderItem,
} from '../panel-kit';

const POUNDS_HINT = 'Enter an amount in pounds, e.g. 9.70.';

interface FcoValues {
  reference: string;
  cost: string;
}

export function ApostillePanel() {
  const { item } = useOrderItem();
  const draft = useDraft<FcoValues>('fco_order', { reference: '', cost: '' }, item.lock_version);
  const { run, pending, failure } = useAction('fco_batches', (ref) => `FCO order placed for ${ref}.`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;
  const { orderable } = item;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cost = parsePounds(v.cost);
    const body = {
      order_item_ids: [item.id],
      fco_batch: { fco_reference: v.reference, fco_cost: cost ?? Number.NaN },
    };
    const parsed = CreateFcoBatchSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (cost === null) found.fco_cost = POUNDS_HINT;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run({ body, draft, path: 'fco_batches', noLock: true, answer: FcoBatchResponseSchema });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          {orderable.apostille_copies} apostille {orderable.apostille_copies === 1 ? 'copy' : 'copies'}
          {orderable.apostille_country ? ` for ${countryName(orderable.apostille_country)}` : ''}. Place an
          FCO order for this item alone, or batch several apostille items from{' '}
          <Anchor component={Link} to="/my-queue" size="sm">
            My queue
          </Anchor>
          .
        </PanelIntro>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="FCO reference"
            required
            value={v.reference}
            onChange={(e) => draft.set({ reference: e.currentTarget.value })}
            error={errors.fco_reference ?? failure?.fields.fco_reference}
          />
          <PoundsInput
            label="FCO cost"
            required
            value={v.cost}
            onChange={(e) => draft.set({ cost: e.currentTarget.value })}
            error={errors.fco_cost ?? failure?.fields.fco_cost}
          />
        </SimpleGrid>
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Place FCO order
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

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

interface DespatchValues {
  carrier: string | null;
  service: string | null;
  cost: string;
  costTyped: boolean;
  date: string;
  reference: string;
}

export function DispatchPanel() {
  const { item } = useOrderItem();
  const region = item.order.delivery_region;
  const suggested = suggestedService(item.orderable.despatch_by, region);
  const suggestedCost = suggested ? defaultDespatchCost(suggested.carrier, suggested.service, region) : null;
  const draft = useDraft<DespatchValues>(
    'despatch',
    {
      carrier: suggested?.carrier ?? 'royal_mail',
      service: suggested?.service ?? null,
      cost: suggestedCost === null ? '' : penceToPoundsInput(suggestedCost),
      costTyped: false,
      date: londonToday(new Date()),
      reference: '',
    },
    item.lock_version,
  );
  const { run, pending, failure } = useAction('despatch', (ref) => `${ref} despatched.`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;
  const services = despatchServicesFor(region).filter((s) => s.carrier === v.carrier);

  const defaultCost = (carrier: string | null, service: string | null) => {
    const pence = carrier && service ? defaultDespatchCost(carrier, service, region) : null;
    return pence === null ? '' : penceToPoundsInput(pence);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cost = v.cost.trim() === '' ? null : parsePounds(v.cost);
    const body = {
      despatch: {
        despatched_on: v.date || null,
        carrier: v.carrier ?? '',
        service: v.service ?? '',
        cost,
        reference: v.reference.trim() === '' ? null : v.reference,
      },
    };
    const parsed = DespatchSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (v.cost.trim() !== '' && cost === null) found.cost = POUNDS_HINT;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run({ body, draft });
  };
  const fieldError = (name: string) => errors[name] ?? failure?.fields[name];

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Despatch to the customer ({region}, {item.orderable.despatch_by.replace('_', ' ')} requested). The
          cost defaults to the service's price for the region; the customer is e-mailed.
        </PanelIntro>
        <SimpleGrid cols={2} spacing="sm">
          <Select
            label="Carrier"
            required
            data={CARRIERS.map((c) => ({ value: c.value, label: c.label }))}
            value={v.carrier}
            onChange={(carrier) =>
              draft.set({ carrier, service: null, ...(v.costTyped ? {} : { cost: '' }) })
            }
            error={fieldError('carrier')}
            allowDeselect={false}
          />
          <Select
            label="Service"
            required
            placeholder={services.length === 0 ? 'No service to this region' : 'Choose a service'}
            data={services.map((s) => ({
              value: s.value,
              label: `${s.label} (${formatPence(s.costs[region] ?? 0)})`,
            }))}
            value={v.service}
            onChange={(service) =>
              draft.set(v.costTyped ? { service } : { service, cost: defaultCost(v.carrier, service) })
            }
            error={fieldError('service')}
            allowDeselect={false}
          />
          <PoundsInput
            label="Cost"
            description="Defaults to the service's price"
            value={v.cost}
            onChange={(e) => draft.set({ cost: e.currentTarget.value, costTyped: true })}
            error={fieldError('cost')}
          />
          <DateField
            label="Despatched on"
            description="Defaults to today"
            value={v.date || null}
            onChange={(date) => draft.set({ date: date ?? '' })}
            maxDate={londonToday(new Date())}
            error={fieldError('despatched_on')}
          />
        </SimpleGrid>
        <TextInput
          label="Tracking reference"
          value={v.reference}
          onChange={(e) => draft.set({ reference: e.currentTarget.value })}
          error={fieldError('reference')}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Despatch
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

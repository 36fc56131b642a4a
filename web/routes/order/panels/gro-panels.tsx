/** Certificate panels that talk to the GRO: order, received, communication, IPS/reorder and IPS confirmed. */
import { Button, Group, Radio, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  GroCommunicationSchema,
  GroOrderPlacedSchema,
  IpsSubmittedSchema,
} from '../../../../domain/contract/order-item-actions';
import { formatPence, parsePounds, penceToPoundsInput } from '../../../../domain/format';
import { GRO_DESTINATIONS } from '../../../../domain/options';
import { GRO_SERVICES, type GroService, groServiceCost } from '../../../../domain/pricing';
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
  ValidationAlert,
} from '../panel-kit';

const POUNDS_HINT = 'Enter an amount in pounds, e.g. 9.25.';

interface GroOrderValues {
  reference: string;
  data: string;
  destination: string | null;
  service: GroService;
  cost: string;
  /** The user typed a cost: a change of service no longer overwrites it. */
  costTyped: boolean;
}

export function GroOrderPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<GroOrderValues>(
    'gro_order',
    {
      reference: '',
      data: '',
      destination: null,
      service: 'standard',
      cost: penceToPoundsInput(groServiceCost('standard')),
      costTyped: false,
    },
    item.lock_version,
  );
  const { run, pending, failure } = useAction('gro_order_placed', (ref) => `GRO order recorded for ${ref}.`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cost = v.cost.trim() === '' ? null : parsePounds(v.cost);
    const body = {
      gro: {
        reference: v.reference,
        data: v.data.trim() === '' ? null : v.data,
        destination: v.destination ?? '',
        service: v.service,
        cost,
      },
    };
    const parsed = GroOrderPlacedSchema.safeParse(body);
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
          Record the order placed with the GRO. The cost defaults to the chosen service's cost.
        </PanelIntro>
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="GRO reference"
            required
            value={v.reference}
            onChange={(e) => draft.set({ reference: e.currentTarget.value })}
            error={fieldError('reference')}
          />
          <Select
            label="Destination"
            required
            placeholder="Where the GRO sends it"
            data={GRO_DESTINATIONS.map((d) => ({ value: d.value, label: d.label }))}
            value={v.destination}
            onChange={(value) => draft.set({ destination: value })}
            error={fieldError('destination')}
            allowDeselect={false}
          />
          <Select
            label="GRO service"
            required
            data={GRO_SERVICES.map((s) => ({ value: s.value, label: `${s.label} (${formatPence(s.cost)})` }))}
            value={v.service}
            onChange={(value) => {
              const service = (value ?? 'standard') as GroService;
              draft.set(
                v.costTyped ? { service } : { service, cost: penceToPoundsInput(groServiceCost(service)) },
              );
            }}
            error={fieldError('service')}
            allowDeselect={false}
          />
          <PoundsInput
            label="Cost"
            description="Defaults to the service's cost"
            value={v.cost}
            onChange={(e) => draft.set({ cost: e.currentTarget.value, costTyped: true })}
            error={fieldError('cost')}
          />
        </SimpleGrid>
        <Textarea
          label="Order data"
          description="What was sent to the GRO (index reference, names, dates)"
          autosize
          minRows={2}
          maxRows={6}
          value={v.data}
          onChange={(e) => draft.set({ data: e.currentTarget.value })}
          error={fieldError('data')}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Place GRO order
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

export function ReceivedFromGroPanel() {
  const { run, pending, failure } = useAction('received_from_gro', (ref) => `${ref} received from the GRO.`);
  return (
    <PanelBody>
      <PanelIntro>
        The certificate has arrived from the GRO. The item moves on to apostille, scan & send or dispatch, as
        the order needs; when the GRO sent it direct to the customer, the item is complete.
      </PanelIntro>
      <ActionAlert failure={failure} />
      <PanelButtons>
        <Button onClick={() => run()} loading={pending}>
          Mark received from GRO
        </Button>
      </PanelButtons>
    </PanelBody>
  );
}

interface GroCommunicationValues {
  message: string;
  refund: string;
}

export function GroCommunicationPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<GroCommunicationValues>(
    'gro_communication',
    { message: '', refund: '0.00' },
    item.lock_version,
  );
  const { run, pending, failure } = useAction(
    'gro_communication',
    (ref) => `GRO communication recorded for ${ref}.`,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refund = v.refund.trim() === '' ? 0 : parsePounds(v.refund);
    const body = { gro_communication: { message: v.message, refund_amount: refund ?? -1 } };
    const parsed = GroCommunicationSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (refund === null) found.refund_amount = POUNDS_HINT;
    if (v.message.trim() === '') found.message = "Enter the GRO's message.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Record a message from the GRO. With a refund above £0.00 the item becomes GRO Refunded; otherwise
          the message is kept as a comment.
        </PanelIntro>
        <Textarea
          label="Message from the GRO"
          required
          autosize
          minRows={3}
          maxRows={8}
          value={v.message}
          onChange={(e) => draft.set({ message: e.currentTarget.value })}
          error={errors.message ?? failure?.fields.message}
        />
        <PoundsInput
          label="GRO refund"
          w={200}
          value={v.refund}
          onChange={(e) => draft.set({ refund: e.currentTarget.value })}
          error={errors.refund_amount ?? failure?.fields.refund_amount}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Record communication
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

type IpsOutcome = 'ips_submitted' | 'reorder_required';

interface IpsValues {
  outcome: IpsOutcome;
  notes: string;
}

export function IpsReorderPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<IpsValues>(
    'ips_reorder',
    { outcome: 'ips_submitted', notes: '' },
    item.lock_version,
  );
  const ips = useAction('ips_submitted', (ref) => `IPS recorded for ${ref}.`);
  const reorder = useAction('reorder_required', (ref) => `${ref} is back to GRO Order Reqd. for a reorder.`);
  const [invalid, setInvalid] = useState<string | null>(null);
  const v = draft.values;
  const current = v.outcome === 'ips_submitted' ? ips : reorder;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = IpsSubmittedSchema.safeParse({ ips: { notes: v.notes } });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please provide details of the IPS you have completed.');
      return;
    }
    setInvalid(null);
    const body =
      v.outcome === 'ips_submitted' ? { ips: { notes: v.notes } } : { reorder: { notes: v.notes } };
    await current.run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Record the outcome with the GRO: an IPS (investigation) completed, or a reorder required.
        </PanelIntro>
        <Radio.Group
          label="Outcome"
          value={v.outcome}
          onChange={(value) => draft.set({ outcome: value as IpsOutcome })}
        >
          <Group gap="lg" mt={6}>
            <Radio value="ips_submitted" label="IPS completed" />
            <Radio value="reorder_required" label="Reorder required" />
          </Group>
        </Radio.Group>
        <Textarea
          label="Details of the IPS or reorder"
          description="What you submitted to the GRO, or why a reorder is needed"
          required
          autosize
          minRows={3}
          maxRows={8}
          value={v.notes}
          onChange={(e) => draft.set({ notes: e.currentTarget.value })}
        />
        <ValidationAlert message={invalid} />
        <ActionAlert failure={current.failure} />
        <PanelButtons>
          <Button type="submit" loading={current.pending}>
            {v.outcome === 'ips_submitted' ? 'Record IPS' : 'Reorder'}
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

export function IpsConfirmedPanel() {
  const { run, pending, failure } = useAction('ips_confirmed', (ref) => `IPS confirmed for ${ref}.`);
  return (
    <PanelBody>
      <PanelIntro>The GRO has confirmed the IPS. The item goes back to Waiting GRO.</PanelIntro>
      <ActionAlert failure={failure} />
      <PanelButtons>
        <Button onClick={() => run()} loading={pending}>
          IPS confirmed
        </Button>
      </PanelButtons>
    </PanelBody>
  );
}

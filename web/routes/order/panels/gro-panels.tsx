/** Certificate panels that talk to the GRO: order, received, communication, IPS/reorder and IPS confirmed. */
import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  GroCommunicationSchema,
  GroOrderPlacedSchema,
  IpsSubmittedSchema,
  ReorderRequiredSchema,
} from '../../../../domain/contract/order-item-actions';
import { formatPence } from '../../../../domain/format';
import { defaultGroDestination, GRO_DESTINATIONS } from '../../../../domain/options';
import { GRO_SERVICES, type GroService, groServiceCost } from '../../../../domain/pricing';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { MoneyInput, moneyOf } from '../../../components/money-input';
import { ClickPanel, FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { useAction, useOrderItem } from '../panel-kit';

/** The order placed with the GRO; the cost follows the service until the user types one. */
export function GroOrderPanel() {
  const { item } = useOrderItem();
  const form = usePanelForm({
    draftKey: 'gro_order',
    initial: {
      reference: '',
      data: '',
      destination: defaultGroDestination(item.orderable) as string | null,
      service: 'standard' as GroService,
      cost: moneyOf(groServiceCost('standard')),
    },
    action: useAction('gro_order_placed', (ref) => `GRO order recorded for ${ref}.`),
    schema: GroOrderPlacedSchema,
    body: (v) => ({
      gro: {
        reference: v.reference,
        data: v.data.trim() === '' ? null : v.data,
        destination: v.destination ?? '',
        service: v.service,
        cost: v.cost.pence,
      },
    }),
  });
  const { cost } = form.values;

  return (
    <PanelForm
      form={form}
      intro="Record the order placed with the GRO. The cost defaults to the chosen service's cost."
    >
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label="GRO reference" required {...form.field('reference')} />
        <Select
          label="Destination"
          required
          placeholder="Where the GRO sends it"
          data={GRO_DESTINATIONS.map((d) => ({ value: d.value, label: d.label }))}
          allowDeselect={false}
          {...form.field('destination')}
        />
        <Select
          label="GRO service"
          required
          data={GRO_SERVICES.map((s) => ({ value: s.value, label: `${s.label} (${formatPence(s.cost)})` }))}
          allowDeselect={false}
          {...form.field('service')}
          onChange={(value) => {
            const service = (value ?? 'standard') as GroService;
            // The cost follows the service until the user types one.
            form.set(cost.typed ? { service } : { service, cost: moneyOf(groServiceCost(service)) });
          }}
        />
        <MoneyInput label="Cost" description="Defaults to the service's cost" {...form.field('cost')} />
      </SimpleGrid>
      <GrowingTextarea
        label="Order data"
        description="What was sent to the GRO (index reference, names, dates)"
        minRows={2}
        maxRows={6}
        {...form.field('data')}
      />
      <FormFooter form={form} submit="Place GRO order" />
    </PanelForm>
  );
}

/** The certificate has arrived from the GRO. */
export function ReceivedFromGroPanel() {
  const { item } = useOrderItem();
  const received = useAction('received_from_gro', (ref) => `${ref} received from the GRO.`);
  return (
    <ClickPanel
      intro={
        <>
          The certificate has arrived from the GRO. The item moves on to apostille, scan & send or dispatch,
          as the order needs; when the GRO sent it direct to the customer, the item is complete.
        </>
      }
      action={received}
      label="Mark received from GRO"
      confirm={{
        title: `Mark ${item.ref} received from the GRO?`,
        message: `${item.ref} moves on to its next step (apostille, scan & send or dispatch), or is complete when the GRO sent the certificate direct to the customer.`,
        confirmLabel: 'Mark received',
      }}
    />
  );
}

/** A message from the GRO, with the refund it made (if any). */
export function GroCommunicationPanel() {
  const form = usePanelForm({
    draftKey: 'gro_communication',
    initial: { message: '', refund_amount: moneyOf(0) },
    action: useAction('gro_communication', (ref) => `GRO communication recorded for ${ref}.`),
    schema: GroCommunicationSchema,
    // An empty refund is no refund.
    body: (v) => ({ gro_communication: { message: v.message, refund_amount: v.refund_amount.pence ?? 0 } }),
    check: (v) => ({ message: v.message.trim() === '' ? "Enter the GRO's message." : undefined }),
  });
  return (
    <PanelForm
      form={form}
      intro={
        <>
          Record a message from the GRO. With a refund above £0.00 the item becomes GRO Refunded; otherwise
          the message is kept as a comment.
        </>
      }
    >
      <GrowingTextarea
        label="Message from the GRO"
        required
        minRows={3}
        maxRows={8}
        {...form.field('message')}
      />
      <MoneyInput label="GRO refund" w={200} {...form.field('refund_amount')} />
      <FormFooter form={form} submit="Record communication" />
    </PanelForm>
  );
}

type IpsOutcome = 'ips_submitted' | 'reorder_required';

/** The GRO's outcome: an IPS completed, or a reorder (SPEC: details are required). */
export function IpsReorderPanel() {
  const ips = useAction('ips_submitted', (ref) => `IPS recorded for ${ref}.`);
  const reorder = useAction('reorder_required', (ref) => `${ref} is back to GRO Order Reqd. for a reorder.`);
  const form = usePanelForm({
    draftKey: 'ips_reorder',
    initial: { outcome: 'ips_submitted' as IpsOutcome, notes: '' },
    action: (v) => (v.outcome === 'ips_submitted' ? ips : reorder),
    schema: (v) => (v.outcome === 'ips_submitted' ? IpsSubmittedSchema : ReorderRequiredSchema),
    body: (v) =>
      v.outcome === 'ips_submitted' ? { ips: { notes: v.notes } } : { reorder: { notes: v.notes } },
    // SPEC: 'Please provide details of the IPS you have completed.', the schemas' own message.
    alert: true,
  });
  return (
    <PanelForm
      form={form}
      intro="Record the outcome with the GRO: an IPS (investigation) completed, or a reorder required."
    >
      <Radio.Group label="Outcome" {...form.field('outcome')}>
        <Group gap="lg" mt={6}>
          <Radio value="ips_submitted" label="IPS completed" />
          <Radio value="reorder_required" label="Reorder required" />
        </Group>
      </Radio.Group>
      <GrowingTextarea
        label="Details of the IPS or reorder"
        description="What you submitted to the GRO, or why a reorder is needed"
        required
        minRows={3}
        maxRows={8}
        {...form.field('notes')}
      />
      <FormFooter form={form} submit={form.values.outcome === 'ips_submitted' ? 'Record IPS' : 'Reorder'} />
    </PanelForm>
  );
}

/** The GRO has confirmed the IPS. */
export function IpsConfirmedPanel() {
  const confirmed = useAction('ips_confirmed', (ref) => `IPS confirmed for ${ref}.`);
  return (
    <ClickPanel
      intro="The GRO has confirmed the IPS. The item goes back to Waiting GRO."
      action={confirmed}
      label="IPS confirmed"
    />
  );
}

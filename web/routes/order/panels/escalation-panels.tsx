/** Escalation: raise it, talk to the customer, hand it back, or cancel and refund (admins). */
import { Checkbox, Group, Radio, Select, SimpleGrid } from '@mantine/core';
import {
  CancelRefundSchema,
  ContactCustomerSchema,
  EscalateSchema,
  ReturnToOrdererSchema,
} from '../../../../domain/contract/order-item-actions';
import { formatPence } from '../../../../domain/format';
import { CANCEL_REASONS, CANCEL_REFUND_ACTIONS, type CancelRefundAction } from '../../../../domain/options';
import type { OrderItemState } from '../../../../domain/states';
import { cancelRefundActions } from '../../../../domain/workflow/escalation';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { MoneyInput, moneyOf } from '../../../components/money-input';
import { ConfirmDialog, FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { useAction, useOrderItem } from '../panel-kit';

/** SPEC's alert for an escalation without a message, or one the server refused. */
export const ESCALATE_FAILED = 'ERROR: Could not escalate. Check you provided a message.';

/** Hand the item to the administrators with a message (SPEC: a message is required). */
export function EscalatePanel() {
  const form = usePanelForm({
    draftKey: 'escalate',
    initial: { message: '' },
    action: useAction('escalate', (ref) => `${ref} escalated to the administrators.`),
    schema: EscalateSchema,
    body: (v) => ({ escalation: { message: v.message } }),
    alert: ESCALATE_FAILED,
  });
  return (
    <PanelForm
      form={form}
      intro={
        <>
          Hand a problem to the administrators. They can contact the customer, return the item to you, or
          cancel and refund it.
        </>
      }
    >
      <GrowingTextarea
        label="Message"
        description="What is wrong and what you need"
        required
        minRows={3}
        maxRows={8}
        {...form.field('message')}
      />
      <FormFooter form={form} submit="Escalate" color="red.9" failedTitle={ESCALATE_FAILED} />
    </PanelForm>
  );
}

/** E-mail the customer, with or without asking for a response. */
export function ContactCustomerPanel() {
  const { item } = useOrderItem();
  const form = usePanelForm({
    draftKey: 'contact_customer',
    initial: { body: '', response_required: true },
    action: useAction('contact_customer', (ref) => `Customer of ${ref} e-mailed.`),
    schema: ContactCustomerSchema,
    body: (v) => ({ message: { body: v.body, response_required: v.response_required } }),
  });
  return (
    <PanelForm
      form={form}
      intro={
        <>
          E-mail {item.order.customer_name} ({item.order.email}). When a response is required the item waits
          for the customer, with a reminder every 7 days.
        </>
      }
    >
      <GrowingTextarea
        label="Message to the customer"
        required
        minRows={4}
        maxRows={10}
        {...form.field('body')}
      />
      <Checkbox label="Response required from the customer" {...form.checkbox('response_required')} />
      <FormFooter form={form} submit="Send to customer" />
    </PanelForm>
  );
}

/** Clear the escalation and give the item back to its orderer. */
export function ReturnToOrdererPanel() {
  const { item } = useOrderItem();
  const form = usePanelForm({
    draftKey: 'return_to_orderer',
    initial: { message: '' },
    action: useAction(
      'return_to_orderer',
      (ref) => `${ref} returned to ${item.user?.name ?? 'the orderer'}.`,
    ),
    schema: ReturnToOrdererSchema,
    body: (v) => ({ comment: { message: v.message } }),
  });
  return (
    <PanelForm
      form={form}
      intro={
        <>
          Clear the escalation and give the item back to {item.user?.name ?? 'its orderer'}, in the state it
          was in before. The message becomes a comment and the orderer is notified.
        </>
      }
    >
      <GrowingTextarea
        label="Message for the orderer"
        required
        minRows={3}
        maxRows={8}
        {...form.field('message')}
      />
      <FormFooter form={form} submit="Return to orderer" />
    </PanelForm>
  );
}

const needsAmount = (action: CancelRefundAction | null) => action === 'partial' || action === 'refund_only';

/** What the confirmation asks, in words that say whether money moves. */
function confirmationText(action: CancelRefundAction, amount: number, net: number, ref: string): string {
  switch (action) {
    case 'cancel':
      return `Cancel ${ref} without a refund?`;
    case 'full':
      return `Cancel ${ref} and refund the full ${formatPence(net)}?`;
    case 'partial':
      return `Cancel ${ref} and refund ${formatPence(amount)} of ${formatPence(net)}?`;
    case 'refund_only':
      return `Refund ${formatPence(amount)} of ${formatPence(net)} on ${ref}, without cancelling it?`;
  }
}

/**
 * What is wrong with the refund a partial or refund-only action needs (above nothing, below or up to the net
 * value); null when the action takes no amount, so a leftover one is not held against it.
 */
function amountProblem(action: CancelRefundAction | null, amount: number | null, net: number) {
  if (!needsAmount(action)) return null;
  if (action === 'partial' && (amount === null || amount <= 0 || amount >= net))
    return `Enter an amount above £0.00 and below ${formatPence(net)}.`;
  if (action === 'refund_only' && (amount === null || amount <= 0 || amount > net))
    return `Enter an amount above £0.00 and up to ${formatPence(net)}.`;
  return undefined;
}

/** Cancel, refund or both, as the shared rule allows in this state, after a confirmation. */
export function CancelRefundPanel() {
  const { item } = useOrderItem();
  const allowed = cancelRefundActions({ currentState: item.current_state as OrderItemState });
  const net = item.net_value;
  // After a cancellation the item stays escalated and offers refund_only alone: choose it for the user.
  const chosen = (action: CancelRefundAction | null) =>
    action && allowed.includes(action) ? action : allowed.length === 1 ? allowed[0] : null;
  const form = usePanelForm({
    draftKey: 'cancel_refund',
    initial: {
      action: (allowed.length === 1 ? allowed[0] : null) as CancelRefundAction | null,
      reason: null as string | null,
      amount: moneyOf(null),
      notes: '',
    },
    action: useAction('cancel_refund', (ref) => `Cancellation/refund recorded for ${ref}.`),
    schema: CancelRefundSchema,
    body: (v) => ({
      cancel_refund: {
        action: chosen(v.action) ?? '',
        reason: v.reason ?? '',
        amount: needsAmount(chosen(v.action)) ? v.amount.pence : null,
        notes: v.notes.trim() === '' ? null : v.notes,
      },
    }),
    check: (v) => ({ amount: amountProblem(chosen(v.action), v.amount.pence, net) }),
    confirm: (v) => confirmationText(chosen(v.action) ?? 'cancel', v.amount.pence ?? 0, net, item.ref),
  });
  const action = chosen(form.values.action);

  return (
    <PanelForm
      form={form}
      intro={
        <>
          Net value {formatPence(net)}.{' '}
          {allowed.length === 1
            ? 'This item is already cancelled or complete, so it can only be refunded.'
            : 'Cancel the item (with no, part or a full refund), or refund part of it and carry on.'}
        </>
      }
    >
      <Radio.Group label="Action" required {...form.field('action')} value={action}>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
          {CANCEL_REFUND_ACTIONS.filter((a) => allowed.includes(a.value)).map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group grow align="flex-start" gap="sm">
        <Select
          label="Reason"
          required
          searchable
          placeholder="Choose a reason"
          data={CANCEL_REASONS.map((r) => ({ value: r.value, label: r.label }))}
          allowDeselect={false}
          {...form.field('reason')}
        />
        {needsAmount(action) ? (
          <MoneyInput
            label="Refund amount"
            required
            description={action === 'partial' ? `Below ${formatPence(net)}` : `Up to ${formatPence(net)}`}
            {...form.field('amount')}
          />
        ) : (
          <div />
        )}
      </Group>
      <GrowingTextarea label="Notes" minRows={2} maxRows={6} {...form.field('notes')} />
      <FormFooter form={form} submit="Continue…" color="red.9" variant="outline" />
      <ConfirmDialog
        form={form}
        title="Confirm cancellation or refund"
        note="The customer is e-mailed. This cannot be undone."
      />
    </PanelForm>
  );
}

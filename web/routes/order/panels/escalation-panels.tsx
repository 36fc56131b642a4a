/** Escalation: raise it, talk to the customer, hand it back, or cancel and refund (admins). */
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  CancelRefundSchema,
  ContactCustomerSchema,
  EscalateSchema,
  ReturnToOrdererSchema,
} from '../../../../domain/contract/order-item-actions';
import { formatPence, parsePounds } from '../../../../domain/format';
import { CANCEL_REASONS, CANCEL_REFUND_ACTIONS, type CancelRefundAction } from '../../../../domain/options';
import type { OrderItemState } from '../../../../domain/states';
import { cancelRefundActions } from '../../../../domain/workflow/escalation';
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

export const ESCALATE_FAILED = 'ERROR: Could not escalate. Check you provided a message.';

export function EscalatePanel() {
  const { item } = useOrderItem();
  const draft = useDraft<{ message: string }>('escalate', { message: '' }, item.lock_version);
  const { run, pending, failure } = useAction('escalate', (ref) => `${ref} escalated to the administrators.`);
  const [invalid, setInvalid] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { escalation: { message: draft.values.message } };
    const ok = EscalateSchema.safeParse(body).success;
    setInvalid(!ok);
    if (ok) await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Hand a problem to the administrators. They can contact the customer, return the item to you, or
          cancel and refund it.
        </PanelIntro>
        <Textarea
          label="Message"
          description="What is wrong and what you need"
          required
          autosize
          minRows={3}
          maxRows={8}
          value={draft.values.message}
          onChange={(e) => draft.set({ message: e.currentTarget.value })}
        />
        <ValidationAlert message={invalid ? ESCALATE_FAILED : null} />
        <ActionAlert failure={failure} failedTitle={ESCALATE_FAILED} />
        <PanelButtons>
          <Button type="submit" color="red.9" loading={pending}>
            Escalate
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

interface ContactValues {
  body: string;
  responseRequired: boolean;
}

export function ContactCustomerPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<ContactValues>(
    'contact_customer',
    { body: '', responseRequired: true },
    item.lock_version,
  );
  const { run, pending, failure } = useAction('contact_customer', (ref) => `Customer of ${ref} e-mailed.`);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { message: { body: v.body, response_required: v.responseRequired } };
    const parsed = ContactCustomerSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          E-mail {item.order.customer_name} ({item.order.email}). When a response is required the item waits
          for the customer, with a reminder every 7 days.
        </PanelIntro>
        <Textarea
          label="Message to the customer"
          required
          autosize
          minRows={4}
          maxRows={10}
          value={v.body}
          onChange={(e) => draft.set({ body: e.currentTarget.value })}
          error={errors.body ?? failure?.fields.body}
        />
        <Checkbox
          label="Response required from the customer"
          checked={v.responseRequired}
          onChange={(e) => draft.set({ responseRequired: e.currentTarget.checked })}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Send to customer
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

export function ReturnToOrdererPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<{ message: string }>('return_to_orderer', { message: '' }, item.lock_version);
  const { run, pending, failure } = useAction(
    'return_to_orderer',
    (ref) => `${ref} returned to ${item.user?.name ?? 'the orderer'}.`,
  );
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { comment: { message: draft.values.message } };
    const parsed = ReturnToOrdererSchema.safeParse(body);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Clear the escalation and give the item back to {item.user?.name ?? 'its orderer'}, in the state it
          was in before. The message becomes a comment and the orderer is notified.
        </PanelIntro>
        <Textarea
          label="Message for the orderer"
          required
          autosize
          minRows={3}
          maxRows={8}
          value={draft.values.message}
          onChange={(e) => draft.set({ message: e.currentTarget.value })}
          error={error ?? failure?.fields.message}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Return to orderer
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

interface RefundValues {
  action: CancelRefundAction | null;
  reason: string | null;
  amount: string;
  notes: string;
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

export function CancelRefundPanel() {
  const { item } = useOrderItem();
  const allowed = cancelRefundActions({ currentState: item.current_state as OrderItemState });
  const options = CANCEL_REFUND_ACTIONS.filter((a) => allowed.includes(a.value));
  const draft = useDraft<RefundValues>(
    'cancel_refund',
    { action: allowed.length === 1 ? allowed[0] : null, reason: null, amount: '', notes: '' },
    item.lock_version,
  );
  const { run, pending, failure } = useAction(
    'cancel_refund',
    (ref) => `Cancellation/refund recorded for ${ref}.`,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<{ text: string; body: Record<string, unknown> } | null>(null);
  const v = draft.values;
  // After a cancellation the item stays escalated and offers refund_only alone: choose it for the user.
  const chosen: CancelRefundAction | null =
    v.action && allowed.includes(v.action) ? v.action : allowed.length === 1 ? allowed[0] : null;
  const net = item.net_value;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = needsAmount(chosen) ? parsePounds(v.amount) : null;
    const body = {
      cancel_refund: {
        action: chosen ?? '',
        reason: v.reason ?? '',
        amount,
        notes: v.notes.trim() === '' ? null : v.notes,
      },
    };
    const parsed = CancelRefundSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (chosen === 'partial' && (amount === null || amount <= 0 || amount >= net))
      found.amount = `Enter an amount above £0.00 and below ${formatPence(net)}.`;
    if (chosen === 'refund_only' && (amount === null || amount <= 0 || amount > net))
      found.amount = `Enter an amount above £0.00 and up to ${formatPence(net)}.`;
    setErrors(found);
    if (Object.keys(found).length > 0 || !chosen) return;
    setConfirming({ text: confirmationText(chosen, amount ?? 0, net, item.ref), body });
  };

  const confirm = async () => {
    if (!confirming) return;
    const ok = await run({ body: confirming.body, draft });
    setConfirming(null);
    if (ok) setErrors({});
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Net value {formatPence(net)}.{' '}
          {allowed.length === 1
            ? 'This item is already cancelled or complete, so it can only be refunded.'
            : 'Cancel the item (with no, part or a full refund), or refund part of it and carry on.'}
        </PanelIntro>
        <Radio.Group
          label="Action"
          required
          value={chosen}
          onChange={(value) => draft.set({ action: value as CancelRefundAction })}
          error={errors.action ?? failure?.fields.action}
        >
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mt={6}>
            {options.map((o) => (
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
            value={v.reason}
            onChange={(reason) => draft.set({ reason })}
            error={errors.reason ?? failure?.fields.reason}
            allowDeselect={false}
          />
          {needsAmount(chosen) ? (
            <PoundsInput
              label="Refund amount"
              required
              description={chosen === 'partial' ? `Below ${formatPence(net)}` : `Up to ${formatPence(net)}`}
              value={v.amount}
              onChange={(e) => draft.set({ amount: e.currentTarget.value })}
              error={errors.amount ?? failure?.fields.amount}
            />
          ) : (
            <div />
          )}
        </Group>
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          maxRows={6}
          value={v.notes}
          onChange={(e) => draft.set({ notes: e.currentTarget.value })}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" color="red.9" variant="outline" loading={pending}>
            Continue…
          </Button>
        </PanelButtons>
      </PanelBody>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Confirm cancellation or refund"
        centered
        size="md"
      >
        <Stack gap="md">
          <Text size="sm">{confirming?.text}</Text>
          <Text size="sm" c="dimmed">
            The customer is e-mailed. This cannot be undone.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Go back
            </Button>
            <Button color="red.9" onClick={confirm} loading={pending} data-autofocus>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

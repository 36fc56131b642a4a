/** Transfer by ref: the message becomes a comment on the order item named, as the customer's reply. */
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type Conversation,
  type ConversationTransfer,
  ConversationTransferredSchema,
  type TransferChooseItem,
  TransferChooseItemSchema,
  type TransferDifferentCustomer,
  TransferDifferentCustomerSchema,
} from '../../../domain/contract/conversations';
import { api, isApiError } from '../../api/client';
import { useForm } from '../../components/form';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { Section } from './section';

export const TRANSFER_FAILED = 'Failed to transfer conversation!';

/** The 409 answers of a transfer that the form turns into a question rather than a failure. */
export function transferQuestion(error: unknown) {
  if (!isApiError(error, 409)) return null;
  if (error.code === 'choose_item') {
    const parsed = TransferChooseItemSchema.safeParse(error.details);
    return parsed.success ? { choose: parsed.data } : null;
  }
  if (error.code === 'different_customer') {
    const parsed = TransferDifferentCustomerSchema.safeParse(error.details);
    return parsed.success ? { confirm: parsed.data } : null;
  }
  return null;
}

export function TransferForm({
  conversation: c,
  onDone,
}: {
  conversation: Conversation;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  // An order with several items: the server lists them and staff choose one here, in the same form.
  const [choice, setChoice] = useState<TransferChooseItem | null>(null);
  // Another customer's order: the server names both e-mails and waits for an explicit confirmation.
  const [confirm, setConfirm] = useState<TransferDifferentCustomer | null>(null);
  const form = useForm({
    initial: {
      ref: c.order_item_ref ? '' : (c.order_ref ?? ''),
      item_ref: null as string | null,
      confirmed: false,
    },
    fields: ['item_ref'],
    check: ({ ref, item_ref }) => ({
      ref: ref.trim() ? undefined : 'Enter an order or item ref.',
      item_ref: choice && !item_ref ? 'Choose the item this message is about.' : undefined,
    }),
    body: ({ ref, item_ref, confirmed }): ConversationTransfer => ({
      order_item: { ref: ref.trim(), ...(choice && item_ref ? { item_ref } : {}) },
      ...(confirmed ? { confirm_different_customer: true } : {}),
    }),
    send: (body) => api.post(`conversations/${c.id}/transfer`, body, ConversationTransferredSchema),
    onSuccess: (data, { ref }) => {
      onDone();
      const target = data.order_item_ref ?? data.conversation.order_item_ref ?? ref.trim();
      notifySuccess(`Conversation transferred to ${target}.`);
      navigate(paths.orderItem(target));
    },
    onFailure: (error) => {
      const question = transferQuestion(error);
      if (question?.choose) {
        setChoice(question.choose);
        form.set({ item_ref: null });
      } else if (question?.confirm) {
        setConfirm(question.confirm);
      } else if (error.message) {
        // The alert carries the SPEC's wording; the server's reason (e.g. an unknown ref) sits on the field.
        return { ref: error.message };
      }
    },
  });
  const failed = form.error !== null && transferQuestion(form.error) === null;

  return (
    <Section title="Transfer to an order">
      <form onSubmit={(event) => form.submit(event, { confirmed: false })} noValidate>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            The customer's latest message becomes a comment on the order item and counts as their reply. The
            conversation is archived.
          </Text>
          <TextInput
            label="Order or item ref"
            placeholder="e.g. 100234 or 100234-1"
            required
            withAsterisk
            value={form.values.ref}
            onChange={(e) => {
              form.set({ ref: e.currentTarget.value, item_ref: null });
              setChoice(null);
              setConfirm(null);
            }}
            error={form.errors.ref}
            autoComplete="off"
          />
          {choice && (
            <Radio.Group
              label={`Order ${choice.order_ref} has ${choice.items.length} items: which one is this message about?`}
              withAsterisk
              value={form.values.item_ref}
              onChange={(value) => {
                form.set({ item_ref: value });
                setConfirm(null);
              }}
              error={form.errors.item_ref}
              data-testid="transfer-item-choice"
            >
              <Stack gap={6} mt={6}>
                {choice.items.map((item) => (
                  <Radio
                    key={item.ref}
                    value={item.ref}
                    label={`${item.ref} · ${item.type} · ${item.state_label}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {confirm ? (
            <Alert
              color="yellow"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="transfer-confirm"
            >
              <Stack gap="xs">
                <Text size="sm" fw={700}>
                  This order belongs to another customer
                </Text>
                <Text size="sm">
                  The message is from <strong>{confirm.conversation_email}</strong>, but the order of{' '}
                  {confirm.order_item_ref} belongs to <strong>{confirm.order_email}</strong>. Transferring it
                  counts as that customer's reply on {confirm.order_item_ref}.
                </Text>
                <Group justify="flex-end" gap="xs">
                  <Button size="xs" variant="default" onClick={() => setConfirm(null)}>
                    Cancel
                  </Button>
                  <Button
                    size="xs"
                    loading={form.saving}
                    onClick={() => form.submit(null, { confirmed: true })}
                  >
                    Transfer anyway
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <>
              {failed && (
                <Alert
                  color="red"
                  role="alert"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  py="xs"
                  data-testid="transfer-failed"
                >
                  {TRANSFER_FAILED}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  variant="default"
                  leftSection={<IconTransfer size={16} aria-hidden />}
                  loading={form.saving}
                >
                  Transfer
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Section>
  );
}

/** Transfer by ref: the message becomes a comment on the order item named, as the customer's reply. */
import { Alert, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconTransfer } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
  const [ref, setRef] = useState(c.order_item_ref ? '' : (c.order_ref ?? ''));
  const [fieldError, setFieldError] = useState<string | null>(null);
  // An order with several items: the server lists them and staff choose one here, in the same form.
  const [choice, setChoice] = useState<TransferChooseItem | null>(null);
  const [itemRef, setItemRef] = useState<string | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);
  // Another customer's order: the server names both e-mails and waits for an explicit confirmation.
  const [confirm, setConfirm] = useState<TransferDifferentCustomer | null>(null);
  const transfer = useMutation({
    mutationFn: (body: ConversationTransfer) =>
      api.post(`conversations/${c.id}/transfer`, body, ConversationTransferredSchema),
    onError: (error) => {
      const question = transferQuestion(error);
      if (question?.choose) {
        setChoice(question.choose);
        setItemRef(null);
      } else if (question?.confirm) {
        setConfirm(question.confirm);
      } else if (isApiError(error, 422) && error.fieldErrors['order_item.item_ref']) {
        setItemError(error.fieldErrors['order_item.item_ref']);
      } else {
        // The alert carries the SPEC's wording; the server's reason (e.g. an unknown ref) sits on the field.
        setFieldError(error.message || null);
      }
    },
    onSuccess: (data) => {
      onDone();
      const target = data.order_item_ref ?? data.conversation.order_item_ref ?? ref.trim();
      notifySuccess(`Conversation transferred to ${target}.`);
      navigate(paths.orderItem(target));
    },
  });
  const failed = transfer.isError && transferQuestion(transfer.error) === null;

  const send = (confirmed: boolean) => {
    if (!ref.trim()) {
      setFieldError('Enter an order or item ref.');
      return;
    }
    if (choice && !itemRef) {
      setItemError('Choose the item this message is about.');
      return;
    }
    setFieldError(null);
    setItemError(null);
    transfer.mutate({
      order_item: { ref: ref.trim(), ...(choice && itemRef ? { item_ref: itemRef } : {}) },
      ...(confirmed ? { confirm_different_customer: true } : {}),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <Section title="Transfer to an order">
      <form onSubmit={submit} noValidate>
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
            value={ref}
            onChange={(e) => {
              setRef(e.currentTarget.value);
              setChoice(null);
              setItemRef(null);
              setItemError(null);
              setConfirm(null);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            autoComplete="off"
          />
          {choice && (
            <Radio.Group
              label={`Order ${choice.order_ref} has ${choice.items.length} items: which one is this message about?`}
              withAsterisk
              value={itemRef}
              onChange={(value) => {
                setItemRef(value);
                setItemError(null);
                setConfirm(null);
              }}
              error={itemError}
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
                  <Button size="xs" loading={transfer.isPending} onClick={() => send(true)}>
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
                  loading={transfer.isPending}
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

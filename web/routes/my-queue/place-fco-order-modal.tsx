/** Places an FCO order for the ticked apostille items: the FCO's reference and what it cost. */
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { type FcoBatchResponse, FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useForm } from '../../components/form';
import { MONEY_HINT, MoneyInput, moneyOf, notAnAmount } from '../../components/money-input';
import { notifySuccess } from '../../lib/notify';

interface PlaceFcoOrderModalProps {
  opened: boolean;
  items: OrderItemListRow[];
  onClose: () => void;
  onPlaced: (batch: FcoBatchResponse['fco_batch']) => void;
}

export function PlaceFcoOrderModal({ opened, items, onClose, onPlaced }: PlaceFcoOrderModalProps) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { fco_reference: '', fco_cost: moneyOf(null) },
    send: (values) =>
      api.post(
        'fco_batches',
        {
          order_item_ids: items.map((i) => i.id),
          fco_batch: { fco_reference: values.fco_reference.trim(), fco_cost: values.fco_cost.pence },
        },
        FcoBatchResponseSchema,
      ),
    onSuccess: ({ fco_batch }) => {
      notifySuccess(`FCO order ${fco_batch.ref} placed for ${fco_batch.order_items.length} item(s).`);
      form.reset();
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fcoBatches.all });
      onPlaced(fco_batch);
    },
  });
  const { fco_reference: reference, fco_cost: cost } = form.values;
  // Both are needed: the button waits for them rather than asking.
  const ready = reference.trim() !== '' && cost.pence !== null;

  return (
    <Modal opened={opened} onClose={onClose} title="Place FCO order" size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) form.submit();
        }}
      >
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={600}>
              {items.length} item{items.length === 1 ? '' : 's'} for the FCO
            </Text>
            <List size="sm" spacing={2}>
              {items.map((i) => (
                <List.Item key={i.id}>
                  {i.ref} — {i.type}, {i.orderable.apostille_copies} apostille
                  {i.orderable.apostille_copies === 1 ? '' : 's'}
                </List.Item>
              ))}
            </List>
          </div>
          <TextInput label="FCO reference" required data-autofocus {...form.field('fco_reference')} />
          <MoneyInput
            label="FCO cost"
            required
            {...form.field('fco_cost')}
            error={form.errors.fco_cost ?? (notAnAmount(cost) ? MONEY_HINT : undefined)}
          />
          {form.failure && (
            <Alert color="red" role="alert" title="ERROR: Could not perform action">
              {form.failure.message}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving} disabled={!ready}>
              Place FCO order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

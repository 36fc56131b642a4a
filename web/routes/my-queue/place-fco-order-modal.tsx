/** Places an FCO order for the ticked apostille items: the FCO's reference and what it cost. */
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import { type FcoBatchResponse, FcoBatchResponseSchema } from '../../../domain/contract/queues';
import { api, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
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
  const [reference, setReference] = useState('');
  const [cost, setCost] = useState(moneyOf(null));

  const place = useMutation({
    mutationFn: () =>
      api.post(
        'fco_batches',
        {
          order_item_ids: items.map((i) => i.id),
          fco_batch: { fco_reference: reference.trim(), fco_cost: cost.pence },
        },
        FcoBatchResponseSchema,
      ),
    onSuccess: ({ fco_batch }) => {
      notifySuccess(`FCO order ${fco_batch.ref} placed for ${fco_batch.order_items.length} item(s).`);
      setReference('');
      setCost(moneyOf(null));
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderItems.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.fcoBatches.all });
      onPlaced(fco_batch);
    },
  });

  const fieldErrors = isApiError(place.error) ? place.error.fieldErrors : {};
  const referenceMissing = reference.trim() === '';
  const costMissing = cost.pence === null;

  return (
    <Modal opened={opened} onClose={onClose} title="Place FCO order" size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!referenceMissing && !costMissing) place.mutate();
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
          <TextInput
            label="FCO reference"
            required
            data-autofocus
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={fieldErrors.fco_reference}
          />
          <MoneyInput
            label="FCO cost"
            required
            value={cost}
            onChange={setCost}
            error={fieldErrors.fco_cost ?? (notAnAmount(cost) ? MONEY_HINT : undefined)}
          />
          {place.isError && !fieldErrors.fco_reference && !fieldErrors.fco_cost && (
            <Alert color="red" role="alert" title="ERROR: Could not perform action">
              {place.error.message}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={place.isPending} disabled={referenceMissing || costMissing}>
              Place FCO order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

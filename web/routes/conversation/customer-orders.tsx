/** The sender's orders and their items beside the thread, each item a one-click transfer of the latest message. */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconTransfer } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { type Conversation, ConversationTransferredSchema } from '../../../domain/contract/conversations';
import { formatDate, formatPence } from '../../../domain/format';
import { api } from '../../api/client';
import { StateBadge } from '../../components/state-badge';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { customerOrdersQuery } from './conversation-api';
import { Section } from './section';
import { TRANSFER_FAILED, transferQuestion } from './transfer-form';

export function CustomerOrders({
  conversation: c,
  onDone,
}: {
  conversation: Conversation;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const orders = useQuery(customerOrdersQuery(c.id));
  const transfer = useMutation({
    mutationFn: (itemRef: string) =>
      api.post(
        `conversations/${c.id}/transfer`,
        { order_item: { ref: itemRef } },
        ConversationTransferredSchema,
      ),
    onSuccess: (data) => {
      onDone();
      notifySuccess(`Conversation transferred to ${data.order_item_ref}.`);
      navigate(paths.orderItem(data.order_item_ref));
    },
  });
  return (
    <Section
      title="Customer's orders"
      testId="customer-orders"
      aside={
        orders.data ? (
          <Text size="xs" c="dimmed">
            {orders.data.order_count} in all
          </Text>
        ) : null
      }
    >
      {orders.isPending ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : orders.isError ? (
        <Text size="sm" c="red">
          Could not load the orders: {orders.error.message}
        </Text>
      ) : orders.data.orders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders from {orders.data.email}.
        </Text>
      ) : (
        <Stack gap="sm">
          {transfer.isError && (
            <Alert color="red" role="alert" py="xs" data-testid="transfer-failed">
              {TRANSFER_FAILED} {transferQuestion(transfer.error) ? '' : transfer.error.message}
            </Alert>
          )}
          {orders.data.orders.map((order) => (
            <Stack key={order.ref} gap={4}>
              <Text size="xs" c="dimmed">
                Order <strong>{order.ref}</strong> · {formatDate(order.placed_at)}
              </Text>
              {order.items.map((item) => (
                <Group
                  key={item.ref}
                  gap="xs"
                  wrap="nowrap"
                  justify="space-between"
                  data-testid={`customer-item-${item.ref}`}
                >
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={paths.orderItem(item.ref)}
                        size="sm"
                        fw={600}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {item.ref}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate="end">
                        {item.type} · {formatPence(item.net_value)}
                      </Text>
                    </Group>
                    <div>
                      <StateBadge label={item.state_label} group={item.state_group} />
                    </div>
                  </Stack>
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconTransfer size={12} aria-hidden />}
                    aria-label={`Transfer the latest message to ${item.ref}`}
                    loading={transfer.isPending && transfer.variables === item.ref}
                    disabled={transfer.isPending}
                    onClick={() => transfer.mutate(item.ref)}
                    style={{ flexShrink: 0 }}
                  >
                    Transfer
                  </Button>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/**
 * One endpoint's delivery log: its deliveries newest first, 25 a page, each with its state and its last
 * attempt (time, HTTP status, latency); a delivery opened in a drawer shows the body it sends and every
 * attempt with the first 2 KB of the receiver's answer. A delivered or failed one can be sent again, and every
 * failed one at once.
 */
import {
  Anchor,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '../../../domain/contract/webhooks';
import { formatDateTime } from '../../../domain/format';
import { queryKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import {
  deliveriesQuery,
  deliveryQuery,
  formatLatency,
  replayDelivery,
  replayFailed,
  type WebhookEndpoint,
} from './webhooks-api';

const COLUMNS = 6;

// Text darker than Mantine's light-variant default, for AA contrast (4.5:1) on the tinted background.
const STATUS: Record<WebhookDeliveryStatus, { label: string; color: string; text: string; help: string }> = {
  pending: {
    label: 'Pending',
    color: 'yellow',
    text: '#8a5a00',
    help: 'Waiting to be sent, or to be tried again.',
  },
  sending: { label: 'Sending', color: 'blue', text: '#1864ab', help: 'An attempt is under way.' },
  delivered: { label: 'Delivered', color: 'green', text: '#1f6b30', help: 'The receiver answered 2xx.' },
  failed: { label: 'Failed', color: 'red', text: '#a61e1e', help: 'Tried for 3 days without success.' },
};

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const s = STATUS[status];
  return (
    <Tooltip label={s.help}>
      <Badge color={s.color} c={s.text} variant="light" radius="sm" tt="none" fw={600} data-status={status}>
        {s.label}
      </Badge>
    </Tooltip>
  );
}

/** An attempt's answer in short: "200 · 84 ms", or what went wrong. */
function AttemptSummary({ attempt }: { attempt: Omit<WebhookAttempt, 'response_body'> | null }) {
  if (!attempt)
    return (
      <Text size="sm" c="dimmed">
        Not tried yet
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {attempt.response_status ?? 'No answer'} · {formatLatency(attempt.latency_ms)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(attempt.attempted_at)}
      </Text>
      {attempt.error && (
        <Text size="xs" c="red.8" lineClamp={2}>
          {attempt.error}
        </Text>
      )}
    </Stack>
  );
}

function useReplay(endpointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) => replayDelivery(endpointId, delivery.id),
    onSuccess: (_answer, delivery) => {
      notifySuccess(`The ${delivery.event_type} delivery will be sent again.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    },
    onError: (error) => notifyError(error, 'Could not send the delivery again'),
  });
}

export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const log = useQuery(deliveriesQuery(endpoint.id, page, status));
  const replay = useReplay(endpoint.id);
  const replayAll = useMutation({
    mutationFn: () => replayFailed(endpoint.id),
    onSuccess: ({ replayed }) => {
      notifySuccess(
        replayed === 0
          ? 'No failed delivery to send again.'
          : `${replayed} failed ${replayed === 1 ? 'delivery' : 'deliveries'} will be sent again.`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    },
    onError: (error) => notifyError(error, 'Could not send the failed deliveries again'),
  });
  const deliveries = log.data?.deliveries ?? [];

  return (
    <Stack gap="sm" component="section" aria-labelledby="delivery-log-heading">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h4" id="delivery-log-heading">
            Delivery log
          </Title>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
        </div>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Show deliveries"
            value={status ?? 'all'}
            onChange={(v) => {
              setStatus(v === 'all' ? null : (v as WebhookDeliveryStatus));
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: STATUS[s].label })),
            ]}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={endpoint.failed_count === 0}
            loading={replayAll.isPending}
            onClick={() => replayAll.mutate()}
          >
            Replay all failed{endpoint.failed_count > 0 ? ` (${endpoint.failed_count})` : ''}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {/* On a phone each delivery is a card of labelled lines (web/styles.css, phone-cards). */}
        <Table.ScrollContainer minWidth={760} type="native">
          <Table
            fz="sm"
            aria-label="Deliveries"
            verticalSpacing={8}
            horizontalSpacing="sm"
            aria-busy={log.isFetching}
            className="phone-cards"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>Created</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th w={110}>Order item</Table.Th>
                <Table.Th w={120}>State</Table.Th>
                <Table.Th w={210}>Last attempt</Table.Th>
                <Table.Th w={110}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
              {log.isPending ? (
                [0, 1, 2].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={COLUMNS}>
                      {i === 0 && <VisuallyHidden role="status">Loading the deliveries…</VisuallyHidden>}
                      <Skeleton h={14} />
                    </Table.Td>
                  </Table.Tr>
                ))
              ) : log.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg">
                    <Group justify="center" gap="sm">
                      <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                      <Text size="sm" c="red.8">
                        Could not load the deliveries: {log.error.message}
                      </Text>
                      <Button size="xs" variant="default" onClick={() => log.refetch()}>
                        Try again
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : deliveries.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg" ta="center" c="dimmed">
                    {status
                      ? `No ${STATUS[status].label.toLowerCase()} deliveries.`
                      : 'Nothing sent yet: deliveries appear here when an event the endpoint hears happens, or after “Send test event”.'}
                  </Table.Td>
                </Table.Tr>
              ) : (
                deliveries.map((d) => (
                  <Table.Tr key={d.id} data-testid="delivery-row">
                    <Table.Td
                      data-label="Created"
                      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                    >
                      {formatDateTime(d.created_at)}
                    </Table.Td>
                    <Table.Td data-label="Event">
                      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(d.id)}>
                        <Code fz="xs">{d.event_type}</Code>
                      </Anchor>
                      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {d.message_id}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Order item">
                      {d.order_item_ref ? (
                        <Anchor component={Link} to={paths.orderItem(d.order_item_ref)} size="sm" fw={600}>
                          {d.order_item_ref}
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="State">
                      <DeliveryStatus status={d.status} />
                      <Text size="xs" c="dimmed" mt={2}>
                        {d.attempts === 1 ? '1 attempt' : `${d.attempts} attempts`}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Last attempt">
                      <AttemptSummary attempt={d.last_attempt} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="compact-xs" variant="default" onClick={() => setOpen(d.id)}>
                          Details
                        </Button>
                        {(d.status === 'failed' || d.status === 'delivered') && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            loading={replay.isPending && replay.variables?.id === d.id}
                            onClick={() => replay.mutate(d)}
                            aria-label={`Replay the ${d.event_type} delivery ${d.message_id}`}
                          >
                            Replay
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {log.data && log.data.total_pages > 1 && (
        <Group justify="flex-end">
          <nav aria-label="Delivery log pages">
            <Pagination
              value={log.data.page}
              total={log.data.total_pages}
              onChange={setPage}
              size="sm"
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          </nav>
        </Group>
      )}
      <DeliveryDrawer endpointId={endpoint.id} id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** One delivery: the body it sends and every attempt, with the first 2 KB of each answer. */
function DeliveryDrawer({
  endpointId,
  id,
  onClose,
}: {
  endpointId: number;
  id: number | null;
  onClose: () => void;
}) {
  const detail = useQuery({ ...deliveryQuery(endpointId, id ?? 0), enabled: id !== null });
  const replay = useReplay(endpointId);
  const d = detail.data?.delivery;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title="Delivery"
      closeButtonProps={{ 'aria-label': 'Close the delivery' }}
    >
      {!d ? (
        <Stack gap="sm" role="status" aria-busy="true">
          <VisuallyHidden>Loading the delivery…</VisuallyHidden>
          <Skeleton h={20} />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Code fz="sm">{d.event_type}</Code>
              <Text size="xs" c="dimmed">
                webhook-id {d.message_id}
              </Text>
            </Stack>
            <Group gap="xs">
              <DeliveryStatus status={d.status} />
              {(d.status === 'failed' || d.status === 'delivered') && (
                <Button size="xs" variant="light" loading={replay.isPending} onClick={() => replay.mutate(d)}>
                  Replay
                </Button>
              )}
            </Group>
          </Group>
          <Text size="sm">
            {d.status === 'delivered' && d.delivered_at
              ? `Delivered ${formatDateTime(d.delivered_at)}.`
              : d.status === 'failed'
                ? 'Given up: it was tried for 3 days. Replay sends it again.'
                : d.next_attempt_at
                  ? `Next attempt ${formatDateTime(d.next_attempt_at)}; tried until ${formatDateTime(d.expires_at)}.`
                  : ''}
          </Text>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Body
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {JSON.stringify(JSON.parse(d.payload), null, 2)}
            </Code>
          </div>
          <div>
            <Text size="sm" fw={600} mb={4}>
              Attempts
            </Text>
            {d.attempt_log.length === 0 ? (
              <Text size="sm" c="dimmed">
                Not tried yet.
              </Text>
            ) : (
              <Stack gap="sm" data-testid="attempts">
                {d.attempt_log.map((a) => (
                  <Paper key={a.id} withBorder radius="sm" p="sm">
                    <Group justify="space-between" gap="xs">
                      {/* green.9 (#2b8a3e) is 4.36:1 on white, under AA: the darker green of the badges. */}
                      <Text
                        size="sm"
                        fw={600}
                        c={a.outcome === 'delivered' ? STATUS.delivered.text : 'red.8'}
                      >
                        {a.outcome === 'delivered' ? 'Delivered' : 'Failed'} ·{' '}
                        {a.response_status ?? 'no answer'} · {formatLatency(a.latency_ms)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(a.attempted_at)}
                      </Text>
                    </Group>
                    {a.error && (
                      <Text size="sm" c="red.8">
                        {a.error}
                      </Text>
                    )}
                    {a.response_body && (
                      <Code block mt={6} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                        {a.response_body}
                      </Code>
                    )}
                  </Paper>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      )}
    </Drawer>
  );
}

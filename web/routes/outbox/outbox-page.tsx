/**
 * /outbox (admins): every e-mail to a customer, newest first, 50 a page, with how its delivery went
 * (pending, sending, sent, failed), the attempts so far and the last error.
 */
import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconPaperclip, IconSend } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import {
  type OutboxMessage,
  OutboxMessageResponseSchema,
  OutboxPageSchema,
  type OutboxStatus,
} from '../../../domain/contract/outbox';
import { formatDateTime } from '../../../domain/format';
import { api } from '../../api/client';
import { PageHeader } from '../../components/page-title';
import { pageFromParams } from '../../components/queue-view';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './outbox-page.module.css';

// Text darker than Mantine's light-variant default, for AA contrast (4.5:1) on the tinted background.
const STATUS: Record<OutboxStatus, { label: string; color: string; text: string; help: string }> = {
  pending: {
    label: 'Pending',
    color: 'yellow',
    text: '#8a5a00',
    help: 'Waiting to be sent (or to be retried).',
  },
  sending: { label: 'Sending', color: 'blue', text: '#1864ab', help: 'Being handed to the mail server now.' },
  sent: { label: 'Sent', color: 'green', text: '#1f6b30', help: 'Accepted by the mail server.' },
  failed: { label: 'Failed', color: 'red', text: '#a61e1e', help: 'Gave up after repeated failures.' },
};

const COLUMNS = 7;
const IN_FLIGHT_POLL_MS = 5_000;

const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['outbox', { page }],
    queryFn: ({ signal }) => api.get('outbox', OutboxPageSchema, { query: { page }, signal }),
    placeholderData: keepPreviousData,
    // While messages are on their way, look again every few seconds so their state moves on screen.
    refetchInterval: (query) =>
      query.state.data?.messages.some((m) => m.status === 'pending' || m.status === 'sending')
        ? IN_FLIGHT_POLL_MS
        : false,
  });

/** 'customer_contact' → 'Customer contact'. */
const kindLabel = (kind: string) => {
  const words = kind.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Puts a failed message back in the queue (after the address or the mail server was fixed). */
function SendAgainButton({ message }: { message: OutboxMessage }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => api.post(`outbox/${message.id}/retry`, {}, OutboxMessageResponseSchema),
    onSuccess: () => {
      notifySuccess(`The e-mail to ${message.to} will be sent again.`);
      void queryClient.invalidateQueries({ queryKey: ['outbox'] });
    },
    onError: (error) => notifyError(error, 'Could not send the e-mail again'),
  });
  return (
    <Button
      size="compact-xs"
      variant="light"
      mt={4}
      leftSection={<IconSend size={12} aria-hidden />}
      loading={retry.isPending}
      onClick={() => retry.mutate()}
      aria-label={`Send the e-mail to ${message.to} again`}
    >
      Send again
    </Button>
  );
}

function StatusBadge({ status }: { status: OutboxStatus }) {
  const s = STATUS[status] ?? { label: status, color: 'gray', text: '#343a40', help: '' };
  return (
    <Tooltip label={s.help} disabled={!s.help}>
      <Badge color={s.color} c={s.text} variant="light" radius="sm" tt="none" fw={600} data-status={status}>
        {s.label}
      </Badge>
    </Tooltip>
  );
}

export default function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const outbox = useQuery(outboxQuery(page));
  const data = outbox.data;
  const messages = data?.messages ?? [];

  const goTo = (p: number) => {
    setParams(p === 1 ? {} : { page: String(p) });
    window.scrollTo({ top: 0 });
  };

  const first = data ? (data.page - 1) * data.per_page + 1 : 0;
  const last = data ? first + messages.length - 1 : 0;

  return (
    <>
      <PageHeader
        title="Outbox"
        description="E-mails to customers and whether they were delivered. Failed deliveries are retried automatically; after the last attempt an admin can send one again."
      />
      <Stack gap="sm">
        <Group justify="space-between" mih={30}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data
              ? data.total_count === 0
                ? 'No messages'
                : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${data.total_count.toLocaleString('en-GB')} messages, newest first`
              : '\u00a0'}
          </Text>
          {data && data.total_pages > 1 && (
            <OutboxPagination page={data.page} total={data.total_pages} onChange={goTo} />
          )}
        </Group>
        <Paper withBorder radius="md" className={classes.scroll}>
          <Table
            stickyHeader
            stickyHeaderOffset="var(--app-shell-header-height, 56px)"
            fz="sm"
            aria-label="Outbox messages"
            verticalSpacing={8}
            horizontalSpacing="sm"
            layout="fixed"
            aria-busy={outbox.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={158}>Created</Table.Th>
                <Table.Th w={180}>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th w={104} style={{ whiteSpace: 'nowrap' }}>
                  Order item
                </Table.Th>
                <Table.Th w={110}>State</Table.Th>
                <Table.Th w={160}>Last error</Table.Th>
                <Table.Th w={158}>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: outbox.isPlaceholderData ? 0.6 : 1 }}>
              {outbox.isPending ? (
                [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={COLUMNS}>
                      {i === 0 && <VisuallyHidden role="status">Loading the outbox…</VisuallyHidden>}
                      <Skeleton h={14} />
                    </Table.Td>
                  </Table.Tr>
                ))
              ) : outbox.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg">
                    <Group justify="center" gap="sm" data-testid="load-failed">
                      <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                      <Text size="sm" c="red.8">
                        Could not load the outbox: {outbox.error.message}
                      </Text>
                      <Button size="xs" variant="default" onClick={() => outbox.refetch()}>
                        Try again
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : messages.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg" ta="center" c="dimmed">
                    {page > 1
                      ? `There is no page ${page}: the outbox has ${data?.total_pages ?? 0} pages.`
                      : 'No e-mails yet: messages to customers appear here as soon as an action sends one.'}
                  </Table.Td>
                </Table.Tr>
              ) : (
                messages.map((m) => <MessageRow key={m.id} message={m} />)
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        {data && data.total_pages > 1 && (
          <Group justify="flex-end">
            <OutboxPagination page={data.page} total={data.total_pages} onChange={goTo} />
          </Group>
        )}
      </Stack>
    </>
  );
}

function OutboxPagination({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  return (
    <nav aria-label="Outbox pages">
      <Pagination
        value={page}
        total={total}
        onChange={onChange}
        size="sm"
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        getControlProps={(control) => ({
          'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page`,
        })}
      />
    </nav>
  );
}

function MessageRow({ message: m }: { message: OutboxMessage }) {
  return (
    <Table.Tr data-testid="outbox-row">
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(m.created_at)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate="end" title={m.to}>
          {m.to}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" lineClamp={2} title={m.subject}>
            {m.subject}
          </Text>
          {m.attachment_count > 0 && (
            <Tooltip label={`${m.attachment_count} attachment${m.attachment_count === 1 ? '' : 's'}`}>
              <Group gap={2} wrap="nowrap" c="dimmed">
                <IconPaperclip size={14} aria-hidden />
                <Text span size="xs" aria-hidden>
                  {m.attachment_count}
                </Text>
                <VisuallyHidden>
                  {m.attachment_count} attachment{m.attachment_count === 1 ? '' : 's'}
                </VisuallyHidden>
              </Group>
            </Tooltip>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {kindLabel(m.kind)}
        </Text>
      </Table.Td>
      <Table.Td>
        {m.order_item_ref ? (
          <Anchor
            component={Link}
            to={`/orders/${encodeURIComponent(m.order_item_ref)}`}
            size="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap' }}
          >
            {m.order_item_ref}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={m.status} />
        <Text size="xs" c="dimmed" mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}
        </Text>
        {m.status === 'failed' && <SendAgainButton message={m} />}
      </Table.Td>
      <Table.Td>
        {m.last_error ? (
          <Tooltip label={m.last_error} multiline maw={420}>
            <Text size="sm" c="red.8" lineClamp={2} tabIndex={0}>
              {m.last_error}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {m.sent_at ? (
          formatDateTime(m.sent_at)
        ) : (
          <Text span size="sm" c="dimmed">
            Not yet
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

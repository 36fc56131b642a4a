/**
 * /outbox (admins): every e-mail to a customer, newest first, 50 a page, with how its delivery went
 * (pending, sending, sent, failed, bounced), the attempts so far and the last error; filtered by state, kind, recipient
 * and days (in the URL), and a message opened in a drawer (?message=ID) to read or resend.
 */
import {
  Anchor,
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import type { OutboxMessage } from '../../../domain/contract/outbox';
import { formatDateTime } from '../../../domain/format';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-title';
import { pageFromParams } from '../../components/queue-view';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { outboxQuery, retryMessage } from './outbox-api';
import { OutboxFilterBar } from './outbox-filters';
import { OutboxMessageDrawer } from './outbox-message-drawer';
import {
  filtersFromParams,
  isFiltered,
  kindLabel,
  type OutboxFilters,
  openMessageFromParams,
  outboxParams,
} from './outbox-model';
import classes from './outbox-page.module.css';
import { StatusBadge } from './outbox-status';

const COLUMNS = 7;

/** Puts a failed message back in the queue (after the address or the mail server was fixed). */
function SendAgainButton({ message }: { message: OutboxMessage }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryMessage(message.id),
    onSuccess: () => {
      notifySuccess(`The e-mail to ${message.to} will be sent again.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox.all });
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

export default function OutboxPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const filters = filtersFromParams(params);
  const openId = openMessageFromParams(params);
  const outbox = useQuery(outboxQuery(filters, page));
  const data = outbox.data;
  const messages = data?.messages ?? [];

  const goTo = (p: number) => {
    setParams(outboxParams(filters, p));
    window.scrollTo({ top: 0 });
  };
  // A new filter starts again at page 1.
  const filter = (next: OutboxFilters) => setParams(outboxParams(next));
  const messageLink = (id: number) =>
    `${paths.outbox}?${new URLSearchParams(outboxParams(filters, page, id))}`;

  const first = data ? (data.page - 1) * data.per_page + 1 : 0;
  const last = data ? first + messages.length - 1 : 0;

  return (
    <>
      <PageHeader
        title="Outbox"
        description="E-mails to customers and whether they were delivered. Open one to read it or resend it. Failed deliveries are retried automatically; after the last attempt an admin can send one again."
      />
      <Stack gap="sm">
        <OutboxFilterBar filters={filters} onChange={filter} />
        <Group justify="space-between" mih={30}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data
              ? data.total_count === 0
                ? isFiltered(filters)
                  ? 'No messages match these filters'
                  : 'No messages'
                : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${data.total_count.toLocaleString('en-GB')} messages${isFiltered(filters) ? ' matching' : ''}, newest first`
              : '\u00a0'}
          </Text>
          {data && data.total_pages > 1 && (
            <OutboxPagination page={data.page} total={data.total_pages} onChange={goTo} />
          )}
        </Group>
        <Paper withBorder radius="md">
          <Table
            stickyHeader
            stickyHeaderOffset="var(--app-shell-header-height, 56px)"
            fz="sm"
            aria-label="Outbox messages"
            verticalSpacing={8}
            horizontalSpacing="sm"
            layout="fixed"
            aria-busy={outbox.isFetching}
            className="phone-cards"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={158}>Created</Table.Th>
                <Table.Th w={230}>To</Table.Th>
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
                      : isFiltered(filters)
                        ? 'No e-mails match these filters. Clear them to see every message.'
                        : 'No e-mails yet: messages to customers appear here as soon as an action sends one.'}
                  </Table.Td>
                </Table.Tr>
              ) : (
                messages.map((m) => <MessageRow key={m.id} message={m} linkTo={messageLink} />)
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
      <OutboxMessageDrawer
        id={openId}
        onClose={() => setParams(outboxParams(filters, page))}
        linkTo={messageLink}
      />
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

function MessageRow({ message: m, linkTo }: { message: OutboxMessage; linkTo: (id: number) => string }) {
  return (
    <Table.Tr data-testid="outbox-row">
      <Table.Td data-label="Created" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(m.created_at)}
      </Table.Td>
      <Table.Td data-label="To">
        <Text size="sm" className={classes.address}>
          {m.to}
        </Text>
      </Table.Td>
      <Table.Td data-label="Subject">
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={linkTo(m.id)}
            size="sm"
            lineClamp={2}
            aria-label={`Open “${m.subject}” to ${m.to}`}
          >
            {m.subject}
          </Anchor>
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
          {m.resent_from_id && (
            <>
              {' · resend of '}
              <Anchor component={Link} to={linkTo(m.resent_from_id)} size="xs" underline="always">
                #{m.resent_from_id}
              </Anchor>
            </>
          )}
        </Text>
      </Table.Td>
      <Table.Td data-label="Order item">
        {m.order_item_ref ? (
          <Anchor
            component={Link}
            to={paths.orderItem(m.order_item_ref)}
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
      <Table.Td data-label="State">
        <StatusBadge status={m.status} />
        <Text size="xs" c="dimmed" mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}
        </Text>
        {m.status === 'failed' && <SendAgainButton message={m} />}
      </Table.Td>
      <Table.Td data-label="Last error">
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
      <Table.Td data-label="Sent" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
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

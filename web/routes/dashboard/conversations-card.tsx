/**
 * Customer conversations: the inbox (active) or the other (archived) ones, optionally by assignee, 25 a page,
 * latest first; each opens in the conversations inbox (/conversations), which the card links to.
 */
import { Anchor, Box, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../domain/format';
import { SectionCard } from '../../components/section-card';
import { SegmentedToggle } from '../../components/segmented-toggle';
import { paths } from '../../paths';
import { assigneesQuery } from './conversation-assignees';
import { EmptyState, ListSkeleton, LoadFailed } from './dashboard-card';
import { conversationsQuery } from './dashboard-queries';

type Folder = 'inbox' | 'other';
const FOLDERS = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly { value: Folder; label: string }[];

/** The customer's (already sanitised) HTML as one line of plain text for the preview. */
function plainText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

export function ConversationsCard() {
  const [folder, setFolder] = useState<Folder>('inbox');
  const [page, setPage] = useState(1);
  // '' is everyone's; 'me', 'unassigned' or a member of staff's id narrows the list.
  const [assignee, setAssignee] = useState('');
  const assignees = useQuery(assigneesQuery);
  const list = useQuery(conversationsQuery(folder === 'inbox', page, assignee || undefined));
  const data = list.data;
  const rows = data?.conversations ?? [];
  const first = data && data.total_count > 0 ? (data.page - 1) * data.per_page + 1 : 0;
  // A page emptied by archiving elsewhere: go back to the last page that has conversations.
  useEffect(() => {
    if (data && !list.isPlaceholderData && rows.length === 0 && page > 1)
      setPage(Math.max(1, data.total_pages));
  }, [data, list.isPlaceholderData, rows.length, page]);
  const last = data ? first + rows.length - Math.min(1, rows.length) : 0;

  const toggle = (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={paths.inbox()} size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        Open the inbox
      </Anchor>
      <Select
        size="xs"
        aria-label="Assignee"
        value={assignee}
        allowDeselect={false}
        onChange={(value) => {
          setAssignee(value ?? '');
          setPage(1);
        }}
        data={[
          { value: '', label: 'Everyone' },
          { value: 'me', label: 'Mine' },
          { value: 'unassigned', label: 'Unassigned' },
          ...(assignees.data?.assignees ?? []).map((a) => ({ value: String(a.id), label: a.name })),
        ]}
        w={130}
        data-testid="conversation-assignee-filter"
      />
      <SegmentedToggle
        label="Conversations to show"
        value={folder}
        onChange={(value) => {
          setFolder(value);
          setPage(1);
        }}
        data={FOLDERS}
      />
    </Group>
  );

  return (
    <SectionCard title="Conversations" count={data?.total_count} actions={toggle} testId="conversations">
      {list.isPending ? (
        <ListSkeleton rows={6} label="Loading conversations…" />
      ) : list.isError && !data ? (
        <LoadFailed what="the conversations" error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState>
          {assignee
            ? 'No conversations for this assignee here.'
            : folder === 'inbox'
              ? 'The inbox is empty: no customer is waiting for an answer.'
              : 'No other conversations: nothing has been archived yet.'}
        </EmptyState>
      ) : (
        <Stack gap={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <Table.ScrollContainer minWidth={760} type="native">
            <Table
              fz="sm"
              layout="fixed"
              style={{ whiteSpace: 'nowrap' }}
              aria-label={folder === 'inbox' ? 'Inbox conversations' : 'Other conversations'}
              // On a phone each conversation is a card of labelled lines (web/styles.css, phone-cards).
              className="phone-cards"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="26%">From</Table.Th>
                  <Table.Th>Message</Table.Th>
                  <Table.Th w={96}>Order</Table.Th>
                  <Table.Th w={120}>Assignee</Table.Th>
                  <Table.Th w={164}>Last message</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td data-label="From">
                      <Text size="sm" fw={500} truncate="end" title={c.name ?? c.email}>
                        {c.name ?? c.email}
                      </Text>
                      {c.name && (
                        <Text size="xs" c="dimmed" truncate="end" title={c.email}>
                          {c.email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Message">
                      <Anchor
                        component={Link}
                        to={paths.conversation(c.id)}
                        size="sm"
                        fw={600}
                        display="block"
                        style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
                        title={c.subject?.trim() || undefined}
                      >
                        {c.subject?.trim() || '(no subject)'}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate="end" title={plainText(c.content)}>
                        {plainText(c.content)}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Order">
                      {c.order_item_ref ? (
                        <Anchor component={Link} to={paths.orderItem(c.order_item_ref)} size="sm">
                          {c.order_item_ref}
                        </Anchor>
                      ) : c.order_ref ? (
                        <Anchor
                          component={Link}
                          to={paths.search(c.order_ref)}
                          size="sm"
                          title="Search for this order"
                        >
                          {c.order_ref}
                        </Anchor>
                      ) : (
                        <Text span size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Assignee">
                      <Text
                        span
                        size="sm"
                        c={c.assignee ? undefined : 'dimmed'}
                        truncate="end"
                        display="block"
                        title={c.assignee?.name}
                      >
                        {c.assignee?.name ?? 'Unassigned'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label="Last message">{formatDateTime(c.last_message_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group
            justify="space-between"
            px="md"
            py={8}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text size="xs" c="dimmed" aria-live="polite">
              {first}–{last} of {data?.total_count}
            </Text>
            {data && data.total_pages > 1 ? (
              <Box component="nav" aria-label="Conversation pages">
                <Pagination
                  size="sm"
                  total={data.total_pages}
                  value={page}
                  onChange={setPage}
                  getItemProps={(p) => ({
                    'aria-label': `Page ${p}`,
                    'aria-current': p === page ? 'page' : undefined,
                  })}
                  getControlProps={(control) =>
                    control === 'previous'
                      ? { 'aria-label': 'Previous page' }
                      : control === 'next'
                        ? { 'aria-label': 'Next page' }
                        : control === 'first'
                          ? { 'aria-label': 'First page' }
                          : { 'aria-label': 'Last page' }
                  }
                />
              </Box>
            ) : null}
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}

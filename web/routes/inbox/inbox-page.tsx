/**
 * /conversations and /conversations/:id: the inbox (issue 49). The folders (Inbox, Mine, Unassigned, Snoozed,
 * Archived) with their live counts, a folder's threads, and the open thread beside them from 1024 px wide; on
 * a narrower screen the list and the thread are two screens. j and k open the next and previous thread, and
 * archiving (or snoozing) opens the next one.
 */
import { Badge, Box, Group, Pagination, Paper, Stack, Tabs, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInbox } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Conversation, InboxFolder } from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import { useOpenAtOnce } from '../../components/open-at-once';
import { PageHeader } from '../../components/page-title';
import { useScreenActions } from '../../components/screen-actions';
import { afterPaint } from '../../lib/after-paint';
import { paths } from '../../paths';
import { conversationQuery, prefetchConversation } from '../conversation/conversation-api';
import { ConversationPane } from '../conversation/conversation-pane';
import { EmptyState, ListSkeleton, LoadFailed } from '../dashboard/dashboard-card';
import { inboxQuery } from './inbox-api';
import { FOLDERS, folderFromParams, neighbour, nextAfterLeaving, pageFromParams } from './inbox-model';

/** From this width the list and the open thread are side by side. */
const SIDE_BY_SIDE = '(min-width: 1024px)';

/** The customer's (already sanitised) HTML as one line of plain text for the preview. */
function previewText(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

const EMPTY: Record<InboxFolder, string> = {
  inbox: 'The inbox is empty: no customer is waiting for an answer.',
  mine: 'Nothing in the inbox is assigned to you.',
  unassigned: 'Every conversation in the inbox has someone looking after it.',
  snoozed: 'Nothing is snoozed.',
  archived: 'Nothing has been archived yet.',
};

export default function InboxPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const folder = folderFromParams(params);
  const page = pageFromParams(params);
  const wide = useMediaQuery(SIDE_BY_SIDE, true, { getInitialValueInEffect: false });
  const list = useQuery(inboxQuery(folder, page));
  const rows = list.data?.conversations ?? [];
  const ids = rows.map((c) => c.id);
  const openId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;

  const open = (next: number | null) =>
    navigate(next === null ? paths.inbox(folder) : paths.conversation(next, folder), { flushSync: true });

  // j, k and archiving open the threads either side of the open one: have them ready. Asked for once the
  // open thread is in and painted, so they never compete with it for the server or the main thread
  // (bench/browser.ts: open a conversation).
  const queryClient = useQueryClient();
  const prefetch = useCallback(
    (threadId: number) => prefetchConversation(queryClient, threadId),
    [queryClient],
  );
  const idList = ids.join(',');
  const openShown =
    useQuery({ ...conversationQuery(openId === null ? '' : String(openId)), enabled: false }).data !==
    undefined;
  useEffect(() => {
    if (openId === null || idList === '' || !openShown) return;
    let left = false;
    afterPaint(() => {
      if (left) return;
      const listed = idList.split(',').map(Number);
      for (const delta of [1, -1] as const) {
        const next = neighbour(listed, openId, delta);
        if (next !== null && next !== openId) prefetchConversation(queryClient, next);
      }
    });
    return () => {
      left = true;
    };
  }, [openId, idList, openShown, queryClient]);

  useScreenActions([
    {
      id: 'inbox:next',
      label: 'Open the next conversation',
      keywords: ['down', 'j'],
      shortcut: 'j',
      run: () => open(neighbour(ids, openId, 1)),
    },
    {
      id: 'inbox:previous',
      label: 'Open the previous conversation',
      keywords: ['up', 'k'],
      shortcut: 'k',
      run: () => open(neighbour(ids, openId, -1)),
    },
  ]);

  const setFolder = (value: string | null) => {
    const next = new URLSearchParams();
    if (value && value !== 'inbox') next.set('folder', value);
    navigate({ pathname: paths.inbox(), search: next.toString() });
  };
  const setPage = (value: number) => {
    const next = new URLSearchParams(params);
    if (value > 1) next.set('page', String(value));
    else next.delete('page');
    setParams(next);
  };

  // The list is one screen on a phone; with a thread open, the thread is.
  const showList = wide || id === undefined;
  const showThread = wide || id !== undefined;

  const listColumn = (
    <Stack gap="sm" style={{ minWidth: 0 }}>
      <Tabs value={folder} onChange={setFolder} variant="pills" keepMounted={false}>
        <Tabs.List aria-label="Folders" style={{ flexWrap: 'wrap', gap: 4 }}>
          {FOLDERS.map((f) => (
            <Tabs.Tab
              key={f.value}
              value={f.value}
              px="xs"
              rightSection={
                <Badge
                  size="sm"
                  variant={folder === f.value ? 'white' : 'light'}
                  color="blue"
                  // On the selected (filled) tab the white badge's text is the dark blue: the filled blue on
                  // white is under 4.5:1 at this size (axe, e2e/inbound-mail.spec.ts).
                  c={folder === f.value ? 'blue.9' : undefined}
                  radius="sm"
                  data-testid={`count-${f.value}`}
                >
                  {list.data?.counts[f.value] ?? '…'}
                </Badge>
              }
            >
              {f.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ThreadList
        folder={folder}
        rows={rows}
        openId={openId}
        pending={list.isPending}
        placeholder={list.isPlaceholderData}
        error={list.isError && !list.data ? list.error : null}
        onRetry={() => list.refetch()}
        onPrefetch={prefetch}
      />
      {list.data && list.data.total_pages > 1 && (
        <Box component="nav" aria-label="Conversation pages">
          <Pagination
            size="sm"
            total={list.data.total_pages}
            value={page}
            onChange={setPage}
            getItemProps={(p) => ({
              'aria-label': `Page ${p}`,
              'aria-current': p === page ? 'page' : undefined,
            })}
            getControlProps={(control) => ({
              'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page`,
            })}
          />
        </Box>
      )}
    </Stack>
  );

  const threadColumn =
    id === undefined ? (
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" gap="xs">
          <IconInbox size={32} aria-hidden color="var(--mantine-color-gray-5)" />
          <Text c="dimmed" size="sm" ta="center">
            Choose a conversation, or press <b>j</b> to open the first.
          </Text>
        </Stack>
      </Paper>
    ) : (
      <ConversationPane
        key={id}
        id={id}
        backTo={wide ? null : paths.inbox(folder)}
        onLeave={() => open(openId === null ? null : nextAfterLeaving(ids, openId))}
      />
    );

  return (
    <>
      <PageHeader
        title="Inbox"
        description="Customer conversations: j and k move between them, r replies, e archives, Ctrl+K lists the rest."
      />
      {wide ? (
        <Box
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(18rem, 24rem) minmax(0, 1fr)',
            gap: 'var(--mantine-spacing-md)',
            alignItems: 'start',
          }}
          data-testid="inbox-split"
        >
          {listColumn}
          {threadColumn}
        </Box>
      ) : (
        <>
          {showList && listColumn}
          {showThread && threadColumn}
        </>
      )}
    </>
  );
}

function ThreadList({
  folder,
  rows,
  openId,
  pending,
  placeholder,
  error,
  onRetry,
  onPrefetch,
}: {
  folder: InboxFolder;
  rows: readonly Conversation[];
  openId: number | null;
  pending: boolean;
  placeholder: boolean;
  error: Error | null;
  onRetry: () => void;
  /** The pointer or the keyboard's focus is on a thread: it may be opened next (a stable function). */
  onPrefetch: (id: number) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const openAtOnce = useOpenAtOnce();
  // j and k move the open thread: keep it in sight. After the paint, and only when it is out of sight, so
  // opening a thread by a click does not lay the page out again inside its render (bench/browser.ts).
  useEffect(() => {
    if (openId === null) return;
    afterPaint(() => {
      const row = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!row) return;
      const box = row.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) row.scrollIntoView({ block: 'nearest' });
    });
  }, [openId]);
  if (pending) return <ListSkeleton rows={6} label="Loading conversations…" />;
  if (error) return <LoadFailed what="the conversations" error={error} onRetry={onRetry} />;
  if (rows.length === 0) return <EmptyState>{EMPTY[folder]}</EmptyState>;
  return (
    <Paper
      withBorder
      radius="md"
      component="nav"
      aria-label="Conversations"
      style={{ overflow: 'hidden', opacity: placeholder ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      <Stack
        gap={0}
        component="ul"
        ref={list}
        onClickCapture={openAtOnce}
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {rows.map((c) => (
          <ThreadRow key={c.id} c={c} folder={folder} isOpen={c.id === openId} onPrefetch={onPrefetch} />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * One thread of the list. Memoized: opening another thread re-renders the two rows whose `isOpen` changed,
 * not every row (each parses its message's HTML for the preview line).
 */
const ThreadRow = memo(function ThreadRow({
  c,
  folder,
  isOpen,
  onPrefetch,
}: {
  c: Conversation;
  folder: InboxFolder;
  isOpen: boolean;
  onPrefetch: (id: number) => void;
}) {
  return (
    <li style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <UnstyledButton
        component={Link}
        to={paths.conversation(c.id, folder)}
        aria-current={isOpen ? 'page' : undefined}
        data-testid="inbox-row"
        data-id={c.id}
        onMouseEnter={() => onPrefetch(c.id)}
        onFocus={() => onPrefetch(c.id)}
        display="block"
        px="sm"
        py={8}
        style={{
          background: isOpen ? 'var(--mantine-color-blue-0)' : undefined,
          borderLeft: `3px solid ${isOpen ? 'var(--mantine-color-blue-6)' : 'transparent'}`,
        }}
      >
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate="end">
            {c.name ?? c.email}
          </Text>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {formatDateTime(c.last_message_at)}
          </Text>
        </Group>
        <Text size="sm" truncate="end">
          {c.subject?.trim() || '(no subject)'}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {previewText(c.content)}
        </Text>
        <Group gap={6} mt={4}>
          <Text size="xs" c={c.assignee ? undefined : 'dimmed'}>
            {c.assignee?.name ?? 'Unassigned'}
          </Text>
          {c.snoozed_until && (
            <Badge size="xs" color="grape" variant="light" tt="none">
              until {formatDateTime(c.snoozed_until)}
            </Badge>
          )}
          {(c.order_item_ref ?? c.order_ref) && (
            <Badge size="xs" color="gray" variant="light" tt="none">
              {c.order_item_ref ?? c.order_ref}
            </Badge>
          )}
        </Group>
      </UnstyledButton>
    </li>
  );
});

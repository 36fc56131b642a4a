/**
 * The open thread of the inbox (issue 49): a customer's thread (their messages, our replies, staff notes, refs
 * linked), the reply box (Reply, Reply and archive, canned replies, notes), archive, snooze and the assignee,
 * and beside it the customer, their orders (one-click transfer) and the transfer by ref. Its actions are in the
 * command palette while it is open; `r` focuses the reply and `e` archives.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataList,
  Grid,
  Group,
  Menu,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconBellRinging, IconClock, IconInbox } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Conversation, InboxList } from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import { isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useCurrentUser } from '../../components/auth';
import { type ScreenAction, useScreenActions } from '../../components/screen-actions';
import { offerUndo } from '../../components/undo-toast';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { assigneesQuery } from '../dashboard/conversation-assignees';
import {
  archiveConversation,
  assignConversation,
  snoozeConversation,
  toggleConversation,
} from '../inbox/inbox-api';
import { fromLocalInput, snoozePresets, toLocalInput } from '../inbox/inbox-model';
import { Composer } from './composer';
import { conversationQuery } from './conversation-api';
import { CustomerOrders } from './customer-orders';
import { Section } from './section';
import { Thread } from './thread';
import { TransferForm } from './transfer-form';

/** What the inbox tells the pane. */
export interface ConversationPaneProps {
  id: string;
  /** The thread left the folder (archived, snoozed): the inbox opens the next one. */
  onLeave: () => void;
  /** Where "back to the list" goes on a phone (null: the list is beside the thread). */
  backTo: string | null;
}

/** The thread with its id in the URL, or why it cannot be shown. */
export function ConversationPane({ id, onLeave, backTo }: ConversationPaneProps) {
  const { data, error, isPending, refetch } = useQuery(conversationQuery(id));
  const back = backTo ? (
    <Anchor component={Link} to={backTo} size="sm" mb="sm" display="inline-block" data-testid="back-to-list">
      ← Back to the list
    </Anchor>
  ) : null;

  if (!/^\d+$/.test(id) || isApiError(error, 404) || isApiError(error, 422)) {
    return (
      <>
        {back}
        <Alert color="gray" icon={<IconInbox size={18} aria-hidden />} title="No such conversation">
          There is no conversation {id}. It may have been removed;{' '}
          <Anchor component={Link} to={paths.inbox()}>
            go back to the inbox
          </Anchor>
          .
        </Alert>
      </>
    );
  }
  if (error) {
    return (
      <>
        {back}
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Could not load the conversation"
        >
          <Group justify="space-between">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="default" onClick={() => refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      </>
    );
  }
  if (isPending) return <ConversationSkeleton />;
  return (
    <>
      {back}
      <ConversationView conversation={data.conversation} onLeave={onLeave} />
    </>
  );
}

function ConversationSkeleton() {
  return (
    <Grid gap="md" role="status" aria-busy="true" aria-label="Loading the conversation">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Skeleton h={40} radius="md" />
          <Skeleton h={180} radius="md" />
          <Skeleton h={200} radius="md" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <Skeleton h={150} radius="md" />
          <Skeleton h={150} radius="md" />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function ConversationView({ conversation: c, onLeave }: { conversation: Conversation; onLeave: () => void }) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const [choosing, setChoosing] = useState(false);
  const customer = c.name ?? c.email;

  // Every action changes the inbox and the thread: refetch what shows them.
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
  };

  // Archiving opens the next thread at once, while the server archives this one (optimistic, as `e` in a
  // mail client): should it refuse, the toast says so and the thread is listed again.
  const archive = useMutation({
    // Moving a thread back to the inbox is its own undo: only archiving offers one.
    mutationFn: async () =>
      c.active ? archiveConversation(c.id) : { ...(await toggleConversation(c.id)), undo: null },
    onMutate: () => {
      if (!c.active) return;
      onLeave();
      queryClient.setQueriesData<InboxList>({ queryKey: queryKeys.conversations.inboxAll }, (list) =>
        list && list.folder !== 'archived'
          ? { ...list, conversations: list.conversations.filter((x) => x.id !== c.id) }
          : list,
      );
    },
    onSuccess: (answer) => {
      afterChange();
      if (answer.conversation.active) notifySuccess('Moved back to the inbox.');
      else if (answer.undo)
        offerUndo({ message: `Conversation with ${customer} archived.`, offer: answer.undo, queryClient });
      else notifySuccess('Conversation archived.');
    },
    onError: (error) => {
      afterChange();
      if (c.active) notifyError(error, `Could not archive “${c.subject?.trim() || `conversation ${c.id}`}”`);
    },
  });
  const snooze = useMutation({
    mutationFn: (until: Date | null) => snoozeConversation(c.id, until),
    onSuccess: ({ conversation }) => {
      afterChange();
      setChoosing(false);
      if (conversation.snoozed_until) {
        notifySuccess(`Snoozed until ${formatDateTime(conversation.snoozed_until)}.`);
        onLeave();
      } else notifySuccess('Back in the inbox.');
    },
  });
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => assignConversation(c.id, assigneeId),
    onSuccess: ({ conversation }) => {
      afterChange();
      notifySuccess(conversation.assignee ? `Assigned to ${conversation.assignee.name}.` : 'Unassigned.');
    },
  });
  const busy = archive.isPending || snooze.isPending;
  const presets = snoozePresets(new Date());

  const actions: ScreenAction[] = [
    {
      id: 'conversation:reply',
      label: 'Reply to the customer',
      keywords: ['answer', 'write', 'e-mail'],
      shortcut: c.active ? 'r' : undefined,
      priority: 10,
      run: () => replyRef.current?.focus(),
    },
    c.active
      ? {
          id: 'conversation:archive',
          label: 'Archive and open the next conversation',
          keywords: ['done', 'close'],
          shortcut: 'e',
          priority: 9,
          run: () => !busy && archive.mutate(),
        }
      : {
          id: 'conversation:unarchive',
          label: 'Move back to the inbox',
          keywords: ['unarchive', 'reopen'],
          priority: 9,
          run: () => !busy && archive.mutate(),
        },
    ...(c.active
      ? c.snoozed_until
        ? [
            {
              id: 'conversation:unsnooze',
              label: 'Unsnooze: back to the inbox now',
              keywords: ['snooze', 'wake'],
              priority: 8,
              run: () => !busy && snooze.mutate(null),
            },
          ]
        : [
            ...presets.map((p) => ({
              id: `conversation:snooze:${p.id}`,
              label: `Snooze: ${p.label.toLowerCase()}`,
              keywords: ['snooze', 'later', 'remind'],
              priority: 8,
              run: () => !busy && snooze.mutate(p.until),
            })),
            {
              id: 'conversation:snooze:choose',
              label: 'Snooze until a time…',
              keywords: ['snooze', 'later', 'remind'],
              priority: 8,
              run: () => setChoosing(true),
            },
          ]
      : []),
    ...(c.assignee?.id === user.id
      ? []
      : [
          {
            id: 'conversation:assign-me',
            label: 'Assign to me',
            keywords: ['assign', 'take', 'mine'],
            priority: 7,
            run: () => assign.mutate(user.id),
          },
        ]),
    ...(c.assignee
      ? [
          {
            id: 'conversation:unassign',
            label: 'Unassign',
            keywords: ['assign', 'nobody'],
            priority: 7,
            run: () => assign.mutate(null),
          },
        ]
      : []),
  ];
  useScreenActions(actions);

  const messages = c.messages ?? [];
  const customerMessages = messages.filter((m) => m.kind === 'customer').length;

  return (
    <Stack gap="md" component="section" aria-label="Open conversation">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Text
            component="h2"
            fw={700}
            size="lg"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="pane-title"
          >
            {c.subject?.trim() || `Conversation ${c.id}`}
          </Text>
          <Text size="sm" c="dimmed">
            {customer} · {customerMessages} {customerMessages === 1 ? 'message' : 'messages'} · last{' '}
            {formatDateTime(c.last_message_at)}
          </Text>
        </Stack>
        <Group gap="xs">
          <Badge
            variant="light"
            color={!c.active ? 'gray' : c.snoozed_until ? 'grape' : 'blue'}
            radius="sm"
            tt="none"
            size="lg"
            fw={600}
            data-testid="conversation-status"
          >
            {!c.active
              ? 'Archived'
              : c.snoozed_until
                ? `Snoozed until ${formatDateTime(c.snoozed_until)}`
                : 'Inbox'}
          </Badge>
          {c.active &&
            (c.snoozed_until ? (
              <Button
                variant="default"
                leftSection={<IconBellRinging size={16} aria-hidden />}
                loading={snooze.isPending}
                disabled={busy}
                onClick={() => snooze.mutate(null)}
              >
                Unsnooze
              </Button>
            ) : (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    variant="default"
                    leftSection={<IconClock size={16} aria-hidden />}
                    loading={snooze.isPending}
                    disabled={busy}
                  >
                    Snooze
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {presets.map((p) => (
                    <Menu.Item key={p.id} onClick={() => snooze.mutate(p.until)}>
                      {p.label}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  <Menu.Item onClick={() => setChoosing(true)}>Choose a time…</Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ))}
          <Button
            variant="default"
            leftSection={
              c.active ? <IconArchive size={16} aria-hidden /> : <IconInbox size={16} aria-hidden />
            }
            loading={archive.isPending}
            disabled={busy}
            onClick={() => archive.mutate()}
            aria-keyshortcuts={c.active ? 'e' : undefined}
          >
            {c.active ? 'Archive' : 'Move to inbox'}
          </Button>
        </Group>
      </Group>
      {(archive.isError || snooze.isError) && (
        <Alert color="red" role="alert" title="Could not change the conversation">
          {(archive.error ?? snooze.error)?.message}
        </Alert>
      )}
      <SnoozeDialog
        opened={choosing}
        onClose={() => setChoosing(false)}
        saving={snooze.isPending}
        error={snooze.isError ? snooze.error.message : null}
        onSnooze={(until) => snooze.mutate(until)}
      />
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Thread messages={messages} />
            <Composer
              key={c.id}
              conversation={c}
              onDone={afterChange}
              onArchived={onLeave}
              replyRef={replyRef}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <CustomerCard
              conversation={c}
              assigning={assign.isPending}
              assignError={assign.isError ? assign.error.message : undefined}
              onAssign={(assigneeId) => assign.mutate(assigneeId)}
            />
            <CustomerOrders conversation={c} onDone={afterChange} />
            <TransferForm conversation={c} onDone={afterChange} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Snooze until a chosen date and time (the browser's, which is the office's). */
function SnoozeDialog({
  opened,
  onClose,
  saving,
  error,
  onSnooze,
}: {
  opened: boolean;
  onClose: () => void;
  saving: boolean;
  error: string | null;
  onSnooze: (until: Date) => void;
}) {
  const [value, setValue] = useState(() => toLocalInput(snoozePresets(new Date())[1].until));
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal opened={opened} onClose={onClose} title="Snooze until" size="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const until = fromLocalInput(value);
          if (until === null) return setProblem('Enter a date and a time.');
          if (until.getTime() <= Date.now()) return setProblem('Choose a time in the future.');
          setProblem(null);
          onSnooze(until);
        }}
      >
        <Stack gap="sm">
          <TextInput
            type="datetime-local"
            label="Back in the inbox at"
            description="The assignee (or you, if nobody is assigned) is notified when it comes back."
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={problem ?? error ?? undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} leftSection={<IconClock size={16} aria-hidden />}>
              Snooze
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Who looks after the thread: anyone on the staff, or nobody. */
function AssigneePicker({
  conversation: c,
  saving,
  error,
  onAssign,
}: {
  conversation: Conversation;
  saving: boolean;
  error?: string;
  onAssign: (assigneeId: number | null) => void;
}) {
  const assignees = useQuery(assigneesQuery);
  const options = [
    { value: 'none', label: 'Unassigned' },
    ...(assignees.data?.assignees ?? (c.assignee ? [c.assignee] : [])).map((a) => ({
      value: String(a.id),
      label: a.name,
    })),
  ];
  return (
    <Select
      label="Assignee"
      size="xs"
      data={options}
      value={c.assignee ? String(c.assignee.id) : 'none'}
      allowDeselect={false}
      disabled={saving}
      error={error}
      onChange={(value) => onAssign(value === 'none' || value === null ? null : Number(value))}
      data-testid="assignee-picker"
    />
  );
}

function CustomerCard({
  conversation: c,
  assigning,
  assignError,
  onAssign,
}: {
  conversation: Conversation;
  assigning: boolean;
  assignError?: string;
  onAssign: (assigneeId: number | null) => void;
}) {
  const itemRef = c.order_item_ref;
  // An order ref alone (no item) is shown through search, which lists the order's items.
  const orderLink = itemRef
    ? { to: paths.orderItem(itemRef), text: itemRef }
    : c.order_ref
      ? c.order_ref.includes('-')
        ? { to: paths.orderItem(c.order_ref), text: c.order_ref }
        : { to: paths.search(c.order_ref), text: c.order_ref }
      : null;
  return (
    <Section title="Customer">
      <AssigneePicker conversation={c} saving={assigning} error={assignError} onAssign={onAssign} />
      <DataList mt="sm" size="sm" gap="xs" labelWidth={90}>
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue>
            {c.name ?? (
              <Text span c="dimmed" size="sm">
                Not given
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>E-mail</DataList.ItemLabel>
          <DataList.ItemValue>
            <Anchor href={`mailto:${c.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.email}
            </Anchor>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Order</DataList.ItemLabel>
          <DataList.ItemValue>
            {orderLink ? (
              <Anchor component={Link} to={orderLink.to} size="sm" fw={600} data-testid="linked-order">
                {orderLink.text}
              </Anchor>
            ) : (
              <Text span c="dimmed" size="sm">
                Not linked to an order
              </Text>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
    </Section>
  );
}

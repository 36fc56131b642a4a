/**
 * /conversation/:id: the conversation workspace. A customer's thread (their messages, our replies, staff notes),
 * the reply box (Reply, Reply and archive, canned replies, notes), the assignee, and beside it the customer, their
 * orders (one-click transfer) and the transfer by ref.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  DataList,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconInbox } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { type Conversation, ConversationResponseSchema } from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import { api, isApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-title';
import { notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { assigneesQuery } from '../dashboard/conversation-assignees';
import { Composer } from './composer';
import { conversationQuery } from './conversation-api';
import { CustomerOrders } from './customer-orders';
import { Section } from './section';
import { Thread } from './thread';
import { TransferForm } from './transfer-form';

export default function ConversationPage() {
  const { id = '' } = useParams();
  const { data, error, isPending, refetch } = useQuery(conversationQuery(id));

  if (!/^\d+$/.test(id) || isApiError(error, 404) || isApiError(error, 422)) {
    return (
      <>
        <PageHeader title={`Conversation ${id}`} />
        <Alert color="gray" icon={<IconInbox size={18} aria-hidden />} title="No such conversation">
          There is no conversation {id}. It may have been removed;{' '}
          <Anchor component={Link} to={paths.dashboard}>
            go back to the dashboard
          </Anchor>
          .
        </Alert>
      </>
    );
  }
  if (error) {
    return (
      <>
        <PageHeader title={`Conversation ${id}`} />
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
  if (isPending) return <ConversationSkeleton id={id} />;
  return <ConversationView conversation={data.conversation} />;
}

function ConversationSkeleton({ id }: { id: string }) {
  return (
    <>
      <PageHeader title={`Conversation ${id}`} description="Loading…" />
      <Grid gap="md" role="status" aria-busy="true" aria-label="Loading the conversation">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Skeleton h={180} radius="md" />
            <Skeleton h={200} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Skeleton h={150} radius="md" />
            <Skeleton h={150} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function ConversationView({ conversation: c }: { conversation: Conversation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const customer = c.name ?? c.email;

  // Every action changes the inbox and the thread: refetch what shows them.
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
  };

  const toggle = useMutation({
    mutationFn: () => api.post(`conversations/${c.id}/toggle`, {}, ConversationResponseSchema),
    onSuccess: ({ conversation }) => {
      afterChange();
      notifySuccess(conversation.active ? 'Moved back to the inbox.' : 'Conversation archived.');
      navigate(paths.dashboard);
    },
  });
  const messages = c.messages ?? [];
  const customerMessages = messages.filter((m) => m.kind === 'customer').length;

  return (
    <>
      <PageHeader
        title={c.subject?.trim() || `Conversation ${c.id}`}
        description={
          <>
            {customer} · {customerMessages} {customerMessages === 1 ? 'message' : 'messages'} · last{' '}
            {formatDateTime(c.last_message_at)}
          </>
        }
        actions={
          <>
            <Badge
              variant="light"
              color={c.active ? 'blue' : 'gray'}
              radius="sm"
              tt="none"
              size="lg"
              fw={600}
              data-testid="conversation-status"
            >
              {c.active ? 'Inbox' : 'Archived'}
            </Badge>
            <Button
              variant="default"
              leftSection={
                c.active ? <IconArchive size={16} aria-hidden /> : <IconInbox size={16} aria-hidden />
              }
              loading={toggle.isPending}
              onClick={() => toggle.mutate()}
            >
              {c.active ? 'Archive' : 'Move to inbox'}
            </Button>
          </>
        }
      />
      {toggle.isError && (
        <Alert color="red" role="alert" mb="md" title="Could not change the conversation">
          {toggle.error.message}
        </Alert>
      )}
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Thread messages={messages} />
            <Composer key={c.id} conversation={c} onDone={afterChange} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <CustomerCard conversation={c} onDone={afterChange} />
            <CustomerOrders conversation={c} onDone={afterChange} />
            <TransferForm conversation={c} onDone={afterChange} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** Who looks after the thread: anyone on the staff, or nobody. */
function AssigneePicker({ conversation: c, onDone }: { conversation: Conversation; onDone: () => void }) {
  const assignees = useQuery(assigneesQuery);
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) =>
      api.post(
        `conversations/${c.id}/assign`,
        { conversation: { assignee_id: assigneeId } },
        ConversationResponseSchema,
      ),
    onSuccess: ({ conversation }) => {
      onDone();
      notifySuccess(conversation.assignee ? `Assigned to ${conversation.assignee.name}.` : 'Unassigned.');
    },
  });
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
      disabled={assign.isPending}
      error={assign.isError ? assign.error.message : undefined}
      onChange={(value) => assign.mutate(value === 'none' || value === null ? null : Number(value))}
      data-testid="assignee-picker"
    />
  );
}

function CustomerCard({ conversation: c, onDone }: { conversation: Conversation; onDone: () => void }) {
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
      <AssigneePicker conversation={c} onDone={onDone} />
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

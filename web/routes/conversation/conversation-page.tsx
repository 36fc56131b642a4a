/** /conversation/:id: a customer conversation to reply to, archive or transfer to an order. */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  DataList,
  Grid,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconInbox, IconSend, IconTransfer } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type Conversation,
  type ConversationReplyRequest,
  ConversationResponseSchema,
  type ConversationTransfer,
  ConversationTransferredSchema,
  type TransferChooseItem,
  TransferChooseItemSchema,
  type TransferDifferentCustomer,
  TransferDifferentCustomerSchema,
} from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import { api, isApiError } from '../../api/client';
import { PageHeader } from '../../components/page-title';
import { notifySuccess } from '../../lib/notify';

const TRANSFER_FAILED = 'Failed to transfer conversation!';

const conversationKey = (id: string) => ['conversations', 'detail', id] as const;

export default function ConversationPage() {
  const { id = '' } = useParams();
  const { data, error, isPending, refetch } = useQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal }) =>
      api.get(`conversations/${encodeURIComponent(id)}`, ConversationResponseSchema, { signal }),
    enabled: /^\d+$/.test(id),
  });

  if (!/^\d+$/.test(id) || isApiError(error, 404) || isApiError(error, 422)) {
    return (
      <>
        <PageHeader title={`Conversation ${id}`} />
        <Alert color="gray" icon={<IconInbox size={18} aria-hidden />} title="No such conversation">
          There is no conversation {id}. It may have been removed;{' '}
          <Anchor component={Link} to="/dashboard">
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

/** A titled card of the page. */
function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" fw={600} id={headingId}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Card>
  );
}

function ConversationView({ conversation: c }: { conversation: Conversation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const path = `conversations/${c.id}`;
  const customer = c.name ?? c.email;

  // Every action changes the inbox: the lists are stale, and the dashboard refetches them when it opens.
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  };

  const toggle = useMutation({
    mutationFn: () => api.post(`${path}/toggle`, {}, ConversationResponseSchema),
    onSuccess: ({ conversation }) => {
      afterChange();
      notifySuccess(conversation.active ? 'Moved back to the inbox.' : 'Conversation archived.');
      navigate('/dashboard');
    },
  });

  return (
    <>
      <PageHeader
        title={c.subject?.trim() || `Conversation ${c.id}`}
        description={
          <>
            From {customer} · received {formatDateTime(c.created_at)}
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
            <Section
              title="Customer's message"
              aside={
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.created_at)}
                </Text>
              }
            >
              {/* The server sanitises customer HTML when it stores and again when it serves it. */}
              <Typography
                data-testid="conversation-content"
                fz="sm"
                style={{ overflowWrap: 'anywhere' }}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server
                dangerouslySetInnerHTML={{ __html: c.content }}
              />
            </Section>
            {c.replies && c.replies.length > 0 && (
              <Section title="Our replies">
                <Stack gap="sm">
                  {c.replies.map((r) => (
                    <Card key={r.id} withBorder radius="sm" padding="sm" bg="gray.0">
                      <Text size="xs" c="dimmed" mb={4}>
                        {r.user ?? 'Staff'} · {formatDateTime(r.created_at)}
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {r.content}
                      </Text>
                    </Card>
                  ))}
                </Stack>
              </Section>
            )}
            {c.active ? (
              <ReplyForm conversation={c} onDone={afterChange} />
            ) : (
              // The server refuses a reply to an archived conversation, so one is never e-mailed twice.
              <Section title="Reply">
                <Text size="sm" c="dimmed" data-testid="reply-archived">
                  This conversation is archived: it has been answered or put away. Move it back to the inbox
                  to reply again.
                </Text>
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <CustomerCard conversation={c} />
            <TransferForm conversation={c} onDone={afterChange} />
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function CustomerCard({ conversation: c }: { conversation: Conversation }) {
  const itemRef = c.order_item_ref;
  // An order ref alone (no item) is shown through search, which lists the order's items.
  const orderLink = itemRef
    ? { to: `/orders/${encodeURIComponent(itemRef)}`, text: itemRef }
    : c.order_ref
      ? c.order_ref.includes('-')
        ? { to: `/orders/${encodeURIComponent(c.order_ref)}`, text: c.order_ref }
        : { to: `/search?q=${encodeURIComponent(c.order_ref)}`, text: c.order_ref }
      : null;
  return (
    <Section title="Customer">
      <DataList size="sm" gap="xs" labelWidth={90}>
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

function ReplyForm({ conversation: c, onDone }: { conversation: Conversation; onDone: () => void }) {
  const navigate = useNavigate();
  const [content, setContent] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const reply = useMutation({
    mutationFn: (body: ConversationReplyRequest) =>
      api.post(`conversations/${c.id}/reply`, body, ConversationResponseSchema),
    onSuccess: () => {
      onDone();
      notifySuccess(`Reply sent to ${c.email}; the conversation is archived.`);
      navigate('/dashboard');
    },
    onError: (error) => {
      if (isApiError(error, 422)) setFieldError(error.fieldErrors['response.content'] ?? error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) {
      setFieldError('Enter a reply.');
      return;
    }
    setFieldError(null);
    reply.mutate({ response: { content } });
  };

  return (
    <Section title="Reply">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Textarea
            label="Reply to the customer"
            description={`E-mailed to ${c.email}. Sending archives the conversation.`}
            withAsterisk
            required
            autosize
            minRows={6}
            maxRows={16}
            value={content}
            onChange={(e) => {
              setContent(e.currentTarget.value);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
          />
          {reply.isError && !isApiError(reply.error, 422) && (
            <Alert color="red" role="alert" title="The reply was not sent">
              {reply.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={reply.isPending}>
              Send reply and archive
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** The 409 answers of a transfer that the form turns into a question rather than a failure. */
function transferQuestion(error: unknown) {
  if (!isApiError(error, 409)) return null;
  if (error.code === 'choose_item') {
    const parsed = TransferChooseItemSchema.safeParse(error.details);
    return parsed.success ? { choose: parsed.data } : null;
  }
  if (error.code === 'different_customer') {
    const parsed = TransferDifferentCustomerSchema.safeParse(error.details);
    return parsed.success ? { confirm: parsed.data } : null;
  }
  return null;
}

function TransferForm({ conversation: c, onDone }: { conversation: Conversation; onDone: () => void }) {
  const navigate = useNavigate();
  const [ref, setRef] = useState(c.order_item_ref ? '' : (c.order_ref ?? ''));
  const [fieldError, setFieldError] = useState<string | null>(null);
  // An order with several items: the server lists them and staff choose one here, in the same form.
  const [choice, setChoice] = useState<TransferChooseItem | null>(null);
  const [itemRef, setItemRef] = useState<string | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);
  // Another customer's order: the server names both e-mails and waits for an explicit confirmation.
  const [confirm, setConfirm] = useState<TransferDifferentCustomer | null>(null);
  const transfer = useMutation({
    mutationFn: (body: ConversationTransfer) =>
      api.post(`conversations/${c.id}/transfer`, body, ConversationTransferredSchema),
    onError: (error) => {
      const question = transferQuestion(error);
      if (question?.choose) {
        setChoice(question.choose);
        setItemRef(null);
      } else if (question?.confirm) {
        setConfirm(question.confirm);
      } else if (isApiError(error, 422) && error.fieldErrors['order_item.item_ref']) {
        setItemError(error.fieldErrors['order_item.item_ref']);
      } else {
        // The alert carries the SPEC's wording; the server's reason (e.g. an unknown ref) sits on the field.
        setFieldError(error.message || null);
      }
    },
    onSuccess: (data) => {
      onDone();
      const target = data.order_item_ref ?? data.conversation.order_item_ref ?? ref.trim();
      notifySuccess(`Conversation transferred to ${target}.`);
      navigate(`/orders/${encodeURIComponent(target)}`);
    },
  });
  const failed = transfer.isError && transferQuestion(transfer.error) === null;

  const send = (confirmed: boolean) => {
    if (!ref.trim()) {
      setFieldError('Enter an order or item ref.');
      return;
    }
    if (choice && !itemRef) {
      setItemError('Choose the item this message is about.');
      return;
    }
    setFieldError(null);
    setItemError(null);
    transfer.mutate({
      order_item: { ref: ref.trim(), ...(choice && itemRef ? { item_ref: itemRef } : {}) },
      ...(confirmed ? { confirm_different_customer: true } : {}),
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  return (
    <Section title="Transfer to an order">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="xs" c="dimmed">
            The message becomes a comment on the order item and counts as the customer's reply. The
            conversation is archived.
          </Text>
          <TextInput
            label="Order or item ref"
            placeholder="e.g. 100234 or 100234-1"
            required
            withAsterisk
            value={ref}
            onChange={(e) => {
              setRef(e.currentTarget.value);
              setChoice(null);
              setItemRef(null);
              setItemError(null);
              setConfirm(null);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            autoComplete="off"
          />
          {choice && (
            <Radio.Group
              label={`Order ${choice.order_ref} has ${choice.items.length} items: which one is this message about?`}
              withAsterisk
              value={itemRef}
              onChange={(value) => {
                setItemRef(value);
                setItemError(null);
                setConfirm(null);
              }}
              error={itemError}
              data-testid="transfer-item-choice"
            >
              <Stack gap={6} mt={6}>
                {choice.items.map((item) => (
                  <Radio
                    key={item.ref}
                    value={item.ref}
                    label={`${item.ref} · ${item.type} · ${item.state_label}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {confirm ? (
            <Alert
              color="yellow"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              data-testid="transfer-confirm"
            >
              <Stack gap="xs">
                <Text size="sm" fw={700}>
                  This order belongs to another customer
                </Text>
                <Text size="sm">
                  The message is from <strong>{confirm.conversation_email}</strong>, but the order of{' '}
                  {confirm.order_item_ref} belongs to <strong>{confirm.order_email}</strong>. Transferring it
                  counts as that customer's reply on {confirm.order_item_ref}.
                </Text>
                <Group justify="flex-end" gap="xs">
                  <Button size="xs" variant="default" onClick={() => setConfirm(null)}>
                    Cancel
                  </Button>
                  <Button size="xs" loading={transfer.isPending} onClick={() => send(true)}>
                    Transfer anyway
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <>
              {failed && (
                <Alert
                  color="red"
                  role="alert"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  py="xs"
                  data-testid="transfer-failed"
                >
                  {TRANSFER_FAILED}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  variant="default"
                  leftSection={<IconTransfer size={16} aria-hidden />}
                  loading={transfer.isPending}
                >
                  Transfer
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Section>
  );
}

/**
 * /admin?tab=canned_replies: the canned replies staff insert into a conversation's reply box. Admins add, change
 * and delete them; placeholders such as {{customer_name}} are filled in when a reply is inserted.
 */
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PLACEHOLDERS } from '../../../domain/canned-replies';
import {
  type CannedReply,
  CannedReplyListSchema,
  type CannedReplyRequest,
  CannedReplyResponseSchema,
} from '../../../domain/contract/canned-replies';
import { api } from '../../api/client';
import { useForm } from '../../components/form';
import { GrowingTextarea } from '../../components/growing-textarea';
import { notifySuccess } from '../../lib/notify';
import { cannedRepliesQuery } from '../conversation/conversation-api';

type Draft = CannedReplyRequest['canned_reply'];
const EMPTY: Draft = { title: '', body: '' };

export default function CannedRepliesTab() {
  const list = useQuery(cannedRepliesQuery);
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`canned_replies/${id}`, CannedReplyListSchema),
    onSuccess: (data) => {
      queryClient.setQueryData(cannedRepliesQuery.queryKey, data);
      setDeleting(null);
      notifySuccess('Canned reply deleted.');
    },
  });
  const replies = list.data?.canned_replies ?? [];

  return (
    <Stack gap="md" data-testid="canned-replies-tab">
      <CannedReplyForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {list.isError && (
        <Alert color="red" role="alert">
          Could not load the canned replies: {list.error.message}
        </Alert>
      )}
      {remove.isError && (
        <Alert color="red" role="alert">
          {remove.error.message}
        </Alert>
      )}
      {list.isSuccess && replies.length === 0 && (
        <Text size="sm" c="dimmed">
          No canned replies yet: add the answers staff give most often.
        </Text>
      )}
      {replies.length > 0 && (
        <Table.ScrollContainer minWidth={560} type="native">
          {/* On a phone each reply is a card (web/styles.css, phone-cards). */}
          <Table aria-label="Canned replies" verticalSpacing="sm" fz="sm" className="phone-cards">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="25%">Title</Table.Th>
                <Table.Th>Reply</Table.Th>
                <Table.Th w={230}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {replies.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td data-label="Title" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.title}
                  </Table.Td>
                  <Table.Td data-label="Reply">
                    <Text
                      size="sm"
                      lineClamp={4}
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                    >
                      {r.body}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      reply={r}
                      confirming={deleting === r.id}
                      deleting={remove.isPending}
                      onEdit={() => setEditing(r)}
                      onAsk={(ask) => setDeleting(ask ? r.id : null)}
                      onDelete={() => remove.mutate(r.id)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Edit, and a two-step delete (ask, then delete for good). */
function RowActions(props: {
  reply: CannedReply;
  confirming: boolean;
  deleting: boolean;
  onEdit: () => void;
  onAsk: (ask: boolean) => void;
  onDelete: () => void;
}) {
  const { reply: r } = props;
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {props.confirming ? (
        <>
          <Button size="compact-sm" variant="default" onClick={() => props.onAsk(false)}>
            Keep
          </Button>
          <Button
            size="compact-sm"
            color="red"
            loading={props.deleting}
            onClick={props.onDelete}
            aria-label={`Delete ${r.title} for good`}
          >
            Delete for good
          </Button>
        </>
      ) : (
        <>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={`Edit ${r.title}`}
            onClick={props.onEdit}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`Delete ${r.title}`}
            onClick={() => props.onAsk(true)}
          >
            Delete
          </Button>
        </>
      )}
    </Group>
  );
}

function CannedReplyForm({ editing, onDone }: { editing: CannedReply | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: editing ? { title: editing.title, body: editing.body } : EMPTY,
    check: (draft) => ({
      title: draft.title.trim() ? undefined : 'Enter a title.',
      body: draft.body.trim() ? undefined : 'Enter the reply.',
    }),
    body: (draft): CannedReplyRequest => ({ canned_reply: draft }),
    send: (body) =>
      editing
        ? api.put(`canned_replies/${editing.id}`, body, CannedReplyResponseSchema)
        : api.post('canned_replies', body, CannedReplyResponseSchema),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: cannedRepliesQuery.queryKey });
      notifySuccess(editing ? 'Canned reply saved.' : 'Canned reply added.');
      form.reset(EMPTY);
      onDone();
    },
  });
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {editing ? `Edit “${editing.title}”` : 'Add a canned reply'}
        </Title>
        <TextInput label="Title" withAsterisk {...form.field('title')} maxLength={500} />
        <GrowingTextarea
          label="Text of the reply"
          withAsterisk
          minRows={4}
          {...form.field('body')}
          description={
            <>
              Placeholders filled in when staff insert it:{' '}
              {Object.keys(PLACEHOLDERS).map((name, i) => (
                <span key={name}>
                  {i > 0 && ', '}
                  <Code>{`{{${name}}}`}</Code>
                </span>
              ))}
              .
            </>
          }
        />
        {form.failure && (
          <Alert color="red" role="alert">
            {form.failure.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {editing && (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button
            type="submit"
            loading={form.saving}
            leftSection={editing ? undefined : <IconPlus size={16} aria-hidden />}
          >
            {editing ? 'Save' : 'Add canned reply'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The reply box under the thread: a reply to e-mail (Reply keeps the thread in the inbox; Reply and archive
 * archives it and the inbox opens the next thread), canned replies with their placeholders filled in, or a
 * staff-only note. In the reply, Ctrl+Enter (⌘+Enter) sends and Ctrl+Shift+Enter sends and archives.
 */
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconArchive, IconLock, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useState } from 'react';
import { fillPlaceholders } from '../../../domain/canned-replies';
import { type Conversation, ConversationResponseSchema } from '../../../domain/contract/conversations';
import { api, isApiError } from '../../api/client';
import { useCurrentUser } from '../../components/auth';
import { useForm } from '../../components/form';
import { GrowingTextarea } from '../../components/growing-textarea';
import { SegmentedToggle } from '../../components/segmented-toggle';
import { notifySuccess } from '../../lib/notify';
import { cannedRepliesQuery } from './conversation-api';
import { Section } from './section';

type Mode = 'reply' | 'note';
type Send = 'stay' | 'archive';

/** What the composer needs from the screen around it. */
export interface ComposerProps {
  conversation: Conversation;
  /** After any change: refetch what shows the thread and the inbox. */
  onDone: () => void;
  /** After Reply and archive: the inbox opens the next thread. */
  onArchived: () => void;
  /** The reply's text box, which `r` focuses. */
  replyRef?: Ref<HTMLTextAreaElement>;
}

/** Ctrl+Enter (⌘+Enter on a Mac) sends; with Shift, sends and archives; null for any other key. */
export function sendChord(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey) return null;
  return event.shiftKey ? ('archive' as const) : ('stay' as const);
}

export function Composer({ conversation: c, onDone, onArchived, replyRef }: ComposerProps) {
  const [mode, setMode] = useState<Mode>('reply');
  return (
    <Section
      title={mode === 'reply' ? 'Reply' : 'Internal note'}
      testId="composer"
      aside={
        <SegmentedToggle
          label="Write a reply or a note"
          value={mode}
          onChange={setMode}
          data={[
            { value: 'reply', label: 'Reply' },
            { value: 'note', label: 'Note' },
          ]}
        />
      }
    >
      {mode === 'reply' ? (
        c.active ? (
          <ReplyForm conversation={c} onDone={onDone} onArchived={onArchived} replyRef={replyRef} />
        ) : (
          // The server refuses a reply to an archived conversation, so one is never e-mailed twice.
          <Text size="sm" c="dimmed" data-testid="reply-archived">
            This conversation is archived: it has been answered or put away. Move it back to the inbox to
            reply again.
          </Text>
        )
      ) : (
        <NoteForm conversation={c} onDone={onDone} />
      )}
    </Section>
  );
}

function CannedReplyPicker({
  conversation: c,
  onInsert,
}: {
  conversation: Conversation;
  onInsert: (text: string) => void;
}) {
  const user = useCurrentUser();
  const canned = useQuery(cannedRepliesQuery);
  const replies = canned.data?.canned_replies ?? [];
  return (
    <Select
      label="Insert a canned reply"
      placeholder={replies.length ? 'Choose one…' : 'No canned replies yet'}
      disabled={replies.length === 0}
      searchable
      size="xs"
      value={null}
      data={replies.map((r) => ({ value: String(r.id), label: r.title }))}
      onChange={(value) => {
        const chosen = replies.find((r) => String(r.id) === value);
        if (!chosen) return;
        onInsert(
          fillPlaceholders(chosen.body, {
            customer_name: c.name,
            customer_email: c.email,
            order_ref: c.order_item_ref ?? c.order_ref ?? '',
            staff_name: user.name,
          }),
        );
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="canned-reply-picker"
    />
  );
}

function ReplyForm({ conversation: c, onDone, onArchived, replyRef }: ComposerProps) {
  const form = useForm({
    initial: { content: '', send: 'stay' as Send },
    check: ({ content }) => ({ content: content.trim() ? undefined : 'Enter a reply.' }),
    send: ({ send, content }) =>
      send === 'archive'
        ? api.post(`conversations/${c.id}/reply`, { response: { content } }, ConversationResponseSchema)
        : api.post(
            `conversations/${c.id}/replies`,
            { response: { content, lock_version: c.lock_version } },
            ConversationResponseSchema,
          ),
    onSuccess: (_, { send }) => {
      onDone();
      if (send === 'archive') {
        notifySuccess(`Reply sent to ${c.email}; the conversation is archived.`);
        onArchived();
      } else {
        notifySuccess(`Reply sent to ${c.email}.`);
        form.reset();
      }
    },
    onFailure: (error) => {
      // Stale: the thread moved on (a new customer message); show it, keep what was typed.
      if (isApiError(error, 409)) onDone();
      if (isApiError(error, 422)) return { content: error.message };
    },
  });
  const sending = (send: Send) => form.saving && form.values.send === send;

  return (
    <form onSubmit={(event) => form.submit(event, { send: 'stay' })} noValidate>
      <Stack gap="sm">
        <CannedReplyPicker
          conversation={c}
          onInsert={(text) => {
            const current = form.values.content;
            form.set({ content: current.trim() ? `${current.trimEnd()}\n\n${text}` : text });
          }}
        />
        <GrowingTextarea
          ref={replyRef}
          label="Reply to the customer"
          description={`E-mailed to ${c.email}. Ctrl+Enter sends; Ctrl+Shift+Enter sends and archives.`}
          withAsterisk
          required
          minRows={5}
          maxRows={16}
          {...form.field('content')}
          onKeyDown={(event) => {
            const send = sendChord(event);
            if (send === null || form.saving) return;
            event.preventDefault();
            form.submit(null, { send });
          }}
          data-testid="reply-text"
        />
        {form.failure && (
          <Alert color="red" role="alert" title="The reply was not sent">
            {form.failure.message}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button
            type="submit"
            variant="default"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending('stay')}
            disabled={form.saving}
          >
            Send reply
          </Button>
          <Button
            leftSection={<IconArchive size={16} aria-hidden />}
            loading={sending('archive')}
            disabled={form.saving}
            onClick={() => form.submit(null, { send: 'archive' })}
          >
            Send reply and archive
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NoteForm({ conversation: c, onDone }: { conversation: Conversation; onDone: () => void }) {
  const form = useForm({
    initial: { body: '' },
    check: ({ body }) => ({ body: body.trim() ? undefined : 'Enter a note.' }),
    send: ({ body }) =>
      api.post(`conversations/${c.id}/notes`, { note: { body } }, ConversationResponseSchema),
    onSuccess: () => {
      onDone();
      form.reset();
      notifySuccess('Note added.');
    },
    onFailure: (error) => (isApiError(error, 422) ? { body: error.message } : undefined),
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack gap="sm">
        <GrowingTextarea
          label="Note for staff"
          description="Only staff see notes; they are never e-mailed to the customer."
          withAsterisk
          required
          minRows={3}
          maxRows={10}
          {...form.field('body')}
        />
        {form.failure && (
          <Alert color="red" role="alert" title="The note was not added">
            {form.failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            color="yellow"
            variant="light"
            leftSection={<IconLock size={16} aria-hidden />}
            loading={form.saving}
          >
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

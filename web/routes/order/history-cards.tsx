/**
 * Beside the panels: the comments and the item's timeline, newest first. Only comments that need action
 * (customer messages, notes, escalations…) carry the "Actioned" tick and count as to-dos.
 */
import { Checkbox, Group, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import type { Comment, OrderItemEvent } from '../../../domain/contract/order-item';
import { formatDateTime } from '../../../domain/format';
import { ScrollBox } from '../../components/scroll-box';
import { SectionCard } from '../../components/section-card';
import { describeEvent } from './event-text';
import { itemPath } from './order-api';
import { COMMENT_KINDS } from './order-labels';
import { ActionAlert, useAction, useOrderItem } from './panel-kit';
import { EmptyLine } from './side-card';
import { ToneBadge } from './tone-badge';

function CommentRow({ comment, onToggle, busy }: { comment: Comment; onToggle: () => void; busy: boolean }) {
  const who = comment.author ?? (comment.kind === 'customer' ? 'Customer' : 'System');
  return (
    <Stack
      gap={4}
      px="md"
      py={8}
      // A done to-do is set back on a grey ground (dimming its text would fail contrast).
      bg={comment.needs_action && comment.actioned ? 'gray.0' : undefined}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="comment"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <ToneBadge size="xs" tone="gray" style={{ flexShrink: 0 }}>
            {COMMENT_KINDS[comment.kind] ?? comment.kind.replaceAll('_', ' ')}
          </ToneBadge>
          <Text size="xs" fw={500} truncate="end">
            {who}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatDateTime(comment.created_at)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.body}
      </Text>
      {comment.needs_action && (
        <Checkbox
          size="xs"
          label="Actioned"
          checked={comment.actioned}
          disabled={busy}
          onChange={onToggle}
          aria-label={`Actioned: ${COMMENT_KINDS[comment.kind] ?? comment.kind} by ${who}, ${formatDateTime(comment.created_at)}`}
        />
      )}
    </Stack>
  );
}

export function CommentsCard() {
  const { item } = useOrderItem();
  const toggle = useAction('comments', () => '');
  const [busy, setBusy] = useState<number | null>(null);
  const comments = [...item.comments].reverse();
  const open = comments.filter((c) => c.needs_action && !c.actioned).length;

  const run = async (id: number) => {
    setBusy(id);
    await toggle.run({ path: `${itemPath(item, 'comments')}/${id}/toggle`, noLock: true });
    setBusy(null);
  };

  return (
    <SectionCard
      dense
      title="Comments"
      count={comments.length}
      actions={
        open > 0 ? (
          <Text size="xs" c="dimmed">
            {open} to action
          </Text>
        ) : undefined
      }
    >
      {toggle.failure && (
        <Stack p="sm">
          <ActionAlert failure={toggle.failure} onClose={toggle.clearFailure} />
        </Stack>
      )}
      {comments.length === 0 ? (
        <EmptyLine>No comments yet. Notes, escalations and customer messages appear here.</EmptyLine>
      ) : (
        <ScrollBox maxHeight={420} label="Comments, newest first">
          {comments.map((c) => (
            <CommentRow key={c.id} comment={c} onToggle={() => run(c.id)} busy={busy === c.id} />
          ))}
        </ScrollBox>
      )}
    </SectionCard>
  );
}

function EventItem({ event }: { event: OrderItemEvent }) {
  const { title, byline, stateChange, facts, quote } = describeEvent(event);
  return (
    <Stack gap={2} data-testid="timeline-event">
      <Text size="sm" fw={600} lh={1.3}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {byline}
      </Text>
      {stateChange && <Text size="xs">{stateChange}</Text>}
      {facts.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Text>
      )}
      {quote && (
        <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{quote}”
        </Text>
      )}
    </Stack>
  );
}

export function TimelineCard() {
  const { item } = useOrderItem();
  const events = item.events;
  return (
    <SectionCard dense title="Timeline" count={events.length}>
      {events.length === 0 ? (
        <EmptyLine>Nothing has happened to this item yet.</EmptyLine>
      ) : (
        <ScrollBox maxHeight={520} label="Timeline, newest first">
          <Timeline bulletSize={10} lineWidth={2} px="md" py="sm" active={0} aria-label="Timeline">
            {events.map((e) => (
              <Timeline.Item key={e.id}>
                <EventItem event={e} />
              </Timeline.Item>
            ))}
          </Timeline>
        </ScrollBox>
      )}
    </SectionCard>
  );
}

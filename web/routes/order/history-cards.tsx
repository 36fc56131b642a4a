/** Beside the panels: the comments (with their "actioned" tick) and the item's timeline, newest first. */
import { Checkbox, Group, ScrollArea, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import type { Comment, OrderItemEvent } from '../../../domain/contract/order-item';
import { formatDateTime, formatPence } from '../../../domain/format';
import { DESPATCH_OPTIONS, GRO_DESTINATIONS } from '../../../domain/options';
import { SectionCard } from '../../components/section-card';
import { addressLines } from './details-fields';
import { itemPath } from './order-api';
import { ADDRESS_RECORD_NAMES, bareStateLabel, COMMENT_KINDS, eventLabel, FIELD_NAMES } from './order-labels';
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
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid="comment"
      opacity={comment.actioned ? 0.75 : 1}
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
      <Checkbox
        size="xs"
        label="Actioned"
        checked={comment.actioned}
        disabled={busy}
        onChange={onToggle}
        aria-label={`Actioned: ${COMMENT_KINDS[comment.kind] ?? comment.kind} by ${who}, ${formatDateTime(comment.created_at)}`}
      />
    </Stack>
  );
}

export function CommentsCard() {
  const { item } = useOrderItem();
  const toggle = useAction('comments', () => '');
  const [busy, setBusy] = useState<number | null>(null);
  const comments = [...item.comments].reverse();
  const open = comments.filter((c) => !c.actioned).length;

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
        <ScrollArea.Autosize
          mah={420}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': 'Comments, newest first' }}
        >
          {comments.map((c) => (
            <CommentRow key={c.id} comment={c} onToggle={() => run(c.id)} busy={busy === c.id} />
          ))}
        </ScrollArea.Autosize>
      )}
    </SectionCard>
  );
}

const MONEY_KEYS = new Set([
  'cost',
  'refundAmount',
  'amount',
  'new_in_pence',
  'difference_in_pence',
  'refund_in_pence',
  'fco_cost',
  'despatch_cost',
  'from_in_pence',
  'to_in_pence',
]);
const TEXT_KEYS = ['message', 'notes', 'body'];
const KEY_NAMES: Readonly<Record<string, string>> = {
  refundAmount: 'refund',
  new_in_pence: 'new total',
  difference_in_pence: 'difference',
  refund_in_pence: 'refund',
  despatched_on: 'despatched on',
  despatchedOn: 'despatched on',
  despatchTo: 'to',
  responseRequired: 'response required',
  receivedOn: 'received on',
  despatchBy: 'despatch',
  via: 'changed on',
  from_in_pence: 'was',
  to_in_pence: 'now',
};

/** An edited value as the timeline shows it: a whole address (added or removed) as one line. */
function editedValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') {
    const a = value as Record<string, string | null>;
    return [
      a.name,
      addressLines({
        id: 0,
        name: '',
        line_1: '',
        line_2: null,
        city: '',
        state: null,
        zip: '',
        country_code: '',
        ...a,
      }),
    ]
      .filter(Boolean)
      .join(', ');
  }
  return String(value);
}

function valueText(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatPence(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (key === 'destination' || key === 'despatchTo')
    return GRO_DESTINATIONS.find((d) => d.value === value)?.label ?? String(value);
  if (key === 'despatchBy') return DESPATCH_OPTIONS.find((d) => d.value === value)?.label ?? String(value);
  if (typeof value === 'object') return null;
  return String(value).replaceAll('_', ' ');
}

/** The readable details of an event's payload: a quoted text and a few key facts. */
function eventDetails(event: OrderItemEvent): { quote: string | null; facts: string[] } {
  const payload = (event.payload && typeof event.payload === 'object' ? event.payload : {}) as Record<
    string,
    unknown
  >;
  if (event.action === 'edit_field') {
    const field = String(payload.field ?? '');
    const which = ADDRESS_RECORD_NAMES[String(payload.record ?? '')];
    const name = `${which ? `${which} ` : ''}${FIELD_NAMES[field] ?? field}`;
    const facts = [`${name}: ${editedValue(payload.from)} → ${editedValue(payload.to)}`];
    if (typeof payload.via === 'string') facts.push(`changed on ${payload.via}`);
    return { quote: null, facts };
  }
  const quoteKey = TEXT_KEYS.find((k) => typeof payload[k] === 'string' && payload[k] !== '');
  const facts: string[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (TEXT_KEYS.includes(key) || /id$|Id$|_ids?$|Ids$/.test(key) || key === 'attributes') continue;
    const text = valueText(key, value);
    if (text !== null) facts.push(`${KEY_NAMES[key] ?? key.replaceAll('_', ' ')}: ${text}`);
  }
  return { quote: quoteKey ? String(payload[quoteKey]) : null, facts };
}

function EventItem({ event }: { event: OrderItemEvent }) {
  const from = bareStateLabel(event.from_state);
  const to = bareStateLabel(event.to_state);
  const { quote, facts } = eventDetails(event);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} lh={1.3}>
        {eventLabel(event.action)}
      </Text>
      <Text size="xs" c="dimmed">
        {event.user ?? 'System'} · {formatDateTime(event.created_at)}
      </Text>
      {from && to && from !== to && (
        <Text size="xs">
          {from} → {to}
        </Text>
      )}
      {facts.length > 0 && (
        <Text size="xs" c="dimmed">
          {facts.join(' · ')}
        </Text>
      )}
      {quote && (
        <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
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
        <ScrollArea.Autosize
          mah={520}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': 'Timeline, newest first' }}
        >
          <Timeline bulletSize={10} lineWidth={2} px="md" py="sm" active={0} aria-label="Timeline">
            {events.map((e) => (
              <Timeline.Item key={e.id}>
                <EventItem event={e} />
              </Timeline.Item>
            ))}
          </Timeline>
        </ScrollArea.Autosize>
      )}
    </SectionCard>
  );
}

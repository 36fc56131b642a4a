/** An outbox message's delivery state as a coloured badge, with what it means on hover. */
import { Badge, Tooltip } from '@mantine/core';
import type { OutboxStatus } from '../../../domain/contract/outbox';

// Text darker than Mantine's light-variant default, for AA contrast (4.5:1) on the tinted background.
export const STATUS: Record<OutboxStatus, { label: string; color: string; text: string; help: string }> = {
  pending: {
    label: 'Pending',
    color: 'yellow',
    text: '#8a5a00',
    help: 'Waiting to be sent (or to be retried).',
  },
  sending: { label: 'Sending', color: 'blue', text: '#1864ab', help: 'Being handed to the mail server now.' },
  sent: { label: 'Sent', color: 'green', text: '#1f6b30', help: 'Accepted by the mail server.' },
  failed: { label: 'Failed', color: 'red', text: '#a61e1e', help: 'Gave up after repeated failures.' },
  bounced: {
    label: 'Bounced',
    color: 'grape',
    text: '#862e9c',
    help: "Sent, then reported undeliverable by the recipient's mail server (a bounce came back).",
  },
};

export function StatusBadge({ status }: { status: OutboxStatus }) {
  const s = STATUS[status] ?? { label: status, color: 'gray', text: '#343a40', help: '' };
  return (
    <Tooltip label={s.help} disabled={!s.help}>
      <Badge color={s.color} c={s.text} variant="light" radius="sm" tt="none" fw={600} data-status={status}>
        {s.label}
      </Badge>
    </Tooltip>
  );
}

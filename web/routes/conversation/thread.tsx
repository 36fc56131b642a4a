/** The thread: the customer's messages, our e-mailed replies and staff-only notes, oldest first, refs linked. */
import { Anchor, Badge, Box, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import { IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ThreadEntry } from '../../../domain/contract/conversations';
import { formatDateTime } from '../../../domain/format';
import { paths } from '../../paths';
import { CustomerHtml, LinkedText } from './message-text';

const LOOK = {
  customer: {
    label: 'Customer',
    color: 'blue',
    bg: 'white',
    border: 'var(--mantine-color-blue-4)',
    Icon: IconUser,
  },
  reply: {
    label: 'Reply e-mailed',
    color: 'teal',
    bg: 'var(--mantine-color-gray-0)',
    border: 'var(--mantine-color-teal-5)',
    Icon: IconMail,
  },
  note: {
    label: 'Internal note',
    color: 'yellow',
    bg: 'var(--mantine-color-yellow-0)',
    border: 'var(--mantine-color-yellow-6)',
    Icon: IconLock,
  },
} as const;

function Entry({ entry }: { entry: ThreadEntry }) {
  const look = LOOK[entry.kind];
  return (
    <Paper
      component="article"
      withBorder
      radius="sm"
      p="sm"
      bg={look.bg}
      style={{
        borderLeft: `4px solid ${look.border}`,
        marginLeft: entry.kind === 'customer' ? 0 : 'min(2rem, 6%)',
      }}
      data-testid={`thread-${entry.kind}`}
      aria-label={`${look.label}, ${entry.author ?? 'staff'}, ${formatDateTime(entry.created_at)}`}
    >
      <Group justify="space-between" gap={6} mb={6} wrap="wrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge
            size="xs"
            radius="sm"
            variant="light"
            color={look.color}
            leftSection={<look.Icon size={11} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {look.label}
          </Badge>
          <Text size="xs" fw={600} truncate="end">
            {entry.author ?? 'Staff'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.created_at)}
        </Text>
      </Group>
      {entry.kind === 'customer' ? (
        // The server sanitises customer HTML when it stores and again when it serves it; it is rebuilt as
        // React elements (never injected), its refs linked.
        <Typography fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="conversation-content">
          <CustomerHtml html={entry.content} />
        </Typography>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <LinkedText text={entry.content} />
        </Text>
      )}
      {entry.kind === 'customer' && entry.order_item_ref && (
        <Text size="xs" c="dimmed" mt={6}>
          On{' '}
          <Anchor component={Link} to={paths.orderItem(entry.order_item_ref)} size="xs">
            {entry.order_item_ref}
          </Anchor>
        </Text>
      )}
    </Paper>
  );
}

export function Thread({ messages }: { messages: readonly ThreadEntry[] }) {
  return (
    <Box component="section" aria-label="Thread">
      <Stack gap="sm" data-testid="thread">
        {messages.map((entry) => (
          <Entry key={`${entry.kind}-${entry.id}`} entry={entry} />
        ))}
      </Stack>
    </Box>
  );
}

/** The thread: the customer's messages, our e-mailed replies and staff-only notes, oldest first, refs linked. */
import {
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  List,
  Paper,
  Stack,
  Text,
  Typography,
} from '@mantine/core';
import { IconLock, IconMail, IconPaperclip, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { InboundFile, ThreadEntry } from '../../../domain/contract/conversations';
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
      {entry.kind === 'customer' && entry.quoted && <QuotedHistory html={entry.quoted} />}
      {entry.kind === 'customer' && entry.files && entry.files.length > 0 && (
        <MessageFiles files={entry.files} />
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

/** The history an e-mail quoted, folded until asked for. */
function QuotedHistory({ html }: { html: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box mt={6}>
      <Button
        variant="subtle"
        size="compact-xs"
        color="gray"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="quoted-toggle"
      >
        {open ? 'Hide quoted text' : 'Show quoted text'}
      </Button>
      <Collapse expanded={open}>
        <Typography
          fz="sm"
          c="dimmed"
          mt={4}
          pl="sm"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-4)', overflowWrap: 'anywhere' }}
          data-testid="quoted-text"
        >
          <CustomerHtml html={html} />
        </Typography>
      </Collapse>
    </Box>
  );
}

/** Files of an e-mail that did not become uploads: listed by name, type and size, never opened from here. */
function MessageFiles({ files }: { files: readonly InboundFile[] }) {
  return (
    <Box mt={6} data-testid="message-files">
      <Text size="xs" fw={600}>
        Other files in this e-mail (not opened here)
      </Text>
      <List size="xs" spacing={2}>
        {files.map((f) => (
          <List.Item
            key={`${f.filename}-${f.content_type}-${f.byte_size}`}
            icon={<IconPaperclip size={12} aria-hidden />}
          >
            {f.filename} · {f.content_type} · {formatBytes(f.byte_size)}{' '}
            <Text span size="xs" c="dimmed">
              ({f.reason})
            </Text>
          </List.Item>
        ))}
      </List>
    </Box>
  );
}

const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

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

/**
 * One outbox message opened from the list (?message=ID): its headers, the HTML part as sent beside the text part
 * (email-bodies.tsx: the HTML in an iframe sandboxed with no scripts and a policy refusing remote content), the
 * attachments to download, the copies made of it, and "Resend" (admins): a new outbox entry, made once per
 * click whatever the network does.
 */
import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconRepeat } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { OutboxMessageDetail } from '../../../domain/contract/outbox';
import { formatDateTime } from '../../../domain/format';
import { queryKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { EmailBodies } from './email-bodies';
import { outboxMessageQuery, resendMessage } from './outbox-api';
import { kindLabel } from './outbox-model';
import classes from './outbox-page.module.css';
import { StatusBadge } from './outbox-status';

function Header({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={120} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td className={classes.headerValue}>{children}</Table.Td>
    </Table.Tr>
  );
}

const when = (iso: string | null, none = '—') => (iso ? formatDateTime(iso) : none);

function Headers({ m, linkTo }: { m: OutboxMessageDetail; linkTo: (id: number) => string }) {
  return (
    <Table fz="sm" verticalSpacing={4} horizontalSpacing="xs" aria-label="Message headers">
      <Table.Tbody>
        <Header label="From">{m.from}</Header>
        <Header label="To">{m.to}</Header>
        <Header label="Subject">{m.subject}</Header>
        <Header label="Kind">{kindLabel(m.kind)}</Header>
        <Header label="State">
          <Group gap="xs">
            <StatusBadge status={m.status} />
            <Text span size="sm" c="dimmed">
              {m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}
            </Text>
          </Group>
        </Header>
        <Header label="Created">{when(m.created_at)}</Header>
        <Header label="Sent">{when(m.sent_at, 'Not yet')}</Header>
        {m.next_attempt_at && <Header label="Next attempt">{when(m.next_attempt_at)}</Header>}
        {m.last_error && (
          <Header label="Last error">
            <Text span size="sm" c="red.8">
              {m.last_error}
            </Text>
          </Header>
        )}
        {m.order_item_ref && (
          <Header label="Order item">
            <Anchor component={Link} to={paths.orderItem(m.order_item_ref)} size="sm" fw={600}>
              {m.order_item_ref}
            </Anchor>
          </Header>
        )}
        {m.resent_from_id && (
          <Header label="Resend of">
            <Anchor component={Link} to={linkTo(m.resent_from_id)} size="sm">
              Message #{m.resent_from_id}
            </Anchor>
          </Header>
        )}
        <Header label="Message-ID">
          <Text span size="xs" ff="monospace">
            {m.message_id}
          </Text>
        </Header>
      </Table.Tbody>
    </Table>
  );
}

function Attachments({ m }: { m: OutboxMessageDetail }) {
  if (m.attachments.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Attachments
      </Text>
      <List size="sm" spacing={4} aria-label="Attachments">
        {m.attachments.map((a) => (
          <List.Item key={a.id} icon={<IconDownload size={14} aria-hidden />}>
            {a.download_path ? (
              <Anchor href={a.download_path} download={a.filename} size="sm">
                {a.filename}
              </Anchor>
            ) : (
              <Text span size="sm" c="dimmed">
                {a.filename}
              </Text>
            )}{' '}
            <Text span size="xs" c="dimmed">
              ({a.content_type})
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** Resend, confirmed first: the click's key is made when the dialog opens, so a retried request finds its copy. */
function ResendButton({ m, onResent }: { m: OutboxMessageDetail; onResent: (copyId: number) => void }) {
  const queryClient = useQueryClient();
  const [key, setKey] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: (resendKey: string) => resendMessage(m.id, resendKey),
    onSuccess: ({ message }) => {
      setKey(null);
      notifySuccess(`A copy of the e-mail to ${m.to} is queued.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.outbox.all });
      onResent(message.id);
    },
    onError: (error) => notifyError(error, 'Could not resend the e-mail'),
  });
  const onTheWay = m.status === 'pending' || m.status === 'sending';
  return (
    <>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconRepeat size={14} aria-hidden />}
        disabled={onTheWay}
        title={onTheWay ? 'It is still on its way; resend once it is sent or failed.' : undefined}
        onClick={() => setKey(crypto.randomUUID())}
      >
        Resend
      </Button>
      <Modal opened={key !== null} onClose={() => setKey(null)} title="Resend this e-mail?" centered>
        <Text size="sm">
          A new copy of “{m.subject}” goes to {m.to}. The customer receives it again; this message stays as it
          is.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setKey(null)} disabled={resend.isPending}>
            Cancel
          </Button>
          <Button loading={resend.isPending} onClick={() => key && resend.mutate(key)}>
            Resend
          </Button>
        </Group>
      </Modal>
    </>
  );
}

export function OutboxMessageDrawer({
  id,
  onClose,
  linkTo,
}: {
  id: number | null;
  onClose: () => void;
  /** The URL that opens another message (a copy or the original) with the list's filters kept. */
  linkTo: (id: number) => string;
}) {
  const query = useQuery({ ...outboxMessageQuery(id ?? 0), enabled: id !== null });
  const m = query.data?.message;
  // "Queued as #n" belongs to the message it was resent from, not to the next one opened.
  const [resent, setResent] = useState<{ from: number; copy: number } | null>(null);
  const resentAs = resent && resent.from === id ? resent.copy : null;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="min(720px, 100vw)"
      title={m ? m.subject : 'Message'}
      classNames={{ title: classes.drawerTitle }}
      closeButtonProps={{ 'aria-label': 'Close the message' }}
    >
      {query.isPending ? (
        <Stack gap="xs" aria-busy>
          <Skeleton h={14} />
          <Skeleton h={14} w="60%" />
          <Skeleton h={200} />
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={16} aria-hidden />}
          title="Could not open the message"
        >
          {query.error.message}
        </Alert>
      ) : m ? (
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed">
              Message #{m.id}
            </Text>
            <ResendButton m={m} onResent={(copy) => setResent({ from: m.id, copy })} />
          </Group>
          {resentAs && (
            <Alert color="green" variant="light" role="status">
              Queued as{' '}
              <Anchor component={Link} to={linkTo(resentAs)} size="sm">
                message #{resentAs}
              </Anchor>
              .
            </Alert>
          )}
          <Headers m={m} linkTo={linkTo} />
          <EmailBodies
            subject={m.subject}
            text={m.text_body}
            html={m.html_body}
            testId="outbox"
            frameHeight={520}
          />
          <Attachments m={m} />
          {m.resends.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Resent as
              </Text>
              <List size="sm" spacing={4} aria-label="Copies resent from this message">
                {m.resends.map((c) => (
                  <List.Item key={c.id}>
                    <Anchor component={Link} to={linkTo(c.id)} size="sm">
                      Message #{c.id}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed">
                      {formatDateTime(c.created_at)}
                    </Text>{' '}
                    <StatusBadge status={c.status} />
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Stack>
      ) : null}
    </Drawer>
  );
}

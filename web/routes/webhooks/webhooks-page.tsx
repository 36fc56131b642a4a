/**
 * /webhooks (admins, issue 48): the shops' receivers of webhooks. Add one (its signing secret is shown once),
 * change it, disable or enable it, rotate its secret, delete it, send it a test event; the delivery log of the
 * one chosen (?endpoint=ID) below the list.
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconDots,
  IconKey,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { WebhookEndpoint } from '../../../domain/contract/webhooks';
import { formatDateTime } from '../../../domain/format';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-title';
import { notifyError, notifySuccess } from '../../lib/notify';
import { paths } from '../../paths';
import { DeliveryLog } from './delivery-log';
import { ConfirmModal, EndpointFormModal, SecretModal } from './endpoint-dialogs';
import { changeEndpoint, deleteEndpoint, endpointsQuery, rotateSecret, sendTestEvent } from './webhooks-api';

const icon = { size: 16, stroke: 1.6, 'aria-hidden': true } as const;
const COLUMNS = 5;

const STATUS = {
  active: { label: 'Active', color: 'green', text: '#1f6b30', help: 'Deliveries go out as events happen.' },
  failing: {
    label: 'Failing',
    color: 'red',
    text: '#a61e1e',
    help: 'No delivery has succeeded for a day; they are still retried.',
  },
  disabled: {
    label: 'Disabled',
    color: 'gray',
    text: '#495057',
    help: 'Nothing is sent until it is enabled.',
  },
} as const;

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; endpoint: WebhookEndpoint; secret: string; rotated: boolean }
  | { kind: 'rotate'; endpoint: WebhookEndpoint }
  | { kind: 'delete'; endpoint: WebhookEndpoint }
  | null;

export default function WebhooksPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = useQuery(endpointsQuery);
  const [dialog, setDialog] = useState<Dialog>(null);
  const endpoints = list.data ?? [];
  const chosenId = Number(params.get('endpoint'));
  const chosen = endpoints.find((e) => e.id === chosenId) ?? null;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
  const choose = (id: number) => setParams({ endpoint: String(id) }, { replace: true });

  const toggle = useMutation({
    mutationFn: (e: WebhookEndpoint) => changeEndpoint(e.id, { enabled: !e.enabled }),
    onSuccess: ({ webhook_endpoint: e }) => {
      notifySuccess(
        e.enabled ? `${e.url} is enabled again.` : `${e.url} is disabled: nothing is sent to it.`,
      );
      void refresh();
    },
    onError: (error) => notifyError(error, 'Could not change the endpoint'),
  });
  const test = useMutation({
    mutationFn: (e: WebhookEndpoint) => sendTestEvent(e.id),
    onSuccess: (_answer, e) => {
      notifySuccess(`A test event is on its way to ${e.url}.`);
      choose(e.id);
      void refresh();
    },
    onError: (error) => notifyError(error, 'Could not send a test event'),
  });
  const rotate = useMutation({
    mutationFn: (e: WebhookEndpoint) => rotateSecret(e.id),
    onSuccess: ({ webhook_endpoint, secret }) => {
      setDialog({ kind: 'secret', endpoint: webhook_endpoint, secret, rotated: true });
      void refresh();
    },
    onError: (error) => notifyError(error, 'Could not rotate the secret'),
  });
  const remove = useMutation({
    mutationFn: (e: WebhookEndpoint) => deleteEndpoint(e.id),
    onSuccess: (_answer, e) => {
      notifySuccess(`Deleted ${e.url} and its delivery log.`);
      setDialog(null);
      if (chosenId === e.id) setParams({}, { replace: true });
      void refresh();
    },
    onError: (error) => notifyError(error, 'Could not delete the endpoint'),
  });

  return (
    <>
      <PageHeader
        title="Webhooks"
        description="The shops' receivers of signed webhooks: what they hear of, how each delivery went, and a test event to try one."
        actions={
          <Button
            leftSection={<IconPlus {...icon} />}
            onClick={() => setDialog({ kind: 'form', endpoint: null })}
          >
            Add endpoint
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md">
          {/* On a phone each endpoint is a card of labelled lines (web/styles.css, phone-cards). */}
          <Table.ScrollContainer minWidth={940} type="native">
            <Table
              fz="sm"
              aria-label="Webhook endpoints"
              verticalSpacing={8}
              horizontalSpacing="md"
              className="phone-cards"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receiver</Table.Th>
                  <Table.Th w={110}>Events</Table.Th>
                  <Table.Th w={120}>State</Table.Th>
                  <Table.Th w={190}>Deliveries</Table.Th>
                  <Table.Th w={200}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  [0, 1].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={COLUMNS}>
                        {i === 0 && <VisuallyHidden role="status">Loading the endpoints…</VisuallyHidden>}
                        <Skeleton h={14} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : list.isError ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} py="lg">
                      <Group justify="center" gap="sm">
                        <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                        <Text size="sm" c="red.8">
                          Could not load the endpoints: {list.error.message}
                        </Text>
                        <Button size="xs" variant="default" onClick={() => list.refetch()}>
                          Try again
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ) : endpoints.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} py="lg" ta="center" c="dimmed">
                      No endpoints yet: add the shop's receiver to tell it of refunds, changes, despatches and
                      replies.
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  endpoints.map((e) => (
                    <Table.Tr
                      key={e.id}
                      data-testid="endpoint-row"
                      // The chosen one is marked by a bar at its left: a tinted row would lower its grey text's contrast.
                      style={
                        e.id === chosenId
                          ? { boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)' }
                          : undefined
                      }
                    >
                      <Table.Td data-label="Receiver">
                        <Anchor
                          component={Link}
                          to={paths.webhooks(e.id)}
                          replace
                          size="sm"
                          fw={600}
                          style={{ wordBreak: 'break-all' }}
                          aria-current={e.id === chosenId ? 'true' : undefined}
                        >
                          {e.url}
                        </Anchor>
                        {e.description && (
                          <Text size="xs" c="dimmed">
                            {e.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td data-label="Events">
                        <Tooltip label={e.events.join(', ')} multiline maw={360}>
                          <Text size="sm" tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
                            {e.events.length === 1 ? '1 event' : `${e.events.length} events`}
                          </Text>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td data-label="State">
                        <Tooltip label={STATUS[e.status].help}>
                          <Badge
                            color={STATUS[e.status].color}
                            c={STATUS[e.status].text}
                            variant="light"
                            radius="sm"
                            tt="none"
                            fw={600}
                          >
                            {STATUS[e.status].label}
                          </Badge>
                        </Tooltip>
                        {e.failing_since && (
                          <Text size="xs" c="red.8" mt={2}>
                            Failing since {formatDateTime(e.failing_since)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td data-label="Deliveries">
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {e.pending_count} pending · {e.failed_count} failed
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {e.last_success_at
                            ? `Last delivered ${formatDateTime(e.last_success_at)}`
                            : 'None delivered yet'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <Button
                            size="compact-sm"
                            variant="light"
                            leftSection={<IconSend size={14} aria-hidden />}
                            disabled={!e.enabled}
                            loading={test.isPending && test.variables?.id === e.id}
                            onClick={() => test.mutate(e)}
                            aria-label={`Send a test event to ${e.url}`}
                          >
                            Send test event
                          </Button>
                          <Menu position="bottom-end" withinPortal>
                            <Menu.Target>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`More actions for ${e.url}`}
                              >
                                <IconDots {...icon} />
                              </ActionIcon>
                            </Menu.Target>
                            <Menu.Dropdown>
                              <Menu.Item
                                leftSection={<IconPencil {...icon} />}
                                onClick={() => setDialog({ kind: 'form', endpoint: e })}
                              >
                                Change
                              </Menu.Item>
                              <Menu.Item
                                leftSection={
                                  e.enabled ? <IconPlayerPause {...icon} /> : <IconPlayerPlay {...icon} />
                                }
                                onClick={() => toggle.mutate(e)}
                              >
                                {e.enabled ? 'Disable' : 'Enable'}
                              </Menu.Item>
                              <Menu.Item
                                leftSection={<IconKey {...icon} />}
                                onClick={() => setDialog({ kind: 'rotate', endpoint: e })}
                              >
                                Rotate secret
                              </Menu.Item>
                              <Menu.Divider />
                              <Menu.Item
                                color="red.9"
                                leftSection={<IconTrash {...icon} />}
                                onClick={() => setDialog({ kind: 'delete', endpoint: e })}
                              >
                                Delete
                              </Menu.Item>
                            </Menu.Dropdown>
                          </Menu>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {chosen ? (
          <DeliveryLog key={chosen.id} endpoint={chosen} />
        ) : (
          endpoints.length > 0 && (
            <Text size="sm" c="dimmed">
              Choose a receiver to see its delivery log.
            </Text>
          )
        )}
      </Stack>
      <EndpointFormModal
        opened={dialog?.kind === 'form'}
        endpoint={dialog?.kind === 'form' ? dialog.endpoint : null}
        onClose={() => setDialog(null)}
        onSaved={(e) => {
          notifySuccess(`Saved ${e.url}.`);
          setDialog(null);
          void refresh();
        }}
        onCreated={(e, secret) => {
          setDialog({ kind: 'secret', endpoint: e, secret, rotated: false });
          choose(e.id);
          void refresh();
        }}
      />
      <SecretModal
        secret={dialog?.kind === 'secret' ? dialog.secret : null}
        endpoint={dialog?.kind === 'secret' ? dialog.endpoint : null}
        rotated={dialog?.kind === 'secret' && dialog.rotated}
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog?.kind === 'rotate'}
        title="Rotate the signing secret?"
        confirm="Rotate secret"
        busy={rotate.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'rotate' && rotate.mutate(dialog.endpoint)}
      >
        A new secret is made and shown once. The current one keeps signing every delivery for 24 hours beside
        the new one, so the receiver can change over without missing a webhook.
      </ConfirmModal>
      <ConfirmModal
        opened={dialog?.kind === 'delete'}
        title="Delete the endpoint?"
        confirm="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.endpoint)}
      >
        <b>{dialog?.kind === 'delete' ? dialog.endpoint.url : ''}</b> is told of nothing more, and its
        deliveries and their log are deleted. To pause it instead, disable it.
      </ConfirmModal>
    </>
  );
}

/**
 * The webhooks screen's dialogs: the endpoint form (add or change), the secret shown once after it is made or
 * rotated, and the confirmation before a rotation or a deletion.
 */
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  NewWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../domain/contract/webhooks';
import { useForm } from '../../components/form';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import {
  changeEndpoint,
  createEndpoint,
  EVENT_OPTIONS,
  endpointChanges,
  type WebhookEndpoint,
} from './webhooks-api';

interface Draft {
  url: string;
  description: string;
  events: WebhookEventType[];
}

/** Adds an endpoint (`endpoint` null) or changes one; answers the secret of a new one through onCreated. */
export function EndpointFormModal({
  opened,
  endpoint,
  onClose,
  onSaved,
  onCreated,
}: {
  opened: boolean;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSaved: (endpoint: WebhookEndpoint) => void;
  onCreated: (endpoint: WebhookEndpoint, secret: string) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? 'Change webhook endpoint' : 'Add webhook endpoint'}
      size="lg"
      centered
    >
      {opened && (
        <EndpointForm
          key={endpoint?.id ?? 'new'}
          endpoint={endpoint}
          onClose={onClose}
          onSaved={onSaved}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function EndpointForm({
  endpoint,
  onClose,
  onSaved,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSaved: (endpoint: WebhookEndpoint) => void;
  onCreated: (endpoint: WebhookEndpoint, secret: string) => void;
}) {
  const form = useForm<Draft, { endpoint: WebhookEndpoint; secret?: string } | null, unknown>({
    initial: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint ? [...endpoint.events] : [...WEBHOOK_EVENT_TYPES],
    },
    schema: endpoint ? undefined : NewWebhookEndpointSchema,
    body: (draft) =>
      endpoint
        ? endpointChanges(endpoint, draft)
        : {
            webhook_endpoint: {
              url: draft.url.trim(),
              events: draft.events,
              description: draft.description.trim(),
            },
          },
    check: (draft) => ({
      url: draft.url.trim() ? undefined : 'Enter the address of the receiver.',
      events: draft.events.length > 0 ? undefined : 'Choose at least one event.',
    }),
    send: async (_body, draft) => {
      if (!endpoint) {
        const created = await createEndpoint({
          url: draft.url.trim(),
          events: WEBHOOK_EVENT_TYPES.filter((e) => draft.events.includes(e)),
          description: draft.description.trim(),
        });
        return { endpoint: created.webhook_endpoint, secret: created.secret };
      }
      const changes = endpointChanges(endpoint, draft);
      if (Object.keys(changes).length === 0) return null;
      return { endpoint: (await changeEndpoint(endpoint.id, changes)).webhook_endpoint };
    },
    onSuccess: (answer) => {
      if (!answer) onClose();
      else if (answer.secret) onCreated(answer.endpoint, answer.secret);
      else onSaved(answer.endpoint);
    },
    onFailure: (error) => ({ form: error.message }),
  });

  return (
    <form
      onSubmit={form.submit}
      noValidate
      aria-label={endpoint ? 'Change webhook endpoint' : 'New webhook endpoint'}
    >
      <Stack gap="md">
        <TextInput
          label="Receiver URL"
          description="Where the shop receives webhooks; production accepts https addresses on the public internet only."
          placeholder="https://shop.example.com/webhooks/back-office"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.field('url')}
        />
        <TextInput
          label="Description"
          description="What this receiver is, for the team (e.g. the main shop)."
          autoComplete="off"
          {...form.field('description')}
        />
        <Checkbox.Group
          label="Events"
          description="What the receiver is told of."
          withAsterisk
          value={form.values.events}
          onChange={(value) => form.set({ events: value as WebhookEventType[] })}
          error={form.errors.events}
        >
          <Stack gap={6} mt={6}>
            {EVENT_OPTIONS.map((o) => (
              <Checkbox
                key={o.value}
                value={o.value}
                label={
                  <>
                    <Code fz="xs">{o.value}</Code>{' '}
                    <Text span size="sm">
                      {o.label}
                    </Text>
                  </>
                }
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {form.errors.form && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={16} aria-hidden />}>
            {form.errors.form}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={form.saving}>
            Cancel
          </Button>
          <Button type="submit" loading={form.saving} {...SUBMIT_SHORTCUT}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The signing secret, shown this once: copy it to the receiver now. */
export function SecretModal({
  secret,
  endpoint,
  rotated,
  onClose,
}: {
  secret: string | null;
  endpoint: WebhookEndpoint | null;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={rotated ? 'New signing secret' : 'Signing secret'}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {secret && (
        <Stack gap="md">
          <Text size="sm">
            Give this secret to the receiver at <b>{endpoint?.url}</b>: it verifies each webhook's signature
            with it (docs/storefront.md, “Webhooks”). <b>It is shown only now</b>; if it is lost, rotate the
            secret to make a new one.
          </Text>
          {rotated && (
            <Text size="sm">
              The previous secret still signs every delivery for 24 hours, so the receiver can change over
              without missing one.
            </Text>
          )}
          <Group gap="xs" wrap="nowrap" align="center">
            <Code
              block
              data-testid="webhook-secret"
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {secret}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'green' : undefined}
                  leftSection={
                    copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              I have copied it
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Asks before something that cannot be undone; stays open while it runs. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirm,
  danger,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={() => !busy && onCancel()} title={title} centered>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            color={danger ? 'red.9' : undefined}
            loading={busy}
            onClick={onConfirm}
            {...SUBMIT_SHORTCUT}
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

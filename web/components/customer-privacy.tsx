/**
 * The UK GDPR requests about one customer (admins, docs/privacy.md): "Export customer data" downloads the
 * subject access ZIP; "Erase customer…" asks for a reason and the customer's e-mail address typed again,
 * then erases, showing the server's refusal (open work, 409) in the dialog.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type CustomerErasure, CustomerErasureSchema } from '../../domain/contract/privacy';
import { api, apiUrl } from '../api/client';

/** The export's address: a plain GET the browser downloads with the session cookie. */
export const customerExportUrl = (email: string) => apiUrl('customers/export.json', { email });

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The two buttons; `compact` for a table row or a narrow card. */
export function CustomerPrivacyActions({ email, compact = false }: { email: string; compact?: boolean }) {
  const [opened, setOpened] = useState(false);
  const size = compact ? 'compact-sm' : 'sm';
  return (
    <>
      <Button
        component="a"
        href={customerExportUrl(email)}
        download
        variant="default"
        size={size}
        leftSection={<IconDownload size={16} aria-hidden />}
      >
        Export customer data
      </Button>
      <Button
        variant="default"
        size={size}
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        Erase customer
      </Button>
      {opened && <EraseCustomerDialog email={email} onClose={() => setOpened(false)} />}
    </>
  );
}

function EraseCustomerDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<CustomerErasure | null>(null);
  const hintId = useId();
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();
  const ready = matches && reason.trim().length >= 3;

  const erase = async () => {
    setPending(true);
    setFailure(null);
    try {
      const answer = await api.post(
        'customers/erase',
        { email, reason: reason.trim() },
        CustomerErasureSchema,
      );
      setDone(answer);
      await queryClient.invalidateQueries();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The erasure failed.');
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Erase this customer’s personal data?" centered size="md">
      {done ? (
        <Stack gap="md">
          <Alert color="green" title="Customer erased" role="status">
            {`Erased ${plural(done.orders, 'order')} (${plural(done.order_items, 'item')}), ${plural(done.conversations, 'conversation')}, ${plural(done.emails, 'e-mail')} and ${plural(done.documents_deleted, 'document')}. Refs and amounts are kept for the accounts.`}
          </Alert>
          <Group justify="flex-end">
            <Button data-autofocus onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" id={hintId}>
            Names, addresses, phone, e-mail, messages and notes about this customer are replaced, and their
            documents deleted. Refs, amounts, dates and product types stay for the accounts. This cannot be
            undone.
          </Text>
          {failure && (
            <Alert color="red" title="Not erased" role="alert">
              {failure}
            </Alert>
          )}
          <Textarea
            label="Reason"
            description="Why the data is erased (the customer’s request, …). Not kept in the audit log."
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Type the customer’s e-mail address to confirm"
            description={email}
            required
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={typed && !matches ? 'This is not the customer’s address.' : undefined}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red.9"
              disabled={!ready}
              loading={pending}
              onClick={erase}
              aria-describedby={hintId}
            >
              Erase customer
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

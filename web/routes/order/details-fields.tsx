/**
 * The pieces of the details card: a labelled row, and a field that edits one attribute of one record
 * (PUT /order_items/{ref} with the record's id and that one field).
 */
import { ActionIcon, Alert, Group, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import type { Address } from '../../../domain/contract/order-item';
import { countryName, type Option } from '../../../domain/options';
import { DateField } from '../../components/date-field';
import { useDraft } from './drafts';
import { itemPath } from './order-api';
import { useAction, useOrderItem } from './panel-kit';

export type AddressRecord = 'billing_address_attributes' | 'shipping_address_attributes';
export type RecordKey = 'order_attributes' | 'orderable_attributes' | AddressRecord;

export const SAVE_FAILED = 'Failed to save updates';

/** A label and its value on one line, as every details row reads. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" mih={30} py={3}>
      <Text size="sm" c="dimmed" w={112} style={{ flexShrink: 0 }} pt={3}>
        {label}
      </Text>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Group>
  );
}

export function Plain({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" pt={3} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

interface EditableProps {
  label: string;
  record: RecordKey;
  recordId: number;
  field: string;
  /** The stored value; null when empty. */
  value: string | null;
  /** How the stored value reads (defaults to the value itself). */
  display?: string;
  kind?: 'text' | 'email' | 'tel' | 'date' | 'select';
  options?: readonly Option[];
  editable: boolean;
  /** A fuller name for screen readers when the label alone is ambiguous (e.g. whose surname). */
  ariaLabel?: string;
}

/** One field: shown as text with a pencil; editing it saves just that field. */
export function EditableField({
  label,
  record,
  recordId,
  field,
  value,
  display,
  kind = 'text',
  options,
  editable,
  ariaLabel,
}: EditableProps) {
  const name = ariaLabel ?? label;
  const { item } = useOrderItem();
  const draft = useDraft<{ editing: boolean; text: string }>(
    `edit:${record}.${field}`,
    { editing: false, text: '' },
    item.lock_version,
  );
  const save = useAction('', () => `${ariaLabel ?? label} saved.`);
  const { editing, text } = draft.values;
  const shown = display ?? value;

  const start = () => {
    save.clearFailure();
    draft.set({ editing: true, text: value ?? '' });
  };
  const cancel = () => {
    save.clearFailure();
    draft.reset();
  };
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const next = text.trim() === '' ? null : text.trim();
    if (next === (value ?? null)) {
      cancel();
      return;
    }
    await save.run({
      method: 'put',
      path: itemPath(item),
      body: { [record]: { id: recordId, [field]: next } },
      draft,
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  };

  if (!editing) {
    return (
      <Row label={label}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Plain>
            {shown ?? (
              <Text span c="dimmed" size="sm">
                —
              </Text>
            )}
          </Plain>
          {editable && (
            <Tooltip label={`Edit ${name.toLowerCase()}`}>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Edit ${name}`} onClick={start}>
                <IconPencil size={14} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Row>
    );
  }

  const input =
    kind === 'date' ? (
      <DateField
        aria-label={name}
        size="xs"
        value={text || null}
        onChange={(v) => draft.set({ text: v ?? '' })}
        onKeyDown={onKeyDown}
        autoFocus
        error={!!save.failure}
      />
    ) : kind === 'select' ? (
      <Select
        aria-label={name}
        size="xs"
        error={!!save.failure}
        searchable
        clearable={!record.endsWith('address_attributes')}
        data={options ?? []}
        value={text || null}
        onChange={(v) => draft.set({ text: v ?? '' })}
        onKeyDown={onKeyDown}
        autoFocus
        comboboxProps={{ withinPortal: true }}
      />
    ) : (
      <TextInput
        aria-label={name}
        size="xs"
        type={kind}
        value={text}
        onChange={(e) => draft.set({ text: e.currentTarget.value })}
        onKeyDown={onKeyDown}
        autoFocus
        error={!!save.failure}
      />
    );

  return (
    <Row label={label}>
      <form onSubmit={submit} noValidate>
        <Stack gap={6}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <div style={{ flex: 1 }}>{input}</div>
            <Tooltip label="Save (Enter)">
              <ActionIcon type="submit" size={30} variant="filled" aria-label="Save" loading={save.pending}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Cancel (Esc)">
              <ActionIcon
                size={30}
                variant="default"
                aria-label="Cancel"
                onClick={cancel}
                disabled={save.pending}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          {save.failure && (
            <Alert
              role="alert"
              color="red"
              variant="light"
              p="xs"
              icon={<IconAlertTriangle size={16} aria-hidden />}
              title={SAVE_FAILED}
            >
              {save.failure.message}
              {save.failure.kind === 'conflict' ? ' The item has been reloaded; what you typed is kept.' : ''}
            </Alert>
          )}
        </Stack>
      </form>
    </Row>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={3} size="h6" fw={600} c="dark.6" mb={4}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function addressLines(a: Address): string {
  return [a.line_1, a.line_2, a.city, a.state, a.zip, countryName(a.country_code)]
    .filter((p) => p && p.trim() !== '')
    .join(', ');
}

/** One of the five name/details lists (registries, embassies, councils, parishes, courts): list, add, edit. */
import { Group, SimpleGrid, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CreateReferenceItemSchema,
  type ReferenceItem,
  type ReferenceKind,
  referenceItemResponseSchema,
} from '../../../domain/contract/reference';
import { formatDate } from '../../../domain/format';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { GrowingTextarea } from '../../components/growing-textarea';
import classes from './admin.module.css';
import { referenceQuery } from './admin-api';
import {
  ClampedText,
  EditButton,
  FormButtons,
  FormPanel,
  listPlaceholder,
  matches,
  RowEditButtons,
  TableFrame,
  TabToolbar,
} from './admin-ui';
import { useAddForm } from './use-add-form';
import { useRowEditor } from './use-row-editor';

/** How each list is named on screen and in the API's one-record answers. */
export const REFERENCE_LABELS: Record<ReferenceKind, { singular: string; plural: string; key: string }> = {
  registries: { singular: 'registry', plural: 'registries', key: 'registry' },
  embassies: { singular: 'embassy', plural: 'embassies', key: 'embassy' },
  councils: { singular: 'council', plural: 'councils', key: 'council' },
  parishes: { singular: 'parish', plural: 'parishes', key: 'parish' },
  courts: { singular: 'court', plural: 'courts', key: 'court' },
};

const FIELDS = ['name', 'details'] as const;
const COLUMNS = 4;

export default function ReferenceTab({ kind }: { kind: ReferenceKind }) {
  const labels = REFERENCE_LABELS[kind];
  const list = useQuery(referenceQuery(kind));
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const rows = (list.data ?? []).filter((r) => matches(filter, r.name, r.details));

  return (
    <Stack gap="sm">
      <TabToolbar
        plural={labels.plural}
        count={list.data?.length}
        shown={rows.length}
        filter={filter}
        onFilter={setFilter}
        addLabel={`Add ${labels.singular}`}
        onAdd={() => setAdding(true)}
        addDisabled={adding}
      />
      {adding && <AddReferenceForm kind={kind} onDone={() => setAdding(false)} />}
      <TableFrame
        label={labels.plural[0].toUpperCase() + labels.plural.slice(1)}
        head={
          <>
            <Table.Th w="28%">Name</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th w={110}>Updated</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
      >
        {listPlaceholder(list, {
          columns: COLUMNS,
          plural: labels.plural,
          empty:
            rows.length === 0 &&
            (filter
              ? `No ${labels.plural} match “${filter}”.`
              : `No ${labels.plural} yet: add the first one.`),
        }) ?? rows.map((item) => <ReferenceRow key={item.id} kind={kind} item={item} />)}
      </TableFrame>
    </Stack>
  );
}

function AddReferenceForm({ kind, onDone }: { kind: ReferenceKind; onDone: () => void }) {
  const labels = REFERENCE_LABELS[kind];
  const queryClient = useQueryClient();
  const form = useAddForm({
    initial: { name: '', details: '' },
    fields: FIELDS,
    schema: CreateReferenceItemSchema,
    create: (draft) => api.post(kind, draft, referenceItemResponseSchema(labels.key)),
    onCreated: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.reference.list(kind) });
      onDone();
    },
    successMessage: (draft) => `Added the ${labels.singular} “${draft.name.trim()}”.`,
    what: labels.singular,
  });

  return (
    <FormPanel label={`New ${labels.singular}`} onSubmit={form.submit}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          ref={form.firstFieldRef}
          label="Name"
          withAsterisk
          value={form.draft.name}
          onChange={(e) => form.setField('name', e.currentTarget.value)}
          error={form.errors.name}
        />
        <GrowingTextarea
          label="Details"
          description="Address, opening times, how to order"
          minRows={2}
          maxRows={8}
          value={form.draft.details}
          onChange={(e) => form.setField('details', e.currentTarget.value)}
          error={form.errors.details}
        />
      </SimpleGrid>
      <FormButtons submitLabel={`Add ${labels.singular}`} saving={form.saving} onCancel={onDone} />
    </FormPanel>
  );
}

function ReferenceRow({ kind, item }: { kind: ReferenceKind; item: ReferenceItem }) {
  const labels = REFERENCE_LABELS[kind];
  const queryClient = useQueryClient();
  const row = useRowEditor({
    values: { name: item.name, details: item.details },
    fields: FIELDS,
    schema: CreateReferenceItemSchema,
    put: (field, value) =>
      api.put(`${kind}/${item.id}`, { [field]: value }, referenceItemResponseSchema(labels.key)),
    onSaved: (data) => {
      const updated = data[labels.key];
      queryClient.setQueryData<ReferenceItem[]>(queryKeys.reference.list(kind), (old) =>
        old?.map((r) => (r.id === updated.id ? updated : r)),
      );
    },
    what: labels.singular,
  });

  if (!row.editing) {
    return (
      <Table.Tr>
        <Table.Td data-label="Name" fw={500}>
          {item.name}
        </Table.Td>
        <Table.Td data-label="Details">
          {item.details ? (
            <ClampedText>{item.details}</ClampedText>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Table.Td>
        <Table.Td data-label="Updated">{item.updated_at ? formatDate(item.updated_at) : '—'}</Table.Td>
        <Table.Td>
          <Group justify="flex-end" gap={4}>
            <EditButton ref={row.editButtonRef} what={item.name} onClick={row.start} />
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr onKeyDown={row.onKeyDown} className={classes.editingRow}>
      <Table.Td data-label="Name">
        <TextInput
          ref={row.firstFieldRef}
          aria-label="Name"
          value={row.draft.name}
          onChange={(e) => row.setField('name', e.currentTarget.value)}
          error={row.errors.name}
        />
      </Table.Td>
      <Table.Td data-label="Details">
        <GrowingTextarea
          aria-label="Details"
          minRows={1}
          maxRows={8}
          value={row.draft.details}
          onChange={(e) => row.setField('details', e.currentTarget.value)}
          error={row.errors.details}
        />
      </Table.Td>
      <Table.Td colSpan={2}>
        <RowEditButtons saving={row.saving} onSave={row.submit} onCancel={row.cancel} />
      </Table.Td>
    </Table.Tr>
  );
}

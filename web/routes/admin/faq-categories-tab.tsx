/**
 * FAQ categories in the order the sites show them: add, edit, delete (with their FAQs) and reorder, by dragging
 * (mouse or keyboard) or with the move buttons; each reorder is one PUT of the whole order.
 */
import {
  Autocomplete,
  Badge,
  Group,
  SimpleGrid,
  Stack,
  Table,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  CreateFaqCategorySchema,
  type FaqCategory,
  FaqCategoryResponseSchema,
  type Move,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './admin.module.css';
import { faqCategoriesQuery } from './admin-api';
import {
  ConfirmDeleteModal,
  DeleteButton,
  EditButton,
  FormButtons,
  FormPanel,
  listPlaceholder,
  MoveButtons,
  RowEditButtons,
  TabToolbar,
} from './admin-ui';
import { useFaqDelete, useFaqReorder, useRefetchFaqList, useStoreFaqCategory } from './faq-api';
import { movedIds, moveTarget, useEditingRow } from './reorder';
import { type DragRow, SortableTable } from './sortable-table';
import { useAddForm } from './use-add-form';
import { useRowEditor } from './use-row-editor';

const FIELDS = ['title', 'site'] as const;
const COLUMNS = 6;

export default function FaqCategoriesTab() {
  const list = useQuery(faqCategoriesQuery);
  const categories = list.data ?? [];
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<FaqCategory | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const reorder = useFaqReorder();
  const { anyEditing, onEditing } = useEditingRow();
  const remove = useFaqDelete('faq_categories');
  const sites = useMemo(() => [...new Set(categories.map((c) => c.site))].sort(), [categories]);

  const save = (ids: number[], moved: FaqCategory) =>
    reorder.mutate(ids, {
      onSuccess: () =>
        setAnnouncement(`Moved “${moved.title}” to position ${ids.indexOf(moved.id) + 1} of ${ids.length}.`),
    });
  const ids = categories.map((c) => c.id);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`Deleted the FAQ category “${deleting.title}”.`);
        setDeleting(null);
      },
      onError: (error) => notifyError(error, 'Could not delete the FAQ category'),
    });
  };

  return (
    <Stack gap="sm">
      <TabToolbar
        plural="FAQ categories"
        count={list.data?.length}
        addLabel="Add FAQ category"
        onAdd={() => setAdding(true)}
        addDisabled={adding}
      />
      {adding && <AddCategoryForm sites={sites} onDone={() => setAdding(false)} />}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <SortableTable
        label="FAQ categories"
        head={
          <>
            <Table.Th w={84}>#</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th w={160}>Site</Table.Th>
            <Table.Th w={90}>FAQs</Table.Th>
            <Table.Th w={130}>Order</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        items={categories}
        placeholder={listPlaceholder(list, {
          columns: COLUMNS,
          plural: 'FAQ categories',
          empty: categories.length === 0 && 'No FAQ categories yet: add the first one.',
        })}
        disabled={reorder.isPending || anyEditing}
        nameOf={(c) => `“${c.title}”`}
        onReorder={(next, moved) => save(next, moved)}
        row={(c, index, drag) => (
          <CategoryRow
            key={c.id}
            category={c}
            index={index}
            count={categories.length}
            sites={sites}
            drag={drag}
            moving={reorder.isPending}
            onEditing={onEditing}
            onMove={(m) => save(movedIds(ids, index, moveTarget(m, index, ids.length)), c)}
            onDelete={() => setDeleting(c)}
          />
        )}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete FAQ category?"
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      >
        {deleting &&
          (deleting.faqs.length > 0
            ? `“${deleting.title}” and its ${deleting.faqs.length === 1 ? 'FAQ' : `${deleting.faqs.length} FAQs`} will be removed from the ${deleting.site} site. This cannot be undone.`
            : `“${deleting.title}” will be removed from the ${deleting.site} site. This cannot be undone.`)}
      </ConfirmDeleteModal>
    </Stack>
  );
}

function AddCategoryForm({ sites, onDone }: { sites: string[]; onDone: () => void }) {
  const refetch = useRefetchFaqList();
  const form = useAddForm({
    initial: { title: '', site: sites.length === 1 ? sites[0] : '' },
    fields: FIELDS,
    schema: CreateFaqCategorySchema,
    create: (draft) => api.post('faq_categories', draft, FaqCategoryResponseSchema),
    onCreated: async () => {
      await refetch();
      onDone();
    },
    successMessage: (draft) => `Added the FAQ category “${draft.title.trim()}”.`,
    what: 'FAQ category',
  });
  return (
    <FormPanel label="New FAQ category" onSubmit={form.submit}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TextInput
          ref={form.firstFieldRef}
          label="Title"
          withAsterisk
          value={form.draft.title}
          onChange={(e) => form.setField('title', e.currentTarget.value)}
          error={form.errors.title}
        />
        <Autocomplete
          label="Site"
          withAsterisk
          data={sites}
          value={form.draft.site}
          onChange={(v) => form.setField('site', v)}
          error={form.errors.site}
        />
      </SimpleGrid>
      <FormButtons submitLabel="Add FAQ category" saving={form.saving} onCancel={onDone} />
    </FormPanel>
  );
}

interface CategoryRowProps {
  category: FaqCategory;
  index: number;
  count: number;
  sites: string[];
  drag: DragRow;
  moving: boolean;
  onEditing: (id: number, editing: boolean) => void;
  onMove: (move: Move) => void;
  onDelete: () => void;
}

function CategoryRow({
  category,
  index,
  count,
  sites,
  drag,
  moving,
  onEditing,
  onMove,
  onDelete,
}: CategoryRowProps) {
  const store = useStoreFaqCategory();
  const row = useRowEditor({
    values: { title: category.title, site: category.site },
    fields: FIELDS,
    schema: CreateFaqCategorySchema,
    put: (field, value) =>
      api.put(`faq_categories/${category.id}`, { [field]: value }, FaqCategoryResponseSchema),
    onSaved: store,
    what: 'FAQ category',
  });
  const what = `“${category.title}”`;
  useEffect(() => {
    onEditing(category.id, row.editing);
    // A row that goes away (another category chosen, the row deleted) is no longer being edited.
    return () => onEditing(category.id, false);
  }, [onEditing, category.id, row.editing]);

  return (
    <Table.Tr
      {...drag.rowProps}
      className={row.editing ? classes.editingRow : undefined}
      onKeyDown={row.editing ? row.onKeyDown : undefined}
      data-testid="faq-category-row"
    >
      <Table.Td c="dimmed">
        <Group gap={6} wrap="nowrap">
          {drag.handle}
          {index + 1}
        </Group>
      </Table.Td>
      {row.editing ? (
        <>
          <Table.Td>
            <TextInput
              ref={row.firstFieldRef}
              aria-label="Title"
              value={row.draft.title}
              onChange={(e) => row.setField('title', e.currentTarget.value)}
              error={row.errors.title}
            />
          </Table.Td>
          <Table.Td>
            <Autocomplete
              aria-label="Site"
              data={sites}
              value={row.draft.site}
              onChange={(v) => row.setField('site', v)}
              error={row.errors.site}
            />
          </Table.Td>
        </>
      ) : (
        <>
          <Table.Td fw={500}>{category.title}</Table.Td>
          <Table.Td>{category.site}</Table.Td>
        </>
      )}
      <Table.Td>
        <Badge variant="light" color="gray" radius="sm" aria-label={`${category.faqs.length} FAQs`}>
          {category.faqs.length}
        </Badge>
      </Table.Td>
      <Table.Td>
        <MoveButtons what={what} index={index} count={count} busy={moving || row.editing} onMove={onMove} />
      </Table.Td>
      <Table.Td>
        {row.editing ? (
          <RowEditButtons saving={row.saving} onSave={row.submit} onCancel={row.cancel} />
        ) : (
          <Group justify="flex-end" gap={4} wrap="nowrap">
            <EditButton ref={row.editButtonRef} what={what} onClick={row.start} />
            <DeleteButton what={what} onClick={onDelete} />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

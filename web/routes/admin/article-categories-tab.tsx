/**
 * Article categories: the managed list the article form picks from, in the sites' order. Add, rename, delete
 * (refused while articles use it) and reorder by dragging (mouse or keyboard) or with the move buttons.
 */
import { Badge, Group, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  type ArticleCategory,
  ArticleCategoryListSchema,
  ArticleCategoryResponseSchema,
  CreateArticleCategorySchema,
  type Move,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './admin.module.css';
import { articleCategoriesQuery } from './admin-api';
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
import { inOrder, movedIds, moveTarget, useEditingRow } from './reorder';
import { type DragRow, SortableTable } from './sortable-table';
import { useAddForm } from './use-add-form';
import { useReorder } from './use-reorder';
import { useRowEditor } from './use-row-editor';

const FIELDS = ['name'] as const;
const COLUMNS = 5;
const articlesOf = (n: number) => (n === 1 ? '1 article' : `${n} articles`);

export default function ArticleCategoriesTab() {
  const queryClient = useQueryClient();
  const list = useQuery(articleCategoriesQuery);
  const categories = list.data ?? [];
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ArticleCategory | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const { anyEditing, onEditing } = useEditingRow();
  const reorder = useReorder({
    queryKey: queryKeys.reference.articleCategories,
    url: 'article_categories/order',
    schema: ArticleCategoryListSchema,
    reorder: (cached: ArticleCategory[], ids) => inOrder(cached, ids),
    stored: (answer) => answer.article_categories,
    what: 'article categories',
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`article_categories/${id}`, ArticleCategoryListSchema),
    onSuccess: (answer) =>
      queryClient.setQueryData(queryKeys.reference.articleCategories, answer.article_categories),
  });
  const ids = categories.map((c) => c.id);
  const save = (next: number[], moved: ArticleCategory) =>
    reorder.mutate(next, {
      onSuccess: () =>
        setAnnouncement(`Moved “${moved.name}” to position ${next.indexOf(moved.id) + 1} of ${next.length}.`),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`Deleted the article category “${deleting.name}”.`);
        setDeleting(null);
      },
      onError: (error) => {
        notifyError(error, 'Could not delete the article category');
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: queryKeys.reference.articleCategories });
      },
    });
  };

  return (
    <Stack gap="sm">
      <TabToolbar
        plural="article categories"
        count={list.data?.length}
        addLabel="Add article category"
        onAdd={() => setAdding(true)}
        addDisabled={adding}
      />
      {adding && <AddCategoryForm onDone={() => setAdding(false)} />}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <SortableTable
        label="Article categories"
        head={
          <>
            <Table.Th w={84}>#</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th w={110}>Articles</Table.Th>
            <Table.Th w={130}>Order</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        items={categories}
        placeholder={listPlaceholder(list, {
          columns: COLUMNS,
          plural: 'article categories',
          empty: categories.length === 0 && 'No article categories yet: add the first one.',
        })}
        disabled={reorder.isPending || anyEditing}
        nameOf={(c) => `“${c.name}”`}
        onReorder={save}
        row={(c, index, drag) => (
          <CategoryRow
            key={c.id}
            category={c}
            index={index}
            count={categories.length}
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
        title="Delete article category?"
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      >
        {deleting &&
          (deleting.article_count > 0
            ? `${articlesOf(deleting.article_count)} ${deleting.article_count === 1 ? 'uses' : 'use'} “${deleting.name}”: it can only be deleted once they are moved to another category.`
            : `“${deleting.name}” will be removed from the list. This cannot be undone.`)}
      </ConfirmDeleteModal>
    </Stack>
  );
}

function AddCategoryForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useAddForm({
    initial: { name: '' },
    fields: FIELDS,
    schema: CreateArticleCategorySchema,
    create: (draft) => api.post('article_categories', draft, ArticleCategoryResponseSchema),
    onCreated: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.reference.articleCategories });
      onDone();
    },
    successMessage: (draft) => `Added the article category “${draft.name.trim()}”.`,
    what: 'article category',
  });
  return (
    <FormPanel label="New article category" onSubmit={form.submit}>
      <TextInput
        ref={form.firstFieldRef}
        label="Name"
        withAsterisk
        maw={420}
        value={form.draft.name}
        onChange={(e) => form.setField('name', e.currentTarget.value)}
        error={form.errors.name}
      />
      <FormButtons submitLabel="Add article category" saving={form.saving} onCancel={onDone} />
    </FormPanel>
  );
}

interface CategoryRowProps {
  category: ArticleCategory;
  index: number;
  count: number;
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
  drag,
  moving,
  onEditing,
  onMove,
  onDelete,
}: CategoryRowProps) {
  const queryClient = useQueryClient();
  const row = useRowEditor({
    values: { name: category.name },
    fields: FIELDS,
    schema: CreateArticleCategorySchema,
    put: (field, value) =>
      api.put(`article_categories/${category.id}`, { [field]: value }, ArticleCategoryResponseSchema),
    onSaved: ({ article_category: saved }) => {
      queryClient.setQueryData<ArticleCategory[]>(queryKeys.reference.articleCategories, (old) =>
        old?.map((c) => (c.id === saved.id ? saved : c)),
      );
      // Articles show their category's name.
      void queryClient.invalidateQueries({ queryKey: queryKeys.reference.articles });
    },
    what: 'article category',
  });
  const what = `“${category.name}”`;
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
      data-testid="article-category-row"
    >
      <Table.Td c="dimmed">
        <Group gap={6} wrap="nowrap">
          {drag.handle}
          {index + 1}
        </Group>
      </Table.Td>
      <Table.Td fw={row.editing ? undefined : 500}>
        {row.editing ? (
          <TextInput
            ref={row.firstFieldRef}
            aria-label="Name"
            value={row.draft.name}
            onChange={(e) => row.setField('name', e.currentTarget.value)}
            error={row.errors.name}
          />
        ) : (
          category.name
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
          {articlesOf(category.article_count)}
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

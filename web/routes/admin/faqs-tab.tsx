/**
 * The FAQs of one category, in order: add, edit, delete and reorder, by dragging (mouse or keyboard) or with
 * the move buttons; each reorder is one PUT of the category's whole order.
 */
import { Group, Select, Stack, Table, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CreateFaqSchema,
  type Faq,
  type FaqCategory,
  FaqResponseSchema,
  type Move,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './admin.module.css';
import { faqCategoriesQuery } from './admin-api';
import {
  ClampedText,
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
import { useFaqDelete, useFaqReorder, useRefetchFaqList, useStoreFaq } from './faq-api';
import { movedIds, moveTarget, useEditingRow } from './reorder';
import { type DragRow, SortableTable } from './sortable-table';
import { useAddForm } from './use-add-form';
import { useRowEditor } from './use-row-editor';

const FIELDS = ['question', 'answer'] as const;
const COLUMNS = 5;

export default function FaqsTab() {
  const list = useQuery(faqCategoriesQuery);
  const categories = list.data ?? [];
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('category'));
  const category = categories.find((c) => c.id === wanted) ?? categories[0];
  const faqs = category?.faqs ?? [];
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Faq | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const reorder = useFaqReorder(category?.id);
  const { anyEditing, onEditing } = useEditingRow();
  const ids = faqs.map((f) => f.id);
  const save = (next: number[], moved: Faq) =>
    reorder.mutate(next, {
      onSuccess: () =>
        setAnnouncement(
          `Moved “${moved.question}” to position ${next.indexOf(moved.id) + 1} of ${next.length}.`,
        ),
    });
  const remove = useFaqDelete('faqs');

  const choose = (id: string | null) => {
    if (!id) return;
    setAdding(false);
    setParams(
      (p) => {
        p.set('category', id);
        return p;
      },
      { replace: true },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(`Deleted the FAQ “${deleting.question}”.`);
        setDeleting(null);
      },
      onError: (error) => notifyError(error, 'Could not delete the FAQ'),
    });
  };

  const picker = (
    <Select
      aria-label="FAQ category"
      placeholder={list.isPending ? 'Loading categories…' : 'No categories'}
      data={categories.map((c) => ({
        value: String(c.id),
        label: `${c.title} · ${c.site} (${c.faqs.length})`,
      }))}
      value={category ? String(category.id) : null}
      onChange={choose}
      allowDeselect={false}
      disabled={categories.length === 0}
      w={300}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Stack gap="sm">
      <TabToolbar
        plural={faqs.length === 1 ? 'FAQ in this category' : 'FAQs in this category'}
        count={category ? faqs.length : undefined}
        left={picker}
        addLabel="Add FAQ"
        onAdd={() => setAdding(true)}
        addDisabled={adding || !category}
      />
      {adding && category && (
        <AddFaqForm key={category.id} category={category} onDone={() => setAdding(false)} />
      )}
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <SortableTable
        label={category ? `FAQs in ${category.title}` : 'FAQs'}
        head={
          <>
            <Table.Th w={84}>#</Table.Th>
            <Table.Th w="32%">Question</Table.Th>
            <Table.Th>Answer</Table.Th>
            <Table.Th w={130}>Order</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
        items={faqs}
        placeholder={listPlaceholder(list, {
          columns: COLUMNS,
          plural: 'FAQs',
          empty: !category
            ? 'No FAQ categories yet: add one on the FAQ categories tab first.'
            : faqs.length === 0 && `No FAQs in “${category.title}” yet: add the first one.`,
        })}
        disabled={reorder.isPending || anyEditing}
        nameOf={(f) => `“${f.question}”`}
        onReorder={save}
        row={(f, index, drag) => (
          <FaqRow
            key={f.id}
            faq={f}
            index={index}
            count={faqs.length}
            drag={drag}
            moving={reorder.isPending}
            onEditing={onEditing}
            onMove={(m) => save(movedIds(ids, index, moveTarget(m, index, ids.length)), f)}
            onDelete={() => setDeleting(f)}
          />
        )}
      />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title="Delete FAQ?"
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => !remove.isPending && setDeleting(null)}
      >
        {deleting && category && (
          <>
            “{deleting.question}” will be removed from “{category.title}”. This cannot be undone.
          </>
        )}
      </ConfirmDeleteModal>
    </Stack>
  );
}

function AddFaqForm({ category, onDone }: { category: FaqCategory; onDone: () => void }) {
  const refetch = useRefetchFaqList();
  const form = useAddForm({
    initial: { question: '', answer: '' },
    fields: FIELDS,
    schema: CreateFaqSchema,
    create: (draft) => api.post(`faq_categories/${category.id}/faqs`, draft, FaqResponseSchema),
    onCreated: async () => {
      await refetch();
      onDone();
    },
    successMessage: (draft) => `Added the FAQ “${draft.question.trim()}” to ${category.title}.`,
    what: 'FAQ',
  });
  return (
    <FormPanel label={`New FAQ in “${category.title}”`} onSubmit={form.submit}>
      <Stack gap="sm">
        <TextInput
          ref={form.firstFieldRef}
          label="Question"
          withAsterisk
          value={form.draft.question}
          onChange={(e) => form.setField('question', e.currentTarget.value)}
          error={form.errors.question}
        />
        <Textarea
          label="Answer"
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          value={form.draft.answer}
          onChange={(e) => form.setField('answer', e.currentTarget.value)}
          error={form.errors.answer}
        />
      </Stack>
      <FormButtons submitLabel="Add FAQ" saving={form.saving} onCancel={onDone} />
    </FormPanel>
  );
}

interface FaqRowProps {
  faq: Faq;
  index: number;
  count: number;
  drag: DragRow;
  moving: boolean;
  onEditing: (id: number, editing: boolean) => void;
  onMove: (move: Move) => void;
  onDelete: () => void;
}

function FaqRow({ faq, index, count, drag, moving, onEditing, onMove, onDelete }: FaqRowProps) {
  const store = useStoreFaq();
  const row = useRowEditor({
    values: { question: faq.question, answer: faq.answer },
    fields: FIELDS,
    schema: CreateFaqSchema,
    put: (field, value) => api.put(`faqs/${faq.id}`, { [field]: value }, FaqResponseSchema),
    onSaved: store,
    what: 'FAQ',
  });
  const what = `“${faq.question}”`;
  useEffect(() => {
    onEditing(faq.id, row.editing);
    // A row that goes away (another category chosen, the row deleted) is no longer being edited.
    return () => onEditing(faq.id, false);
  }, [onEditing, faq.id, row.editing]);

  return (
    <Table.Tr
      {...drag.rowProps}
      className={row.editing ? classes.editingRow : undefined}
      onKeyDown={row.editing ? row.onKeyDown : undefined}
      data-testid="faq-row"
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
              aria-label="Question"
              value={row.draft.question}
              onChange={(e) => row.setField('question', e.currentTarget.value)}
              error={row.errors.question}
            />
          </Table.Td>
          <Table.Td>
            <Textarea
              aria-label="Answer"
              autosize
              minRows={2}
              maxRows={10}
              value={row.draft.answer}
              onChange={(e) => row.setField('answer', e.currentTarget.value)}
              error={row.errors.answer}
            />
          </Table.Td>
        </>
      ) : (
        <>
          <Table.Td fw={500}>{faq.question}</Table.Td>
          <Table.Td>
            <ClampedText>{faq.answer}</ClampedText>
          </Table.Td>
        </>
      )}
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

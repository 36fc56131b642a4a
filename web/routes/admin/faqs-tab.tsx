/**
 * The FAQs of one category (chosen in the URL, ?category=3), in order, on the sortable tab
 * (sortable-content-tab.tsx).
 */
import { Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import {
  CreateFaqSchema,
  type Faq,
  type FaqCategory,
  type FaqResponse,
  FaqResponseSchema,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { GrowingTextarea } from '../../components/growing-textarea';
import { faqCategoriesQuery } from './admin-api';
import { ClampedText, FormButtons, FormPanel } from './admin-ui';
import { useFaqDelete, useFaqReorder, useRefetchFaqList, useStoreFaq } from './faq-api';
import { type SortableContent, SortableContentTab } from './sortable-content-tab';
import { useAddForm } from './use-add-form';

/** The FAQs of one category (none while there are no categories). */
function faqsOf(
  category: FaqCategory | undefined,
): SortableContent<Faq, { question: string; answer: string }, FaqResponse> {
  return {
    singular: 'FAQ',
    plural: 'FAQs',
    countLabel: (count) => (count === 1 ? 'FAQ in this category' : 'FAQs in this category'),
    tableLabel: category ? `FAQs in ${category.title}` : 'FAQs',
    empty: (count) =>
      !category
        ? 'No FAQ categories yet: add one on the FAQ categories tab first.'
        : count === 0 && `No FAQs in “${category.title}” yet: add the first one.`,
    addLabel: 'Add FAQ',
    rowTestId: 'faq-row',
    name: (f) => f.question,
    columns: [
      {
        header: 'Question',
        width: '32%',
        strong: true,
        view: (f) => f.question,
        edit: (row) => (
          <TextInput
            ref={row.firstFieldRef}
            aria-label="Question"
            value={row.draft.question}
            onChange={(e) => row.setField('question', e.currentTarget.value)}
            error={row.errors.question}
          />
        ),
      },
      {
        header: 'Answer',
        view: (f) => <ClampedText>{f.answer}</ClampedText>,
        edit: (row) => (
          <GrowingTextarea
            aria-label="Answer"
            minRows={2}
            maxRows={10}
            value={row.draft.answer}
            onChange={(e) => row.setField('answer', e.currentTarget.value)}
            error={row.errors.answer}
          />
        ),
      },
    ],
    fields: ['question', 'answer'],
    schema: CreateFaqSchema,
    values: (f) => ({ question: f.question, answer: f.answer }),
    put: (f, field, value) => api.put(`faqs/${f.id}`, { [field]: value }, FaqResponseSchema),
    useSaved: useStoreFaq,
    addForm: (onDone) => category && <AddFaqForm key={category.id} category={category} onDone={onDone} />,
    deleteTitle: 'Delete FAQ?',
    deleteMessage: (f) =>
      category && (
        <>
          “{f.question}” will be removed from “{category.title}”. This cannot be undone.
        </>
      ),
  };
}

function AddFaqForm({ category, onDone }: { category: FaqCategory; onDone: () => void }) {
  const refetch = useRefetchFaqList();
  const form = useAddForm({
    initial: { question: '', answer: '' },
    fields: ['question', 'answer'],
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
        <GrowingTextarea
          label="Answer"
          withAsterisk
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

export default function FaqsTab() {
  const list = useQuery(faqCategoriesQuery);
  const categories = list.data ?? [];
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('category'));
  const category = categories.find((c) => c.id === wanted) ?? categories[0];
  const reorder = useFaqReorder(category?.id);
  const remove = useFaqDelete('faqs');

  const picker = (
    <Select
      aria-label="FAQ category"
      placeholder={list.isPending ? 'Loading categories…' : 'No categories'}
      data={categories.map((c) => ({
        value: String(c.id),
        label: `${c.title} · ${c.site} (${c.faqs.length})`,
      }))}
      value={category ? String(category.id) : null}
      onChange={(id) =>
        id &&
        setParams(
          (p) => {
            p.set('category', id);
            return p;
          },
          { replace: true },
        )
      }
      allowDeselect={false}
      disabled={categories.length === 0}
      w={300}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    // Another category is another list: the Add form it had open closes.
    <SortableContentTab
      key={category?.id ?? 'none'}
      content={faqsOf(category)}
      list={list}
      items={category?.faqs ?? []}
      count={category ? category.faqs.length : undefined}
      toolbarLeft={picker}
      canAdd={category !== undefined}
      reorder={reorder}
      remove={remove}
    />
  );
}

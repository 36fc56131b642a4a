/**
 * FAQ categories in the order the sites show them, on the sortable tab (sortable-content-tab.tsx); deleting
 * one deletes its FAQs.
 */
import { Autocomplete, Badge, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  CreateFaqCategorySchema,
  type FaqCategory,
  type FaqCategoryResponse,
  FaqCategoryResponseSchema,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { faqCategoriesQuery } from './admin-api';
import { FormButtons, FormPanel } from './admin-ui';
import { useFaqDelete, useFaqReorder, useRefetchFaqList, useStoreFaqCategory } from './faq-api';
import { type SortableContent, SortableContentTab } from './sortable-content-tab';
import { useAddForm } from './use-add-form';

/** FAQ categories; `sites`: the sites they are on, offered in the site field. */
function faqCategories(
  sites: string[],
): SortableContent<FaqCategory, { title: string; site: string }, FaqCategoryResponse> {
  return {
    singular: 'FAQ category',
    plural: 'FAQ categories',
    tableLabel: 'FAQ categories',
    empty: (count) => count === 0 && 'No FAQ categories yet: add the first one.',
    addLabel: 'Add FAQ category',
    rowTestId: 'faq-category-row',
    name: (c) => c.title,
    columns: [
      {
        header: 'Title',
        strong: true,
        view: (c) => c.title,
        edit: (row) => (
          <TextInput
            ref={row.firstFieldRef}
            aria-label="Title"
            value={row.draft.title}
            onChange={(e) => row.setField('title', e.currentTarget.value)}
            error={row.errors.title}
          />
        ),
      },
      {
        header: 'Site',
        width: 160,
        view: (c) => c.site,
        edit: (row) => (
          <Autocomplete
            aria-label="Site"
            data={sites}
            value={row.draft.site}
            onChange={(v) => row.setField('site', v)}
            error={row.errors.site}
          />
        ),
      },
      {
        header: 'FAQs',
        width: 90,
        view: (c) => (
          <Badge variant="light" color="gray" radius="sm" aria-label={`${c.faqs.length} FAQs`}>
            {c.faqs.length}
          </Badge>
        ),
      },
    ],
    fields: ['title', 'site'],
    schema: CreateFaqCategorySchema,
    values: (c) => ({ title: c.title, site: c.site }),
    put: (c, field, value) =>
      api.put(`faq_categories/${c.id}`, { [field]: value }, FaqCategoryResponseSchema),
    useSaved: useStoreFaqCategory,
    addForm: (onDone) => <AddFaqCategoryForm sites={sites} onDone={onDone} />,
    deleteTitle: 'Delete FAQ category?',
    deleteMessage: (c) =>
      c.faqs.length > 0
        ? `“${c.title}” and its ${c.faqs.length === 1 ? 'FAQ' : `${c.faqs.length} FAQs`} will be removed from the ${c.site} site. This cannot be undone.`
        : `“${c.title}” will be removed from the ${c.site} site. This cannot be undone.`,
  };
}

function AddFaqCategoryForm({ sites, onDone }: { sites: string[]; onDone: () => void }) {
  const refetch = useRefetchFaqList();
  const form = useAddForm({
    initial: { title: '', site: sites.length === 1 ? sites[0] : '' },
    fields: ['title', 'site'],
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

export default function FaqCategoriesTab() {
  const list = useQuery(faqCategoriesQuery);
  const categories = list.data ?? [];
  const sites = useMemo(() => [...new Set(categories.map((c) => c.site))].sort(), [categories]);
  const reorder = useFaqReorder();
  const remove = useFaqDelete('faq_categories');
  return (
    <SortableContentTab
      content={faqCategories(sites)}
      list={list}
      items={categories}
      count={list.data?.length}
      reorder={reorder}
      remove={remove}
    />
  );
}

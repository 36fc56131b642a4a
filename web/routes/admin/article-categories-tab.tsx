/**
 * Article categories: the managed list the article form picks from, in the sites' order, on the sortable tab
 * (sortable-content-tab.tsx). Deleting one is refused while articles use it.
 */
import { Badge, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ArticleCategory,
  ArticleCategoryListSchema,
  ArticleCategoryResponseSchema,
  CreateArticleCategorySchema,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { articleCategoriesQuery } from './admin-api';
import { FormButtons, FormPanel } from './admin-ui';
import { inOrder } from './reorder';
import { type SortableContent, SortableContentTab } from './sortable-content-tab';
import { useAddForm } from './use-add-form';
import { useReorder } from './use-reorder';

const articlesOf = (n: number) => (n === 1 ? '1 article' : `${n} articles`);

const ARTICLE_CATEGORIES: SortableContent<
  ArticleCategory,
  { name: string },
  z.infer<typeof ArticleCategoryResponseSchema>
> = {
  singular: 'article category',
  plural: 'article categories',
  tableLabel: 'Article categories',
  empty: (count) => count === 0 && 'No article categories yet: add the first one.',
  addLabel: 'Add article category',
  rowTestId: 'article-category-row',
  name: (c) => c.name,
  columns: [
    {
      header: 'Name',
      strong: true,
      view: (c) => c.name,
      edit: (row) => (
        <TextInput
          ref={row.firstFieldRef}
          aria-label="Name"
          value={row.draft.name}
          onChange={(e) => row.setField('name', e.currentTarget.value)}
          error={row.errors.name}
        />
      ),
    },
    {
      header: 'Articles',
      width: 110,
      view: (c) => (
        <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
          {articlesOf(c.article_count)}
        </Badge>
      ),
    },
  ],
  fields: ['name'],
  schema: CreateArticleCategorySchema,
  values: (c) => ({ name: c.name }),
  put: (c, field, value) =>
    api.put(`article_categories/${c.id}`, { [field]: value }, ArticleCategoryResponseSchema),
  useSaved: () => {
    const queryClient = useQueryClient();
    return ({ article_category: saved }) => {
      queryClient.setQueryData<ArticleCategory[]>(queryKeys.reference.articleCategories, (old) =>
        old?.map((c) => (c.id === saved.id ? saved : c)),
      );
      // Articles show their category's name.
      void queryClient.invalidateQueries({ queryKey: queryKeys.reference.articles });
    };
  },
  addForm: (onDone) => <AddArticleCategoryForm onDone={onDone} />,
  deleteTitle: 'Delete article category?',
  deleteMessage: (c) =>
    c.article_count > 0
      ? `${articlesOf(c.article_count)} ${c.article_count === 1 ? 'uses' : 'use'} “${c.name}”: it can only be deleted once they are moved to another category.`
      : `“${c.name}” will be removed from the list. This cannot be undone.`,
};

function AddArticleCategoryForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useAddForm({
    initial: { name: '' },
    fields: ['name'],
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

export default function ArticleCategoriesTab() {
  const queryClient = useQueryClient();
  const list = useQuery(articleCategoriesQuery);
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
  return (
    <SortableContentTab
      content={{
        ...ARTICLE_CATEGORIES,
        // Refused while articles use it: the list is fetched again, with their current count.
        closeOnDeleteFailure: () =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.reference.articleCategories }),
      }}
      list={list}
      items={list.data ?? []}
      count={list.data?.length}
      reorder={reorder}
      remove={remove}
    />
  );
}

/** Articles: list, add and edit, the content in a rich-text editor that loads on first use. */
import { Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Article, ArticleResponseSchema } from '../../../domain/contract/reference';
import { formatDate } from '../../../domain/format';
import { ARTICLE_CERTIFICATE_TYPES, ARTICLE_SITES, optionLabel } from '../../../domain/options';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import classes from './admin.module.css';
import {
  ARTICLE_FIELDS,
  type ArticleDraft,
  ArticleFormSchema,
  articlesQuery,
  articleValue,
} from './admin-api';
import {
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

const ArticleEditor = lazy(() => import('./article-editor'));

const COLUMNS = 6;

/** The article's text without its markup (blocks kept apart by a space), for the excerpt in the table. */
function plainText(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/(?:p|h[1-6]|li|div|blockquote)>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

const draftOf = (a: Article): ArticleDraft => ({
  title: a.title,
  certificate_type: a.certificate_type,
  category_id: String(a.category_id),
  site: a.site,
  content: a.content,
});

function EditorFallback() {
  return (
    <Stack gap="sm" role="status" aria-busy="true">
      <VisuallyHidden>Loading the editor…</VisuallyHidden>
      <Skeleton h={52} />
      <Skeleton h={220} />
    </Stack>
  );
}

export default function ArticlesTab() {
  const list = useQuery(articlesQuery);
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const articles = list.data ?? [];
  const rows = articles.filter((a) =>
    matches(
      filter,
      a.title,
      a.category,
      optionLabel(ARTICLE_CERTIFICATE_TYPES, a.certificate_type),
      optionLabel(ARTICLE_SITES, a.site),
    ),
  );

  return (
    <Stack gap="sm">
      <TabToolbar
        plural="articles"
        count={list.data?.length}
        shown={rows.length}
        filter={filter}
        onFilter={setFilter}
        addLabel="Add article"
        onAdd={() => setAdding(true)}
        addDisabled={adding}
      />
      {adding && <AddArticleForm onDone={() => setAdding(false)} />}
      <TableFrame
        label="Articles"
        head={
          <>
            <Table.Th>Title</Table.Th>
            <Table.Th w={150} style={{ whiteSpace: 'nowrap' }}>
              Certificate type
            </Table.Th>
            <Table.Th w={130}>Category</Table.Th>
            <Table.Th w={90}>Site</Table.Th>
            <Table.Th w={110}>Updated</Table.Th>
            <Table.Th w={60}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </>
        }
      >
        {listPlaceholder(list, {
          columns: COLUMNS,
          plural: 'articles',
          empty:
            rows.length === 0 &&
            (filter ? `No articles match “${filter}”.` : 'No articles yet: add the first one.'),
        }) ?? rows.map((a) => <ArticleRow key={a.id} article={a} />)}
      </TableFrame>
    </Stack>
  );
}

function AddArticleForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useAddForm({
    initial: {
      title: '',
      certificate_type: '',
      category_id: '',
      // One site: the article is for it.
      site: ARTICLE_SITES.length === 1 ? ARTICLE_SITES[0].value : '',
      content: '',
    },
    fields: ARTICLE_FIELDS,
    schema: ArticleFormSchema,
    create: (draft) =>
      api.post(
        'articles',
        { ...draft, category_id: articleValue('category_id', draft.category_id) },
        ArticleResponseSchema,
      ),
    onCreated: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reference.articles }),
        queryClient.invalidateQueries({ queryKey: queryKeys.reference.articleCategories }),
      ]);
      onDone();
    },
    successMessage: (draft) => `Added the article “${draft.title.trim()}”.`,
    what: 'article',
  });
  return (
    <FormPanel label="New article" onSubmit={form.submit}>
      <Suspense fallback={<EditorFallback />}>
        <ArticleEditor
          idPrefix="new-article"
          draft={form.draft}
          errors={form.errors}
          setField={form.setField}
          firstFieldRef={form.firstFieldRef}
        />
      </Suspense>
      <FormButtons submitLabel="Add article" saving={form.saving} onCancel={onDone} />
    </FormPanel>
  );
}

function ArticleRow({ article }: { article: Article }) {
  const queryClient = useQueryClient();
  const row = useRowEditor({
    values: draftOf(article),
    fields: ARTICLE_FIELDS,
    schema: ArticleFormSchema,
    put: (field, value) =>
      api.put(`articles/${article.id}`, { [field]: articleValue(field, value) }, ArticleResponseSchema),
    onSaved: ({ article: updated }) => {
      queryClient.setQueryData<Article[]>(queryKeys.reference.articles, (old) =>
        old?.map((a) => (a.id === updated.id ? updated : a)),
      );
      // The categories' article counts change when an article moves between them.
      if (updated.category_id !== article.category_id)
        void queryClient.invalidateQueries({ queryKey: queryKeys.reference.articleCategories });
    },
    what: 'article',
  });
  const excerpt = useMemo(() => plainText(article.content), [article.content]);

  if (row.editing) {
    return (
      <Table.Tr className={classes.editingRow} onKeyDown={row.onKeyDown}>
        <Table.Td colSpan={COLUMNS} py="md">
          <Text fw={600} size="sm" mb="sm">
            Editing “{article.title}”
          </Text>
          <Suspense fallback={<EditorFallback />}>
            <ArticleEditor
              idPrefix={`article-${article.id}`}
              draft={row.draft}
              errors={row.errors}
              setField={row.setField}
              firstFieldRef={row.firstFieldRef}
            />
          </Suspense>
          <Group justify="flex-end" mt="md">
            <RowEditButtons saving={row.saving} onSave={row.submit} onCancel={row.cancel} />
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  }
  return (
    <Table.Tr>
      <Table.Td data-label="Title">
        <Text size="sm" fw={500}>
          {article.title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {excerpt}
        </Text>
      </Table.Td>
      <Table.Td data-label="Certificate type">
        {optionLabel(ARTICLE_CERTIFICATE_TYPES, article.certificate_type)}
      </Table.Td>
      <Table.Td data-label="Category">
        {/* Plain text, not a badge: a category is a name of any length, not a state, and must wrap on a phone. */}
        <Text size="sm">{article.category}</Text>
      </Table.Td>
      <Table.Td data-label="Site">{optionLabel(ARTICLE_SITES, article.site)}</Table.Td>
      <Table.Td data-label="Updated">{article.updated_at ? formatDate(article.updated_at) : '—'}</Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <EditButton ref={row.editButtonRef} what={article.title} onClick={row.start} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Writes to FAQ categories and FAQs. Reorders and deletes answer the whole ordered list, which goes into the cache;
 * adding or editing answers the written record, which is put in its place (or, when new, the list refetched).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Faq,
  type FaqCategory,
  type FaqCategoryList,
  FaqCategoryListSchema,
  type FaqCategoryResponse,
  type FaqResponse,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { inOrder } from './reorder';
import { useReorder } from './use-reorder';

/** Puts a write's answer (all categories with their FAQs, in order) into the cache. */
export function useStoreFaqList() {
  const queryClient = useQueryClient();
  return (data: FaqCategoryList) =>
    queryClient.setQueryData<FaqCategory[]>(queryKeys.faq.categories, data.faq_categories);
}

/** Puts an edited category (with its FAQs) in its place in the cache. */
export function useStoreFaqCategory() {
  const queryClient = useQueryClient();
  return ({ faq_category: edited }: FaqCategoryResponse) =>
    queryClient.setQueryData<FaqCategory[]>(queryKeys.faq.categories, (old) =>
      old?.map((c) => (c.id === edited.id ? edited : c)),
    );
}

/** Puts an edited FAQ in its place in the cache. */
export function useStoreFaq() {
  const queryClient = useQueryClient();
  const replace = (faqs: Faq[], edited: Faq) => faqs.map((f) => (f.id === edited.id ? edited : f));
  return ({ faq: edited }: FaqResponse) =>
    queryClient.setQueryData<FaqCategory[]>(queryKeys.faq.categories, (old) =>
      old?.map((c) => (c.faqs.some((f) => f.id === edited.id) ? { ...c, faqs: replace(c.faqs, edited) } : c)),
    );
}

/** After an FAQ or category is added: the list is fetched again, with the new record in its place. */
export function useRefetchFaqList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.faq.categories });
}

/**
 * Reorders the categories (`categoryId` omitted) or the FAQs of one category with one PUT of every id in
 * order; the list shows the new order at once.
 */
export function useFaqReorder(categoryId?: number) {
  return useReorder({
    queryKey: queryKeys.faq.categories,
    url: categoryId === undefined ? 'faq_categories/order' : `faq_categories/${categoryId}/faqs/order`,
    schema: FaqCategoryListSchema,
    reorder: (cached: FaqCategory[], ids) =>
      categoryId === undefined
        ? inOrder(cached, ids)
        : cached.map((c) => (c.id === categoryId ? { ...c, faqs: inOrder(c.faqs, ids) } : c)),
    stored: (answer) => answer.faq_categories,
    what: categoryId === undefined ? 'FAQ categories' : 'FAQs',
  });
}

/** Deletes an FAQ category (with its FAQs) or an FAQ. */
export function useFaqDelete(resource: 'faq_categories' | 'faqs') {
  const store = useStoreFaqList();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${resource}/${id}`, FaqCategoryListSchema),
    onSuccess: store,
  });
}

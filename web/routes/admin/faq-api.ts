/**
 * Writes to FAQ categories and FAQs. Moves and deletes answer the whole ordered list, which goes into the cache;
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
  type Move,
} from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';
import { adminKeys } from './admin-api';

/** Puts a write's answer (all categories with their FAQs, in order) into the cache. */
export function useStoreFaqList() {
  const queryClient = useQueryClient();
  return (data: FaqCategoryList) =>
    queryClient.setQueryData<FaqCategory[]>(adminKeys.faqCategories, data.faq_categories);
}

/** Puts an edited category (with its FAQs) in its place in the cache. */
export function useStoreFaqCategory() {
  const queryClient = useQueryClient();
  return ({ faq_category: edited }: FaqCategoryResponse) =>
    queryClient.setQueryData<FaqCategory[]>(adminKeys.faqCategories, (old) =>
      old?.map((c) => (c.id === edited.id ? edited : c)),
    );
}

/** Puts an edited FAQ in its place in the cache. */
export function useStoreFaq() {
  const queryClient = useQueryClient();
  const replace = (faqs: Faq[], edited: Faq) => faqs.map((f) => (f.id === edited.id ? edited : f));
  return ({ faq: edited }: FaqResponse) =>
    queryClient.setQueryData<FaqCategory[]>(adminKeys.faqCategories, (old) =>
      old?.map((c) => (c.faqs.some((f) => f.id === edited.id) ? { ...c, faqs: replace(c.faqs, edited) } : c)),
    );
}

/** After an FAQ or category is added: the list is fetched again, with the new record in its place. */
export function useRefetchFaqList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.faqCategories });
}

/** Moves an FAQ category or an FAQ; failures are shown as a toast. */
export function useFaqMove(resource: 'faq_categories' | 'faqs') {
  const store = useStoreFaqList();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: Move; what: string }) =>
      api.post(`${resource}/${id}/${move}`, {}, FaqCategoryListSchema),
    onSuccess: store,
    onError: (error, { what }) => notifyError(error, `Could not move ${what}`),
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

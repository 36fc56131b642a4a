/** Writes to FAQ categories and FAQs: every one answers the whole ordered list, which goes into the cache. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqCategory, FaqCategoryList, Move } from '../../../domain/contract/reference';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';
import { adminKeys } from './admin-api';

/** Puts a write's answer (all categories with their FAQs, in order) into the cache. */
export function useStoreFaqList() {
  const queryClient = useQueryClient();
  return (data: FaqCategoryList) =>
    queryClient.setQueryData<FaqCategory[]>(adminKeys.faqCategories, data.faq_categories);
}

/** Moves an FAQ category or an FAQ; failures are shown as a toast. */
export function useFaqMove(resource: 'faq_categories' | 'faqs') {
  const store = useStoreFaqList();
  return useMutation({
    mutationFn: ({ id, move }: { id: number; move: Move; what: string }) =>
      api.post<FaqCategoryList>(`${resource}/${id}/${move}`),
    onSuccess: store,
    onError: (error, { what }) => notifyError(error, `Could not move ${what}`),
  });
}

/** Deletes an FAQ category (with its FAQs) or an FAQ. */
export function useFaqDelete(resource: 'faq_categories' | 'faqs') {
  const store = useStoreFaqList();
  return useMutation({
    mutationFn: (id: number) => api.delete<FaqCategoryList>(`${resource}/${id}`),
    onSuccess: store,
  });
}

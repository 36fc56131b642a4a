/**
 * Saves a new order of a list with one PUT of every id in order. The screen shows the new order at once and
 * puts the server's answer in its place; a refusal (a stale list: 409) puts the old order back, says why and
 * fetches the current list.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';

interface ReorderOptions<T, S extends z.ZodType> {
  queryKey: QueryKey;
  /** e.g. 'faq_categories/order' */
  url: string;
  schema: S;
  /** The cached list with the new order applied. */
  reorder: (cached: T, ids: number[]) => T;
  /** The cached list as the server's answer gives it. */
  stored: (answer: z.output<S>) => T;
  /** e.g. 'FAQs': used in the failure message. */
  what: string;
}

export function useReorder<T, S extends z.ZodType>(options: ReorderOptions<T, S>) {
  const queryClient = useQueryClient();
  const { queryKey } = options;
  return useMutation({
    mutationFn: (ids: number[]) => api.put(options.url, { ids }, options.schema),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T>(queryKey);
      if (previous !== undefined) queryClient.setQueryData<T>(queryKey, options.reorder(previous, ids));
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData<T>(queryKey, context.previous);
      notifyError(error, `Could not reorder the ${options.what}`);
      void queryClient.invalidateQueries({ queryKey });
    },
    onSuccess: (answer) => queryClient.setQueryData<T>(queryKey, options.stored(answer)),
  });
}

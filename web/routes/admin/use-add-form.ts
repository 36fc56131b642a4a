/**
 * An Add form of the reference-content tabs on the form kit (web/components/form.ts): the draft, its field
 * errors (from the shared zod schema first, then from the server's 422 details) and the create call, with
 * the first field focused and a toast for the outcome. The draft is kept on any error, so nothing typed is
 * lost.
 */
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { useForm } from '../../components/form';
import { notifyError, notifySuccess } from '../../lib/notify';

interface AddFormOptions<V extends Record<string, string>, T> {
  initial: V;
  fields: readonly (keyof V & string)[];
  schema: z.ZodType;
  create: (draft: V) => Promise<T>;
  /** Updates the cache and closes the form. */
  onCreated: (response: T, draft: V) => Promise<void> | void;
  /** The toast after a create, e.g. 'Added the registry “GRO”.' */
  successMessage: (draft: V) => string;
  /** e.g. 'registry': used in the failure message. */
  what: string;
}

export function useAddForm<V extends Record<string, string>, T>({
  initial,
  fields,
  schema,
  create,
  onCreated,
  successMessage,
  what,
}: AddFormOptions<V, T>) {
  const form = useForm({
    initial,
    fields,
    schema,
    send: (draft: V) => create(draft),
    onSuccess: async (data, sent) => {
      await onCreated(data, sent);
      notifySuccess(successMessage(sent));
    },
    onFailure: (error) => notifyError(error, `Could not add the ${what}`),
  });
  const firstFieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstFieldRef.current?.focus(), []);

  return {
    draft: form.values,
    errors: form.errors,
    setField: (field: keyof V & string, value: string) => form.set({ [field]: value } as Partial<V>),
    submit: () => form.submit(),
    saving: form.saving,
    firstFieldRef,
  };
}

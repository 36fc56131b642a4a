/**
 * An Add form's state: the draft, its field errors (from the shared zod schema first, then from the
 * server's 422 details) and the create call. The draft is kept on any error, so nothing typed is lost.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type FieldErrors, fieldErrorsOf, schemaErrors } from './admin-api';

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
  const [draft, setDraft] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const firstFieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstFieldRef.current?.focus(), []);

  const mutation = useMutation({
    mutationFn: create,
    onSuccess: async (data, sent) => {
      await onCreated(data, sent);
      notifySuccess(successMessage(sent));
    },
    onError: (error) => {
      const found = fieldErrorsOf(error, fields);
      setErrors(found);
      if (Object.keys(found).length === 0) notifyError(error, `Could not add the ${what}`);
    },
  });

  const submit = () => {
    const found = schemaErrors(schema, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate(draft);
  };
  const setField = (field: keyof V & string, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  return { draft, errors, setField, submit, saving: mutation.isPending, firstFieldRef };
}

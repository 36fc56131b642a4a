/**
 * Inline editing of one table row on the form kit (web/components/form.ts): edit → fields → Save or Cancel.
 * Checks the draft with the shared zod schema, saves the changed fields one PUT at a time, shows the server's
 * 422 details at their field and keeps the draft on any error. Focus goes to the first field on edit and back
 * to the Edit button after.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { useForm } from '../../components/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { FieldSaveError, saveChangedFields } from './admin-api';

interface RowEditorOptions<V extends Record<string, string>, T> {
  /** The row's current values of the editable fields. */
  values: V;
  /** The editable fields, in the order they are saved. */
  fields: readonly (keyof V & string)[];
  /** The create schema of the record: the draft must pass it as a whole. */
  schema: z.ZodType;
  /** PUT one attribute. */
  put: (field: keyof V & string, value: string) => Promise<T>;
  /** Puts a saved response into the query cache. */
  onSaved: (response: T) => void;
  /** e.g. 'registry': used in the messages. */
  what: string;
}

export function useRowEditor<V extends Record<string, string>, T>({
  values,
  fields,
  schema,
  put,
  onSaved,
  what,
}: RowEditorOptions<V, T>) {
  const [editing, setEditing] = useState(false);
  const form = useForm({
    initial: values,
    fields,
    schema,
    send: (draft: V) =>
      saveChangedFields(values, draft, fields, (field, value) => put(field, String(value)), onSaved),
    onSuccess: (data) => {
      setEditing(false);
      if (data !== null) notifySuccess(`Saved the ${what}.`);
    },
    // A failed PUT names its field (saveChangedFields); anything else is a toast.
    onFailure: (error) => {
      if (error instanceof FieldSaveError) return error.errors;
      notifyError(error, `Could not save the ${what}`);
    },
  });
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const start = () => {
    form.reset(values);
    setEditing(true);
  };
  const cancel = () => {
    if (!form.saving) setEditing(false);
  };
  const submit = () => form.submit();
  /** Escape cancels; Enter in a one-line field (or Ctrl/Cmd+Enter anywhere) saves. */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return; // a dropdown took the key
    if (e.key === 'Escape') {
      e.stopPropagation();
      cancel();
    }
    if (e.key === 'Enter' && (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };

  return {
    editing,
    draft: form.values,
    errors: form.errors,
    saving: form.saving,
    start,
    cancel,
    submit,
    setField: (field: keyof V & string, value: string) => form.set({ [field]: value } as Partial<V>),
    onKeyDown,
    firstFieldRef,
    editButtonRef,
  };
}

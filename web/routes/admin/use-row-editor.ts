/**
 * Inline editing of one table row: edit → fields → Save or Cancel. Checks the draft with the shared zod
 * schema, saves the changed fields one PUT at a time, shows the server's 422 details at their field and
 * keeps the draft on any error. Focus goes to the first field on edit and back to the Edit button after.
 */
import { useMutation } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { notifyError, notifySuccess } from '../../lib/notify';
import { type FieldErrors, FieldSaveError, saveChangedFields, schemaErrors } from './admin-api';

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
  const [draft, setDraft] = useState<V>(values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) firstFieldRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const save = useMutation({
    mutationFn: (next: V) =>
      saveChangedFields(values, next, fields, (field, value) => put(field, String(value)), onSaved),
    onSuccess: (data) => {
      setEditing(false);
      if (data !== null) notifySuccess(`Saved the ${what}.`);
    },
    onError: (error) => {
      if (error instanceof FieldSaveError) setErrors(error.errors);
      else notifyError(error, `Could not save the ${what}`);
    },
  });

  const start = () => {
    setDraft(values);
    setErrors({});
    setEditing(true);
  };
  const cancel = () => {
    if (!save.isPending) setEditing(false);
  };
  const submit = () => {
    const found = schemaErrors(schema, draft);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(draft);
  };
  const setField = (field: keyof V & string, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };
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
    draft,
    errors,
    saving: save.isPending,
    start,
    cancel,
    submit,
    setField,
    onKeyDown,
    firstFieldRef,
    editButtonRef,
  };
}

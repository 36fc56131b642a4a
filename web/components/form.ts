/**
 * The form kit (docs/decisions/form-kit.md, docs/architecture.md "SPA conventions"): how every form checks and
 * sends what the user typed. Values are named after the request's fields; before anything is sent the request
 * is checked with the shared zod schema (domain/contract) and the form's own rules, and the messages land on
 * the fields by the field's last name, as the server's 422 details do; a failure no field explains is the
 * form's `failure` (an alert) or its `onFailure` (a toast). A second submit while one is saving is ignored,
 * and nothing typed is lost on an error. The order page's action panels add the page's drafts to it
 * (web/routes/order/form-kit.tsx, `usePanelForm`); every other form is a `useForm`.
 */
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../api/client';
import { isMoneyValue, MONEY_HINT, notAnAmount } from './money-input';

/** Messages by field name. */
export type Messages = Record<string, string>;
/**
 * A form's own rules by field: a message replaces the schema's and the money hint; null clears the field
 * (it is not asked for now, say an amount for a cancellation without a refund); undefined leaves it be.
 */
export type Checks = Record<string, string | null | undefined>;

/** Zod issues of a form as messages by the field's last name, the first issue of each field winning. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Messages = {};
  for (const issue of issues) {
    const name = String(issue.path[issue.path.length - 1] ?? 'form');
    out[name] ??= issue.message;
  }
  return out;
}

/**
 * The messages of a form about to send `body`: the schema's, by field (form values are named after the
 * request's fields); the money hint for an amount that is missing where one is needed or is not one; then
 * the form's own rules, which win.
 */
export function validateForm<V extends object>(
  values: V,
  body: unknown,
  schema: z.ZodType | undefined,
  check?: (values: V) => Checks,
): Messages {
  const parsed = schema?.safeParse(body);
  const found = !parsed || parsed.success ? {} : issuesByField(parsed.error.issues);
  for (const [name, value] of Object.entries(values)) {
    if (isMoneyValue(value) && (notAnAmount(value) || (value.pence === null && name in found)))
      found[name] = MONEY_HINT;
  }
  for (const [name, message] of Object.entries(check?.(values) ?? {})) {
    if (message === null) delete found[name];
    else if (message !== undefined) found[name] = message;
  }
  return found;
}

/** The server's messages of a refused call for the given fields, by the field's last name (first wins). */
export function serverMessages(error: unknown, fields: readonly string[]): Messages {
  if (!(error instanceof ApiError)) return {};
  const all = error.fieldErrors;
  return Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]]));
}

/** A change handler's argument as the value to keep: an input's text, or the value a Mantine input hands over. */
export function inputValue(input: unknown): unknown {
  if (typeof input === 'object' && input !== null && 'currentTarget' in input) {
    const target = (input as ChangeEvent<HTMLInputElement>).currentTarget;
    return target.value;
  }
  return input;
}

/** What a form tells useForm. */
export interface FormOptions<V extends object, T, B = V> {
  initial: V;
  /** The shared schema (domain/contract) the request must pass before it is sent. */
  schema?: z.ZodType;
  /** The request the values make (checked with the schema, then sent); the values themselves when left out. */
  body?: (values: V) => B;
  /** Rules the schema cannot know (see Checks). */
  check?: (values: V) => Checks;
  /** Sends the request. */
  send: (body: B, values: V) => Promise<T>;
  onSuccess?: (answer: T, values: V) => unknown;
  /**
   * A refusal none of the server's field messages explains: the messages to show for it, if any (a one-field
   * form puts a 422's message on its field), after a toast if the form shows failures so.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a form that only shows a toast returns nothing.
  onFailure?: (error: Error, values: V) => Messages | undefined | void;
  /** The fields a server's message may land on; every value's field when left out. */
  fields?: readonly (keyof V & string)[];
}

/** A form's values, their messages and the call that sends them. */
export function useForm<V extends object, T, B = V>(options: FormOptions<V, T, B>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<Messages>({});
  const [error, setError] = useState<Error | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  // The mutation's state shows the spinner; the ref closes the gap before the next render (a double Enter).
  const sending = useRef(false);
  const fields: readonly string[] = options.fields ?? Object.keys(options.initial);

  const mutation = useMutation({
    mutationFn: ({ body, sent }: { body: B; sent: V }) => options.send(body, sent),
    onSuccess: (answer, { sent }) => options.onSuccess?.(answer, sent),
    onError: (refusal, { sent }) => {
      const found = serverMessages(refusal, fields);
      const shown = Object.keys(found).length > 0 ? found : (options.onFailure?.(refusal, sent) ?? {});
      setErrors(shown);
      setError(refusal);
      setFailure(Object.keys(shown).length > 0 ? null : refusal);
    },
    onSettled: () => {
      sending.current = false;
    },
  });

  /** The values with `patch` applied (and kept), the request they make and their messages, now shown. */
  const check = (patch?: Partial<V>) => {
    const current = patch ? { ...values, ...patch } : values;
    if (patch) setValues(current);
    const body = options.body ? options.body(current) : (current as unknown as B);
    const found = validateForm(current, body, options.schema, options.check);
    setErrors(found);
    setError(null);
    setFailure(null);
    return { current, body, ok: Object.keys(found).length === 0 };
  };

  /**
   * Checks and sends the values. `patch` changes some first, for a form with two submit buttons (Reply, Reply
   * and archive) that names in its values which one was pressed.
   */
  const submit = (event?: FormEvent | null, patch?: Partial<V>) => {
    event?.preventDefault();
    if (sending.current) return;
    const { current, body, ok } = check(patch);
    if (!ok) return;
    sending.current = true;
    mutation.mutate({ body, sent: current });
  };

  /** Changes some values; their fields' messages go. */
  const set = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const left = { ...current };
      for (const name of Object.keys(patch)) delete left[name];
      return left;
    });
  };

  return {
    values,
    set,
    errors,
    submit,
    /** Checks the values without sending them (a confirmation comes first); true when they pass. */
    validate: (patch?: Partial<V>) => check(patch).ok,
    /** The call is under way: the submit button spins, a second submit is ignored. */
    saving: mutation.isPending,
    /** The last refusal, when no field message explains it (an alert). */
    failure,
    /** The last refusal, explained or not. */
    error,
    /** The messages and the failure go; the values stay (a dialog closed, to be opened again). */
    clearMessages: () => {
      setErrors({});
      setError(null);
      setFailure(null);
    },
    /** Back to the given values (or the initial ones), without messages. */
    reset: (next: V = options.initial) => {
      setValues(next);
      setErrors({});
      setError(null);
      setFailure(null);
    },
    /** Props for a Mantine input bound to one value (TextInput, Textarea, Select, Radio.Group, MoneyInput). */
    field: <K extends keyof V & string>(name: K) => ({
      value: values[name],
      onChange: (input: unknown) => set({ [name]: inputValue(input) } as Partial<V>),
      error: errors[name],
    }),
    /** Props for a Checkbox bound to a boolean value. */
    checkbox: <K extends keyof V & string>(name: K) => ({
      checked: Boolean(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        set({ [name]: event.currentTarget.checked } as Partial<V>),
      error: errors[name],
    }),
  };
}

/** What the screens need of a form made by useForm. */
export type FormHandle<V extends object> = ReturnType<typeof useForm<V, unknown>>;

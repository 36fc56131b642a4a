/**
 * The action panels' form kit: the app's form kit (web/components/form.ts) on the order page's drafts. A panel
 * names its draft, its initial values, its action, the shared zod schema of the request and how the values
 * become that request; the kit keeps the values in the version-tracking draft (drafts.tsx), checks the
 * request with the schema before anything is sent (`validateForm`), shows the messages on the fields (or as
 * the SPEC's one alert), asks first when the panel moves money, sends through useAction (panel-kit.tsx) and
 * ignores a second submit while one is saving. Why it is not @mantine/form: docs/decisions/form-kit.md.
 */
import { Button, type ButtonProps, Group, Modal, Stack, Text } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { z } from 'zod';
import { type Checks, inputValue, type Messages, validateForm } from '../../components/form';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import { useDraft } from './drafts';
import {
  ActionAlert,
  type ActionHandle,
  PanelBody,
  PanelButtons,
  PanelIntro,
  type RunOptions,
  useOrderItem,
  ValidationAlert,
} from './panel-kit';

type Body = Record<string, unknown>;

/** What a panel tells usePanelForm. */
export interface PanelFormOptions<V extends object> {
  /** The draft's key, unique on the page. */
  draftKey: string;
  initial: V;
  /** The action the form runs, or the one its values choose. */
  action: ActionHandle | ((values: V) => ActionHandle);
  /** The shared schema of the request (domain/contract), or the one the values' request needs. */
  schema: z.ZodType | ((values: V) => z.ZodType);
  /** The request the values make; null when there is nothing to send yet. */
  body: (values: V) => Body | null;
  /** Rules the schema cannot know (see Checks). */
  check?: (values: V) => Checks;
  /** The SPEC words a refusal as one alert: true shows the schema's first message, a text shows itself. */
  alert?: true | string;
  /** Money moves: the question to confirm before sending. */
  confirm?: (values: V) => string;
  /** Where and how the call goes, when not POST order_items/<ref>/<action> with the lock. */
  send?: Pick<RunOptions, 'path' | 'noLock' | 'answer' | 'method'>;
}

/** One action panel's form: values in the draft, checked by the schema, sent through the action. */
export function usePanelForm<V extends object>(options: PanelFormOptions<V>) {
  const { item } = useOrderItem();
  const draft = useDraft(options.draftKey, options.initial, item.lock_version);
  const [errors, setErrors] = useState<Messages>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ question: string; body: Body } | null>(null);
  // State shows the spinner; the ref closes the gap before the next render (a double click or double Enter).
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const values = draft.values;
  const action = typeof options.action === 'function' ? options.action(values) : options.action;

  const send = async (body: Body): Promise<boolean> => {
    if (sending.current) return false;
    sending.current = true;
    setBusy(true);
    try {
      return await action.run({ ...options.send, body, draft });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current || action.pending) return;
    const body = options.body(values);
    if (body === null) return;
    const schema = typeof options.schema === 'function' ? options.schema(values) : options.schema;
    const found = validateForm(values, body, schema, options.check);
    const first = Object.values(found)[0];
    if (options.alert)
      setInvalid(first === undefined ? null : options.alert === true ? first : options.alert);
    else setErrors(found);
    if (first !== undefined) return;
    if (options.confirm) setConfirming({ question: options.confirm(values), body });
    else await send(body);
  };

  const confirm = async () => {
    if (!confirming) return;
    await send(confirming.body);
    setConfirming(null);
  };

  /** A field's message: ours from the last submit, else the server's 422 for it (alert panels have none). */
  const error = (name: string): string | undefined =>
    options.alert ? undefined : (errors[name] ?? action.failure?.fields[name]);

  return {
    values,
    /** Changes some values; the first change remembers the lock_version the user works from. */
    set: draft.set,
    error,
    /** Props for a Mantine input bound to one value (TextInput, Textarea, Select, Radio.Group, MoneyInput, DateField). */
    field: <K extends keyof V & string>(name: K) => ({
      value: values[name],
      onChange: (input: unknown) => draft.set({ [name]: inputValue(input) } as Partial<V>),
      error: error(name),
    }),
    /** Props for a Checkbox bound to a boolean value. */
    checkbox: <K extends keyof V & string>(name: K) => ({
      checked: Boolean(values[name]),
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        draft.set({ [name]: event.currentTarget.checked } as Partial<V>),
    }),
    submit,
    /** A call is under way: the kit's buttons spin and are disabled. */
    saving: busy || action.pending,
    failure: action.failure,
    /** The SPEC's alert of an alert panel's refusal. */
    invalid,
    reset: draft.reset,
    /** The question a money-moving panel asks before sending; null when not asking. */
    confirming: confirming?.question ?? null,
    confirm,
    cancelConfirm: () => setConfirming(null),
  };
}

/** What the kit's components need of a form made by usePanelForm. */
export type PanelFormHandle = Pick<
  ReturnType<typeof usePanelForm<object>>,
  'submit' | 'saving' | 'failure' | 'invalid' | 'confirming' | 'confirm' | 'cancelConfirm'
>;

/** A panel's form: help, fields, alerts and buttons in the panel's stack; submitting runs the kit's checks. */
export function PanelForm({
  form,
  intro,
  children,
}: {
  form: PanelFormHandle;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={form.submit} noValidate>
      <PanelBody>
        {intro && <PanelIntro>{intro}</PanelIntro>}
        {children}
      </PanelBody>
    </form>
  );
}

type FooterProps = Omit<ButtonProps, 'children' | 'loading'> & {
  form: PanelFormHandle;
  /** The submit button's label. */
  submit: ReactNode;
  /** The title of a failed call, when the SPEC gives the panel its own. */
  failedTitle?: string;
  /** Beside the submit button. */
  children?: ReactNode;
};

/** The foot of a panel's form: the SPEC's alert, what went wrong, and the submit button (disabled while saving). */
export function FormFooter({ form, submit, failedTitle, children, ...button }: FooterProps) {
  return (
    <>
      <ValidationAlert message={form.invalid} />
      <ActionAlert failure={form.failure} failedTitle={failedTitle} />
      <PanelButtons>
        <Button {...button} type="submit" loading={form.saving}>
          {submit}
        </Button>
        {children}
      </PanelButtons>
    </>
  );
}

/** The confirmation of a money-moving panel, with the panel's question. */
export function ConfirmDialog({ form, title, note }: { form: PanelFormHandle; title: string; note: string }) {
  return (
    <Modal opened={form.confirming !== null} onClose={form.cancelConfirm} title={title} centered size="md">
      <Stack gap="md">
        <Text size="sm">{form.confirming}</Text>
        <Text size="sm" c="dimmed">
          {note}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={form.cancelConfirm}>
            Go back
          </Button>
          <Button
            color="red.9"
            onClick={form.confirm}
            loading={form.saving}
            data-autofocus
            {...SUBMIT_SHORTCUT}
          >
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What a confirmation asks before an action that cannot be undone. */
export interface Confirmation {
  title: string;
  /** What will happen, naming the item. */
  message: ReactNode;
  /** The confirming button's label (say the action, not "OK"). */
  confirmLabel: string;
}

/**
 * Asks before running an action that cannot be undone: `ask` opens the dialog (from a button or the
 * palette), Confirm runs the action, Cancel or Escape changes nothing. A failure stays with the caller's
 * ActionAlert, beside the button that asked.
 */
export function useConfirmedAction(action: ActionHandle, confirmation: Confirmation) {
  const [opened, setOpened] = useState(false);
  const confirm = async () => {
    await action.run();
    setOpened(false);
  };
  const dialog = (
    <Modal opened={opened} onClose={() => setOpened(false)} title={confirmation.title} centered size="md">
      <Stack gap="md">
        <Text size="sm">{confirmation.message}</Text>
        <Text size="sm" c="dimmed">
          This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setOpened(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={action.pending} data-autofocus {...SUBMIT_SHORTCUT}>
            {confirmation.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { ask: () => setOpened(true), dialog };
}

type ActionButtonProps = Omit<ButtonProps, 'loading'> & {
  action: ActionHandle;
  children: ReactNode;
  /** Ask first: the action cannot be undone. */
  confirm?: Confirmation;
};

/** A button that runs an action without input; it spins and is disabled while the call is under way. */
export function ActionButton({ action, confirm, children, ...button }: ActionButtonProps) {
  if (confirm)
    return (
      <ConfirmedButton action={action} confirm={confirm} {...button}>
        {children}
      </ConfirmedButton>
    );
  return (
    <Button {...button} onClick={() => action.run()} loading={action.pending}>
      {children}
    </Button>
  );
}

function ConfirmedButton({
  action,
  confirm,
  children,
  ...button
}: ActionButtonProps & { confirm: Confirmation }) {
  const { ask, dialog } = useConfirmedAction(action, confirm);
  return (
    <>
      <Button {...button} onClick={ask} loading={action.pending} aria-haspopup="dialog">
        {children}
      </Button>
      {dialog}
    </>
  );
}

interface ClickPanelProps {
  intro: ReactNode;
  action: ActionHandle;
  /** The button's label. */
  label: string;
  /** Between the help and the button. */
  children?: ReactNode;
  /** Ask first: the click cannot be undone. */
  confirm?: Confirmation;
}

/** A panel of one click: its help, what went wrong, and the button. */
export function ClickPanel({ intro, action, label, children, confirm }: ClickPanelProps) {
  return (
    <PanelBody>
      <PanelIntro>{intro}</PanelIntro>
      {children}
      <ActionAlert failure={action.failure} />
      <PanelButtons>
        <ActionButton action={action} confirm={confirm}>
          {label}
        </ActionButton>
      </PanelButtons>
    </PanelBody>
  );
}

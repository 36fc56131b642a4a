/** Add Notes: any member of staff leaves a note on the item (it shows among the comments). */
import { Button, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AddNoteSchema } from '../../../../domain/contract/order-item-actions';
import { useDraft } from '../drafts';
import { ActionAlert, PanelBody, PanelButtons, PanelIntro, useAction, useOrderItem } from '../panel-kit';

export function AddNotesPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<{ body: string }>('add_note', { body: '' }, item.lock_version);
  const { run, pending, failure } = useAction('add_note', (ref) => `Note added to ${ref}.`);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { note: { body: draft.values.body } };
    const parsed = AddNoteSchema.safeParse(body);
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>
          Notes are kept with the comments beside this panel, for everyone working the item.
        </PanelIntro>
        <Textarea
          label="Note"
          required
          autosize
          minRows={3}
          maxRows={10}
          value={draft.values.body}
          onChange={(e) => draft.set({ body: e.currentTarget.value })}
          error={error ?? failure?.fields.body}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Add note
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

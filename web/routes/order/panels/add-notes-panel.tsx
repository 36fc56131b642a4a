/** Add Notes: any member of staff leaves a note on the item (it shows among the comments). */
import { AddNoteSchema } from '../../../../domain/contract/order-item-actions';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { useAction } from '../panel-kit';

/** A note for everyone working the item. */
export function AddNotesPanel() {
  const form = usePanelForm({
    draftKey: 'add_note',
    initial: { body: '' },
    action: useAction('add_note', (ref) => `Note added to ${ref}.`),
    schema: AddNoteSchema,
    body: (v) => ({ note: { body: v.body } }),
  });
  return (
    <PanelForm
      form={form}
      intro="Notes are kept with the comments beside this panel, for everyone working the item."
    >
      <GrowingTextarea label="Note" required minRows={3} maxRows={10} {...form.field('body')} />
      <FormFooter form={form} submit="Add note" />
    </PanelForm>
  );
}

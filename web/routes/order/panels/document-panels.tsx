/** Translations and deed polls: documents from the customer, their review, and the translator's round trip. */
import { Alert, Button, Select, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  RejectDocumentsSchema,
  SendForTranslationSchema,
} from '../../../../domain/contract/order-item-actions';
import { TRANSLATION_DESPATCH_OPTIONS } from '../../../../domain/options';
import { useDraft } from '../drafts';
import {
  ActionAlert,
  issuesByField,
  PanelBody,
  PanelButtons,
  PanelIntro,
  useAction,
  useOrderItem,
  ValidationAlert,
} from '../panel-kit';

export function ReviewDocumentsPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<{ notes: string }>('review', { notes: '' }, item.lock_version);
  const approve = useAction('approve_documents', (ref) => `Documents approved for ${ref}.`);
  const reject = useAction('reject_documents', (ref) => `Feedback e-mailed to the customer of ${ref}.`);
  const [invalid, setInvalid] = useState<string | null>(null);
  const files = item.ukds_attachments.length;

  const submitReject = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectDocumentsSchema.safeParse({ review: { notes: draft.values.notes } });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Please provide some feedback to the customer!');
      return;
    }
    setInvalid(null);
    await reject.run({ body: { review: { notes: draft.values.notes } }, draft });
  };

  return (
    <PanelBody>
      <PanelIntro>
        Check the customer's documents ({files} {files === 1 ? 'attachment' : 'attachments'}, listed beside
        this panel). Approve them to go ahead, or reject them with feedback that is e-mailed to the customer.
      </PanelIntro>
      {item.waiting_customer_response && (
        <Alert color="yellow" variant="light" title="Waiting for the customer">
          The documents were rejected; the customer has been asked to upload them again.
        </Alert>
      )}
      <ActionAlert failure={approve.failure} />
      <PanelButtons>
        <Button onClick={() => approve.run()} loading={approve.pending}>
          Approve documents
        </Button>
      </PanelButtons>
      <form onSubmit={submitReject} noValidate>
        <PanelBody>
          <Textarea
            label="Feedback to the customer"
            description="Required to reject: say what is wrong and what to send instead"
            autosize
            minRows={3}
            maxRows={8}
            value={draft.values.notes}
            onChange={(e) => draft.set({ notes: e.currentTarget.value })}
          />
          <ValidationAlert message={invalid} />
          <ActionAlert failure={reject.failure} />
          <PanelButtons>
            <Button type="submit" variant="outline" color="red.9" loading={reject.pending}>
              Reject documents
            </Button>
          </PanelButtons>
        </PanelBody>
      </form>
    </PanelBody>
  );
}

interface TranslationValues {
  notes: string;
  despatchTo: string | null;
}

export function SendForTranslationPanel() {
  const { item } = useOrderItem();
  const draft = useDraft<TranslationValues>(
    'send_for_translation',
    { notes: '', despatchTo: null },
    item.lock_version,
  );
  const { run, pending, failure } = useAction(
    'send_for_translation',
    (ref) => `${ref} sent for translation.`,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const v = draft.values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      translation_request: { notes: v.notes.trim() === '' ? null : v.notes, despatch_to: v.despatchTo ?? '' },
    };
    const parsed = SendForTranslationSchema.safeParse(body);
    const found = parsed.success ? {} : issuesByField(parsed.error.issues);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run({ body, draft });
  };

  return (
    <form onSubmit={submit} noValidate>
      <PanelBody>
        <PanelIntro>Send the approved documents to the translator.</PanelIntro>
        <Select
          label="Translator sends the translation to"
          required
          placeholder="Choose where"
          data={TRANSLATION_DESPATCH_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          value={v.despatchTo}
          onChange={(despatchTo) => draft.set({ despatchTo })}
          error={errors.despatch_to ?? failure?.fields.despatch_to}
          allowDeselect={false}
          maw={320}
        />
        <Textarea
          label="Notes for the translator"
          autosize
          minRows={3}
          maxRows={8}
          value={v.notes}
          onChange={(e) => draft.set({ notes: e.currentTarget.value })}
          error={errors.notes ?? failure?.fields.notes}
        />
        <ActionAlert failure={failure} />
        <PanelButtons>
          <Button type="submit" loading={pending}>
            Send for translation
          </Button>
        </PanelButtons>
      </PanelBody>
    </form>
  );
}

export function CompleteTranslationPanel() {
  const received = useAction(
    'translation_received',
    (ref) => `Translation of ${ref} received in the office.`,
  );
  const complete = useAction('translation_complete', (ref) => `${ref} complete.`);
  return (
    <PanelBody>
      <PanelIntro>
        When the translation comes back to the office it still needs despatching; when the translator
        delivered it straight to the customer the item is complete.
      </PanelIntro>
      <ActionAlert failure={received.failure ?? complete.failure} />
      <PanelButtons>
        <Button onClick={() => received.run()} loading={received.pending} disabled={complete.pending}>
          Received in the office
        </Button>
        <Button
          variant="default"
          onClick={() => complete.run()}
          loading={complete.pending}
          disabled={received.pending}
        >
          Delivered to the customer
        </Button>
      </PanelButtons>
    </PanelBody>
  );
}

export function ReceivedFromCustomerPanel() {
  const { run, pending, failure } = useAction(
    'received_from_customer',
    (ref) => `Documents for ${ref} received from the customer.`,
  );
  return (
    <PanelBody>
      <PanelIntro>
        The customer's documents arrived by post. The item moves on to Review Attachments.
      </PanelIntro>
      <Text size="sm">Upload scans of the documents beside this panel so they can be reviewed.</Text>
      <ActionAlert failure={failure} />
      <PanelButtons>
        <Button onClick={() => run()} loading={pending}>
          Documents received
        </Button>
      </PanelButtons>
    </PanelBody>
  );
}

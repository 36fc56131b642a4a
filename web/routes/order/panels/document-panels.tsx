/** Translations and deed polls: documents from the customer, their review, and the translator's round trip. */
import { Alert, Select, Text, Textarea } from '@mantine/core';
import {
  RejectDocumentsSchema,
  SendForTranslationSchema,
} from '../../../../domain/contract/order-item-actions';
import { TRANSLATION_DESPATCH_OPTIONS } from '../../../../domain/options';
import { ActionButton, ClickPanel, FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { ActionAlert, PanelBody, PanelButtons, PanelIntro, useAction, useOrderItem } from '../panel-kit';

/** Approve the customer's documents, or reject them with feedback the customer is e-mailed. */
export function ReviewDocumentsPanel() {
  const { item } = useOrderItem();
  const approve = useAction('approve_documents', (ref) => `Documents approved for ${ref}.`);
  const reject = usePanelForm({
    draftKey: 'review',
    initial: { notes: '' },
    action: useAction('reject_documents', (ref) => `Feedback e-mailed to the customer of ${ref}.`),
    schema: RejectDocumentsSchema,
    body: (v) => ({ review: { notes: v.notes } }),
    // SPEC: 'Please provide some feedback to the customer!', the schema's own message.
    alert: true,
  });
  const files = item.ukds_attachments.length;

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
        <ActionButton action={approve}>Approve documents</ActionButton>
      </PanelButtons>
      <PanelForm form={reject}>
        <Textarea
          label="Feedback to the customer"
          description="Required to reject: say what is wrong and what to send instead"
          autosize
          minRows={3}
          maxRows={8}
          {...reject.field('notes')}
        />
        <FormFooter form={reject} submit="Reject documents" variant="outline" color="red.9" />
      </PanelForm>
    </PanelBody>
  );
}

/** Send the approved documents to the translator, saying where the translation goes. */
export function SendForTranslationPanel() {
  const form = usePanelForm({
    draftKey: 'send_for_translation',
    initial: { notes: '', despatch_to: null as string | null },
    action: useAction('send_for_translation', (ref) => `${ref} sent for translation.`),
    schema: SendForTranslationSchema,
    body: (v) => ({
      translation_request: {
        notes: v.notes.trim() === '' ? null : v.notes,
        despatch_to: v.despatch_to ?? '',
      },
    }),
  });
  return (
    <PanelForm form={form} intro="Send the approved documents to the translator.">
      <Select
        label="Translator sends the translation to"
        required
        placeholder="Choose where"
        data={TRANSLATION_DESPATCH_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
        allowDeselect={false}
        maw={320}
        {...form.field('despatch_to')}
      />
      <Textarea label="Notes for the translator" autosize minRows={3} maxRows={8} {...form.field('notes')} />
      <FormFooter form={form} submit="Send for translation" />
    </PanelForm>
  );
}

/** The translation is back in the office, or went straight to the customer. */
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
        <ActionButton action={received} disabled={complete.pending}>
          Received in the office
        </ActionButton>
        <ActionButton action={complete} disabled={received.pending} variant="default">
          Delivered to the customer
        </ActionButton>
      </PanelButtons>
    </PanelBody>
  );
}

/** The customer's documents arrived by post. */
export function ReceivedFromCustomerPanel() {
  const received = useAction(
    'received_from_customer',
    (ref) => `Documents for ${ref} received from the customer.`,
  );
  return (
    <ClickPanel
      intro="The customer's documents arrived by post. The item moves on to Review Attachments."
      action={received}
      label="Documents received"
    >
      <Text size="sm">Upload scans of the documents beside this panel so they can be reviewed.</Text>
    </ClickPanel>
  );
}

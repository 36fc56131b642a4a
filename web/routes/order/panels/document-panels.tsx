/** Translations and deed polls: documents from the customer, their review, and the translator's round trip. */
import { Alert, Select, Text } from '@mantine/core';
import type { Attachment } from '../../../../domain/contract/order-item';
import {
  RejectDocumentsSchema,
  SendForTranslationSchema,
} from '../../../../domain/contract/order-item-actions';
import { BASE_LABELS, endSentence } from '../../../../domain/labels';
import { TRANSLATION_DESPATCH_OPTIONS } from '../../../../domain/options';
import { documentsApprovalBlock } from '../../../../domain/workflow/documents';
import { GrowingTextarea } from '../../../components/growing-textarea';
import { ActionButton, ClickPanel, FormFooter, PanelForm, usePanelForm } from '../form-kit';
import { ActionAlert, PanelBody, PanelButtons, PanelIntro, useAction, useOrderItem } from '../panel-kit';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What approving the step does to the files, in words: the confirmation says it before the click. */
export function approvalMessage(ref: string, files: readonly Attachment[], next: string) {
  const unreviewed = files.filter((a) => a.approved === null).length;
  const rejected = files.filter((a) => a.approved === false).length;
  const parts = [
    unreviewed > 0
      ? `${plural(unreviewed, 'file not reviewed yet is', 'files not reviewed yet are')} marked approved by you.`
      : 'Every file has been reviewed.',
    rejected > 0 ? `${plural(rejected, 'rejected file stays', 'rejected files stay')} rejected.` : '',
    endSentence(`${ref} moves on to ${next}`),
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * Approve the customer's documents, or reject them with feedback the customer is e-mailed. Approving needs a
 * file that is not rejected: the panel says so before the click, and the server refuses it too.
 */
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
  const files = item.ukds_attachments;
  const blocked = documentsApprovalBlock(files);
  const next =
    BASE_LABELS[item.orderable_type === 'Translation' ? 'ready_for_translation' : 'despatch_required'];
  const reviewed = files.filter((a) => a.approved !== null).length;

  return (
    <PanelBody>
      <PanelIntro>
        Check each of the customer's files in the Attachments list beside this panel and approve or reject it
        there. Then approve the documents to go ahead, or reject them with feedback that is e-mailed to the
        customer.
      </PanelIntro>
      <Text size="sm" data-testid="review-progress">
        {files.length === 0
          ? 'No files yet.'
          : `${reviewed} of ${plural(files.length, 'file', 'files')} reviewed.`}
      </Text>
      {item.waiting_customer_response && (
        <Alert color="yellow" variant="light" title="Waiting for the customer">
          The documents were rejected; the customer has been asked to upload them again.
        </Alert>
      )}
      {blocked && (
        <Alert color="gray" variant="light" id="approve-blocked" title="Approving is not possible yet">
          {blocked[0].toUpperCase() + blocked.slice(1)}.
        </Alert>
      )}
      <ActionAlert failure={approve.failure} onClose={approve.clearFailure} />
      <PanelButtons>
        <ActionButton
          action={approve}
          disabled={blocked !== null}
          aria-describedby={blocked ? 'approve-blocked' : undefined}
          confirm={{
            title: `Approve the documents of ${item.ref}?`,
            message: approvalMessage(item.ref, files, next),
            confirmLabel: 'Approve the documents',
          }}
        >
          Approve documents
        </ActionButton>
      </PanelButtons>
      <PanelForm form={reject}>
        <GrowingTextarea
          label="Feedback to the customer"
          description="Required to reject: say what is wrong and what to send instead"
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
      <GrowingTextarea label="Notes for the translator" minRows={3} maxRows={8} {...form.field('notes')} />
      <FormFooter form={form} submit="Send for translation" />
    </PanelForm>
  );
}

/** The translation is back in the office, or went straight to the customer. */
export function CompleteTranslationPanel() {
  const { item } = useOrderItem();
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
        <ActionButton
          action={received}
          disabled={complete.pending}
          confirm={{
            title: `Translation of ${item.ref} received in the office?`,
            message: `${item.ref} moves to Dispatch Reqd.: the translation is despatched to the customer from the office.`,
            confirmLabel: 'Mark received',
          }}
        >
          Received in the office
        </ActionButton>
        <ActionButton
          action={complete}
          disabled={received.pending}
          variant="default"
          confirm={{
            title: `Translation of ${item.ref} delivered to the customer?`,
            message: `${item.ref} is complete: nothing is despatched from the office.`,
            confirmLabel: 'Complete the item',
          }}
        >
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

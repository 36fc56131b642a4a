/**
 * The bulk bar's two pieces around it: the result of the last action (what was done, and each refused item
 * with why) and the dialog that waits for the user's go (the count stated first when the selection reaches
 * past the page, the orderer to assign to, the note to add).
 */
import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import type { BulkAction, BulkResponse } from '../../domain/contract/lists';
import { BULK_VERBS, confirmationText, outcomeText, type Pending } from './bulk-model';
import { GrowingTextarea } from './growing-textarea';
import { LazyModal } from './lazy-modal';

const items = (count: number) => `${count.toLocaleString('en-GB')} item${count === 1 ? '' : 's'}`;

/** What the last action did: done and refused, the refused items listed with the reason (they stay ticked). */
export function BulkOutcome({
  action,
  result,
  onDismiss,
}: {
  action: BulkAction;
  result: BulkResponse;
  onDismiss: () => void;
}) {
  return (
    <Alert
      color={result.refused > 0 ? 'orange' : 'green'}
      role="status"
      title={outcomeText(action, result)}
      withCloseButton
      closeButtonLabel="Dismiss the result"
      onClose={onDismiss}
      data-testid="bulk-outcome"
    >
      {result.refused > 0 && (
        <>
          <Text size="sm">Refused (still ticked):</Text>
          <List size="sm" spacing={2}>
            {result.results
              .filter((r) => r.status === 'refused')
              .map((r) => (
                <List.Item key={r.id}>
                  <Text span fw={600} ff="monospace" size="sm">
                    {r.ref ?? `#${r.id}`}
                  </Text>
                  : {r.message ?? 'refused'}
                </List.Item>
              ))}
          </List>
        </>
      )}
    </Alert>
  );
}

interface BulkDialogProps {
  pending: Pending | null;
  /** How many items the action takes. */
  count: number;
  orderers: readonly { id: number; name: string }[];
  ordererId: string | null;
  onOrderer: (id: string | null) => void;
  note: string;
  onNote: (text: string) => void;
  /** The server's messages by field, and the refusal, of the last call. */
  fieldErrors: Record<string, string>;
  failure: Error | null;
  ready: boolean;
  busy: boolean;
  onGo: () => void;
  /** Escape, the close button or the overlay: the dialog closes and forgets the refusal. */
  onClose: () => void;
  onCancel: () => void;
}

/** The dialog of an action that waits for the user's go. */
export function BulkDialog({ pending, count, ...props }: BulkDialogProps) {
  return (
    <LazyModal
      opened={pending !== null}
      onClose={props.onClose}
      title={pending ? confirmationText(pending.kind, count) : ''}
    >
      {pending && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            props.onGo();
          }}
        >
          <Stack gap="sm">
            {pending.confirm && (
              <Text size="sm">
                This acts on {items(count)}, not only those on this page. Each item is checked on its own; any
                that cannot be changed are listed afterwards.
              </Text>
            )}
            {pending.kind === 'assign' && (
              <Select
                label="Orderer"
                placeholder="Choose an orderer"
                data={props.orderers.map((o) => ({ value: String(o.id), label: o.name }))}
                value={props.ordererId}
                onChange={props.onOrderer}
                searchable
                data-autofocus={!pending.preselected || undefined}
                error={props.fieldErrors.orderer_id}
              />
            )}
            {pending.kind === 'note' && (
              <GrowingTextarea
                label="Note"
                description="Added to each item's timeline as a comment."
                minRows={3}
                value={props.note}
                onChange={(e) => props.onNote(e.currentTarget.value)}
                data-autofocus
                error={props.fieldErrors.body}
              />
            )}
            {props.failure && (
              <Alert color="red" role="alert" title="ERROR: Could not perform action">
                {props.failure.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onCancel}>
                Cancel
              </Button>
              <Button
                type="submit"
                disabled={!props.ready}
                loading={props.busy}
                data-autofocus={pending.preselected || undefined}
              >
                {BULK_VERBS[pending.kind]} {items(count)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </LazyModal>
  );
}

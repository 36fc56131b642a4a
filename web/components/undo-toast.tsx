/**
 * The Undo toast (issue 49, docs/decisions/undo.md): after an assignment, a flag, an archive or a bulk assign or
 * flag, "<what was done> · Undo" shows for 5 seconds. Undo — the button, or `z` or Ctrl+Z (⌘Z) while it
 * shows — asks the server to take the change back (POST /undo.json), refreshes every screen's data, then says
 * what was undone, or why it could not be (someone changed it since: 409; too late: 410).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { type UndoOffer, UndoResultSchema } from '../../domain/contract/undo';
import { api } from '../api/client';
import { NOT_LIVE } from '../api/query-keys';
import { afterPaint } from '../lib/after-paint';
import { CLOSE, liftAboveBulkBar, notifyError, notifySuccess } from '../lib/notify';
import { undoGone, undoShown } from '../lib/undo-offer';
import { UNDO_KEY } from './shortcut-keys';

/** How long the Undo shows. */
export const UNDO_TOAST_MS = 5000;
/**
 * The longest it shows, even under the pointer (which pauses a toast's timer): the server takes a token for 10
 * seconds after the change, and an Undo that can only answer "too late" should not be offered.
 */
const UNDO_SHOWN_AT_MOST_MS = 8000;

/** What a screen hands over after a reversible change. */
export interface UndoToastInput {
  /** What was done, in the screen's words: 'Assigned 100234-2 to Alice Orderer.' */
  message: string;
  offer: UndoOffer;
  queryClient: QueryClient;
  /** After the change was undone (the bulk bar forgets its result). */
  onUndone?: () => void;
}

/** Takes the change back through the API. */
const undoChange = (token: string) => api.post('undo', { undo: { token } }, UndoResultSchema);

function UndoToastBody({ message, onUndo }: { message: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-sm"
        variant="light"
        onClick={onUndo}
        aria-keyshortcuts={`${UNDO_KEY} Control+Z Meta+Z`}
        style={{ flexShrink: 0 }}
      >
        Undo
      </Button>
    </Group>
  );
}

/** Shows what was done with its Undo; the change is taken back at most once, whichever way Undo is pressed. */
export function offerUndo({ message, offer, queryClient, onUndone }: UndoToastInput): void {
  const id = `undo:${offer.token}`;
  let used = false;
  const run = async () => {
    if (used) return;
    used = true;
    undoGone(id);
    notifications.update({
      id,
      message: 'Undoing…',
      loading: true,
      autoClose: false,
      withCloseButton: false,
    });
    try {
      const { undone } = await undoChange(offer.token);
      // Every screen's data the change touched (lists, counts, the item and its timeline, the inbox).
      await queryClient.invalidateQueries({ predicate: (q) => !NOT_LIVE.includes(String(q.queryKey[0])) });
      onUndone?.();
      notifications.hide(id);
      notifySuccess(undone.message);
    } catch (error) {
      notifications.hide(id);
      notifyError(error, 'Could not undo');
    }
  };
  // `z` works from the moment the change is made; the toast shows once the screen's own change has painted
  // (afterPaint: the toast's measuring then costs only its own layout), unless `z` was quicker.
  undoShown(id, () => void run());
  afterPaint(() => {
    if (used) return;
    liftAboveBulkBar();
    notifications.show({
      id,
      message: <UndoToastBody message={message} onUndo={() => void run()} />,
      autoClose: UNDO_TOAST_MS,
      closeButtonProps: CLOSE,
      onClose: () => undoGone(id),
    });
  });
  window.setTimeout(() => {
    if (!used) notifications.hide(id);
  }, UNDO_SHOWN_AT_MOST_MS);
}

/**
 * The Undo toast showing now, if any (components/undo-toast.tsx): what `z` and Ctrl+Z (⌘Z) run while it
 * shows (components/shortcuts.tsx). One at a time: a newer change's toast takes the keys over.
 */
interface ShowingUndo {
  id: string;
  run: () => void;
}

let showing: ShowingUndo | null = null;

/** The undo the keys would run now; null when no Undo toast shows. */
export function showingUndo(): ShowingUndo | null {
  return showing;
}

/** The toast `id` shows: the keys run `run` until it closes. */
export function undoShown(id: string, run: () => void): void {
  showing = { id, run };
}

/** The toast `id` closed (or was used): the keys no longer run it. */
export function undoGone(id: string): void {
  if (showing?.id === id) showing = null;
}

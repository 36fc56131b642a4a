/**
 * The keyboard layer of the app shell: the screen-actions registry, the one key listener, the `?` help and
 * the command palette (a lazy chunk, fetched once the shell is idle so Ctrl+K opens it at once; a Ctrl+K
 * pressed before the shell mounted, right after sign-in, waits in `paletteQueue` and opens it then). It wraps
 * the signed-in app (app.tsx), so the header, the navigation and every screen share one registry.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  use,
  useEffect,
  useRef,
  useState,
} from 'react';
import { isAdmin, useCurrentUser } from './auth';
import { PaletteQueue } from './palette-queue';
import { ScreenActionsProvider, useNewScreenActionsStore } from './screen-actions';
import type { ScreenActionsStore } from './screen-actions-store';
import { ShortcutsDialog, useGlobalShortcuts } from './shortcuts';

const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(loadPalette);

/**
 * Ctrl+K pressed before the shell is there (signing in, the session being checked): queued until the shell
 * mounts (palette-queue.ts). The app installs its listener at start (app.tsx).
 */
export const paletteQueue = new PaletteQueue(loadPalette);

/** How long after the shell shows the palette's chunk is fetched. */
const PRELOAD_AFTER_MS = 1500;

export interface KeyboardShell {
  store: ScreenActionsStore;
  admin: boolean;
  /** The header's search field, which `/` focuses (when it is shown). */
  searchRef: RefObject<HTMLInputElement | null>;
  paletteOpened: boolean;
  /** Opens the palette, with `text` typed in it already if given. */
  openPalette: (text?: string) => void;
  closePalette: () => void;
  /** What the palette opens with. */
  paletteText: string;
  helpOpened: boolean;
  openHelp: () => void;
  closeHelp: () => void;
}

const KeyboardContext = createContext<KeyboardShell | null>(null);

/** The keyboard state of the shell, with the key listener installed. */
function useKeyboardShell(): KeyboardShell {
  const admin = isAdmin(useCurrentUser());
  const store = useNewScreenActionsStore();
  const searchRef = useRef<HTMLInputElement>(null);
  const [palette, setPalette] = useState({ opened: false, text: '' });
  const [helpOpened, setHelpOpened] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => void loadPalette(), PRELOAD_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  // A chord pressed before the shell was there opens the palette now; from here on the shell hears it.
  useEffect(() => paletteQueue.attach(() => setPalette({ opened: true, text: '' })), []);

  const shell: KeyboardShell = {
    store,
    admin,
    searchRef,
    paletteOpened: palette.opened,
    paletteText: palette.text,
    openPalette: (text = '') => setPalette({ opened: true, text }),
    closePalette: () => setPalette((p) => ({ ...p, opened: false })),
    helpOpened,
    openHelp: () => setHelpOpened(true),
    closeHelp: () => setHelpOpened(false),
  };

  useGlobalShortcuts({
    admin,
    store,
    paletteOpen: palette.opened,
    onHelp: shell.openHelp,
    onPalette: () => setPalette((p) => ({ opened: !p.opened, text: '' })),
    onSearch: () => {
      const input = searchRef.current;
      // Below md the header has no field: the palette is the search there.
      if (input && input.offsetParent !== null) input.focus();
      else shell.openPalette();
    },
  });
  return shell;
}

/** The keyboard layer around the signed-in app, with the help and the palette dialogs. */
export function KeyboardShellProvider({ children }: { children: ReactNode }) {
  const value = useKeyboardShell();
  return (
    <KeyboardContext value={value}>
      <ScreenActionsProvider store={value.store}>
        {children}
        <KeyboardDialogs />
      </ScreenActionsProvider>
    </KeyboardContext>
  );
}

/** The shell's keyboard state, for the header's search and palette buttons. */
export function useKeyboard(): KeyboardShell {
  const value = use(KeyboardContext);
  if (!value) throw new Error('useKeyboard needs <KeyboardProvider>.');
  return value;
}

/** The help and the palette; the palette is mounted from its first opening on (it keeps its transition). */
function KeyboardDialogs() {
  const k = useKeyboard();
  const [mounted, setMounted] = useState(false);
  if (k.paletteOpened && !mounted) setMounted(true);
  return (
    <>
      <ShortcutsDialog opened={k.helpOpened} onClose={k.closeHelp} admin={k.admin} />
      {mounted && (
        <Suspense fallback={null}>
          <CommandPalette opened={k.paletteOpened} initialText={k.paletteText} onClose={k.closePalette} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Ctrl+K (⌘K) is heard from the moment the app starts, not only once the signed-in shell is there: right
 * after sign-in (or on a page load while the session is checked) the shell and its key listener are not yet
 * mounted, and the first chord used to be lost. A listener installed with the app queues the request; the
 * shell, once mounted, takes it and opens the palette, whose chunk the queued request has started fetching.
 * A request waits a few seconds at most: a chord pressed on the sign-in page long before signing in opens
 * nothing later.
 */
import { isPaletteChord } from './shortcut-keys';

/** How long a request waits for the shell. */
export const QUEUE_MS = 10_000;

/** The palette's request queue: the early listener feeds it, the shell empties it. */
export class PaletteQueue {
  private requestedAt = 0;
  private opener: (() => void) | null = null;

  constructor(private readonly preload: () => unknown = () => undefined) {}

  /** True while the shell is there to open the palette itself (its own listener hears the chord). */
  get attached(): boolean {
    return this.opener !== null;
  }

  /** The chord was pressed before the shell could hear it: remember it and fetch the palette meanwhile. */
  request(now: number = Date.now()): void {
    if (this.opener) {
      this.opener();
      return;
    }
    this.requestedAt = now;
    void this.preload();
  }

  /** The shell is there: it opens the palette now if asked for lately, and from now on hears the chord itself. */
  attach(open: () => void, now: number = Date.now()): () => void {
    this.opener = open;
    const asked = this.requestedAt > 0 && now - this.requestedAt < QUEUE_MS;
    this.requestedAt = 0;
    if (asked) open();
    return () => {
      if (this.opener === open) this.opener = null;
    };
  }

  /** The listener the app installs at start: the chord, heard while no shell is there, is queued. */
  listener = (event: KeyboardEvent): void => {
    if (this.attached || event.defaultPrevented || !isPaletteChord(event)) return;
    event.preventDefault();
    this.request();
  };
}

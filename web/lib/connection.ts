/**
 * Whether the server can be reached, as the live-update stream and the API calls last found it. The stream
 * dropping while the server does not answer, a request that could not reach the server or a proxy's 502–504
 * say "lost"; the stream opening again or any answer from the server say "back". The shell shows a banner while lost, and on the way back refetches
 * what is on screen (hints sent meanwhile were missed).
 */
import { useSyncExternalStore } from 'react';

type Listener = () => void;

/** One connection state with its listeners; the app uses `connection`, tests make their own. */
export class ConnectionState {
  private lost = false;
  private readonly changes = new Set<Listener>();
  private readonly recoveries = new Set<Listener>();

  isLost = (): boolean => this.lost;

  /** Something failed to reach the server. */
  reportLost(): void {
    if (this.lost) return;
    this.lost = true;
    for (const listener of this.changes) listener();
  }

  /** The server answered: the banner goes, and those waiting for the way back are told once. */
  reportBack(): void {
    if (!this.lost) return;
    this.lost = false;
    for (const listener of this.changes) listener();
    for (const listener of this.recoveries) listener();
  }

  /** Calls `listener` on every change; returns the unsubscribe (useSyncExternalStore's shape). */
  subscribe = (listener: Listener): (() => void) => {
    this.changes.add(listener);
    return () => this.changes.delete(listener);
  };

  /** Calls `listener` each time the connection comes back after being lost. */
  onBack(listener: Listener): () => void {
    this.recoveries.add(listener);
    return () => this.recoveries.delete(listener);
  }
}

export const connection = new ConnectionState();

/** True while the server cannot be reached; re-renders when that changes. */
export function useConnectionLost(state: ConnectionState = connection): boolean {
  return useSyncExternalStore(state.subscribe, state.isLost, state.isLost);
}

/** HTTP statuses a proxy or the platform answers while the app itself is down or restarting. */
export const isGatewayFailure = (status: number): boolean => status >= 502 && status <= 504;

/** True when the app's server answers at all (its liveness check): it is up, whatever else failed. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch('/healthz', { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Follows the browser's own word on the network: offline is lost at once (an open stream may take a while
 * to notice), online again asks the server. Returns the cleanup.
 */
export function watchBrowserNetwork(state: ConnectionState = connection): () => void {
  const offline = () => state.reportLost();
  const online = () => {
    void serverAnswers().then((answers) => answers && state.reportBack());
  };
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
}

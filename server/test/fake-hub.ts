/**
 * A live hub the test speaks for (server/live/hub.ts): the caches that listen to it (sessions, orderer stats)
 * are tested on their own with it, saying what changed and whether the database can be heard.
 */
import type { HubEvent, HubListener } from '../live/hub';

export function fakeHub() {
  const listeners = new Set<HubListener>();
  let up = true;
  return {
    subscribe(listener: HubListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => up,
    setReady(value: boolean) {
      up = value;
    },
    emit(event: HubEvent) {
      for (const listener of listeners) listener(event);
    },
    listeners: () => listeners.size,
  };
}

/** What a screen's `prefetch` is told as its route opens (web/app.tsx, `screenChunk`). */
import type { Params } from 'react-router';
import type { User } from '../../domain/contract/session';

/** The URL, the route's params and who is signed in. */
export interface ScreenOpening {
  url: URL;
  params: Params;
  user: User;
}

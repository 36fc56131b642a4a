/**
 * Screens' code loaded ahead of the route: the dashboard, the first screen after sign-in, is fetched and
 * evaluated while the sign-in page waits for the user to type (sign-in-page.tsx), so signing in does not wait
 * for its ~30 chunks (bench/browser.ts: sign-in → dashboard data). The route imports the same module
 * (web/app.tsx), which the browser then has already.
 */
import type { Params } from 'react-router';
import type { User } from '../../domain/contract/session';

/** Where a screen is opening, for its `prefetch` (web/app.tsx): the URL, the route's params, who is signed in. */
export interface ScreenOpening {
  url: URL;
  params: Params;
  user: User;
}

export const loadDashboard = () => import('./dashboard/dashboard-page');

/**
 * The screens loaded as route modules with a `prefetch` (web/app.tsx, `screenChunk`). The dashboard, the first
 * screen after sign-in, is also fetched and evaluated while the sign-in page waits for the user to type
 * (sign-in-page.tsx), so signing in does not wait for its ~30 chunks (bench/browser.ts: sign-in → dashboard
 * data); the route then finds the module already there.
 */

export const loadDashboard = () => import('./dashboard/dashboard-page');
export const loadOrderPage = () => import('./order/order-page');

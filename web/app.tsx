/** The providers and the routes of the SPA (SPEC section 2); every screen is a route module loaded on first use. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  Outlet,
  type RouteObject,
  RouterProvider,
  type ShouldRevalidateFunctionArgs,
  useParams,
} from 'react-router';
import { isApiError, setCsrfToken, setUnauthorizedHandler, signInPath } from './api/client';
import { currentUserQuery } from './api/queries';
import { AppLayout, ScreenLoading } from './components/app-layout';
import { AdminOnly, RequireSignIn } from './components/auth';
import { KeyboardShellProvider, paletteQueue } from './components/keyboard-shell';
import { RouteError } from './components/route-error';
import { TOASTS } from './lib/notify';
import { paths, ROUTES } from './paths';
import { loadDashboard, loadOrderPage } from './routes/screen-chunks';
import type { ScreenOpening } from './routes/screen-opening';
import { cssVariablesResolver, theme } from './theme';

/** One query client for the app: no retries for answers that will not change (4xx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
        staleTime: 15_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}

/** A screen's module as a route loads it: the component, and what to fetch as the navigation begins. */
interface ScreenChunk {
  default: ComponentType;
  /** A promise it answers settles when the screen's first data is in (the dashboard's list): see FIRST_DATA_WAIT_MS. */
  prefetch?: (queryClient: QueryClient, opening: ScreenOpening) => unknown;
}

/**
 * How long a route's loader waits for the screen's first data (a `prefetch` that answers a promise) before the
 * screen renders with its grey bars instead: rendering the shell and the screen once, with the data, costs
 * less main thread than rendering them empty and again ~50 ms later (bench/browser.ts: sign-in → dashboard).
 */
const FIRST_DATA_WAIT_MS = 250;

/**
 * Every screen is a route module loaded as part of the navigation (React Router's route `lazy`), its default
 * export the screen: the old screen stays until the new one's code is there, as a transition would, and a
 * chunk that cannot load is the route's error (web/components/route-error.tsx). A module that also exports
 * `prefetch` (the dashboard, the order page) has it as the route's loader: it starts the screen's first
 * requests as soon as its code is there and before it renders, instead of from the screen's components once
 * rendered (bench/browser.ts: sign-in → dashboard data, open an order item). The order page does not wait for
 * them (it shows the list's row of the item and grey bars at once); the dashboard waits for its list up to
 * FIRST_DATA_WAIT_MS. It only runs once the session
 * is known (right after sign-in, or after the shell has checked it): on a fresh page load the screen asks
 * for itself once the shell knows who is signed in. Staying on the screen (its page or filter in the URL)
 * runs it again only for other params (another item).
 */
const screen = (queryClient: QueryClient, load: () => Promise<ScreenChunk>) => async () => {
  const { default: Component, prefetch } = await load();
  if (!prefetch) return { Component };
  return {
    Component,
    loader: async ({ request, params }: LoaderFunctionArgs) => {
      const user = queryClient.getQueryData(currentUserQuery.queryKey)?.user;
      const first = user ? prefetch(queryClient, { url: new URL(request.url), params, user }) : undefined;
      if (first instanceof Promise)
        await Promise.race([first, new Promise((done) => setTimeout(done, FIRST_DATA_WAIT_MS))]);
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
      JSON.stringify(currentParams) !== JSON.stringify(nextParams),
  };
};

/** The conversation page before the inbox (/conversation/:id): the same thread, open in the inbox. */
function ConversationRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={paths.conversation(id)} replace />;
}

/** The signed-in screens, inside the shell; the admin screens behind the admin guard. */
const screens = (queryClient: QueryClient): RouteObject[] => [
  { index: true, element: <Navigate to={paths.dashboard} replace /> },
  { path: ROUTES.dashboard, lazy: screen(queryClient, loadDashboard) },
  { path: ROUTES.myQueue, lazy: screen(queryClient, () => import('./routes/my-queue/my-queue-page')) },
  { path: ROUTES.items, lazy: screen(queryClient, () => import('./routes/items/items-page')) },
  { path: ROUTES.workQueue, lazy: screen(queryClient, () => import('./routes/work-queue/work-queue-page')) },
  { path: ROUTES.orderItem, lazy: screen(queryClient, loadOrderPage) },
  { path: ROUTES.fcoBatch, lazy: screen(queryClient, () => import('./routes/fco-batch/fco-batch-page')) },
  { path: ROUTES.unpaidCart, lazy: screen(queryClient, () => import('./routes/unpaid/unpaid-page')) },
  { path: ROUTES.inbox, lazy: screen(queryClient, () => import('./routes/inbox/inbox-page')) },
  { path: ROUTES.legacyConversation, element: <ConversationRedirect /> },
  { path: ROUTES.search, lazy: screen(queryClient, () => import('./routes/search/search-page')) },
  {
    path: ROUTES.accountSecurity,
    lazy: screen(queryClient, () => import('./routes/account/account-security-page')),
  },
  {
    element: (
      <AdminOnly>
        <Outlet />
      </AdminOnly>
    ),
    children: [
      { path: ROUTES.admin, lazy: screen(queryClient, () => import('./routes/admin/admin-page')) },
      {
        path: ROUTES.escalations,
        lazy: screen(queryClient, () => import('./routes/escalations/escalations-page')),
      },
      {
        path: ROUTES.salesReport,
        lazy: screen(queryClient, () => import('./routes/sales-report/sales-report-page')),
      },
      { path: ROUTES.users, lazy: screen(queryClient, () => import('./routes/users/users-page')) },
      { path: ROUTES.outbox, lazy: screen(queryClient, () => import('./routes/outbox/outbox-page')) },
      {
        path: ROUTES.emailTemplates,
        lazy: screen(queryClient, () => import('./routes/outbox/email-templates-page')),
      },
      { path: ROUTES.webhooks, lazy: screen(queryClient, () => import('./routes/webhooks/webhooks-page')) },
      { path: ROUTES.auditLog, lazy: screen(queryClient, () => import('./routes/audit/audit-page')) },
    ],
  },
  { path: '*', element: <Navigate to={paths.dashboard} replace /> },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: ROUTES.signIn,
      lazy: screen(queryClient, () => import('./routes/sign-in/sign-in-page')),
      errorElement: <RouteError fullPage />,
    },
    {
      path: '/',
      element: (
        <RequireSignIn>
          <KeyboardShellProvider>
            <AppLayout />
          </KeyboardShellProvider>
        </RequireSignIn>
      ),
      // The shell itself failing: a whole-page message (the default would be React Router's developer page).
      errorElement: <RouteError fullPage />,
      children: [
        {
          // A screen failing (its code cannot load, or it throws): the header and navigation stay.
          errorElement: <RouteError />,
          // A fresh page load: the shell, and a skeleton where the screen comes once its module is there.
          hydrateFallbackElement: <ScreenLoading />,
          children: screens(queryClient),
        },
      ],
    },
  ]);
}

function createApp() {
  // Ctrl+K is heard from the start; the shell opens the palette once it is there (palette-queue.ts).
  window.addEventListener('keydown', paletteQueue.listener);
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  // A 401 anywhere: forget the session, go to sign-in, come back to where the user was.
  setUnauthorizedHandler((returnTo) => {
    setCsrfToken(null);
    if (router.state.location.pathname.startsWith(paths.signIn)) return;
    void router.navigate(signInPath(returnTo), { replace: true }).then(() => queryClient.clear());
  });
  return { queryClient, router };
}

/**
 * The router is given React DOM's `flushSync` (what `react-router/dom`'s RouterProvider does): the navigations
 * that must render at once ask for it (web/components/open-at-once.ts); the others are transitions.
 */
const renderAtOnce = (update: () => unknown): undefined => {
  flushSync(update);
};

export function App() {
  const [{ queryClient, router }] = useState(createApp);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications {...TOASTS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} flushSync={renderAtOnce} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** The providers and the routes of the SPA (SPEC section 2); every screen is a lazily loaded chunk. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { isApiError, setCsrfToken, setUnauthorizedHandler, signInPath } from './api/client';
import { AppLayout } from './components/app-layout';
import { AdminOnly, RequireSignIn } from './components/auth';
import { KeyboardShellProvider } from './components/keyboard-shell';
import { RouteError } from './components/route-error';
import { TOASTS } from './lib/notify';
import { loadDashboard } from './routes/screen-chunks';
import { cssVariablesResolver, theme } from './theme';

const SignInPage = lazy(() => import('./routes/sign-in/sign-in-page'));
const MyQueuePage = lazy(() => import('./routes/my-queue/my-queue-page'));
const WorkQueuePage = lazy(() => import('./routes/work-queue/work-queue-page'));
const OrderPage = lazy(() => import('./routes/order/order-page'));
const FcoBatchPage = lazy(() => import('./routes/fco-batch/fco-batch-page'));
const UnpaidPage = lazy(() => import('./routes/unpaid/unpaid-page'));
const ConversationPage = lazy(() => import('./routes/conversation/conversation-page'));
const SearchPage = lazy(() => import('./routes/search/search-page'));
const AdminPage = lazy(() => import('./routes/admin/admin-page'));
const SalesReportPage = lazy(() => import('./routes/sales-report/sales-report-page'));
const UsersPage = lazy(() => import('./routes/users/users-page'));
const OutboxPage = lazy(() => import('./routes/outbox/outbox-page'));
const EscalationsPage = lazy(() => import('./routes/escalations/escalations-page'));

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
  prefetch?: (queryClient: QueryClient, url: URL) => void;
}

/**
 * The dashboard, the first screen after sign-in, loads its chunk as part of the navigation (React Router's
 * route `lazy`) rather than suspending once rendered inside the freshly mounted shell: its queries then start
 * as soon as its code is there, instead of after the shell's skeleton, which React keeps on screen for at least
 * 300 ms once shown (bench/browser.ts: the dashboard's requests started ~170 ms sooner after sign-in). Its
 * `prefetch` becomes the route's loader, which starts the cards' requests before the screen renders, without
 * waiting for them (the loader answers at once; the cards show their skeletons until their data is there).
 * Staying on the screen (its page or filter in the URL) runs no loader again: the cards fetch what they need.
 * Moving between screens inside the shell is a transition: the old screen stays until the new one's code is
 * there, with no skeleton, so the other screens keep `React.lazy`.
 */
const screenChunk = (queryClient: QueryClient, load: () => Promise<ScreenChunk>) => async () => {
  const { default: Component, prefetch } = await load();
  if (!prefetch) return { Component };
  return {
    Component,
    loader: ({ request }: { request: Request }) => {
      prefetch(queryClient, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
  };
};

/** The signed-in screens, inside the shell. */
const screens = (queryClient: QueryClient): RouteObject[] => [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', lazy: screenChunk(queryClient, loadDashboard) },
  { path: 'my-queue', element: <MyQueuePage /> },
  { path: 'work-queues/:ordererId', element: <WorkQueuePage /> },
  { path: 'orders/:orderId', element: <OrderPage /> },
  { path: 'fco_batch/:fcoBatchId', element: <FcoBatchPage /> },
  { path: 'unpaid/:orderRef', element: <UnpaidPage /> },
  { path: 'conversation/:id', element: <ConversationPage /> },
  { path: 'search', element: <SearchPage /> },
  {
    path: 'admin',
    element: (
      <AdminOnly>
        <AdminPage />
      </AdminOnly>
    ),
  },
  {
    path: 'escalations',
    element: (
      <AdminOnly>
        <EscalationsPage />
      </AdminOnly>
    ),
  },
  {
    path: 'sales-report',
    element: (
      <AdminOnly>
        <SalesReportPage />
      </AdminOnly>
    ),
  },
  {
    path: 'users',
    element: (
      <AdminOnly>
        <UsersPage />
      </AdminOnly>
    ),
  },
  {
    path: 'outbox',
    element: (
      <AdminOnly>
        <OutboxPage />
      </AdminOnly>
    ),
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/sign-in',
      element: (
        <Suspense fallback={null}>
          <SignInPage />
        </Suspense>
      ),
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
          children: screens(queryClient),
        },
      ],
    },
  ]);
}

function createApp() {
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  // A 401 anywhere: forget the session, go to sign-in, come back to where the user was.
  setUnauthorizedHandler((returnTo) => {
    setCsrfToken(null);
    if (router.state.location.pathname.startsWith('/sign-in')) return;
    void router.navigate(signInPath(returnTo), { replace: true }).then(() => queryClient.clear());
  });
  return { queryClient, router };
}

export function App() {
  const [{ queryClient, router }] = useState(createApp);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications {...TOASTS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** The providers and the routes of the SPA (SPEC section 2); every screen is a lazily loaded chunk. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Navigate,
  type RouteObject,
  RouterProvider,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { isApiError, setCsrfToken, setUnauthorizedHandler, signInPath } from './api/client';
import { currentUserQuery } from './api/queries';
import { AppLayout } from './components/app-layout';
import { AdminOnly, RequireSignIn } from './components/auth';
import { KeyboardShellProvider } from './components/keyboard-shell';
import { RouteError } from './components/route-error';
import { TOASTS } from './lib/notify';
import { loadDashboard, loadOrderPage } from './routes/screen-chunks';
import type { ScreenOpening } from './routes/screen-opening';
import { cssVariablesResolver, theme } from './theme';

const SignInPage = lazy(() => import('./routes/sign-in/sign-in-page'));
const MyQueuePage = lazy(() => import('./routes/my-queue/my-queue-page'));
const WorkQueuePage = lazy(() => import('./routes/work-queue/work-queue-page'));
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
  prefetch?: (queryClient: QueryClient, opening: ScreenOpening) => void;
}

/**
 * The dashboard (the first screen after sign-in) and the order page (the screen opened most) load their chunk
 * as part of the navigation (React Router's route `lazy`): the old screen stays until the new one's code is
 * there, as a transition would, and the module's `prefetch` becomes the route's loader. The loader starts the
 * screen's first requests as soon as its code is there and before it renders, without waiting for them (it
 * answers at once; the screen shows its skeletons until the data is there), instead of from the screen's
 * components once rendered (bench/browser.ts: sign-in → dashboard data, open an order item). It only runs once
 * the session is known (right after sign-in, or after the shell has checked it): on a fresh page load the
 * screen asks for itself once the shell knows who is signed in. Staying on the screen (its page or filter
 * in the URL) runs it again only for other params (another item). The other screens keep `React.lazy`.
 */
const screenChunk = (queryClient: QueryClient, load: () => Promise<ScreenChunk>) => async () => {
  const { default: Component, prefetch } = await load();
  if (!prefetch) return { Component };
  return {
    Component,
    loader: ({ request, params }: LoaderFunctionArgs) => {
      const user = queryClient.getQueryData(currentUserQuery.queryKey)?.user;
      if (user) prefetch(queryClient, { url: new URL(request.url), params, user });
      return null;
    },
    shouldRevalidate: ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
      JSON.stringify(currentParams) !== JSON.stringify(nextParams),
  };
};

/** The signed-in screens, inside the shell. */
const screens = (queryClient: QueryClient): RouteObject[] => [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', lazy: screenChunk(queryClient, loadDashboard) },
  { path: 'my-queue', element: <MyQueuePage /> },
  { path: 'work-queues/:ordererId', element: <WorkQueuePage /> },
  { path: 'orders/:orderId', lazy: screenChunk(queryClient, loadOrderPage) },
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

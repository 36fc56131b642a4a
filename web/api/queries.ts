/** TanStack Query options shared by the shell and the screens: one key per resource. */
import { queryOptions } from '@tanstack/react-query';
import type { OrdererList } from '../../domain/contract/queues';
import type { CurrentUser, NotificationList } from '../../domain/contract/session';
import { api, setCsrfToken } from './client';

/** How often the notifications list is refreshed until live updates (server-sent events) arrive. */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const queryKeys = {
  currentUser: ['users', 'current_user'] as const,
  notifications: ['notifications'] as const,
  orderers: ['users', 'orderers'] as const,
};

/** The signed-in user and the CSRF token (remembered by the client); cached for the session. */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: async ({ signal }) => {
    const data = await api.get<CurrentUser>('users/current_user', { signal });
    setCsrfToken(data.csrf_token);
    return data;
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The user's notifications, newest first, with the unread count; polled while the app is open. */
export const notificationsQuery = queryOptions({
  queryKey: queryKeys.notifications,
  queryFn: ({ signal }) => api.get<NotificationList>('notifications', { signal }),
  refetchInterval: NOTIFICATIONS_POLL_MS,
  refetchIntervalInBackground: false,
  staleTime: 10_000,
});

/** The staff who have queues (the Work queues menu and the assign pickers); cached. */
export const orderersQuery = queryOptions({
  queryKey: queryKeys.orderers,
  queryFn: ({ signal }) => api.get<OrdererList>('users/orderers', { signal }),
  staleTime: 5 * 60_000,
});

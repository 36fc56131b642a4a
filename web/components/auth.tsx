/** The signed-in user for the screens, the gate that sends signed-out visitors to sign-in, and the admin guard. */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, use } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '../../domain/contract/session';
import { isApiError, signInPath } from '../api/client';
import { currentUserQuery } from '../api/queries';
import { NotAllowedPage } from './not-allowed';

const CurrentUserContext = createContext<User | null>(null);

/** The signed-in user; only inside the signed-in part of the app. */
export function useCurrentUser(): User {
  const user = use(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside <RequireSignIn>.');
  return user;
}

export const isAdmin = (user: User): boolean => user.role === 'admin';

/** Renders its children only for a signed-in user; everyone else goes to /sign-in and comes back after. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data, error, isPending, refetch, isRefetching } = useQuery(currentUserQuery);

  if (isPending) {
    return (
      <Center h="100vh">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (isApiError(error, 401) || (!data && !error)) {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  // A refetch that failed (the server was down a moment) keeps the shell: the connection banner says so.
  if (!data) {
    return (
      <Center h="100vh">
        <Stack align="center" gap="sm" role="alert">
          <Text fw={600}>The back office could not load.</Text>
          <Text size="sm" c="dimmed">
            {error?.message ?? 'Something went wrong.'}
          </Text>
          <Button variant="default" onClick={() => refetch()} loading={isRefetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  return <CurrentUserContext value={data.user}>{children}</CurrentUserContext>;
}

/** Admin screens: an orderer sees a clear "Not allowed" page instead. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return isAdmin(user) ? children : <NotAllowedPage />;
}

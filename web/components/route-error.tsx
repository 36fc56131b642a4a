/**
 * What a screen shows instead of itself when it fails (React Router's errorElement): inside the shell the
 * header and navigation stay, the content area says what happened and offers "Try again". A screen whose code
 * cannot load because a deploy replaced it is reloaded once (web/lib/stale-chunk.ts); one that cannot load
 * because the server is down says so, and the connection banner shows.
 */
import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { connection, serverAnswers } from '../lib/connection';
import { claimStaleChunkReload, isChunkLoadError } from '../lib/stale-chunk';

type Shown = 'checking' | 'reloading' | 'offline' | 'broken';

/** For a chunk that failed: reload once when the server answers (a stale build), else say it is down. */
function useChunkRecovery(chunkFailed: boolean): [Shown, () => void] {
  const [shown, setShown] = useState<Shown>(chunkFailed ? 'checking' : 'broken');

  const recover = (guarded: boolean) => {
    setShown('checking');
    void serverAnswers().then((answers) => {
      if (!answers) {
        connection.reportLost();
        setShown('offline');
      } else if (!guarded || claimStaleChunkReload(window.sessionStorage)) {
        setShown('reloading');
        window.location.reload();
      } else {
        setShown('broken');
      }
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, when the error is first shown.
  useEffect(() => {
    if (chunkFailed) recover(true);
  }, []);

  return [shown, () => recover(false)];
}

const texts: Record<Shown, { title: string; description: string }> = {
  checking: { title: 'Loading this screen…', description: 'Checking the connection to the server.' },
  reloading: { title: 'Loading the new version…', description: 'The back office was updated.' },
  offline: {
    title: 'This screen could not load',
    description: 'The server cannot be reached. Try again once the connection is back.',
  },
  broken: {
    title: 'Something went wrong on this screen',
    description: 'The rest of the back office still works. Try again, or go to another screen.',
  },
};

export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [shown, retryChunk] = useChunkRecovery(chunkFailed);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);

  // Navigating to where the user is renders the route afresh (the boundary resets on a new location).
  const retryRender = () => void navigate(location, { replace: true });

  const busy = shown === 'checking' || shown === 'reloading';
  const { title, description } = texts[shown];

  const content = (
    <Paper withBorder radius="md" py={48} px="xl" role="alert" data-testid="route-error">
      <EmptyState
        color={shown === 'offline' ? 'gray' : 'red'}
        icon={
          shown === 'offline' ? (
            <IconPlugConnectedX size={22} stroke={1.6} aria-hidden />
          ) : (
            <IconAlertTriangle size={22} stroke={1.6} aria-hidden />
          )
        }
        title={title}
        description={description}
      >
        <EmptyState.Actions>
          <Button variant="default" loading={busy} onClick={chunkFailed ? retryChunk : retryRender}>
            Try again
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
  return fullPage ? (
    <Center mih="100vh" p="md">
      {content}
    </Center>
  ) : (
    content
  );
}

/**
 * What a screen shows instead of itself when it fails (React Router's errorElement): inside the shell the
 * header and navigation stay, the content area says what happened and offers "Try again". A screen whose code
 * cannot load because a deploy replaced it is reloaded once (web/lib/stale-chunk.ts: once per build and
 * chunk, so a second deploy soon after the first reloads too); one that cannot load because the server is
 * down says so, the connection banner shows, and the page reloads by itself once the server is back.
 */
import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnectedX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { connection, serverAnswers } from '../lib/connection';
import { chunkFailureKey, claimStaleChunkReload, currentBuild, isChunkLoadError } from '../lib/stale-chunk';

type Shown = 'checking' | 'reloading' | 'offline' | 'unavailable' | 'broken';

/** How often a screen that could not load for want of the server asks whether it is back. */
const RECHECK_MS = 5_000;

/**
 * For a chunk that failed: reload once when the server answers (a stale build), else say it is down and
 * reload by itself as soon as it answers again (the connection coming back, the window refocused, the
 * browser online again, or every few seconds). A browser keeps a module import that failed, so only a
 * reload fetches the screen's code again.
 */
function useChunkRecovery(error: unknown, chunkFailed: boolean): [Shown, () => void] {
  const [shown, setShown] = useState<Shown>(chunkFailed ? 'checking' : 'broken');

  const reload = () => {
    setShown('reloading');
    window.location.reload();
  };

  const recover = (guarded: boolean) => {
    setShown('checking');
    void serverAnswers().then((answers) => {
      if (!answers) {
        connection.reportLost();
        setShown('offline');
      } else if (
        !guarded ||
        claimStaleChunkReload(window.sessionStorage, chunkFailureKey(error, currentBuild()))
      ) {
        reload();
      } else {
        setShown('unavailable');
      }
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, when the error is first shown.
  useEffect(() => {
    if (chunkFailed) recover(true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only changes with each render.
  useEffect(() => {
    if (shown !== 'offline') return;
    let asking = false;
    const check = () => {
      if (asking) return;
      asking = true;
      void serverAnswers().then((answers) => {
        asking = false;
        if (!answers) return;
        connection.reportBack();
        reload();
      });
    };
    const onVisible = () => document.visibilityState === 'visible' && check();
    const stopBack = connection.onBack(reload);
    const timer = window.setInterval(check, RECHECK_MS);
    window.addEventListener('online', check);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopBack();
      window.clearInterval(timer);
      window.removeEventListener('online', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [shown]);

  return [shown, () => (shown === 'unavailable' ? reload() : recover(false))];
}

const texts: Record<Shown, { title: string; description: string; button?: string }> = {
  checking: { title: 'Loading this screen…', description: 'Checking the connection to the server.' },
  reloading: { title: 'Loading the new version…', description: 'The back office was updated.' },
  offline: {
    title: 'This screen could not load',
    description:
      'The server cannot be reached. The screen loads by itself as soon as the connection is back.',
  },
  unavailable: {
    title: 'This screen could not load',
    description:
      'Its code could not be fetched, even after reloading the page. Reload to try again, or go to another screen.',
    button: 'Reload',
  },
  broken: {
    title: 'Something went wrong on this screen',
    description: 'The rest of the back office still works. Try again, or go to another screen.',
  },
};

export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  const [shown, retryChunk] = useChunkRecovery(error, chunkFailed);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!chunkFailed) console.error(error);
  }, [chunkFailed, error]);

  // Navigating to where the user is renders the route afresh (the boundary resets on a new location).
  const retryRender = () => void navigate(location, { replace: true });

  const busy = shown === 'checking' || shown === 'reloading';
  const { title, description, button = 'Try again' } = texts[shown];

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
            {button}
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

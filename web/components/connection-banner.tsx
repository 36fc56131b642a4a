/** The slim bar under the header while the server cannot be reached (web/lib/connection.ts says when). */
import { Group, Loader, Text } from '@mantine/core';
import classes from './shell.module.css';

/** Height of the bar; the shell's header grows by it, so the bar never covers anything. */
export const CONNECTION_BANNER_HEIGHT = 30;

export function ConnectionBanner() {
  return (
    <Group
      role="alert"
      gap={8}
      justify="center"
      wrap="nowrap"
      className={classes.connectionBanner}
      h={CONNECTION_BANNER_HEIGHT}
      data-testid="connection-banner"
    >
      <Loader size={12} color="currentColor" aria-hidden />
      <Text size="sm" fw={500} truncate>
        Connection lost — reconnecting…
      </Text>
    </Group>
  );
}

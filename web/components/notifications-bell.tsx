/**
 * The header bell: the unread count, and a popover with the notifications grouped by order item and kind. The
 * popover's body is a lazy chunk, fetched the first time the bell opens (the shell's initial JS stays small).
 */
import { ActionIcon, Indicator, Popover, Skeleton, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { notificationsQuery } from '../api/queries';
import { bellLabel, unreadBadge } from './notifications-model';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(notificationsQuery);
  const unread = data?.unread_count ?? 0;

  return (
    <Indicator label={unreadBadge(unread)} size={16} offset={6} color="red.8" disabled={unread === 0} inline>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(420px, calc(100vw - 16px))"
        shadow="md"
        withArrow
        arrowPosition="center"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={bellLabel(unread)}
            data-testid="notifications-bell"
          >
            <IconBell size={20} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} aria-label="Notifications">
          {opened && (
            <Suspense
              fallback={
                <Stack p="md" gap="xs">
                  <Skeleton h={14} />
                  <Skeleton h={14} w="70%" />
                </Stack>
              }
            >
              <NotificationsPanel onClose={() => setOpened(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/** The header bell: unread count, and a popover listing the notifications newest first. */
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Notification, NotificationListSchema } from '../../domain/contract/session';
import { api } from '../api/client';
import { notificationsQuery, queryKeys } from '../api/queries';
import { formatAgo } from '../lib/time';
import { bellLabel, newestFirst, notificationTarget, unreadBadge } from './notifications-model';
import classes from './shell.module.css';

function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      api.post('notifications/mark_read', ids ? { notification_ids: ids } : {}, NotificationListSchema),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.notifications, data),
  });
}

function NotificationRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box
        className={classes.unreadDot}
        data-unread={!n.read || undefined}
        aria-hidden
        mt={6}
        style={{ flexShrink: 0 }}
      />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={n.read ? 400 : 600} lineClamp={3}>
          {!n.read && <span className={classes.visuallyHidden}>Unread: </span>}
          {n.message}
        </Text>
        <Group gap={6}>
          {n.order_item_ref && (
            <Text size="xs" c="slateBlue.8" fw={500}>
              {n.order_item_ref}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatAgo(n.created_at, new Date())}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
  return (
    <li className={classes.notificationItem} data-unread={!n.read || undefined}>
      {n.order_item_ref ? (
        <UnstyledButton className={classes.notificationButton} onClick={() => onOpen(n)}>
          {body}
        </UnstyledButton>
      ) : (
        <Box className={classes.notificationButton}>{body}</Box>
      )}
    </li>
  );
}

export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery(notificationsQuery);
  const markRead = useMarkRead();
  const unread = data?.unread_count ?? 0;
  const list = newestFirst(data?.notifications ?? []);

  const open = (n: Notification) => {
    if (!n.read) markRead.mutate([n.id]);
    setOpened(false);
    const target = notificationTarget(n);
    if (target) navigate(target);
  };

  return (
    <Indicator label={unreadBadge(unread)} size={16} offset={6} color="red.8" disabled={unread === 0} inline>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
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
          <Group justify="space-between" px="md" py="xs" className={classes.popoverHeader}>
            <Text size="sm" fw={600}>
              Notifications
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              Mark all read
            </Button>
          </Group>
          {isPending ? (
            <Stack p="md" gap="xs">
              <Skeleton h={14} />
              <Skeleton h={14} w="70%" />
            </Stack>
          ) : isError ? (
            <Text size="sm" c="red.8" p="md" role="alert">
              Notifications could not be loaded.
            </Text>
          ) : list.length === 0 ? (
            <Stack align="center" gap={4} p="lg">
              <IconBellOff size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" c="dimmed">
                No notifications yet.
              </Text>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={380} type="auto">
              <ul className={classes.notificationList} aria-label="Notifications, newest first">
                {list.map((n) => (
                  <NotificationRow key={n.id} n={n} onOpen={open} />
                ))}
              </ul>
            </ScrollArea.Autosize>
          )}
          {list.length > 0 && (
            <Text size="xs" c="dimmed" px="md" py={6} className={classes.popoverFooter}>
              {unread > 0 ? `${unread} unread` : 'All read'} ·{' '}
              <Anchor size="xs" component="button" type="button" onClick={() => setOpened(false)}>
                Close
              </Anchor>
            </Text>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/**
 * The bell's popover body, loaded when the bell is first opened (it keeps the shell's initial JS small): the
 * notifications grouped by order item and kind ("100234-2 · 3 customer replies"), newest group first, with an
 * Unread/All filter, "Mark all read", and each group expandable or opened at its order item (which reads it).
 */
import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellOff, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type NotificationFilter,
  type NotificationGroup,
  NotificationGroupsSchema,
  UnreadCountSchema,
} from '../../domain/contract/notifications';
import { NotificationListSchema } from '../../domain/contract/session';
import { api } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { formatNotificationTime } from '../lib/time';
import { groupTitle, notificationTarget } from './notifications-model';
import classes from './notifications-panel.module.css';
import { ScrollBox } from './scroll-box';

const groupsQuery = (filter: NotificationFilter) =>
  queryOptions({
    queryKey: queryKeys.notifications.groups(filter),
    queryFn: ({ signal }) =>
      api.get('notifications/groups', NotificationGroupsSchema, { query: { filter }, signal }),
    placeholderData: keepPreviousData,
  });

function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('notifications/mark_read', {}, NotificationListSchema),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.notifications.all, data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.groupsAll });
    },
  });
}

function useMarkGroupRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (g: NotificationGroup) =>
      api.post(
        'notifications/mark_group_read',
        { kind: g.kind, order_item_ref: g.order_item_ref, conversation_id: g.conversation_id },
        UnreadCountSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

function GroupItem({ group, onOpen }: { group: NotificationGroup; onOpen: (g: NotificationGroup) => void }) {
  const [expanded, setExpanded] = useState(false);
  const latest = group.notifications[0];
  const unread = group.unread_count > 0;
  const title = groupTitle(group);
  const membersId = `notification-group-${latest?.id ?? group.kind}`;
  const body = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={unread ? 700 : 500} truncate="end">
            {unread && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
            {title}
          </Text>
          {unread && group.count > 1 && (
            <Badge size="xs" variant="filled" color="slateBlue.8" style={{ flexShrink: 0 }}>
              {group.unread_count} new
            </Badge>
          )}
        </Group>
        {latest && (
          <Text size="xs" c="dark.4" lineClamp={2}>
            {latest.message}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatNotificationTime(group.latest_at, new Date())}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <li className={classes.group} data-unread={unread || undefined} data-testid="notification-group">
      <div className={classes.groupRow}>
        {notificationTarget(group) || unread ? (
          <UnstyledButton
            className={classes.openButton}
            onClick={() => onOpen(group)}
            aria-label={`${title}${unread ? ', unread' : ''}${group.order_item_ref ? ': open the order item' : group.conversation_id !== null ? ': open the conversation' : ': mark read'}`}
          >
            {body}
          </UnstyledButton>
        ) : (
          <Box className={classes.openButton}>{body}</Box>
        )}
        {group.count > 1 && (
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.expandButton}
            aria-expanded={expanded}
            aria-controls={membersId}
            aria-label={expanded ? `Hide the ${title}` : `Show the ${title}`}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          </ActionIcon>
        )}
      </div>
      {expanded && (
        <ul className={classes.members} id={membersId} aria-label={title}>
          {group.notifications.map((n) => (
            <li key={n.id}>
              <Text size="xs" fw={n.read ? 400 : 600}>
                {!n.read && <VisuallyHidden component="span">Unread: </VisuallyHidden>}
                {n.message}
              </Text>
              <Text size="xs" c="dimmed">
                {formatNotificationTime(n.created_at, new Date())}
              </Text>
            </li>
          ))}
          {group.count > group.notifications.length && (
            <li>
              <Text size="xs" c="dimmed">
                and {group.count - group.notifications.length} older
              </Text>
            </li>
          )}
        </ul>
      )}
    </li>
  );
}

export default function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const [filter, setFilter] = useState<NotificationFilter>('unread');
  const navigate = useNavigate();
  const { data, isPending, isError, refetch } = useQuery(groupsQuery(filter));
  const markAll = useMarkAllRead();
  const markGroup = useMarkGroupRead();
  const unread = data?.unread_count ?? 0;
  const groups = data?.groups ?? [];

  const open = (g: NotificationGroup) => {
    if (g.unread_count > 0) markGroup.mutate(g);
    const target = notificationTarget(g);
    if (!target) return;
    onClose();
    navigate(target);
  };

  return (
    <>
      <Group
        justify="space-between"
        px="md"
        py="xs"
        gap="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" fw={600}>
          Notifications
        </Text>
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(v) => setFilter(v as NotificationFilter)}
          data={[
            { value: 'unread', label: 'Unread' },
            { value: 'all', label: 'All' },
          ]}
          aria-label="Show"
        />
        <Button
          variant="subtle"
          size="compact-xs"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
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
        <Group p="md" gap="xs" role="alert">
          <Text size="sm" c="red.8">
            Notifications could not be loaded.
          </Text>
          <Button size="compact-xs" variant="default" onClick={() => refetch()}>
            Try again
          </Button>
        </Group>
      ) : groups.length === 0 ? (
        <Stack align="center" gap={4} p="lg">
          <IconBellOff size={22} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" c="dimmed">
            {filter === 'unread' ? 'No unread notifications.' : 'No notifications yet.'}
          </Text>
          {filter === 'unread' && (
            <Anchor size="sm" component="button" type="button" onClick={() => setFilter('all')}>
              Show all
            </Anchor>
          )}
        </Stack>
      ) : (
        <ScrollBox maxHeight="min(420px, 60vh)">
          <ul className={classes.groupList} aria-label="Notifications by order item, newest first">
            {groups.map((g) => (
              <GroupItem key={`${g.order_item_ref ?? ''}:${g.kind}`} group={g} onOpen={open} />
            ))}
          </ul>
        </ScrollBox>
      )}
      <Text
        size="xs"
        c="dimmed"
        px="md"
        py={6}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {unread > 0 ? `${unread} unread` : 'All read'} ·{' '}
        <Anchor size="xs" component="button" type="button" onClick={onClose}>
          Close
        </Anchor>
      </Text>
    </>
  );
}

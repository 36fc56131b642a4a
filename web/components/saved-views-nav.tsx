/**
 * The list part of the left navigation (issue 18): the escalations desk with its live count (admins), the
 * signed-in user's saved views and the views others shared with the team (issue 49), each with how many items
 * it matches now (refetched on live updates and every minute), linking to its list. A menu per view its user
 * may change (their own; any shared one for an administrator) renames, shares or stops sharing, or deletes it.
 */
import { ActionIcon, Badge, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBookmark,
  IconDots,
  IconPencil,
  IconShare,
  IconShareOff,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { z } from 'zod';
import { type SavedView, SavedViewResponseSchema } from '../../domain/contract/lists';
import { api } from '../api/client';
import { escalationCountQuery, savedViewsQuery } from '../api/list-queries';
import { queryKeys } from '../api/query-keys';
import { notifyError, notifySuccess } from '../lib/notify';
import { paths } from '../paths';
import { isAdmin, useCurrentUser } from './auth';
import { useForm } from './form';
import { LazyModal } from './lazy-modal';
import { NavItem } from './nav-item';
import { ViewNameForm } from './save-view-button';
import classes from './shell.module.css';

const iconProps = { size: 18, stroke: 1.6, 'aria-hidden': true } as const;

function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <Badge size="sm" variant="light" color="gray" radius="sm" aria-label={`${count} ${label}`}>
      {count.toLocaleString('en-GB')}
    </Badge>
  );
}

function EscalationsNavItem() {
  const desk = useQuery(escalationCountQuery);
  const count = desk.data?.total_count;
  return (
    <NavItem
      to={paths.escalations}
      label="Escalations"
      icon={<IconAlertTriangle {...iconProps} />}
      rightSection={count !== undefined ? <CountBadge count={count} label="escalated items" /> : null}
      exact
    />
  );
}

function RenameModal({ view, onClose }: { view: SavedView | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Keyed by the view, so it opens with that view's name.
  const form = useForm({
    initial: { name: view?.name ?? '' },
    send: ({ name }) =>
      view
        ? api.put(
            `saved_views/${view.id}`,
            { saved_view: { name: name.trim(), path: view.path, query: view.query } },
            SavedViewResponseSchema,
          )
        : Promise.reject(new Error('No view to rename.')),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all });
      onClose();
    },
  });
  return (
    <LazyModal
      opened={view !== null}
      onClose={() => {
        form.clearMessages();
        onClose();
      }}
      title={view ? `Rename “${view.name}”` : 'Rename view'}
      size="sm"
    >
      {view && (
        <ViewNameForm
          form={form}
          failureTitle="ERROR: Could not rename the view"
          submitLabel="Rename"
          onCancel={onClose}
        />
      )}
    </LazyModal>
  );
}

function SavedViewItem({
  view,
  mine,
  onRename,
}: {
  view: SavedView;
  /** The signed-in user's own view (else one shared by its owner, named under it). */
  mine: boolean;
  onRename: (v: SavedView) => void;
}) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const href = view.query ? `${view.path}?${view.query}` : view.path;
  const active = pathname === view.path && search.replace(/^\?/, '') === view.query;
  const share = useMutation({
    mutationFn: (shared: boolean) =>
      api.put(
        `saved_views/${view.id}`,
        { saved_view: { name: view.name, path: view.path, query: view.query, shared } },
        SavedViewResponseSchema,
      ),
    onSuccess: ({ saved_view }) => {
      notifySuccess(
        saved_view.shared
          ? `View “${view.name}” shared with the team.`
          : `View “${view.name}” no longer shared.`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all });
    },
    onError: (error) => notifyError(error, 'Could not change the view'),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`saved_views/${view.id}`, z.unknown()),
    onSuccess: () => {
      notifySuccess(`View “${view.name}” deleted.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all });
    },
    onError: (error) => notifyError(error, 'Could not delete the view'),
  });
  return (
    <Group gap={2} wrap="nowrap">
      <NavLink
        component={Link}
        to={href}
        label={view.name}
        description={
          // Dark enough on the active link's tint too (Mantine's dimmed description is not).
          (!mine || view.shared) && (
            <Text span size="xs" c="gray.8">
              {mine ? 'Shared with the team' : `By ${view.owner.name}`}
            </Text>
          )
        }
        leftSection={
          view.shared ? (
            <IconUsersGroup {...iconProps} size={16} />
          ) : (
            <IconBookmark {...iconProps} size={16} />
          )
        }
        rightSection={<CountBadge count={view.count} label="items" />}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        style={{ flex: 1, minWidth: 0 }}
      />
      {view.can_change && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Options of view ${view.name}`}>
              <IconDots size={14} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onRename(view)}>
              Rename
            </Menu.Item>
            <Menu.Item
              leftSection={
                view.shared ? <IconShareOff size={14} aria-hidden /> : <IconShare size={14} aria-hidden />
              }
              onClick={() => share.mutate(!view.shared)}
            >
              {view.shared ? 'Stop sharing' : 'Share with the team'}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => remove.mutate()}
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}

function SavedViewsSection() {
  const user = useCurrentUser();
  const views = useQuery(savedViewsQuery);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const all = views.data?.saved_views ?? [];
  const list = all.filter((v) => v.owner.id === user.id);
  const team = all.filter((v) => v.owner.id !== user.id);
  return (
    <>
      <Text className={classes.navSectionLabel} id="nav-views-heading">
        Views
      </Text>
      <Stack gap={2} role="group" aria-labelledby="nav-views-heading">
        {views.isError ? (
          <Text size="xs" c="red.9" px="sm">
            Views could not be loaded.
          </Text>
        ) : list.length === 0 && !views.isPending ? (
          <Text size="xs" c="gray.7" px="sm">
            Filter a list and press “Save view” to keep it here.
          </Text>
        ) : (
          list.map((v) => <SavedViewItem key={v.id} view={v} mine onRename={setRenaming} />)
        )}
      </Stack>
      {team.length > 0 && (
        <>
          <Text className={classes.navSectionLabel} id="nav-team-views-heading">
            From the team
          </Text>
          <Stack gap={2} role="group" aria-labelledby="nav-team-views-heading">
            {team.map((v) => (
              <SavedViewItem key={v.id} view={v} mine={false} onRename={setRenaming} />
            ))}
          </Stack>
        </>
      )}
      <RenameModal key={renaming?.id ?? 0} view={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}

/** The escalations desk (admins) and the saved views, under the main navigation. */
export function SavedViewsNav() {
  const admin = isAdmin(useCurrentUser());
  return (
    <>
      {admin && (
        <Stack gap={2} mt={2}>
          <EscalationsNavItem />
        </Stack>
      )}
      <SavedViewsSection />
    </>
  );
}

/**
 * The list part of the left navigation (issue 18): the escalations desk with its live count (admins) and the
 * signed-in user's saved views, each with how many items it matches now (refetched on live updates and every
 * minute), linking to its list; a menu per view renames or deletes it.
 */
import { ActionIcon, Badge, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBookmark, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
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

function SavedViewItem({ view, onRename }: { view: SavedView; onRename: (v: SavedView) => void }) {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const href = view.query ? `${view.path}?${view.query}` : view.path;
  const active = pathname === view.path && search.replace(/^\?/, '') === view.query;
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
        leftSection={<IconBookmark {...iconProps} size={16} />}
        rightSection={<CountBadge count={view.count} label="items" />}
        active={active}
        aria-current={active ? 'page' : undefined}
        className={classes.navLink}
        style={{ flex: 1, minWidth: 0 }}
      />
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
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => remove.mutate()}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function SavedViewsSection() {
  const views = useQuery(savedViewsQuery);
  const [renaming, setRenaming] = useState<SavedView | null>(null);
  const list = views.data?.saved_views ?? [];
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
          list.map((v) => <SavedViewItem key={v.id} view={v} onRename={setRenaming} />)
        )}
      </Stack>
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

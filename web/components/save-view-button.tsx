/**
 * "Save view" beside a filtered list: names the list as it is now (its screen and URL query, without the page
 * number) in a small modal, the name pre-filled from the filter, and saves it for the signed-in user, or
 * shared with the team; it then shows in the navigation's Views (for everyone else under "From the team" when
 * shared).
 */
import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { type SavedViewInput, SavedViewResponseSchema } from '../../domain/contract/lists';
import { api } from '../api/client';
import { orderersQuery } from '../api/queries';
import { queryKeys } from '../api/query-keys';
import { notifySuccess } from '../lib/notify';
import { type FormHandle, useForm } from './form';
import { LazyModal } from './lazy-modal';
import { filterFromParams, filterViewName, VIEW_NAME_MAX } from './list-filter';

/** The query a view keeps: the list's URL query less the page (a view opens on its first page). */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}

export function SaveViewButton() {
  const { pathname, search } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const queryClient = useQueryClient();
  const query = viewQuery(search);
  const filter = filterFromParams(new URLSearchParams(search));
  const orderers = useQuery({ ...orderersQuery, enabled: typeof filter.orderer === 'number' });
  const ordererName = (id: number) => orderers.data?.orderers.find((o) => o.id === id)?.name;
  const form = useForm({
    initial: { name: '', shared: false },
    body: ({ name, shared }): SavedViewInput => ({
      saved_view: { name: name.trim(), path: pathname, query, shared },
    }),
    send: (body) => api.post('saved_views', body, SavedViewResponseSchema),
    onSuccess: ({ saved_view }) => {
      notifySuccess(
        `View “${saved_view.name}” saved${saved_view.shared ? ' and shared with the team' : ''}.`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all });
      form.reset();
      close();
    },
  });

  // Only a narrowed or re-sorted list is worth a name: the plain list is in the navigation already.
  if (!query) return null;

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconBookmarkPlus size={14} aria-hidden />}
        onClick={() => {
          // The name starts as the filter in words ("Waiting GRO · Priority"), for the user to keep or change.
          form.reset({ name: filterViewName(filter, { ordererName }), shared: false });
          open();
        }}
      >
        Save view
      </Button>
      <LazyModal
        opened={opened}
        onClose={() => {
          form.clearMessages();
          close();
        }}
        title="Save view"
        size="sm"
      >
        <ViewNameForm
          form={form}
          description="Shown under Views in the navigation, with its count."
          failureTitle="ERROR: Could not save the view"
          submitLabel="Save view"
          onCancel={close}
          extra={
            <Checkbox
              label="Share with the team"
              description="Everyone sees it in their navigation; only you or an administrator can change it."
              {...form.checkbox('shared')}
            />
          }
        />
      </LazyModal>
    </>
  );
}

/**
 * The name of a view, as saving and renaming ask for it: the field, the server's refusal (under the field when
 * it is about the name, else an alert), Cancel and the submit button. Submits only a name with content.
 */
export function ViewNameForm<V extends { name: string }>(props: {
  form: FormHandle<V>;
  description?: string;
  /** More fields under the name (sharing, when saving). */
  extra?: ReactNode;
  failureTitle: string;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { form } = props;
  const named = form.values.name.trim() !== '';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (named) form.submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          description={props.description}
          {...form.field('name')}
          maxLength={VIEW_NAME_MAX}
          required
          data-autofocus
        />
        {props.extra}
        {form.failure && (
          <Alert color="red" role="alert" title={props.failureTitle}>
            {form.failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!named} loading={form.saving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

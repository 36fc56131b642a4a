/**
 * "Save view" beside a filtered list: names the list as it is now (its screen and URL query, without the page
 * number) in a small modal and saves it for the signed-in user; it then shows in the navigation's Views.
 */
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBookmarkPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { type SavedViewInput, SavedViewResponseSchema } from '../../domain/contract/lists';
import { api, isApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { notifySuccess } from '../lib/notify';
import { LazyModal } from './lazy-modal';

/** The query a view keeps: the list's URL query less the page (a view opens on its first page). */
export function viewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}

export function SaveViewButton() {
  const { pathname, search } = useLocation();
  const [opened, { open, close }] = useDisclosure(false);
  const [name, setName] = useState('');
  const queryClient = useQueryClient();
  const query = viewQuery(search);

  const save = useMutation({
    mutationFn: (body: SavedViewInput) => api.post('saved_views', body, SavedViewResponseSchema),
    onSuccess: ({ saved_view }) => {
      notifySuccess(`View “${saved_view.name}” saved.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedViews.all });
      setName('');
      close();
    },
  });

  // Only a narrowed or re-sorted list is worth a name: the plain list is in the navigation already.
  if (!query) return null;
  const fieldErrors = isApiError(save.error) ? save.error.fieldErrors : {};

  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconBookmarkPlus size={14} aria-hidden />}
        onClick={open}
      >
        Save view
      </Button>
      <LazyModal
        opened={opened}
        onClose={() => {
          save.reset();
          close();
        }}
        title="Save view"
        size="sm"
      >
        <ViewNameForm
          name={name}
          onNameChange={setName}
          description="Shown under Views in the navigation, with its count."
          error={fieldErrors.name}
          failure={save.error}
          failureTitle="ERROR: Could not save the view"
          submitLabel="Save view"
          pending={save.isPending}
          onSubmit={() => save.mutate({ saved_view: { name: name.trim(), path: pathname, query } })}
          onCancel={close}
        />
      </LazyModal>
    </>
  );
}

/**
 * The name of a view, as saving and renaming ask for it: the field, the server's refusal (under the field when
 * it is about the name, else an alert), Cancel and the submit button. Submits only a name with content.
 */
export function ViewNameForm(props: {
  name: string;
  onNameChange: (name: string) => void;
  description?: string;
  error: string | undefined;
  failure: Error | null;
  failureTitle: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { name, error, failure } = props;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) props.onSubmit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          description={props.description}
          value={name}
          onChange={(e) => props.onNameChange(e.currentTarget.value)}
          maxLength={60}
          required
          data-autofocus
          error={error}
        />
        {failure && !error && (
          <Alert color="red" role="alert" title={props.failureTitle}>
            {failure.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()} loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

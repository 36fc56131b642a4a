/** Sets a new password for a user; their sessions end at once. Shows the password until closed. */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminUserResponseSchema } from '../../../domain/contract/users';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';
import { PasswordField } from './password-field';
import { type AdminUser, generatePassword, MIN_PASSWORD_LENGTH, userFieldErrors } from './users-api';

export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Reset password" centered size="md">
      {user && <ResetPasswordForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [password, setPassword] = useState(generatePassword);
  const [error, setError] = useState<string | undefined>();
  const reset = useMutation({
    mutationFn: () => api.post(`users/${user.id}/reset_password`, { password }, AdminUserResponseSchema),
    onError: (e) => {
      const found = userFieldErrors(e, ['password']).password;
      setError(found);
      if (!found) notifyError(e, 'Could not reset the password');
    },
  });

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {user.name}’s password is changed and they are signed out everywhere.
        </Alert>
        <Text size="sm">Give them the new password through a safe channel:</Text>
        <Group gap="xs" wrap="nowrap">
          <Code fz="md" px="sm" py={6} data-testid="new-password">
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (password.length < MIN_PASSWORD_LENGTH) {
          setError(`Passwords have at least ${MIN_PASSWORD_LENGTH} characters.`);
          return;
        }
        reset.mutate();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm">
          Set a new password for <b>{user.name}</b> ({user.email}). They are signed out at once and sign in
          again with the new password.
        </Text>
        <PasswordField
          label="New password"
          defaultVisible
          value={password}
          onChange={(v) => {
            setPassword(v);
            setError(undefined);
          }}
          error={error}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={reset.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

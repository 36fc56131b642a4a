/** Sets a new password for a user; their sessions end at once. Shows the password until closed. */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminUserResponseSchema } from '../../../domain/contract/users';
import { api } from '../../api/client';
import { useForm } from '../../components/form';
import { notifyError } from '../../lib/notify';
import { PasswordField } from './password-field';
import { type AdminUser, generatePassword, MIN_PASSWORD_LENGTH } from './users-api';

export function ResetPasswordModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Reset password" centered size="md">
      {user && <ResetPasswordForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function ResetPasswordForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [done, setDone] = useState(false);
  const [generated] = useState(generatePassword);
  const form = useForm({
    initial: { password: generated },
    check: ({ password }) => ({
      password:
        password.length < MIN_PASSWORD_LENGTH
          ? `Passwords have at least ${MIN_PASSWORD_LENGTH} characters.`
          : undefined,
    }),
    send: ({ password }) =>
      api.post(`users/${user.id}/reset_password`, { password }, AdminUserResponseSchema),
    onSuccess: () => setDone(true),
    onFailure: (error) => notifyError(error, 'Could not reset the password'),
  });
  const { password } = form.values;

  if (done) {
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
    <form onSubmit={form.submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Set a new password for <b>{user.name}</b> ({user.email}). They are signed out at once and sign in
          again with the new password.
        </Text>
        <PasswordField label="New password" defaultVisible {...form.field('password')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={form.saving}>
            Cancel
          </Button>
          <Button type="submit" loading={form.saving}>
            Set password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

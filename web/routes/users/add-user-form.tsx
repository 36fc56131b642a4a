/** Create a staff account: name, e-mail, role, orderer flag and an initial password. */
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Role } from '../../../domain/contract/session';
import { AdminUserResponseSchema } from '../../../domain/contract/users';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useForm } from '../../components/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PasswordField } from './password-field';
import { checkNewUser, ROLE_OPTIONS } from './users-api';

export function AddUserForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initial: { name: '', email: '', role: 'orderer' as Role, is_orderer: true, password: '' },
    check: checkNewUser,
    send: (draft) => api.post('users', { ...draft, email: draft.email.trim() }, AdminUserResponseSchema),
    onSuccess: async ({ user }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.admin }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.orderers }),
      ]);
      notifySuccess(`Created the account for ${user.name} (${user.email}).`);
      onDone();
    },
    onFailure: (error) => notifyError(error, 'Could not create the user'),
  });
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      aria-label="New user"
      noValidate
      onSubmit={form.submit}
    >
      <Text fw={600} size="sm" mb="sm">
        New user
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        <TextInput ref={nameRef} label="Name" withAsterisk {...form.field('name')} autoComplete="off" />
        <TextInput label="E-mail" type="email" withAsterisk {...form.field('email')} autoComplete="off" />
        <Select
          label="Role"
          withAsterisk
          data={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(v) => v && form.set({ role: v as Role })}
          allowDeselect={false}
          error={form.errors.role}
        />
        <PasswordField label="Initial password" {...form.field('password')} />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <Checkbox
          label="Orderer: has a personal queue and can be assigned items"
          {...form.checkbox('is_orderer')}
        />
        <Group gap="xs">
          <Button variant="default" onClick={onDone} disabled={form.saving}>
            Cancel
          </Button>
          <Button type="submit" loading={form.saving}>
            Create user
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

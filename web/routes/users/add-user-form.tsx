/** Create a staff account: name, e-mail, role, orderer flag and an initial password. */
import { Button, Checkbox, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Role } from '../../../domain/contract/session';
import { AdminUserResponseSchema } from '../../../domain/contract/users';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { notifyError, notifySuccess } from '../../lib/notify';
import { PasswordField } from './password-field';
import { checkNewUser, ROLE_OPTIONS, userFieldErrors } from './users-api';

const FIELDS = ['name', 'email', 'role', 'is_orderer', 'password'];

export function AddUserForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    name: '',
    email: '',
    role: 'orderer' as Role,
    is_orderer: true,
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const set = <K extends keyof typeof draft>(field: K, value: (typeof draft)[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const create = useMutation({
    mutationFn: () => api.post('users', { ...draft, email: draft.email.trim() }, AdminUserResponseSchema),
    onSuccess: async ({ user }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users.admin }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.orderers }),
      ]);
      notifySuccess(`Created the account for ${user.name} (${user.email}).`);
      onDone();
    },
    onError: (error) => {
      const found = userFieldErrors(error, FIELDS);
      setErrors(found);
      if (Object.keys(found).length === 0) notifyError(error, 'Could not create the user');
    },
  });

  const submit = () => {
    const found = checkNewUser(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="md"
      aria-label="New user"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Text fw={600} size="sm" mb="sm">
        New user
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
        <TextInput
          ref={nameRef}
          label="Name"
          withAsterisk
          value={draft.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          autoComplete="off"
        />
        <TextInput
          label="E-mail"
          type="email"
          withAsterisk
          value={draft.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          autoComplete="off"
        />
        <Select
          label="Role"
          withAsterisk
          data={ROLE_OPTIONS}
          value={draft.role}
          onChange={(v) => v && set('role', v as Role)}
          allowDeselect={false}
          error={errors.role}
        />
        <PasswordField
          label="Initial password"
          value={draft.password}
          onChange={(v) => set('password', v)}
          error={errors.password}
        />
      </SimpleGrid>
      <Group justify="space-between" mt="md">
        <Checkbox
          label="Orderer: has a personal queue and can be assigned items"
          checked={draft.is_orderer}
          onChange={(e) => set('is_orderer', e.currentTarget.checked)}
          error={errors.is_orderer}
        />
        <Group gap="xs">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create user
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

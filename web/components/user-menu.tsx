/** The header's user menu: who is signed in, their role, shortcuts and Sign out. */
import { Avatar, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKeyboard, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SignedOutSchema } from '../../domain/contract/session';
import { api, setCsrfToken } from '../api/client';
import { paths } from '../paths';
import { useCurrentUser } from './auth';
import classes from './shell.module.css';

const roleLabel = { admin: 'Administrator', orderer: 'Orderer' } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

export function UserMenu({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: () => api.delete('session', SignedOutSchema, { allowUnauthorized: true }),
    onSettled: () => {
      setCsrfToken(null);
      navigate(paths.signIn, { replace: true });
      queryClient.clear();
    },
  });
  const role = `${roleLabel[user.role]}${user.is_orderer && user.role === 'admin' ? ' · orderer' : ''}`;

  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.userButton}
          data-testid="user-menu"
          aria-label={`${user.name} (${role}): account menu`}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar size={28} radius="xl" color="slateBlue" variant="filled" aria-hidden>
              {initials(user.name)}
            </Avatar>
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={500} lh={1.2}>
                {user.name}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2}>
                {role}
              </Text>
            </Stack>
            <IconChevronDown size={14} stroke={1.6} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {user.email}</Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconShieldLock size={16} stroke={1.6} />}
          onClick={() => navigate(paths.accountSecurity)}
          data-testid="account-security"
        >
          Account security
        </Menu.Item>
        <Menu.Item leftSection={<IconKeyboard size={16} stroke={1.6} />} onClick={onShowShortcuts}>
          Keyboard shortcuts
        </Menu.Item>
        <Menu.Item
          leftSection={<IconLogout size={16} stroke={1.6} />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          data-testid="sign-out"
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

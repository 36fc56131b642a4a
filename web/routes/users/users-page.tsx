/** /users (admins): staff accounts: create, change name, role and orderer flag, reset passwords, deactivate. */
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconKey,
  IconLogout,
  IconPencil,
  IconPlus,
  IconSearch,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useEffect, useRef, useState } from 'react';
import { MfaResetSchema, SecurityPolicySchema, SessionsEndedSchema } from '../../../domain/contract/mfa';
import type { Role } from '../../../domain/contract/session';
import { AdminUserResponseSchema } from '../../../domain/contract/users';
import { formatDate } from '../../../domain/format';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useCurrentUser } from '../../components/auth';
import { useForm } from '../../components/form';
import { PageHeader } from '../../components/page-title';
import { SUBMIT_SHORTCUT } from '../../components/shortcut-keys';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AddUserForm } from './add-user-form';
import { ResetPasswordModal } from './reset-password-modal';
import {
  type AdminUser,
  filterUsers,
  ROLE_OPTIONS,
  roleLabel,
  type UserChanges,
  userChanges,
  usersQuery,
} from './users-api';

const icon = { size: 16, stroke: 1.6, 'aria-hidden': true } as const;

const policyQuery = queryOptions({
  queryKey: queryKeys.users.securityPolicy,
  queryFn: async ({ signal }) =>
    (await api.get('security_policy', SecurityPolicySchema, { signal })).security_policy,
});

/** "Require 2-step verification for everyone": users without it set it up at their next sign-in. */
function MfaPolicySwitch() {
  const queryClient = useQueryClient();
  const policy = useQuery(policyQuery);
  const save = useMutation({
    mutationFn: (required: boolean) =>
      api.put('security_policy', { security_policy: { mfa_required: required } }, SecurityPolicySchema),
    onSuccess: ({ security_policy }) => {
      queryClient.setQueryData(queryKeys.users.securityPolicy, security_policy);
      notifySuccess(
        security_policy.mfa_required
          ? 'Everyone now needs 2-step verification; those without it set it up at their next sign-in.'
          : '2-step verification is no longer required.',
      );
    },
    onError: (error) => notifyError(error, 'Could not change the policy'),
  });
  return (
    <Switch
      label="Require 2-step verification for everyone"
      description="Users without it set it up when they next sign in."
      checked={policy.data?.mfa_required ?? false}
      disabled={policy.isPending || save.isPending}
      onChange={(e) => save.mutate(e.currentTarget.checked)}
      data-testid="mfa-policy"
    />
  );
}

type AccountAction = { kind: 'reset_mfa' | 'end_sessions'; user: AdminUser };

/** Asks before resetting a user's 2-step verification or signing them out everywhere. */
function AccountActionModal({ action, onClose }: { action: AccountAction | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: ({ kind, user }: AccountAction): Promise<unknown> =>
      kind === 'reset_mfa'
        ? api.post(`users/${user.id}/mfa/reset`, {}, MfaResetSchema)
        : api.post(`users/${user.id}/end_sessions`, {}, SessionsEndedSchema),
    onSuccess: (_, { kind, user }) => {
      notifySuccess(
        kind === 'reset_mfa'
          ? `${user.name}'s 2-step verification is reset.`
          : `${user.name} is signed out everywhere.`,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.admin });
      onClose();
    },
    onError: (error, { kind, user }) =>
      notifyError(
        error,
        kind === 'reset_mfa'
          ? `Could not reset ${user.name}'s 2-step verification`
          : `Could not sign ${user.name} out`,
      ),
  });
  const title = action?.kind === 'reset_mfa' ? 'Reset 2-step verification?' : 'Sign out everywhere?';
  return (
    <Modal opened={action !== null} onClose={() => !run.isPending && onClose()} title={title} centered>
      {action && (
        <Stack gap="md">
          <Text size="sm">
            {action.kind === 'reset_mfa' ? (
              <>
                <b>{action.user.name}</b> signs in with the password alone until they set up 2-step
                verification again (at once, if everyone must have it). Their recovery codes stop working.
              </>
            ) : (
              <>
                Every session of <b>{action.user.name}</b> ends at once, on every device.
              </>
            )}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} disabled={run.isPending} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red.9"
              loading={run.isPending}
              onClick={() => run.mutate(action)}
              {...SUBMIT_SHORTCUT}
            >
              {action.kind === 'reset_mfa' ? 'Reset' : 'Sign out everywhere'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
const COLUMNS = 7;

/** PUT /users/{id} and the cache updates that follow (the orderers list feeds the menus and pickers). */
function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UserChanges }) =>
      api.put(`users/${id}`, changes, AdminUserResponseSchema),
    onSuccess: ({ user }) => {
      queryClient.setQueryData<AdminUser[]>(queryKeys.users.admin, (old) =>
        old?.map((u) => (u.id === user.id ? user : u)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.orderers });
    },
  });
}

export default function UsersPage() {
  const me = useCurrentUser();
  const list = useQuery(usersQuery);
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState('');
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [deactivating, setDeactivating] = useState<AdminUser | null>(null);
  const [accountAction, setAccountAction] = useState<AccountAction | null>(null);
  const update = useUpdateUser();
  const users = list.data ?? [];
  const rows = filterUsers(users, filter);
  const activeCount = users.filter((u) => u.active).length;

  const setActive = (user: AdminUser, active: boolean) =>
    update.mutate(
      { id: user.id, changes: { active } },
      {
        onSuccess: () => {
          notifySuccess(
            active ? `${user.name} can sign in again.` : `${user.name} is deactivated and signed out.`,
          );
          setDeactivating(null);
        },
        onError: (error) =>
          notifyError(
            error,
            active ? `Could not reactivate ${user.name}` : `Could not deactivate ${user.name}`,
          ),
      },
    );

  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts, their roles and who has a queue."
        actions={
          <Button leftSection={<IconPlus {...icon} />} onClick={() => setAdding(true)} disabled={adding}>
            Add user
          </Button>
        }
      />
      <Stack gap="sm">
        <Paper withBorder radius="md" p="md">
          <MfaPolicySwitch />
        </Paper>
        {adding && <AddUserForm onDone={() => setAdding(false)} />}
        <Group gap="sm">
          <TextInput
            aria-label="Filter users"
            placeholder="Filter by name or e-mail…"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            leftSection={<IconSearch {...icon} />}
            w={280}
          />
          {list.data && (
            <Text size="sm" c="dimmed">
              {users.length} accounts · {activeCount} active
            </Text>
          )}
        </Group>
        <Paper withBorder radius="md">
          {/* On a phone each account is a card of labelled lines (web/styles.css, phone-cards); the list of staff
              is short, so its header need not stick (a sticky header cannot inside a scroll box). */}
          <Table.ScrollContainer minWidth={1000} type="native">
            <Table
              fz="sm"
              aria-label="Users"
              verticalSpacing={8}
              horizontalSpacing="md"
              className="phone-cards"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th w={170}>Role</Table.Th>
                  <Table.Th w={110}>Orderer</Table.Th>
                  <Table.Th w={200}>Status</Table.Th>
                  <Table.Th w={110}>Created</Table.Th>
                  <Table.Th w={210}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  [0, 1, 2].map((i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={COLUMNS}>
                        {i === 0 && <VisuallyHidden role="status">Loading users…</VisuallyHidden>}
                        <Skeleton h={14} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : list.isError ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} py="lg">
                      <Group justify="center" gap="sm" data-testid="load-failed">
                        <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                        <Text size="sm" c="red.8">
                          Could not load the users: {list.error.message}
                        </Text>
                        <Button size="xs" variant="default" onClick={() => list.refetch()}>
                          Try again
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ) : rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} py="lg" ta="center" c="dimmed">
                      {filter.trim() ? `No users match “${filter}”.` : 'No users yet.'}
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((u) => (
                    <UserRow
                      key={u.id}
                      user={u}
                      isMe={u.id === me.id}
                      onResetPassword={() => setResetting(u)}
                      onDeactivate={() => setDeactivating(u)}
                      onResetMfa={() => setAccountAction({ kind: 'reset_mfa', user: u })}
                      onEndSessions={() => setAccountAction({ kind: 'end_sessions', user: u })}
                      onReactivate={() => setActive(u, true)}
                      busy={update.isPending && update.variables?.id === u.id}
                    />
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
      <AccountActionModal action={accountAction} onClose={() => setAccountAction(null)} />
      <DeactivateUserModal
        user={deactivating}
        busy={update.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={(user) => setActive(user, false)}
      />
    </>
  );
}

/** Asks before a deactivation, which signs the user out at once; stays open while it runs. */
function DeactivateUserModal({
  user,
  busy,
  onCancel,
  onConfirm,
}: {
  user: AdminUser | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}) {
  return (
    <Modal opened={user !== null} onClose={() => !busy && onCancel()} title="Deactivate user?" centered>
      {user && (
        <Stack gap="md">
          <Text size="sm">
            <b>{user.name}</b> ({user.email}) is signed out at once and can no longer sign in. You can
            reactivate the account later.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" loading={busy} onClick={() => onConfirm(user)} {...SUBMIT_SHORTCUT}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface UserRowProps {
  user: AdminUser;
  isMe: boolean;
  busy: boolean;
  onResetPassword: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
  onResetMfa: () => void;
  onEndSessions: () => void;
}

/** One account: shown as a row, or as its edit form while the admin edits it. */
function UserRow(props: UserRowProps) {
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // After an edit, focus goes back to the Edit button the admin started from.
  useEffect(() => {
    if (!editing && wasEditing.current) editRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  if (editing) return <UserEditRow user={props.user} isMe={props.isMe} onDone={() => setEditing(false)} />;
  return <UserViewRow {...props} editRef={editRef} onEdit={() => setEditing(true)} />;
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="green" c="#1f6b30" variant="light" radius="sm" tt="none">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light" radius="sm" tt="none">
      Deactivated
    </Badge>
  );
}

/** The row as a form: name, role and orderer flag; Enter in the name saves, Escape cancels. */
function UserEditRow({ user, isMe, onDone }: { user: AdminUser; isMe: boolean; onDone: () => void }) {
  const save = useUpdateUser();
  const form = useForm({
    initial: { name: user.name, role: user.role, is_orderer: user.is_orderer },
    check: ({ name }) => ({ name: name.trim() ? undefined : 'Enter a name.' }),
    body: (draft) => userChanges(user, draft),
    // Nothing changed: nothing to send.
    send: (changes) =>
      Object.keys(changes).length === 0 ? Promise.resolve(null) : save.mutateAsync({ id: user.id, changes }),
    onSuccess: (answer, draft) => {
      onDone();
      if (answer) notifySuccess(`Saved ${draft.name.trim()}.`);
    },
    onFailure: (error) => notifyError(error, `Could not save ${user.name}`),
  });
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => nameRef.current?.focus(), []);

  const keys = (e: KeyboardEvent) => {
    if (e.defaultPrevented) return;
    if (e.key === 'Escape' && !form.saving) onDone();
    if (e.key === 'Enter' && e.target === nameRef.current) {
      e.preventDefault();
      form.submit();
    }
  };

  return (
    <Table.Tr onKeyDown={keys} bg="var(--mantine-primary-color-light)" style={{ verticalAlign: 'top' }}>
      <Table.Td data-label="Name">
        <TextInput ref={nameRef} aria-label="Name" {...form.field('name')} />
      </Table.Td>
      <Table.Td data-label="E-mail" pt={14}>
        {user.email}
      </Table.Td>
      <Table.Td data-label="Role">
        <Tooltip label="You cannot remove your own admin role" disabled={!isMe}>
          <Select
            aria-label="Role"
            data={ROLE_OPTIONS}
            value={form.values.role}
            onChange={(v) => v && form.set({ role: v as Role })}
            allowDeselect={false}
            disabled={isMe}
            error={form.errors.role}
          />
        </Tooltip>
      </Table.Td>
      <Table.Td pt={14}>
        <Checkbox label="Orderer" {...form.checkbox('is_orderer')} />
      </Table.Td>
      <Table.Td data-label="Status" pt={14}>
        <StatusBadge active={user.active} />
      </Table.Td>
      <Table.Td colSpan={2}>
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" onClick={() => form.submit()} loading={form.saving}>
            Save
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={form.saving}>
            Cancel
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The row as shown: the account's details and its actions (edit, reset password, (de)activate). */
function UserViewRow({
  user,
  isMe,
  busy,
  onResetPassword,
  onDeactivate,
  onReactivate,
  onResetMfa,
  onEndSessions,
  editRef,
  onEdit,
}: UserRowProps & { editRef: Ref<HTMLButtonElement>; onEdit: () => void }) {
  const dim = user.active ? undefined : 'dimmed';
  return (
    <Table.Tr data-inactive={user.active ? undefined : true}>
      <Table.Td data-label="Name">
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500} c={dim}>
            {user.name}
          </Text>
          {isMe && (
            <Badge size="xs" variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              You
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label="E-mail" c={dim}>
        {user.email}
      </Table.Td>
      <Table.Td data-label="Role">
        <Badge color={user.role === 'admin' ? 'slateBlue' : 'gray'} variant="light" radius="sm" tt="none">
          {roleLabel(user.role)}
        </Badge>
      </Table.Td>
      <Table.Td data-label="Orderer">
        {user.is_orderer ? (
          <Group gap={4} wrap="nowrap">
            <IconCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
            <Text size="sm">Yes</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label="Status">
        <Group gap={4} wrap="nowrap">
          <StatusBadge active={user.active} />
          {user.mfa_enabled && (
            <Tooltip label="2-step verification is on">
              <Badge color="blue" c="#1c4f8a" variant="light" radius="sm" tt="none">
                2-step
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label="Created" c={dim}>
        {formatDate(user.created_at)}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon
              ref={editRef}
              variant="subtle"
              color="gray"
              aria-label={`Edit ${user.name}`}
              onClick={onEdit}
            >
              <IconPencil {...icon} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Reset password">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Reset the password of ${user.name}`}
              onClick={onResetPassword}
            >
              <IconKey {...icon} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Sign out everywhere">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Sign ${user.name} out everywhere`}
              onClick={onEndSessions}
            >
              <IconLogout {...icon} />
            </ActionIcon>
          </Tooltip>
          {user.mfa_enabled && (
            <Tooltip label="Reset 2-step verification">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Reset the 2-step verification of ${user.name}`}
                onClick={onResetMfa}
              >
                <IconShieldOff {...icon} />
              </ActionIcon>
            </Tooltip>
          )}
          {user.active ? (
            <Tooltip label={isMe ? 'You cannot deactivate yourself' : 'Deactivate'}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Deactivate ${user.name}`}
                onClick={onDeactivate}
                disabled={isMe || busy}
              >
                <IconUserOff {...icon} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip label="Reactivate">
              <ActionIcon
                variant="subtle"
                color="green"
                aria-label={`Reactivate ${user.name}`}
                onClick={onReactivate}
                loading={busy}
              >
                <IconUserCheck {...icon} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

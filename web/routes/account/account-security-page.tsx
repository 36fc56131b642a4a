/** /account/security (every user): 2-step verification and the sessions signed in as them. */
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDeviceDesktop, IconLogout, IconShieldCheck } from '@tabler/icons-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  MfaEnrolmentSchema,
  MfaStatusSchema,
  RecoveryCodesSchema,
  SessionsEndedSchema,
  type UserSession,
  UserSessionListSchema,
} from '../../../domain/contract/mfa';
import { formatDateTime } from '../../../domain/format';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { MfaEnrolmentForm, RecoveryCodesPanel } from '../../components/mfa-enrolment';
import { PageHeader } from '../../components/page-title';
import { notifyError, notifySuccess } from '../../lib/notify';

const mfaQuery = queryOptions({
  queryKey: queryKeys.users.mfa,
  queryFn: async ({ signal }) => (await api.get('me/mfa', MfaStatusSchema, { signal })).mfa,
});
const sessionsQuery = queryOptions({
  queryKey: queryKeys.users.sessions,
  queryFn: async ({ signal }) => (await api.get('me/sessions', UserSessionListSchema, { signal })).sessions,
});

export default function AccountSecurityPage() {
  return (
    <>
      <PageHeader title="Account security" description="2-step verification and where you are signed in." />
      <Stack gap="lg" maw={900}>
        <TwoStepCard />
        <SessionsCard />
      </Stack>
    </>
  );
}

function TwoStepCard() {
  const queryClient = useQueryClient();
  const status = useQuery(mfaQuery);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => api.post('me/mfa', {}, MfaEnrolmentSchema),
    onError: (error) => notifyError(error, 'Could not start setting up 2-step verification'),
  });
  const confirm = async (code: string) =>
    (await api.post('me/mfa/confirm', { code }, RecoveryCodesSchema)).recovery_codes;

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconShieldCheck size={20} stroke={1.6} aria-hidden />
            <Title order={2} size="h4">
              2-step verification
            </Title>
          </Group>
          {status.data &&
            (status.data.enabled ? (
              <Badge color="green" c="#1f6b30" variant="light" radius="sm" tt="none">
                On
              </Badge>
            ) : (
              <Badge color="gray" variant="light" radius="sm" tt="none">
                Off
              </Badge>
            ))}
        </Group>
        {status.isPending ? (
          <Skeleton h={40} />
        ) : codes ? (
          <>
            <Text size="sm">
              2-step verification is on. From now on you sign in with your password and a code.
            </Text>
            <RecoveryCodesPanel codes={codes} />
            <Button w="fit-content" onClick={() => setCodes(null)}>
              I have saved my codes
            </Button>
          </>
        ) : status.data?.enabled ? (
          <Text size="sm">
            You sign in with your password and a code from your authenticator app (or a recovery code). If you
            lose your phone and your codes, ask an administrator to reset it.
          </Text>
        ) : start.data || start.isPending ? (
          <MfaEnrolmentForm
            enrolment={start.data?.mfa}
            confirm={confirm}
            onConfirmed={(recovery) => {
              setCodes(recovery);
              start.reset();
              notifySuccess('2-step verification is on.');
              void queryClient.invalidateQueries({ queryKey: queryKeys.users.mfa });
            }}
          />
        ) : (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Protect your account with a code from an authenticator app on your phone as well as your
              password.
              {status.data?.required && ' Your organisation requires it.'}
            </Text>
            <Button onClick={() => start.mutate()} loading={start.isPending}>
              Turn on 2-step verification
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function SessionsCard() {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const [ending, setEnding] = useState<UserSession | null>(null);
  const end = useMutation({
    mutationFn: (s: UserSession) => api.delete(`me/sessions/${s.id}`, SessionsEndedSchema),
    onSuccess: (_, s) => {
      notifySuccess(`Signed out ${s.device}.`);
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.sessions });
    },
    onError: (error) => notifyError(error, 'Could not sign that session out'),
  });
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconDeviceDesktop size={20} stroke={1.6} aria-hidden />
          <Title order={2} size="h4">
            Where you are signed in
          </Title>
        </Group>
        <Table.ScrollContainer minWidth={560} type="native">
          <Table fz="sm" aria-label="Your sessions" verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th w={120}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Skeleton h={14} />
                  </Table.Td>
                </Table.Tr>
              ) : (
                (sessions.data ?? []).map((s) => (
                  <Table.Tr key={s.id} data-testid="session-row">
                    <Table.Td>
                      <Group gap={6}>
                        <Text size="sm">{s.device}</Text>
                        {s.current && (
                          <Badge size="xs" variant="outline" radius="sm" tt="none">
                            This browser
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{s.ip ?? '—'}</Table.Td>
                    <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
                    <Table.Td>{formatDateTime(s.last_seen_at)}</Table.Td>
                    <Table.Td>
                      {!s.current && (
                        <Button
                          size="compact-sm"
                          variant="default"
                          leftSection={<IconLogout size={14} aria-hidden />}
                          onClick={() => setEnding(s)}
                          aria-label={`Sign out ${s.device}, last seen ${formatDateTime(s.last_seen_at)}`}
                        >
                          Sign out
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      <Modal
        opened={ending !== null}
        onClose={() => !end.isPending && setEnding(null)}
        title="Sign out this session?"
        centered
      >
        {ending && (
          <Stack gap="md">
            <Text size="sm">
              {ending.device}
              {ending.ip ? ` at ${ending.ip}` : ''} will be signed out at once.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                onClick={() => setEnding(null)}
                disabled={end.isPending}
                data-autofocus
              >
                Cancel
              </Button>
              <Button color="red.9" loading={end.isPending} onClick={() => end.mutate(ending)}>
                Sign out
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

/** /sign-in: e-mail and password; back to where the user was (or the dashboard) once signed in. */
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CurrentUserSchema, type SignIn } from '../../../domain/contract/session';
import { ApiError, api, setCsrfToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useForm } from '../../components/form';
import { PRODUCT_NAME, useDocumentTitle } from '../../components/page-title';
import { paths } from '../../paths';
import { loadDashboard } from '../screen-chunks';
import classes from './sign-in.module.css';

/** Only a path inside the app: never another origin (`//evil`), never back to sign-in. */
export function safeReturnPath(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return paths.dashboard;
  if (next.startsWith(paths.signIn)) return paths.dashboard;
  return next;
}

/**
 * The dashboard's code, fetched once the page is idle (screen-chunks.ts). A failure is left to the route,
 * which loads it again on the way there and reports what fails then.
 */
function preloadDashboard() {
  const load = () => void loadDashboard().catch(() => {});
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 500);
  return () => clearTimeout(timer);
}

export default function SignInPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(preloadDashboard, []);

  const form = useForm({
    initial: { email: '', password: '' },
    check: ({ email, password }) => ({
      email: email.trim() ? undefined : 'Enter your e-mail address.',
      password: password ? undefined : 'Enter your password.',
    }),
    body: ({ email, password }): SignIn => ({ email: email.trim(), password }),
    send: (body) => api.post('session', body, CurrentUserSchema, { allowUnauthorized: true }),
    onSuccess: (data) => {
      setCsrfToken(data.csrf_token);
      queryClient.clear();
      queryClient.setQueryData(queryKeys.users.current, data);
      navigate(safeReturnPath(params.get('next')), { replace: true });
    },
    // Every refusal is the alert above the fields.
    fields: [],
    onFailure: (error) => {
      if (error instanceof ApiError && error.code === 'invalid_credentials') {
        form.set({ password: '' });
        passwordRef.current?.focus();
      }
    },
  });

  const error = form.error;
  const throttled = error instanceof ApiError && error.status === 429;

  return (
    <main className={classes.page}>
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={380} gap="lg">
          <Stack align="center" gap={6}>
            <span className={classes.mark} aria-hidden>
              UK
            </span>
            <Title order={1} ta="center" className={classes.title}>
              {PRODUCT_NAME}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              Sign in with your staff account.
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <form onSubmit={form.submit} noValidate aria-label="Sign in">
              <Stack gap="md">
                {error && (
                  <Alert
                    role="alert"
                    color={throttled ? 'orange' : 'red'}
                    variant="light"
                    icon={throttled ? <IconClockPause size={18} /> : <IconAlertCircle size={18} />}
                    data-testid="sign-in-error"
                  >
                    {error.message}
                  </Alert>
                )}
                <TextInput
                  label="E-mail"
                  type="email"
                  name="email"
                  autoComplete="username"
                  {...form.field('email')}
                  required
                  data-autofocus
                  autoFocus
                  data-testid="sign-in-email"
                />
                <PasswordInput
                  ref={passwordRef}
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  {...form.field('password')}
                  required
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide what you typed' }}
                  data-testid="sign-in-password"
                />
                <Button type="submit" fullWidth loading={form.saving} disabled={form.saving} mt={4}>
                  Sign in
                </Button>
              </Stack>
            </form>
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            Forgotten your password? Ask an administrator to reset it.
          </Text>
        </Stack>
      </Center>
    </main>
  );
}

/** /sign-in: e-mail and password; back to where the user was (or the dashboard) once signed in. */
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CurrentUserSchema, type SignIn } from '../../../domain/contract/session';
import { ApiError, api, setCsrfToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(preloadDashboard, []);

  const signIn = useMutation({
    mutationFn: (body: SignIn) => api.post('session', body, CurrentUserSchema, { allowUnauthorized: true }),
    onSuccess: (data) => {
      setCsrfToken(data.csrf_token);
      queryClient.clear();
      queryClient.setQueryData(queryKeys.users.current, data);
      navigate(safeReturnPath(params.get('next')), { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'invalid_credentials') {
        setPassword('');
        passwordRef.current?.focus();
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = 'Enter your e-mail address.';
    if (!password) errors.password = 'Enter your password.';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    signIn.mutate({ email: email.trim(), password });
  };

  const error = signIn.error;
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
            <form onSubmit={submit} noValidate aria-label="Sign in">
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
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                  error={fieldErrors.email}
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
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={fieldErrors.password}
                  required
                  visibilityToggleButtonProps={{ 'aria-label': 'Show or hide what you typed' }}
                  data-testid="sign-in-password"
                />
                <Button type="submit" fullWidth loading={signIn.isPending} disabled={signIn.isPending} mt={4}>
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

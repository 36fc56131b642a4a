/**
 * /sign-in: e-mail and password, then a code when the account has 2-step verification (or setting it up, when
 * everyone must have it); back to where the user was (or the dashboard) once signed in.
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconClockPause } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MfaEnrolmentSchema,
  type SecondFactorAnswer,
  SecondFactorAnswerSchema,
  SignInAnswerSchema,
} from '../../../domain/contract/mfa';
import type { CurrentUser, SignIn } from '../../../domain/contract/session';
import { ApiError, api, setCsrfToken } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useForm } from '../../components/form';
import { MfaEnrolmentForm, RecoveryCodesPanel } from '../../components/mfa-enrolment';
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
  const [step, setStep] = useState<'password' | 'code' | 'enrol'>('password');
  const [expired, setExpired] = useState(false);
  useEffect(preloadDashboard, []);
  const leave = useRef(() => {});
  useEffect(() => () => leave.current(), []);

  const finish = (data: CurrentUser) => {
    setCsrfToken(data.csrf_token);
    queryClient.clear();
    queryClient.setQueryData(queryKeys.users.current, { user: data.user, csrf_token: data.csrf_token });
    void navigate(safeReturnPath(params.get('next')), { replace: true });
    // Settled when this page goes, as the first screen replaces it: the Sign in button spins until then. Settled
    // sooner (when the navigation is under way), the button's change made React start the first screen's
    // render over, in the middle of it (bench/browser.ts: sign-in → dashboard data).
    return new Promise<void>((settle) => {
      leave.current = settle;
    });
  };
  /** The five minutes after the password ran out: start again from the password. */
  const restart = (error: Error) => {
    if (error instanceof ApiError && error.status === 401) {
      setExpired(true);
      setStep('password');
      form.set({ password: '' });
    }
  };

  const form = useForm({
    initial: { email: '', password: '' },
    check: ({ email, password }) => ({
      email: email.trim() ? undefined : 'Enter your e-mail address.',
      password: password ? undefined : 'Enter your password.',
    }),
    body: ({ email, password }): SignIn => ({ email: email.trim(), password }),
    send: (body) => api.post('session', body, SignInAnswerSchema, { allowUnauthorized: true }),
    onSuccess: (data) => {
      setExpired(false);
      if ('mfa_required' in data) setStep(data.enrolment_required ? 'enrol' : 'code');
      else return finish(data);
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
        <Stack w="100%" maw={step === 'enrol' ? 520 : 380} gap="lg">
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
            {step === 'code' && (
              <CodeStep onSignedIn={finish} onExpired={restart} onBack={() => setStep('password')} />
            )}
            {step === 'enrol' && <EnrolStep onSignedIn={finish} onExpired={restart} />}
            <form onSubmit={form.submit} noValidate aria-label="Sign in" hidden={step !== 'password'}>
              <Stack gap="md">
                {expired && !error && (
                  <Alert role="alert" color="orange" variant="light" icon={<IconClockPause size={18} />}>
                    That took too long. Sign in with your password again.
                  </Alert>
                )}
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

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({
  onSignedIn,
  onExpired,
  onBack,
}: {
  onSignedIn: (data: CurrentUser) => void;
  onExpired: (error: Error) => void;
  onBack: () => void;
}) {
  const form = useForm({
    initial: { code: '' },
    check: ({ code }) => ({ code: code.trim() ? undefined : 'Enter the code.' }),
    body: ({ code }) => ({ code: code.trim() }),
    send: (body) => api.post('session/mfa', body, SecondFactorAnswerSchema, { allowUnauthorized: true }),
    onSuccess: onSignedIn,
    onFailure: (error) => {
      onExpired(error);
      return undefined;
    },
  });
  const refused = form.error && !form.errors.code ? form.error : null;
  return (
    <form onSubmit={form.submit} noValidate aria-label="2-step verification">
      <Stack gap="md">
        <Text size="sm">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </Text>
        {refused && (
          <Alert role="alert" color="orange" variant="light" icon={<IconClockPause size={18} />}>
            {refused.message}
          </Alert>
        )}
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          autoFocus
          {...form.field('code')}
          data-testid="sign-in-code"
        />
        <Button type="submit" fullWidth loading={form.saving} disabled={form.saving}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          Use another account
        </Anchor>
      </Stack>
    </form>
  );
}

/** Everyone must have 2-step verification and this account has none yet: set it up, then sign in. */
function EnrolStep({
  onSignedIn,
  onExpired,
}: {
  onSignedIn: (data: CurrentUser) => void;
  onExpired: (error: Error) => void;
}) {
  const start = useMutation({
    mutationFn: () => api.post('session/mfa/enrolment', {}, MfaEnrolmentSchema, { allowUnauthorized: true }),
    onError: onExpired,
  });
  const answer = useRef<SecondFactorAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { mutate } = start;
  useEffect(() => mutate(), [mutate]);
  const confirm = async (code: string) => {
    try {
      answer.current = await api.post('session/mfa', { code }, SecondFactorAnswerSchema, {
        allowUnauthorized: true,
      });
    } catch (error) {
      if (error instanceof Error) onExpired(error);
      throw error;
    }
    return answer.current.recovery_codes ?? [];
  };
  if (codes && answer.current) {
    const signedIn = answer.current;
    return (
      <Stack gap="md">
        <Text size="sm">2-step verification is on.</Text>
        <RecoveryCodesPanel codes={codes} />
        <Button fullWidth onClick={() => onSignedIn(signedIn)}>
          Continue
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        Your organisation requires 2-step verification. Set it up to finish signing in.
      </Text>
      <MfaEnrolmentForm
        enrolment={start.data?.mfa}
        confirm={confirm}
        onConfirmed={setCodes}
        submitLabel="Turn on and sign in"
      />
    </Stack>
  );
}

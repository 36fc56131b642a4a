/**
 * Setting up 2-step verification, on the account security page and at sign-in when everyone must have it:
 * the QR code to scan (drawn as an inline SVG, so nothing leaves the page and the CSP needs no exception),
 * the secret to type instead, the first code; then the ten recovery codes, shown once.
 */
import {
  Alert,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { create } from 'qrcode';
import { useMemo } from 'react';
import type { MfaEnrolment } from '../../domain/contract/mfa';
import { useForm } from './form';

/** The QR code of an otpauth URI, one square per dark module. */
export function TotpQr({ uri, size = 184 }: { uri: string; size?: number }) {
  const path = useMemo(() => {
    const { modules } = create(uri, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row += 1)
      for (let col = 0; col < modules.size; col += 1)
        if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { d, extent: modules.size + 8 };
  }, [uri]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${path.extent} ${path.extent}`}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
      data-testid="mfa-qr"
    >
      <rect width={path.extent} height={path.extent} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}

/** The secret in groups of four, as authenticator apps show it and as it is easiest to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Scan or type the secret, then confirm with the first code. */
export function MfaEnrolmentForm({
  enrolment,
  confirm,
  onConfirmed,
  submitLabel = 'Turn on',
}: {
  enrolment: MfaEnrolment['mfa'] | undefined;
  confirm: (code: string) => Promise<string[]>;
  onConfirmed: (recoveryCodes: string[]) => void;
  submitLabel?: string;
}) {
  const form = useForm({
    initial: { code: '' },
    check: ({ code }) => ({
      code: /^\d{6}$/.test(code.replace(/\s/g, '')) ? undefined : 'Enter the 6-digit code.',
    }),
    send: ({ code }) => confirm(code.replace(/\s/g, '')),
    onSuccess: onConfirmed,
  });
  return (
    <Stack gap="md">
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).
        </List.Item>
        <List.Item>Scan this QR code, or add an account by typing the key below.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <Group gap="lg" align="center" wrap="wrap">
        <Box
          p={4}
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, lineHeight: 0 }}
        >
          {enrolment ? <TotpQr uri={enrolment.otpauth_uri} /> : <Skeleton w={184} h={184} />}
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} id="mfa-secret-label">
            Key to type instead
          </Text>
          {enrolment ? (
            <Stack gap={6} align="flex-start">
              <Code fz="sm" aria-labelledby="mfa-secret-label" data-testid="mfa-secret">
                {grouped(enrolment.secret)}
              </Code>
              <CopyButton value={enrolment.secret}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  >
                    {copied ? 'Copied' : 'Copy the key'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          ) : (
            <Skeleton h={20} w={260} />
          )}
          <Text size="xs" c="dimmed">
            Time-based, 6 digits, every 30 seconds.
          </Text>
        </Stack>
      </Group>
      <form onSubmit={form.submit} noValidate aria-label="Confirm 2-step verification">
        <Group gap="sm" align="flex-start">
          <TextInput
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            w={180}
            {...form.field('code')}
            data-testid="mfa-confirm-code"
          />
          <Button type="submit" mt={25} loading={form.saving} disabled={!enrolment || form.saving}>
            {submitLabel}
          </Button>
        </Group>
        {form.error && !form.errors.code && (
          <Alert role="alert" color="red" variant="light" mt="sm" icon={<IconAlertTriangle size={16} />}>
            {form.error.message}
          </Alert>
        )}
      </form>
    </Stack>
  );
}

/** The ten recovery codes, shown once, with a copy button. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  return (
    <Stack gap="sm" data-testid="recovery-codes">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconAlertTriangle size={16} />}
        title="Save your recovery codes"
      >
        Each code signs you in once if you lose your phone. They are shown only now: copy them somewhere safe,
        such as a password manager.
      </Alert>
      <Box
        component="ul"
        aria-label="Recovery codes"
        p={0}
        m={0}
        style={{
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          gap: '4px 24px',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Code fz="sm">{code}</Code>
          </li>
        ))}
      </Box>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="default"
            w="fit-content"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copied' : 'Copy the codes'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** A password input with a Generate button and, once there is a value, a Copy button. */
import { ActionIcon, CopyButton, Group, PasswordInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { generatePassword, MIN_PASSWORD_LENGTH } from './users-api';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Show the characters from the start (a generated password the admin will pass on). */
  defaultVisible?: boolean;
}

export function PasswordField({ label, value, onChange, error, defaultVisible = false }: PasswordFieldProps) {
  const [visible, setVisible] = useState(defaultVisible);
  return (
    <Group gap={6} align="flex-start" wrap="nowrap">
      <PasswordInput
        label={label}
        withAsterisk
        description={`At least ${MIN_PASSWORD_LENGTH} characters`}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        visible={visible}
        onVisibilityChange={setVisible}
        autoComplete="new-password"
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: visible ? 'var(--mantine-font-family-monospace)' : undefined } }}
      />
      <Group gap={4} wrap="nowrap" mt={21.7}>
        <Tooltip label="Generate a password">
          <ActionIcon
            variant="default"
            size={34}
            aria-label="Generate a password"
            onClick={() => {
              onChange(generatePassword());
              setVisible(true);
            }}
          >
            <IconWand size={16} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy the password'}>
              <ActionIcon
                variant="default"
                size={34}
                aria-label="Copy the password"
                onClick={copy}
                disabled={!value}
                color={copied ? 'teal' : undefined}
              >
                {copied ? (
                  <IconCheck size={16} aria-hidden />
                ) : (
                  <IconCopy size={16} stroke={1.6} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Group>
  );
}

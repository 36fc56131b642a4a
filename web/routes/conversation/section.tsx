/** A titled card of the conversation workspace: the app's SectionCard with its body padded for forms and text. */
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { SectionCard } from '../../components/section-card';

export function Section({
  title,
  children,
  aside,
  testId,
}: {
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  testId?: string;
}) {
  return (
    <SectionCard title={title} actions={aside} testId={testId}>
      <Box p="md">{children}</Box>
    </SectionCard>
  );
}

/** A screen that is routed and titled but whose content lands with a later issue. */
import { EmptyState, Paper } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-title';

interface PlaceholderPageProps {
  title: string;
  description: ReactNode;
  /** The issue that builds this screen. */
  issue: number;
}

export function PlaceholderPage({ title, description, issue }: PlaceholderPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="md" py={56} px="xl">
        <EmptyState
          data-testid="placeholder"
          icon={<IconHourglassEmpty size={22} stroke={1.6} aria-hidden />}
          title="Nothing to show yet"
          description={`This screen arrives with issue ${issue}.`}
        />
      </Paper>
    </>
  );
}

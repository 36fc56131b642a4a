/** What a user sees on a route their role may not open. */
import { Button, EmptyState, Paper } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { PageHeader } from './page-title';

export function NotAllowedPage() {
  return (
    <>
      <PageHeader title="Not allowed" />
      <Paper withBorder radius="md" py={56} px="xl">
        <EmptyState
          color="red"
          icon={<IconLock size={22} stroke={1.6} aria-hidden />}
          title="This screen is for administrators"
          description="Your account cannot open it. Ask an administrator if you need access."
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.dashboard} variant="default">
              Back to the dashboard
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}

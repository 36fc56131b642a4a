/** Every screen's heading row and the browser tab title. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import classes from './page-title.module.css';

export const PRODUCT_NAME = 'UKDS Back office';

/** Sets the browser tab title to "<title> · UKDS Back office". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons or filters shown at the right of the heading. */
  actions?: ReactNode;
}

/** The heading of a screen (an h1), its one-line description and its actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className={classes.header}>
      <Stack gap={2} className={classes.heading}>
        <Title order={1}>{title}</Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" className={classes.actions}>
          {actions}
        </Group>
      )}
    </div>
  );
}

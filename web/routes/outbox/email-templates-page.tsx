/**
 * /email-templates (admins): the template of every kind of customer e-mail, rendered with sample data as it
 * would be sent now (the configured company's name, logo, colours and legal details), its HTML part beside its
 * text part. One template at a time, chosen in the URL (?kind=despatched): a list on a wide screen, a picker on
 * a phone.
 */
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { EmailTemplate } from '../../../domain/contract/email-templates';
import { PageHeader } from '../../components/page-title';
import { EmailBodies } from './email-bodies';
import { emailTemplatesQuery } from './outbox-api';
import { kindLabel } from './outbox-model';
import classes from './outbox-page.module.css';

function TemplatePreview({ template }: { template: EmailTemplate }) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Title order={2} size="h3">
          {kindLabel(template.kind)}
        </Title>
        <Text size="sm" c="dimmed">
          {template.description}
        </Text>
      </Stack>
      <Text size="sm" className={classes.headerValue}>
        <Text span size="sm" c="dimmed" fw={500}>
          Subject{' '}
        </Text>
        {template.subject}
      </Text>
      <EmailBodies
        subject={template.subject}
        text={template.text}
        html={template.html}
        testId="template"
        frameHeight="max(480px, calc(100dvh - 360px))"
      />
    </Stack>
  );
}

export default function EmailTemplatesPage() {
  const [params, setParams] = useSearchParams();
  const query = useQuery(emailTemplatesQuery);
  const templates = query.data?.templates ?? [];
  const wanted = params.get('kind');
  const current = templates.find((t) => t.kind === wanted) ?? templates[0];
  const choose = (kind: string | null) => {
    if (kind) setParams({ kind }, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="E-mail templates"
        description="Every e-mail customers receive, laid out by its template and shown here with sample data, as it would be sent now. The company's name, logo, colours and legal details in the footer come from the server's settings (COMPANY_…)."
      />
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true">
          <VisuallyHidden>Loading the templates…</VisuallyHidden>
          <Skeleton h={36} w={320} />
          <Skeleton h={420} />
        </Stack>
      ) : query.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={16} aria-hidden />}
          title="Could not load the templates"
        >
          <Group gap="sm">
            <Text size="sm">{query.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : current ? (
        <>
          <Select
            hiddenFrom="sm"
            mb="md"
            label="Template"
            data={templates.map((t) => ({ value: t.kind, label: kindLabel(t.kind) }))}
            value={current.kind}
            onChange={choose}
            allowDeselect={false}
            checkIconPosition="right"
          />
          <Tabs
            orientation="vertical"
            value={current.kind}
            onChange={choose}
            keepMounted={false}
            classNames={{
              list: classes.templateList,
              tab: classes.templateTab,
              panel: classes.templatePanel,
            }}
          >
            <Tabs.List visibleFrom="sm" aria-label="Templates">
              {templates.map((t) => (
                <Tabs.Tab key={t.kind} value={t.kind}>
                  {kindLabel(t.kind)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {templates.map((t) => (
              <Tabs.Panel key={t.kind} value={t.kind}>
                <Paper withBorder radius="md" p="md">
                  <TemplatePreview template={t} />
                </Paper>
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      ) : (
        <Text c="dimmed">The server has no e-mail templates.</Text>
      )}
    </>
  );
}

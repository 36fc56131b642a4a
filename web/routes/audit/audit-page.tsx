/**
 * /audit-log (admins): who did what, newest first, 50 a page: sign-ins, user and security changes, reference
 * content and prices, exports, erasures, webhook endpoints, e-mails resent and documents downloaded, each
 * with the person, their address and browser, the target, and what changed. Filtered by kind, person,
 * target and days (in the URL); the same filters download as CSV. Nothing here can change a row.
 */
import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIT_KINDS,
  AUDIT_TARGET_TYPES,
  type AuditEvent,
  type AuditKind,
} from '../../../domain/contract/audit';
import { formatDateTime } from '../../../domain/format';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { pageFromParams } from '../../components/queue-view';
import { paths } from '../../paths';
import { usersQuery } from '../users/users-api';
import { auditQuery } from './audit-api';
import {
  type AuditFilters,
  auditCsvHref,
  auditKindLabel,
  auditParams,
  changeLines,
  filtersFromParams,
  isFiltered,
  TARGET_TYPE_LABELS,
} from './audit-model';
import classes from './audit-page.module.css';

const COLUMNS = 5;

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const filters = filtersFromParams(params);
  const log = useQuery(auditQuery(filters, page));
  const data = log.data;
  const events = data?.events ?? [];
  const goTo = (p: number) => {
    setParams(auditParams(filters, p));
    window.scrollTo({ top: 0 });
  };
  const filter = (next: AuditFilters) => setParams(auditParams(next));
  const first = data ? (data.page - 1) * data.per_page + 1 : 0;
  const last = data ? first + events.length - 1 : 0;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what with the company's and customers' data: sign-ins, user and security changes, reference content and prices, exports, erasures, webhooks, resent e-mails and downloaded documents. Rows cannot be changed or deleted; they are kept for two years."
      />
      <Stack gap="sm">
        <AuditFilterBar filters={filters} onChange={filter} />
        <Group justify="space-between" mih={30}>
          <Text size="sm" c="dimmed" aria-live="polite">
            {data
              ? data.total_count === 0
                ? isFiltered(filters)
                  ? 'No acts match these filters'
                  : 'Nothing recorded yet'
                : `${first.toLocaleString('en-GB')}–${last.toLocaleString('en-GB')} of ${data.total_count.toLocaleString('en-GB')} acts${isFiltered(filters) ? ' matching' : ''}, newest first`
              : '\u00a0'}
          </Text>
          <Group gap="sm">
            <Button
              component="a"
              href={auditCsvHref(filters)}
              download
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Export CSV
            </Button>
            {data && data.total_pages > 1 && (
              <AuditPagination page={data.page} total={data.total_pages} onChange={goTo} />
            )}
          </Group>
        </Group>
        <Paper withBorder radius="md">
          <Table
            stickyHeader
            stickyHeaderOffset="var(--app-shell-header-height, 56px)"
            fz="sm"
            aria-label="Audit log"
            verticalSpacing={8}
            horizontalSpacing="sm"
            layout="fixed"
            aria-busy={log.isFetching}
            className={classes.table}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>When</Table.Th>
                <Table.Th w={190}>Who</Table.Th>
                <Table.Th w={230}>What</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th w={180}>Target</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: log.isPlaceholderData ? 0.6 : 1 }}>
              {log.isPending ? (
                [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={COLUMNS}>
                      {i === 0 && <VisuallyHidden role="status">Loading the audit log…</VisuallyHidden>}
                      <Skeleton h={14} />
                    </Table.Td>
                  </Table.Tr>
                ))
              ) : log.isError ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg">
                    <Group justify="center" gap="sm" data-testid="load-failed">
                      <IconAlertTriangle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                      <Text size="sm" c="red.8">
                        Could not load the audit log: {log.error.message}
                      </Text>
                      <Button size="xs" variant="default" onClick={() => log.refetch()}>
                        Try again
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ) : events.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} py="lg" ta="center" c="dimmed">
                    {page > 1
                      ? `There is no page ${page}: the log has ${data?.total_pages ?? 0} pages.`
                      : isFiltered(filters)
                        ? 'No acts match these filters. Clear them to see the whole log.'
                        : 'Nothing recorded yet: sign-ins, changes and exports appear here as they happen.'}
                  </Table.Td>
                </Table.Tr>
              ) : (
                events.map((e) => <EventRow key={e.id} event={e} />)
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        {data && data.total_pages > 1 && (
          <Group justify="flex-end">
            <AuditPagination page={data.page} total={data.total_pages} onChange={goTo} />
          </Group>
        )}
      </Stack>
    </>
  );
}

function AuditFilterBar({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const users = useQuery(usersQuery);
  // The target is typed, then applied with Enter, Apply or leaving the field: one URL change per search.
  const [target, setTarget] = useState(filters.target ?? '');
  useEffect(() => setTarget(filters.target ?? ''), [filters.target]);
  const applyTarget = (event?: FormEvent) => {
    event?.preventDefault();
    if ((target.trim() || undefined) !== filters.target)
      onChange({ ...filters, target: target.trim() || undefined });
  };
  return (
    <form onSubmit={applyTarget} aria-label="Filter the audit log" className={classes.filters}>
      <Select
        label="What"
        placeholder="Any act"
        clearable
        searchable
        data={AUDIT_KINDS.map((k) => ({ value: k, label: auditKindLabel(k) }))}
        value={filters.kind ?? null}
        onChange={(v) => onChange({ ...filters, kind: (v as AuditKind | null) ?? undefined })}
        size="xs"
        className={classes.fieldWide}
      />
      <Select
        label="Who"
        placeholder="Anyone"
        clearable
        searchable
        data={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
        value={filters.actor_id ?? null}
        onChange={(v) => onChange({ ...filters, actor_id: v ?? undefined })}
        size="xs"
        className={classes.fieldWide}
      />
      <Select
        label="Target type"
        placeholder="Any target"
        clearable
        data={AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: TARGET_TYPE_LABELS[t] }))}
        value={filters.target_type ?? null}
        onChange={(v) =>
          onChange({ ...filters, target_type: (v as AuditFilters['target_type'] | null) ?? undefined })
        }
        size="xs"
        className={classes.fieldNarrow}
      />
      <TextInput
        label="Target"
        placeholder="Ref, id or customer e-mail"
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
        onBlur={() => applyTarget()}
        maxLength={254}
        size="xs"
        className={classes.fieldWide}
        rightSection={<IconSearch size={14} aria-hidden />}
      />
      <DateField
        label="From"
        clearable
        value={filters.from ?? null}
        maxDate={filters.until}
        onChange={(v) => onChange({ ...filters, from: v ?? undefined })}
        size="xs"
        className={classes.fieldNarrow}
      />
      <DateField
        label="Until"
        clearable
        value={filters.until ?? null}
        minDate={filters.from}
        onChange={(v) => onChange({ ...filters, until: v ?? undefined })}
        size="xs"
        className={classes.fieldNarrow}
      />
      <Group gap="xs" className={classes.filterButtons}>
        <Button type="submit" size="xs" variant="default">
          Apply
        </Button>
        {isFiltered(filters) && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => {
              setTarget('');
              onChange({});
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>
    </form>
  );
}

function AuditPagination({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (p: number) => void;
}) {
  return (
    <nav aria-label="Audit log pages">
      <Pagination
        value={page}
        total={total}
        onChange={onChange}
        size="sm"
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        getControlProps={(control) => ({
          'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page`,
        })}
      />
    </nav>
  );
}

/** The target as a link where the app has a screen for it (an order item), else its type and id. */
function Target({ event: e }: { event: AuditEvent }) {
  if (!e.target_type)
    return (
      <Text span size="sm" c="dimmed">
        —
      </Text>
    );
  const type = TARGET_TYPE_LABELS[e.target_type as keyof typeof TARGET_TYPE_LABELS] ?? e.target_type;
  return (
    <>
      <Text size="xs" c="dimmed">
        {type}
      </Text>
      {e.target_type === 'order_item' && e.target_id ? (
        <Anchor component={Link} to={paths.orderItem(e.target_id)} size="sm" fw={600}>
          {e.target_id}
        </Anchor>
      ) : (
        <Text size="sm" className={classes.breakAnywhere}>
          {e.target_id ?? '—'}
        </Text>
      )}
    </>
  );
}

function EventRow({ event: e }: { event: AuditEvent }) {
  const changes = changeLines(e.before, e.after);
  return (
    <Table.Tr data-testid="audit-row">
      <Table.Td data-label="When" className={classes.nowrap}>
        {formatDateTime(e.occurred_at)}
      </Table.Td>
      <Table.Td data-label="Who">
        <Text size="sm" fw={500}>
          {e.actor?.name ?? 'System'}
        </Text>
        {(e.ip || e.user_agent) && (
          <Tooltip label={e.user_agent ?? 'No browser recorded'} multiline maw={420} disabled={!e.user_agent}>
            <Text
              size="xs"
              c="dimmed"
              tabIndex={e.user_agent ? 0 : undefined}
              className={classes.breakAnywhere}
            >
              {e.ip ?? 'No address'}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td data-label="What">
        <Text size="sm" fw={500}>
          {auditKindLabel(e.kind)}
        </Text>
        <Text size="xs" c="dimmed" className={classes.breakAnywhere}>
          {e.summary}
        </Text>
      </Table.Td>
      <Table.Td data-label="Details">
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <dl className={classes.changes}>
            {changes.map((c) => (
              <div key={c.field}>
                <dt>{c.field.replaceAll('_', ' ')}</dt>
                <dd>
                  {e.before && e.after ? (
                    <>
                      <span className={classes.before}>{c.before}</span> → <span>{c.after}</span>
                    </>
                  ) : e.after ? (
                    c.after
                  ) : (
                    c.before
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Table.Td>
      <Table.Td data-label="Target">
        <Target event={e} />
      </Table.Td>
    </Table.Tr>
  );
}

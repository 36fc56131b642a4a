/**
 * /sales-report (admins): a month's totals, the comparisons with the previous month and the same month last
 * year, a chart of the days, breakdowns by product type and delivery region, and the same as CSV. The
 * current month is month to date, compared with the same days of the other two months.
 */
import {
  Alert,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FIRST_REPORT_YEAR, isReportMonthAllowed, SalesReportSchema } from '../../../domain/contract/report';
import { lastMonth, londonToday } from '../../../domain/format';
import { currentLondonMonth } from '../../../domain/report-periods';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-title';
import {
  byRegionTable,
  byTypeTable,
  changeText,
  changeTone,
  chosenMonthFromParams,
  comparisonTable,
  dailyTable,
  downloadText,
  formatMeasure,
  hasSales,
  MEASURES,
  type MonthRef,
  monthLabel,
  monthParams,
  periodLabels,
  type Report,
  reportCsv,
  reportFileName,
  reportTitle,
  reportYears,
  type TextTable,
} from './report-model';

const DailyChart = lazy(() => import('./daily-chart'));

const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => ({
  value: String(i + 1),
  label: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, i, 1)),
}));

const salesReportQuery = ({ year, month }: MonthRef, enabled: boolean) => ({
  queryKey: queryKeys.salesReports.monthly({ year, month }),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(`sales-reports/monthly/${year}/${month}`, SalesReportSchema, { signal }),
  enabled,
  staleTime: 5 * 60_000,
});

const num = { fontVariantNumeric: 'tabular-nums' } as const;

/** The chosen month from the address (?year=&month=), else last month. */
function useChosenMonth(last: MonthRef, currentYear: number) {
  const [params, setParams] = useSearchParams();
  const chosen = chosenMonthFromParams(params, last, currentYear);
  const choose = (next: MonthRef) => setParams(monthParams(next), { replace: true });
  return [chosen, choose] as const;
}

export default function SalesReportPage() {
  const { last, latest, currentYear } = useMemo(() => {
    const now = new Date();
    return {
      last: lastMonth(now),
      latest: currentLondonMonth(now),
      currentYear: Number(londonToday(now).slice(0, 4)),
    };
  }, []);
  const [chosen, choose] = useChosenMonth(last, currentYear);
  const valid = isReportMonthAllowed(chosen.year, chosen.month, latest);
  const report = useQuery(salesReportQuery(chosen, valid));
  const errorId = useId();

  const years = useMemo(() => reportYears(currentYear).map((y) => ({ value: y, label: y })), [currentYear]);

  const data = valid ? report.data?.report : undefined;

  return (
    <>
      <PageHeader
        title="Sales report"
        description="Orders by the London month they were placed in; refunds in the month they were made. This month shows the month so far."
        actions={
          <Group gap="xs" align="flex-end">
            <Select
              label="Month"
              data={MONTH_OPTIONS}
              value={String(chosen.month)}
              onChange={(v) => v && choose({ ...chosen, month: Number(v) })}
              allowDeselect={false}
              w={140}
              error={!valid}
              aria-describedby={valid ? undefined : errorId}
            />
            <Select
              label="Year"
              data={years}
              value={String(chosen.year)}
              onChange={(v) => v && choose({ ...chosen, year: Number(v) })}
              allowDeselect={false}
              w={100}
              error={!valid}
              aria-describedby={valid ? undefined : errorId}
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={!data}
              onClick={() => data && downloadText(reportFileName(data), reportCsv(data))}
            >
              Download CSV
            </Button>
          </Group>
        }
      />

      {!valid ? (
        <Alert
          id={errorId}
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="That month cannot be reported yet"
        >
          {monthLabel(chosen)} is after this month. The report is available from January {FIRST_REPORT_YEAR}{' '}
          up to {monthLabel(latest)} (month to date).
        </Alert>
      ) : report.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="The report could not load"
        >
          <Group justify="space-between">
            <Text size="sm">{report.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => report.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <ReportView report={data} />
      )}
    </>
  );
}

function ReportSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true">
      <VisuallyHidden>Loading the report…</VisuallyHidden>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm">
        {MEASURES.map((m) => (
          <Skeleton key={m.key} h={92} radius="md" />
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Skeleton h={330} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Skeleton h={330} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ReportView({ report }: { report: Report }) {
  const labels = periodLabels(report);
  const anySales = hasSales(report);

  return (
    <Stack gap="md" data-testid="sales-report">
      {report.month_to_date && <MonthToDateNote report={report} />}
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" component="section" aria-label="Totals">
        {MEASURES.map(({ key, label, money }) => (
          <Paper key={key} withBorder radius="md" p="sm" data-testid={`total-${key}`}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
              {label}
            </Text>
            <Text size="xl" fw={700} style={num} data-testid="value" mt={2}>
              {formatMeasure(report.totals[key], money)}
            </Text>
            <Change
              label={labels.previous}
              now={report.totals[key]}
              before={report.previous_month[key]}
              money={money}
              upIsGood={key !== 'refunds_in_pence'}
            />
            <Change
              label={labels.lastYear}
              now={report.totals[key]}
              before={report.same_month_last_year[key]}
              money={money}
              upIsGood={key !== 'refunds_in_pence'}
            />
          </Paper>
        ))}
      </SimpleGrid>

      <Grid gap="md" align="stretch">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <DailyCard report={report} anySales={anySales} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TableCard table={comparisonTable(report)} h="100%" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TableCard table={byTypeTable(report)} empty={`No items were sold in ${monthLabel(report)}.`} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <TableCard
            table={byRegionTable(report)}
            empty={`No orders were placed in ${monthLabel(report)}.`}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The current month so far, and which days it is compared with. */
function MonthToDateNote({ report }: { report: Report }) {
  const labels = periodLabels(report);
  return (
    <Alert variant="light" color="blue" title={reportTitle(report)} data-testid="month-to-date">
      The figures so far this month, compared with the same days of the previous month ({labels.previous}) and
      of the same month last year ({labels.lastYear}).
    </Alert>
  );
}

/**
 * '+12.5% on 1–24 Oct 2026 (£57.00)': the change and the figure compared with; green when it went the good
 * way, red when it went the bad way.
 */
function Change({
  label,
  now,
  before,
  money,
  upIsGood,
}: {
  label: string;
  now: number;
  before: number;
  money: boolean;
  upIsGood: boolean;
}) {
  const text = changeText(now, before);
  const tone = changeTone(now, before, upIsGood);
  return (
    <Text size="xs" c="dimmed" style={num}>
      <Text span inherit fw={600} c={tone === undefined ? undefined : tone === 'good' ? 'teal.9' : 'red.9'}>
        {text}
      </Text>{' '}
      on {label} ({formatMeasure(before, money)})
    </Text>
  );
}

/** A titled card around a report part. */
function ReportCard({
  title,
  actions,
  children,
  h,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  h?: string;
  testId?: string;
}) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="md"
      padding={0}
      h={h}
      data-testid={testId}
    >
      <Group
        justify="space-between"
        px="md"
        py={10}
        mih={48}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Title order={2} size="h5" fw={600} id={headingId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

function TextTableView({ table, maxHeight }: { table: TextTable; maxHeight?: number }) {
  return (
    <Table.ScrollContainer
      minWidth={360}
      maxHeight={maxHeight}
      type="native"
      // A scrolling box of plain figures takes focus so it can be scrolled from the keyboard.
      {...(maxHeight === undefined
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': `${table.title} figures` })}
    >
      <Table
        fz="sm"
        stickyHeader={maxHeight !== undefined}
        aria-label={table.title}
        style={{ whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c, i) => (
              <Table.Th key={c} ta={i === 0 ? undefined : 'right'} style={{ whiteSpace: 'normal' }}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.map((row) => (
            <Table.Tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={table.columns[i]} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={table.columns[i]} ta="right" style={num}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableCard({ table, empty, h }: { table: TextTable; empty?: string; h?: string }) {
  return (
    <ReportCard title={table.title} h={h}>
      {table.rows.length === 0 && empty ? (
        <Text size="sm" c="dimmed" ta="center" px="md" py="lg">
          {empty}
        </Text>
      ) : (
        <TextTableView table={table} />
      )}
    </ReportCard>
  );
}

function DailyCard({ report, anySales }: { report: Report; anySales: boolean }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const toggle = (
    <SegmentedControl
      size="xs"
      aria-label="Show the days as"
      value={view}
      onChange={(v) => setView(v as 'chart' | 'table')}
      data={[
        { value: 'chart', label: 'Chart' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
  return (
    <ReportCard title="Day by day" actions={anySales ? toggle : undefined} testId="daily" h="100%">
      {!anySales ? (
        <Center flex={1} py={60}>
          <Text size="sm" c="dimmed">
            {report.month_to_date
              ? `No sales in ${monthLabel(report)} so far.`
              : `No sales in ${monthLabel(report)}.`}
          </Text>
        </Center>
      ) : view === 'table' ? (
        <TextTableView table={dailyTable(report)} maxHeight={300} />
      ) : (
        <Suspense
          fallback={
            <Stack p="md" role="status" aria-busy="true">
              <VisuallyHidden>Loading the chart…</VisuallyHidden>
              <Skeleton h={284} />
            </Stack>
          }
        >
          <div data-testid="daily-chart" style={{ padding: '12px 16px 8px 4px' }}>
            <DailyChart daily={report.daily} />
          </div>
        </Suspense>
      )}
    </ReportCard>
  );
}

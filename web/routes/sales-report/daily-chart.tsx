/**
 * The month's daily series as a chart: gross and net side by side for each day. Loaded on its own (recharts is large) so
 * the report's figures appear before the chart library arrives.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { Report } from './report-model';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const gbpAxis = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  notation: 'compact',
  maximumFractionDigits: 1,
});

export default function DailyChart({ daily }: { daily: Report['daily'] }) {
  const data = daily.map((d) => ({
    day: d.date.slice(8),
    gross: d.gross_in_pence / 100,
    net: d.net_in_pence / 100,
  }));
  return (
    <BarChart
      h={284}
      data={data}
      dataKey="day"
      series={[
        { name: 'gross', label: 'Gross', color: 'slateBlue.5' },
        { name: 'net', label: 'Net', color: 'teal.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 32 }}
      valueFormatter={(value) => gbp.format(value)}
      yAxisProps={{ tickFormatter: (value: number) => gbpAxis.format(value), width: 60 }}
      xAxisLabel="Day of the month"
      gridAxis="y"
      tickLine="none"
      maxBarWidth={10}
      barProps={{ radius: [2, 2, 0, 0] }}
    />
  );
}

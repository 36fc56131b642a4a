/**
 * A calendar day picked or typed as dd/MM/yyyy, whatever the browser's locale (the browser's own date input
 * follows it: mm/dd/yyyy in a US browser); the value stays 'yyyy-MM-dd' as the API takes it. Every date of
 * the app uses it: the order page's, the outbox's and the lists' filters.
 */
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';

/** '7/3/2026' or '07/03/2026' → '2026-03-07'; anything else is not a date. */
export function parseUkDate(text: string): string | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> & {
  value: string | null;
  onChange: (value: string | null) => void;
};

/** Mantine's DateInput showing and reading dd/MM/yyyy, its value the calendar day as 'yyyy-MM-dd' (or null). */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      value={value}
      onChange={onChange}
      valueFormat="DD/MM/YYYY"
      dateParser={parseUkDate}
      placeholder="dd/mm/yyyy"
      popoverProps={{ withinPortal: true }}
      clearButtonProps={{
        'aria-label': typeof props.label === 'string' ? `Clear ${props.label}` : 'Clear the date',
        ...props.clearButtonProps,
      }}
    />
  );
}

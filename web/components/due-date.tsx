/**
 * A despatch-by date as dd/MM/yyyy, highlighted when it is past (overdue) for an open item. Plain spans with
 * the look of Mantine's small text: it is in every row of the lists (docs/performance.md).
 */
import { formatDate, londonToday } from '../../domain/format';
import classes from './due-date.module.css';

interface DueDateProps {
  /** ISO date (yyyy-MM-dd) or null when the item has none. */
  value: string | null;
  /** Finished items are never overdue. */
  open?: boolean;
}

export function DueDate({ value, open = true }: DueDateProps) {
  if (!value) return <span className={`${classes.date} ${classes.none}`}>—</span>;
  const overdue = open && value < londonToday(new Date());
  return (
    <span className={overdue ? `${classes.date} ${classes.overdue}` : classes.date}>
      <span className={classes.day}>{formatDate(value)}</span>
      {overdue && (
        <>
          {' '}
          <span className={classes.note}>(overdue)</span>
        </>
      )}
    </span>
  );
}

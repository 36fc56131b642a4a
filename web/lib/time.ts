/** The header clock's format: London wall-clock time to the second. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { BUSINESS_TIME_ZONE } from '../../domain/format';

/** A moment as 'dd/MM/yyyy @ HH:mm:ss' in Europe/London. */
export function formatClock(now: Date): string {
  return format(new TZDate(now.getTime(), BUSINESS_TIME_ZONE), "dd/MM/yyyy '@' HH:mm:ss");
}

/** A moment relative to now in words for the notifications list ("just now", "5 min ago"), else the date. */
export function formatAgo(value: string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(value).getTime()) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return format(new TZDate(new Date(value).getTime(), BUSINESS_TIME_ZONE), "dd/MM/yyyy '@' HH:mm");
}

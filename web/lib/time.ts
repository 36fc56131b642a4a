/** The header clock's format: London wall-clock time to the second. */
import { formatDateTime, londonTime } from '../../domain/format';

/** A moment as 'dd/MM/yyyy @ HH:mm:ss' in Europe/London. */
export function formatClock(now: Date): string {
  const { year, month, day, hour, minute, second } = londonTime(now);
  return `${day}/${month}/${year} @ ${hour}:${minute}:${second}`;
}

/**
 * When a notification came, for the notifications list: the London date and time in the product's format
 * ('dd/MM/yyyy @ HH:mm', SPEC section 9), followed within a day by how long ago in words ("just now",
 * "5 min ago", "3 h ago").
 */
export function formatNotificationTime(value: string, now: Date): string {
  const at = new Date(value);
  const stamp = formatDateTime(at);
  const seconds = Math.round((now.getTime() - at.getTime()) / 1000);
  if (seconds < 45) return `${stamp} · just now`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${stamp} · ${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${stamp} · ${hours} h ago`;
  return stamp;
}

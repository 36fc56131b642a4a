/**
 * When an order item should leave the office. PRODUCT.md names despatch-by dates and overdue counts but
 * no turnaround times; these working-day figures are our decision (docs/decisions/turnaround.md).
 */
import { addBusinessDays, format } from 'date-fns';
import { londonToday } from './format';
import { type OrderableType, type ProductLine, productLine } from './states';

/** Working days from the order date to despatch, by product line and service level. */
export const TURNAROUND_WORKING_DAYS: Readonly<Record<ProductLine, Readonly<Record<string, number>>>> = {
  certificate: { standard: 15, rapid: 5, priority: 2 },
  deed_poll: { standard: 5, priority: 2 },
  translation: { '0': 10, '1': 7, '2': 3 },
};

const FALLBACK_DAYS = 15;

/** The 'yyyy-MM-dd' London day an item placed at `placedAt` should be despatched by. */
export function despatchDueOn(
  placedAt: Date,
  orderableType: OrderableType,
  serviceLevel: string | null,
): string {
  const days = TURNAROUND_WORKING_DAYS[productLine(orderableType)][serviceLevel ?? ''] ?? FALLBACK_DAYS;
  const [y, m, d] = londonToday(placedAt).split('-').map(Number);
  return format(addBusinessDays(new Date(y, m - 1, d), days), 'yyyy-MM-dd');
}

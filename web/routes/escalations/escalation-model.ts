/**
 * The words of the escalations desk: each stage's name, the filter that narrows the desk to a stage (its two
 * escalation states) and how long an item has been escalated ("3 days").
 */
import { type CustomerStage, statesOfStage } from '../../../domain/states';
import { filteredListHref } from '../../components/group-counts';
import { paths } from '../../paths';

/** Each stage's name on the desk's chips and in its Stage column, GRO refunded included. */
export const STAGE_LABELS: Readonly<Record<CustomerStage, string>> = {
  gro_order: 'GRO order',
  gro_reorder: 'GRO reorder',
  apostille: 'Apostille',
  scan_send: 'Scan & send',
  despatch: 'Despatch',
  gro_refunded: 'GRO refunded',
};

/** The desk narrowed to one stage: every state its chip counts (statesOfStage). */
export function stageHref(stage: CustomerStage): string {
  return filteredListHref(paths.escalations, { state: statesOfStage(stage) });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long ago an item was escalated, in whole days: "today", "1 day", "12 days"; "—" when unknown. */
export function escalationAge(escalatedAt: string | null, now: Date): string {
  if (!escalatedAt) return '—';
  const days = Math.floor((now.getTime() - new Date(escalatedAt).getTime()) / DAY_MS);
  if (days < 1) return 'today';
  return `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * Prices of PRODUCT.md section 7 (which settles SPEC.md section 9's ambiguities), in integer pence.
 * One function per product line plus the shared extras, so each rule can be read next to the document.
 */
import { type OrderableType, productLine, type TranslationType } from './states';

/** Delivery regions of an order. */
export const DELIVERY_REGIONS = ['UK', 'EC', 'NA', 'WW'] as const;
export type DeliveryRegion = (typeof DELIVERY_REGIONS)[number];

/** How the customer asked for the documents to be sent. */
export const DESPATCH_BY = ['standard', 'signed_for', 'tracked', 'courier'] as const;
export type DespatchBy = (typeof DESPATCH_BY)[number];

/** Service levels per product line (translations use '0' | '1' | '2' as the storefront sends them). */
export const CERTIFICATE_SERVICE_LEVELS = ['standard', 'rapid', 'priority'] as const;
export const DEED_POLL_SERVICE_LEVELS = ['standard', 'priority'] as const;
export const TRANSLATION_SERVICE_LEVELS = ['0', '1', '2'] as const;

export const CERTIFICATE_PER_COPY: Readonly<Record<(typeof CERTIFICATE_SERVICE_LEVELS)[number], number>> = {
  standard: 2800,
  rapid: 4500,
  priority: 6000,
};
export const DIVORCE_PER_COPY = 9000;
export const DEED_POLL_BASE: Readonly<Record<(typeof DEED_POLL_SERVICE_LEVELS)[number], number>> = {
  standard: 2000,
  priority: 2500,
};
export const DEED_POLL_EXTRA_COPY = 200;
export const TRANSLATION_BASE: Readonly<Record<(typeof TRANSLATION_SERVICE_LEVELS)[number], number>> = {
  '0': 4995,
  '1': 5795,
  '2': 6795,
};
export const APOSTILLE_PER_COPY = 8000;
export const SCAN_SEND = 700;
export const SIGNED_FOR = 400;
export const TRACKED = 1495;
export const TRANSLATION_PAGE = 4500;
export const TRANSLATION_FIRST_FIVE_PAGES = 18000;
export const TRANSLATION_PAGE_FROM_SIXTH = 3500;
export const SWORN_BASE = 4999;
export const SWORN_PER_PAGE = 1000;
export const NOTARISED = 14999;
export const TRANSLATION_EXTRA_COPY = 1500;
export const SWORN_EXTRA_COPY_PER_PAGE = 1000;
export const NOTARISED_EXTRA_COPY = 1000;

/** Courier prices; certificates ship worldwide cheaper than the other product lines. */
export const COURIER_CERTIFICATE: Readonly<Record<DeliveryRegion, number>> = {
  UK: 4995,
  EC: 6495,
  NA: 7495,
  WW: 6495,
};
export const COURIER_OTHER: Readonly<Record<DeliveryRegion, number>> = {
  UK: 4995,
  EC: 6495,
  NA: 7495,
  WW: 7495,
};

/** The priced attributes of an orderable (what Modify Order can change, plus the translation kind). */
export interface PricedOrderable {
  /** The orderable's own type; only translations use it (CertifiedTranslation | SwornTranslation | ...). */
  type: string | null;
  serviceLevel: string | null;
  pages: number | null;
  copies: number;
  apostilleCopies: number;
  scanSend: boolean;
  despatchBy: DespatchBy;
}

/** What besides the orderable decides a price. */
export interface PriceContext {
  orderableType: OrderableType;
  deliveryRegion: DeliveryRegion;
  /** The item's 1-based place in its order; deed polls charge despatch only on the first. */
  position: number;
}

/** One priced line, for showing how a total was reached. */
export interface PriceLine {
  label: string;
  pence: number;
}

function levelPrice<T extends string>(
  table: Readonly<Record<T, number>>,
  level: string | null,
  what: string,
) {
  if (level !== null && Object.hasOwn(table, level)) return table[level as T];
  throw new RangeError(`Unknown ${what} service level: ${String(level)}`);
}

function extras(o: PricedOrderable): PriceLine[] {
  const lines: PriceLine[] = [];
  if (o.apostilleCopies > 0) {
    lines.push({ label: `Apostille × ${o.apostilleCopies}`, pence: APOSTILLE_PER_COPY * o.apostilleCopies });
  }
  if (o.scanSend) lines.push({ label: 'Scan and send', pence: SCAN_SEND });
  return lines;
}

function despatchLine(pence: number, despatchBy: DespatchBy): PriceLine[] {
  return pence > 0 ? [{ label: `Despatch (${despatchBy})`, pence }] : [];
}

function certificateLines(o: PricedOrderable, ctx: PriceContext): PriceLine[] {
  const perCopy =
    ctx.orderableType === 'DivorceCertificate'
      ? DIVORCE_PER_COPY
      : levelPrice(CERTIFICATE_PER_COPY, o.serviceLevel, 'certificate');
  // With an apostille the documents travel through the office anyway, so postal extras are not charged.
  const postalExtras = o.apostilleCopies === 0;
  const despatch = {
    standard: 0,
    signed_for: postalExtras ? SIGNED_FOR : 0,
    tracked: postalExtras ? TRACKED : 0,
    courier: COURIER_CERTIFICATE[ctx.deliveryRegion],
  }[o.despatchBy];
  return [
    { label: `Certificate × ${o.copies}`, pence: perCopy * o.copies },
    ...extras(o),
    ...despatchLine(despatch, o.despatchBy),
  ];
}

function deedPollLines(o: PricedOrderable, ctx: PriceContext): PriceLine[] {
  // Deed polls of one order travel together, so only the first item pays for despatch.
  const despatch =
    ctx.position === 1
      ? { standard: 0, signed_for: SIGNED_FOR, tracked: TRACKED, courier: COURIER_OTHER[ctx.deliveryRegion] }[
          o.despatchBy
        ]
      : 0;
  const lines: PriceLine[] = [
    { label: 'Deed poll', pence: levelPrice(DEED_POLL_BASE, o.serviceLevel, 'deed poll') },
  ];
  if (o.copies > 1)
    lines.push({ label: `Extra copies × ${o.copies - 1}`, pence: DEED_POLL_EXTRA_COPY * (o.copies - 1) });
  return [...lines, ...extras(o), ...despatchLine(despatch, o.despatchBy)];
}

/** The translation kind of an orderable type string; anything unknown is priced as certified. */
export function translationKind(type: string | null): TranslationType {
  return type === 'SwornTranslation' || type === 'NotarisedTranslation' ? type : 'CertifiedTranslation';
}

/** The page charge of a translation: levels 0 and 2 only, cheaper per page from the sixth. */
export function translationPagesPrice(level: string, pages: number): number {
  if (level === '1' || pages <= 1) return 0;
  if (pages <= 5) return (pages - 1) * TRANSLATION_PAGE;
  return TRANSLATION_FIRST_FIVE_PAGES + (pages - 5) * TRANSLATION_PAGE_FROM_SIXTH;
}

function translationLines(o: PricedOrderable, ctx: PriceContext): PriceLine[] {
  const kind = translationKind(o.type);
  const level = o.serviceLevel ?? '';
  const pages = Math.max(1, o.pages ?? 1);
  const extraCopies = Math.max(0, o.copies - 1);
  const lines: PriceLine[] = [
    { label: 'Translation', pence: levelPrice(TRANSLATION_BASE, level, 'translation') },
  ];
  const pagesPrice = translationPagesPrice(level, pages);
  if (pagesPrice > 0) lines.push({ label: `Pages × ${pages}`, pence: pagesPrice });
  if (kind === 'SwornTranslation') lines.push({ label: 'Sworn', pence: SWORN_BASE + SWORN_PER_PAGE * pages });
  if (kind === 'NotarisedTranslation') lines.push({ label: 'Notarised', pence: NOTARISED });
  if (extraCopies > 0) {
    let copiesPrice = TRANSLATION_EXTRA_COPY * extraCopies;
    if (kind === 'SwornTranslation') copiesPrice += SWORN_EXTRA_COPY_PER_PAGE * pages * extraCopies;
    if (kind === 'NotarisedTranslation') copiesPrice += NOTARISED_EXTRA_COPY * extraCopies;
    lines.push({ label: `Extra copies × ${extraCopies}`, pence: copiesPrice });
  }
  // Sworn and notarised translations go by their own secure route, so postal extras apply to certified only.
  const certified = kind === 'CertifiedTranslation';
  const despatch = {
    standard: 0,
    signed_for: certified ? SIGNED_FOR : 0,
    tracked: certified ? TRACKED : 0,
    courier: COURIER_OTHER[ctx.deliveryRegion],
  }[o.despatchBy];
  return [...lines, ...extras(o), ...despatchLine(despatch, o.despatchBy)];
}

/** The priced lines of an orderable, in the order a customer would read them. */
export function priceLines(orderable: PricedOrderable, ctx: PriceContext): PriceLine[] {
  switch (productLine(ctx.orderableType)) {
    case 'certificate':
      return certificateLines(orderable, ctx);
    case 'deed_poll':
      return deedPollLines(orderable, ctx);
    case 'translation':
      return translationLines(orderable, ctx);
  }
}

/** The total price of an orderable in pence. Throws RangeError for a service level the line does not sell. */
export function priceOf(orderable: PricedOrderable, ctx: PriceContext): number {
  return priceLines(orderable, ctx).reduce((sum, l) => sum + l.pence, 0);
}

/** The price-change estimate of a Modify Order request. */
export interface PriceEstimate {
  currentInPence: number;
  newInPence: number;
  differenceInPence: number;
}

/** Estimate = new total − current subtotal (PRODUCT.md section 5). */
export function priceEstimate(
  currentSubtotal: number,
  orderable: PricedOrderable,
  ctx: PriceContext,
): PriceEstimate {
  const newInPence = priceOf(orderable, ctx);
  return { currentInPence: currentSubtotal, newInPence, differenceInPence: newInPence - currentSubtotal };
}

// ---------------------------------------------------------------- what the office pays

/** GRO delivery services and what each costs the office. */
export const GRO_SERVICES = [
  { value: 'standard', label: 'Standard', cost: 925 },
  { value: 'priority', label: 'Priority', cost: 2340 },
] as const;
export type GroService = (typeof GRO_SERVICES)[number]['value'];

/** The cost of a GRO service, the default of the GRO Order form's cost. */
export function groServiceCost(service: GroService): number {
  return GRO_SERVICES.find((s) => s.value === service)?.cost ?? 0;
}

/** Carriers the office despatches with. */
export const CARRIERS = [
  { value: 'royal_mail', label: 'Royal Mail' },
  { value: 'ups', label: 'UPS' },
] as const;
export type Carrier = (typeof CARRIERS)[number]['value'];

/** A despatch service and its cost by delivery region (absent region: the service does not go there). */
export interface DespatchService {
  carrier: Carrier;
  value: string;
  label: string;
  costs: Readonly<Partial<Record<DeliveryRegion, number>>>;
}

/** Despatch services of PRODUCT.md section 7. */
export const DESPATCH_SERVICES: readonly DespatchService[] = [
  {
    carrier: 'royal_mail',
    value: 'first_class',
    label: '1st Class',
    costs: { UK: 65, EC: 117, NA: 140, WW: 140 },
  },
  { carrier: 'royal_mail', value: 'signed_for', label: 'Signed For', costs: { UK: 400 } },
  {
    carrier: 'royal_mail',
    value: 'international_tracked',
    label: 'International Tracked',
    costs: { EC: 970, NA: 970, WW: 970 },
  },
  { carrier: 'ups', value: 'ups_uk', label: 'UK', costs: { UK: 650 } },
  { carrier: 'ups', value: 'ups_europe', label: 'Europe', costs: { EC: 2665 } },
  { carrier: 'ups', value: 'ups_worldwide', label: 'Worldwide', costs: { NA: 2500, WW: 2500 } },
];

/** Every despatch service's value, once (a value names one service of one carrier). */
export const DESPATCH_SERVICE_VALUES = [...new Set(DESPATCH_SERVICES.map((s) => s.value))] as [
  string,
  ...string[],
];

/** The despatch service with this carrier and value, if there is one. */
export function findDespatchService(carrier: string, service: string): DespatchService | undefined {
  return DESPATCH_SERVICES.find((s) => s.carrier === carrier && s.value === service);
}

/** Services that deliver to a region, for the Dispatch form's picker. */
export function despatchServicesFor(region: DeliveryRegion): DespatchService[] {
  return DESPATCH_SERVICES.filter((s) => s.costs[region] !== undefined);
}

/** The default despatch cost for a service and the order's region; null when the service does not go there. */
export function defaultDespatchCost(carrier: string, service: string, region: DeliveryRegion): number | null {
  return findDespatchService(carrier, service)?.costs[region] ?? null;
}

/** Option lists of PRODUCT.md section 8: the values forms offer and the server accepts. */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import ISO6391 from 'iso-639-1';
import {
  CERTIFICATE_SERVICE_LEVELS,
  DEED_POLL_SERVICE_LEVELS,
  type DeliveryRegion,
  type DespatchBy,
  TRANSLATION_SERVICE_LEVELS,
} from './pricing';
import type { ProductLine } from './states';

countries.registerLocale(en);

/** A value the server stores and the label a form shows for it. */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

/** Where the GRO sends a certificate: one of three office desks or straight to the customer. */
export const GRO_DESTINATIONS = [
  { value: 'office_orders', label: 'Office – orders desk' },
  { value: 'office_apostille', label: 'Office – apostille desk' },
  { value: 'office_scanning', label: 'Office – scanning desk' },
  { value: 'customer', label: 'Direct to customer' },
] as const;
export type GroDestination = (typeof GRO_DESTINATIONS)[number]['value'];

/** The destination value meaning the GRO posts straight to the customer. */
export const DIRECT_TO_CUSTOMER = 'customer';

/**
 * The GRO destination the GRO order form starts on: the office desk that takes the certificate's next step
 * once it arrives (the apostille desk when it needs apostilles, else the scanning desk for scan & send, else
 * the orders desk, which despatches it). Never "Direct to customer", which completes the item on receipt, so it
 * stays a deliberate choice (docs/decisions/gro-destination-default.md).
 */
export function defaultGroDestination(orderable: {
  apostille_copies: number;
  scan_send: boolean;
}): GroDestination {
  if (orderable.apostille_copies > 0) return 'office_apostille';
  return orderable.scan_send ? 'office_scanning' : 'office_orders';
}

/** Where a translator sends the finished translation: the same shape as GRO destinations. */
export const TRANSLATION_DESPATCH_OPTIONS = GRO_DESTINATIONS;
export type TranslationDespatchTo = GroDestination;

/**
 * What an article is about, as the sites file their articles: the value stored (`birth`) and its label. The
 * article form picks from it and the server refuses anything else (docs/decisions/article-lists.md).
 */
export const ARTICLE_CERTIFICATE_TYPES = [
  { value: 'birth', label: 'Birth certificate' },
  { value: 'marriage', label: 'Marriage certificate' },
  { value: 'death', label: 'Death certificate' },
  { value: 'divorce', label: 'Divorce certificate' },
  { value: 'deed_poll', label: 'Deed poll' },
  { value: 'translation', label: 'Translation' },
] as const satisfies readonly Option[];
export type ArticleCertificateType = (typeof ARTICLE_CERTIFICATE_TYPES)[number]['value'];

/** The sites an article is published on: the value stored (`ukds`) and its label. */
export const ARTICLE_SITES = [
  { value: 'ukds', label: 'UK Document Services' },
] as const satisfies readonly Option[];
export type ArticleSite = (typeof ARTICLE_SITES)[number]['value'];

/** The label of a value of an option list; the value itself when the list does not have it (older data). */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

/** The 20 cancel/refund reasons. */
export const CANCEL_REASONS = [
  { value: 'before1836', label: 'Event before 1836 (no civil record)' },
  { value: 'before1864', label: 'Event before 1864 (no civil record in Ireland)' },
  { value: 'duplicate', label: 'Duplicate order' },
  { value: 'over_payment', label: 'Over payment' },
  { value: 'refund_3yr', label: 'Refund after three-year search' },
  { value: 'no_record_found', label: 'No record found' },
  { value: 'incorrect_details', label: 'Incorrect details supplied' },
  { value: 'customer_request', label: 'Customer request' },
  { value: 'customer_no_response', label: 'Customer did not respond' },
  { value: 'gro_unable_to_issue', label: 'GRO unable to issue' },
  { value: 'restricted_record', label: 'Restricted record' },
  { value: 'wrong_product', label: 'Wrong product ordered' },
  { value: 'service_downgrade', label: 'Service downgrade' },
  { value: 'late_delivery', label: 'Late delivery' },
  { value: 'lost_in_post', label: 'Lost in the post' },
  { value: 'damaged_in_post', label: 'Damaged in the post' },
  { value: 'apostille_refused', label: 'Apostille refused' },
  { value: 'translation_unavailable', label: 'Translation unavailable' },
  { value: 'payment_dispute', label: 'Payment dispute' },
  { value: 'fraud_suspected', label: 'Fraud suspected' },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['value'];

/** The four Cancellations & Refunds actions. */
export const CANCEL_REFUND_ACTIONS = [
  { value: 'cancel', label: 'Cancel (no refund)' },
  { value: 'partial', label: 'Cancel with partial refund' },
  { value: 'full', label: 'Cancel with full refund' },
  { value: 'refund_only', label: 'Refund only' },
] as const;
export type CancelRefundAction = (typeof CANCEL_REFUND_ACTIONS)[number]['value'];

/** Despatch options the customer chose from. */
export const DESPATCH_OPTIONS: readonly Option<DespatchBy>[] = [
  { value: 'standard', label: 'Standard' },
  { value: 'signed_for', label: 'Signed for' },
  { value: 'tracked', label: 'Tracked' },
  { value: 'courier', label: 'Courier' },
];

/** Delivery regions with readable names. */
export const DELIVERY_REGION_OPTIONS: readonly Option<DeliveryRegion>[] = [
  { value: 'UK', label: 'United Kingdom' },
  { value: 'EC', label: 'Europe' },
  { value: 'NA', label: 'North America' },
  { value: 'WW', label: 'Worldwide' },
];

/** Service levels each product line sells. */
export const SERVICE_LEVELS: Readonly<Record<ProductLine, readonly Option[]>> = {
  certificate: [
    { value: 'standard', label: 'Standard' },
    { value: 'rapid', label: 'Rapid' },
    { value: 'priority', label: 'Priority' },
  ],
  deed_poll: [
    { value: 'standard', label: 'Standard' },
    { value: 'priority', label: 'Priority' },
  ],
  translation: [
    { value: '0', label: 'Standard' },
    { value: '1', label: 'Economy' },
    { value: '2', label: 'Express' },
  ],
};

/** Whether a service level is sold by a product line. */
export function isServiceLevelOf(line: ProductLine, level: string): boolean {
  const levels: readonly string[] = {
    certificate: CERTIFICATE_SERVICE_LEVELS,
    deed_poll: DEED_POLL_SERVICE_LEVELS,
    translation: TRANSLATION_SERVICE_LEVELS,
  }[line];
  return levels.includes(level);
}

/** Where a certificate was registered. */
export const CERTIFICATE_COUNTRIES = [
  { value: 'EW', label: 'England & Wales' },
  { value: 'NI', label: 'Northern Ireland' },
  { value: 'SC', label: 'Scotland' },
  { value: 'RI', label: 'Republic of Ireland' },
  { value: 'OS', label: 'Overseas' },
] as const;
export type CertificateCountry = (typeof CERTIFICATE_COUNTRIES)[number]['value'];

/** Every ISO 3166-1 country as alpha-2 code and English name, sorted by name. */
export function countryOptions(): Option[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The English name of an ISO alpha-2 country code, or the code itself when unknown. */
export function countryName(code: string): string {
  return countries.getName(code, 'en') ?? code;
}

/** Whether a code is an ISO 3166-1 alpha-2 country code. */
export function isCountryCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2;
}

/** Every ISO 639-1 language as code and English name, sorted by name. */
export function languageOptions(): Option[] {
  return ISO6391.getAllCodes()
    .map((value) => ({ value, label: ISO6391.getName(value) }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The English name of an ISO 639-1 code, or the code itself when unknown. */
export function languageName(code: string): string {
  return ISO6391.getName(code) || code;
}

/** Whether a code is an ISO 639-1 language code. */
export function isLanguageCode(code: string): boolean {
  return ISO6391.validate(code);
}

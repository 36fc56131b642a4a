/** Placeholders of canned replies ({{customer_name}}), filled in when staff insert a reply into the reply box. */

/** The placeholders a canned reply may use, and what each stands for. */
export const PLACEHOLDERS = {
  customer_name: "the customer's name (or their e-mail address when they gave none)",
  customer_email: "the customer's e-mail address",
  order_ref: 'the order or item ref of the conversation (empty when there is none)',
  staff_name: 'your own name',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

const PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;

const isPlaceholder = (name: string): name is Placeholder => Object.hasOwn(PLACEHOLDERS, name);

/** The {{names}} in a text that are not placeholders (a canned reply with one is refused). */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PATTERN)].map((m) => m[1]);
  return [...new Set(names.filter((n) => !isPlaceholder(n)))];
}

/** A canned reply with every placeholder replaced by its value (unknown ones are left as written). */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(PATTERN, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}

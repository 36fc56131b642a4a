/** Placeholders of canned replies ({{customer_name}}), filled in when staff insert a reply into the reply box. */

/** The placeholders a canned reply may use, and what each stands for. */
export const PLACEHOLDERS = {
  customer_name: 'the customer\'s name (when they gave none, "Dear {{customer_name}}," becomes "Hello,")',
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

/** The values a canned reply is filled with; `customer_name` is null (or blank) when the customer gave no name. */
export type PlaceholderValues = Omit<Record<Placeholder, string>, 'customer_name'> & {
  customer_name: string | null;
};

/** The salutation used when the customer gave no name (never their e-mail address). */
export const NAMELESS_GREETING = 'Hello';

/** A greeting that names the customer: "Dear {{customer_name}}", "Hello {{customer_name}}", "Hi {{customer_name}}". */
const GREETING = /\b(?:Dear|Hello|Hi)[ \t]+\{\{\s*customer_name\s*\}\}/gi;
/** Any other use of the customer's name, with the comma and spaces that lead up to it. */
const NAME_ELSEWHERE = /,?[ \t]*\{\{\s*customer_name\s*\}\}/g;

/**
 * A canned reply with every placeholder replaced by its value (unknown ones are left as written). When the
 * customer gave no name, a greeting becomes "Hello" and the name is left out elsewhere ("Thanks, {{customer_name}}."
 * becomes "Thanks."), so a reply never greets a customer by their e-mail address.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  const name = values.customer_name?.trim();
  const named = name ? text : text.replace(GREETING, NAMELESS_GREETING).replace(NAME_ELSEWHERE, '');
  const filled: Record<Placeholder, string> = { ...values, customer_name: name ?? '' };
  return named.replace(PATTERN, (whole, key: string) => (isPlaceholder(key) ? filled[key] : whole));
}

/**
 * Money as staff enter it: pounds typed after a £ ('12.50'), held as integer pence together with the text as
 * typed, so an amount half typed ('12.') or mistyped is neither rewritten under the cursor nor lost, and
 * the form sends pence without parsing anything itself.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { parsePounds, penceToPoundsInput } from '../../domain/format';

/** An amount in a form's values. */
export interface MoneyValue {
  /** Integer pence; null while the field is empty or its text is not an amount. */
  pence: number | null;
  /** What the field shows. */
  text: string;
  /** The user typed it: a default (a service's price) no longer replaces it. */
  typed: boolean;
}

/** The one hint for an amount that is missing or is not one. */
export const MONEY_HINT = 'Enter an amount in pounds, e.g. 9.70.';

/** An amount the app fills in (a default price, or empty with null), shown as '9.25'. */
export function moneyOf(pence: number | null): MoneyValue {
  return { pence, text: pence === null ? '' : penceToPoundsInput(pence), typed: false };
}

/** Text the user typed, as an amount. */
export function typedMoney(text: string): MoneyValue {
  return { pence: text.trim() === '' ? null : parsePounds(text), text, typed: true };
}

/** Something was typed, and it is not an amount. */
export function notAnAmount(value: MoneyValue): boolean {
  return value.pence === null && value.text.trim() !== '';
}

/** Whether a form value is an amount (the form kit checks every amount's text the same way). */
export function isMoneyValue(value: unknown): value is MoneyValue {
  return (
    typeof value === 'object' && value !== null && 'pence' in value && 'text' in value && 'typed' in value
  );
}

type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection' | 'inputMode' | 'type'> & {
  value: MoneyValue;
  onChange: (value: MoneyValue) => void;
};

/** A pounds field with a £ in front; its value is a MoneyValue (pence and the text typed). */
export function MoneyInput({ value, onChange, ...props }: MoneyInputProps) {
  return (
    <TextInput
      {...props}
      value={value.text}
      onChange={(event) => onChange(typedMoney(event.currentTarget.value))}
      leftSection="£"
      inputMode="decimal"
      autoComplete="off"
    />
  );
}

/**
 * Country and language codes, checked against the same lists the forms offer, on the server and in the SPA.
 * Kept apart from common.ts so screens without these fields do not load the country and language tables.
 */
import { z } from 'zod';
import { isCountryCode, isLanguageCode } from '../options';

/** An ISO 3166-1 alpha-2 country code from the list the forms offer (i18n-iso-countries). */
export const CountryCodeSchema = z
  .string()
  .length(2, 'Choose a country from the list.')
  .refine(isCountryCode, 'Choose a country from the list.');

/** An ISO 639-1 language code from the list the forms offer (iso-639-1). */
export const LanguageCodeSchema = z
  .string()
  .length(2, 'Choose a language from the list.')
  .refine(isLanguageCode, 'Choose a language from the list.');

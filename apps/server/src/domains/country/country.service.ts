import { COUNTRIES } from './countries.data';

const ANSWER = { countries: COUNTRIES };

/** Every ISO 3166-1 country and region, code → Chinese name (nationality pickers). */
export function listCountries() {
  return ANSWER;
}

/** True for an ISO 3166-1 alpha-2 code of the list (a model's nationality). */
export function isCountryCode(code: string): boolean {
  return Object.hasOwn(COUNTRIES, code);
}

/** The Chinese name of a country code (a model's nationality on the share pages); the code itself when unknown. */
export function countryName(code: string): string {
  return Object.hasOwn(COUNTRIES, code) ? (COUNTRIES[code as keyof typeof COUNTRIES] as string) : code;
}

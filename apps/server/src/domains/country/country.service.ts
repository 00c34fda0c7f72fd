import { COUNTRIES } from './countries.data';

const ANSWER = { countries: COUNTRIES };

/** Every ISO 3166-1 country and region, code → Chinese name (nationality pickers). */
export function listCountries() {
  return ANSWER;
}

/**
 * The session token record (docs/product.md §3 "Token record", §7): `{access_token, refresh_token}` in local
 * storage under the token key, as a plain `{value, time, expire}` record. It never expires locally: the
 * server decides how long a session lives (refresh token 30 days, session 90 days) and answers 10499
 * when it is over.
 */
import { STORAGE_KEYS, STORAGE_NEVER_EXPIRES } from '@trackit/contract/constants';
import { createLocalStore, type LocalStore } from './storage';

export interface TokenRecord {
  access_token: string;
  refresh_token: string;
}

export interface TokenStore {
  /** The stored record, or undefined when absent or not a usable record. */
  get(): TokenRecord | undefined;
  /** Stores the pair; any other fields of the answer (expires_in) are not kept. */
  set(token: TokenRecord): void;
  clear(): void;
}

export interface TokenStoreOptions {
  /** Defaults to a plain local store with the TRACK_IT prefix. */
  store?: LocalStore;
}

const isTokenRecord = (value: unknown): value is TokenRecord => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<keyof TokenRecord, unknown>>;
  return typeof record.access_token === 'string' && typeof record.refresh_token === 'string';
};

export const createTokenStore = (options: TokenStoreOptions = {}): TokenStore => {
  const store = options.store ?? createLocalStore();
  return {
    get() {
      const value = store.get<unknown>(STORAGE_KEYS.token);
      return isTokenRecord(value) && value.access_token ? value : undefined;
    },
    set({ access_token, refresh_token }) {
      store.set(STORAGE_KEYS.token, { access_token, refresh_token }, STORAGE_NEVER_EXPIRES);
    },
    clear() {
      store.remove(STORAGE_KEYS.token);
    },
  };
};

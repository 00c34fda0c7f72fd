/**
 * The recent-login list of the login page (docs/product.md §3 "Login history entry", §9): the phone plus the
 * membership chosen with it, in encrypted local storage, one entry per phone, newest first.
 */
import { STORAGE_KEYS, STORAGE_NEVER_EXPIRES } from '@trackit/contract/constants';
import { mobileSchema } from '@trackit/contract/patterns';
import { type ValidMember, validMemberSchema } from '@trackit/contract/session.schema';
import { cryptoCodec } from './crypto-codec';
import { createLocalStore, type LocalStore } from './storage';

/** A membership of the sign-in answer plus the phone it was chosen with. */
export type LoginHistoryEntry = ValidMember & { mobile: string };

const loginHistoryEntrySchema = validMemberSchema.extend({ mobile: mobileSchema });

/** How many phones the list remembers. */
export const LOGIN_HISTORY_MAX = 5;

export interface LoginHistory {
  /** Newest first; entries that no longer parse (older formats, edits) are left out. */
  list(): LoginHistoryEntry[];
  /** Puts the entry first, replacing any earlier entry of the same phone. */
  add(entry: LoginHistoryEntry): void;
  /** Forgets one phone. */
  remove(mobile: string): void;
  /** Forgets every phone. */
  clear(): void;
}

export interface LoginHistoryOptions {
  /** Defaults to an encrypted local store with the TRACK_IT prefix. */
  store?: LocalStore;
  max?: number;
}

export const createLoginHistory = (options: LoginHistoryOptions = {}): LoginHistory => {
  const store = options.store ?? createLocalStore(undefined, { codec: cryptoCodec });
  const max = options.max ?? LOGIN_HISTORY_MAX;
  const key = STORAGE_KEYS.loginHistoryUser;

  const list = (): LoginHistoryEntry[] => {
    const value = store.get<unknown>(key);
    if (!Array.isArray(value)) return [];
    return value.flatMap((item) => {
      const parsed = loginHistoryEntrySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  };

  // Kept until removed: a list of recent phones that forgot them after the default 24 h would be useless.
  const save = (entries: LoginHistoryEntry[]): void => {
    if (entries.length === 0) store.remove(key);
    else store.set(key, entries, STORAGE_NEVER_EXPIRES);
  };

  return {
    list,
    add(entry) {
      const clean = loginHistoryEntrySchema.parse(entry);
      save([clean, ...list().filter((item) => item.mobile !== clean.mobile)].slice(0, max));
    },
    remove(mobile) {
      save(list().filter((item) => item.mobile !== mobile));
    },
    clear() {
      store.remove(key);
    },
  };
};

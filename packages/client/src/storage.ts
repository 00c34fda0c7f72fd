/**
 * Local storage with expiry (docs/product.md §3, §9): every key is prefixed, every value is stored as
 * `{value, time, expire}`, and an expired record is removed when read.
 */
import {
  STORAGE_DEFAULT_EXPIRE_MINUTES,
  STORAGE_NEVER_EXPIRES,
  STORAGE_PREFIX,
} from '@trackit/contract/constants';

/** A stored record: `time` when written, `expire` an absolute time in ms or -1 for never. */
export interface StoredRecord<T = unknown> {
  value: T;
  time: number;
  expire: number;
}

/**
 * Turns a record into the stored text and back. Encryption (docs/product.md §9) plugs in here; `decode` returns
 * undefined for text it cannot read.
 */
export interface StoreCodec {
  encode(record: StoredRecord): string;
  decode(text: string): StoredRecord | undefined;
}

export const jsonCodec: StoreCodec = {
  encode: (record) => JSON.stringify(record),
  decode: (text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      const record = parsed as Partial<StoredRecord>;
      if (!('value' in record) || typeof record.expire !== 'number') return undefined;
      return { value: record.value, time: Number(record.time) || 0, expire: record.expire };
    } catch {
      return undefined;
    }
  },
};

export interface LocalStoreOptions {
  /** Defaults to `window.localStorage`. */
  storage?: Storage;
  codec?: StoreCodec;
}

export interface LocalStore {
  /** `expireMinutes` defaults to 1440 (24 h); -1 keeps the value until removed. False if storage refused. */
  set(key: string, value: unknown, expireMinutes?: number): boolean;
  /** The value, or undefined when absent, unreadable or expired (then it is removed). */
  get<T>(key: string): T | undefined;
  remove(key: string): void;
}

export const createLocalStore = (
  prefix: string = STORAGE_PREFIX,
  options: LocalStoreOptions = {},
): LocalStore => {
  const codec = options.codec ?? jsonCodec;
  const storage = (): Storage => options.storage ?? window.localStorage;
  const fullKey = (key: string): string => `${prefix}_${key}`;

  const remove = (key: string): void => {
    storage().removeItem(fullKey(key));
  };

  return {
    set(key, value, expireMinutes = STORAGE_DEFAULT_EXPIRE_MINUTES) {
      const time = Date.now();
      const expire =
        expireMinutes === STORAGE_NEVER_EXPIRES ? STORAGE_NEVER_EXPIRES : time + expireMinutes * 60_000;
      try {
        storage().setItem(fullKey(key), codec.encode({ value, time, expire }));
        return true;
      } catch {
        // Quota exceeded or storage disabled (private browsing): the app keeps working without it.
        return false;
      }
    },
    get<T>(key: string): T | undefined {
      const text = storage().getItem(fullKey(key));
      if (text === null) return undefined;
      const record = codec.decode(text);
      if (!record || (record.expire !== STORAGE_NEVER_EXPIRES && record.expire <= Date.now())) {
        remove(key);
        return undefined;
      }
      return record.value as T;
    },
    remove,
  };
};

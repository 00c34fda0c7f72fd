// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStore, type StoreCodec } from './storage';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-05-01T08:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('createLocalStore', () => {
  it('stores {value, time, expire} under the prefixed key, 24 h by default', () => {
    const store = createLocalStore();
    store.set('TOKEN', { access_token: 'a', refresh_token: 'r' });

    const now = Date.now();
    expect(JSON.parse(localStorage.getItem('TRACK_IT_TOKEN') ?? '')).toEqual({
      value: { access_token: 'a', refresh_token: 'r' },
      time: now,
      expire: now + 1440 * 60_000,
    });
    expect(store.get('TOKEN')).toEqual({ access_token: 'a', refresh_token: 'r' });
  });

  it('removes an expired record when read', () => {
    const store = createLocalStore('APP');
    store.set('k', 'v', 10);

    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(store.get('k')).toBe('v');
    vi.advanceTimersByTime(1);
    expect(store.get('k')).toBeUndefined();
    expect(localStorage.getItem('APP_k')).toBeNull();
  });

  it('keeps a record stored with -1 forever', () => {
    const store = createLocalStore();
    store.set('history', [1, 2], -1);

    expect(JSON.parse(localStorage.getItem('TRACK_IT_history') ?? '').expire).toBe(-1);
    vi.advanceTimersByTime(365 * 24 * 3600_000);
    expect(store.get('history')).toEqual([1, 2]);
  });

  it('returns undefined for absent keys and drops unreadable records', () => {
    const store = createLocalStore();
    expect(store.get('missing')).toBeUndefined();

    localStorage.setItem('TRACK_IT_bad', '{not json');
    expect(store.get('bad')).toBeUndefined();
    expect(localStorage.getItem('TRACK_IT_bad')).toBeNull();
  });

  it('removes a key', () => {
    const store = createLocalStore();
    store.set('k', false);
    expect(store.get('k')).toBe(false);
    store.remove('k');
    expect(store.get('k')).toBeUndefined();
  });

  it('passes records through the codec', () => {
    const base64: StoreCodec = {
      encode: (record) => btoa(JSON.stringify(record)),
      decode: (text) => JSON.parse(atob(text)),
    };
    const store = createLocalStore('X', { codec: base64 });
    store.set('k', 'secret');

    expect(localStorage.getItem('X_k')).not.toContain('secret');
    expect(store.get('k')).toBe('secret');
  });

  it('reports a refused write instead of throwing', () => {
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(createLocalStore('X', { storage: full }).set('k', 1)).toBe(false);
  });
});

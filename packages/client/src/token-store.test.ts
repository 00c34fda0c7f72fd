// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore } from './token-store';

beforeEach(() => {
  localStorage.clear();
});

describe('createTokenStore', () => {
  it('keeps {access_token, refresh_token} under TRACK_IT_TOKEN without a local expiry', () => {
    const tokens = createTokenStore();
    const answer = { access_token: 'a', refresh_token: 'r', expires_in: 7200 };
    tokens.set(answer);

    expect(tokens.get()).toEqual({ access_token: 'a', refresh_token: 'r' });
    const stored = JSON.parse(localStorage.getItem('TRACK_IT_TOKEN') ?? '');
    expect(stored).toMatchObject({ value: { access_token: 'a', refresh_token: 'r' }, expire: -1 });
  });

  it('clears the record and ignores one that is not a token pair', () => {
    const tokens = createTokenStore();
    tokens.set({ access_token: 'a', refresh_token: 'r' });
    tokens.clear();
    expect(tokens.get()).toBeUndefined();

    localStorage.setItem(
      'TRACK_IT_TOKEN',
      JSON.stringify({ value: { access_token: 1 }, time: 0, expire: -1 }),
    );
    expect(tokens.get()).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createLoginHistory, type LoginHistoryEntry } from './login-history';

const entry = (mobile: string, nickname = `用户${mobile.slice(-2)}`): LoginHistoryEntry => ({
  mobile,
  id: Number(mobile.slice(-3)),
  nickname,
  team_name: '星河模特经纪',
  avatar: null,
  base_color: '#1d3a8a',
  last_login_at: null,
});

beforeEach(() => {
  localStorage.clear();
});

describe('createLoginHistory', () => {
  it('keeps one entry per phone, newest first', () => {
    const history = createLoginHistory();
    history.add(entry('13800000001'));
    history.add(entry('13800000002'));
    history.add(entry('13800000001', '王小明'));

    expect(history.list().map((e) => [e.mobile, e.nickname])).toEqual([
      ['13800000001', '王小明'],
      ['13800000002', '用户02'],
    ]);
  });

  it('remembers at most five phones, dropping the oldest', () => {
    const history = createLoginHistory();
    for (let i = 1; i <= 7; i++) history.add(entry(`1380000000${i}`));

    expect(history.list().map((e) => e.mobile)).toEqual([
      '13800000007',
      '13800000006',
      '13800000005',
      '13800000004',
      '13800000003',
    ]);
  });

  it('stores the list encrypted under TRACK_IT_LOGIN_HISTORY_USER and reads it back in a new instance', () => {
    createLoginHistory().add(entry('13800000001', '王小明'));

    const stored = localStorage.getItem('TRACK_IT_LOGIN_HISTORY_USER') ?? '';
    expect(stored).not.toBe('');
    expect(stored).not.toContain('13800000001');
    expect(atob(stored)).not.toContain('13800000001');
    expect(createLoginHistory().list()).toEqual([entry('13800000001', '王小明')]);
  });

  it('removes one phone, clears all, and reads a damaged record as empty', () => {
    const history = createLoginHistory();
    history.add(entry('13800000001'));
    history.add(entry('13800000002'));

    history.remove('13800000002');
    expect(history.list().map((e) => e.mobile)).toEqual(['13800000001']);
    history.clear();
    expect(history.list()).toEqual([]);
    expect(localStorage.getItem('TRACK_IT_LOGIN_HISTORY_USER')).toBeNull();

    localStorage.setItem('TRACK_IT_LOGIN_HISTORY_USER', 'not-encrypted');
    expect(history.list()).toEqual([]);
  });

  it('refuses an entry with a malformed phone', () => {
    expect(() => createLoginHistory().add(entry('12345'))).toThrow();
  });
});

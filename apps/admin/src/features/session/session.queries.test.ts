import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@trackit/contract/endpoints';
import type { SignInResponse, ValidMember } from '@trackit/contract/session.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, loginHistory, tokens } from '../../api';
import {
  chooseMembership,
  profileQuery,
  requestCode,
  signedInProbeQuery,
  signIn,
  signOut,
} from './session.queries';

vi.mock('../../api', () => ({
  api: { call: vi.fn(), callEnvelope: vi.fn() },
  tokens: { get: vi.fn(), set: vi.fn(), clear: vi.fn() },
  loginHistory: { add: vi.fn() },
}));

const member: ValidMember = {
  id: 5,
  nickname: '王小明',
  team_name: '星河模特经纪',
  avatar: null,
  base_color: '#1d3a8a',
  last_login_at: null,
};

const token = { access_token: 'a', refresh_token: 'r' };

beforeEach(() => {
  vi.mocked(api.call).mockResolvedValue(undefined);
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('session calls', () => {
  it('read the profile', async () => {
    vi.mocked(api.call).mockResolvedValueOnce({ id: 5 });
    await new QueryClient().fetchQuery(profileQuery);
    expect(api.call).toHaveBeenCalledWith(endpoints.profile.get, undefined, {
      signal: expect.any(AbortSignal),
    });
  });

  it('probe a stored token by the profile envelope, with no code check and no toast', async () => {
    vi.mocked(api.callEnvelope).mockResolvedValueOnce({ code: 0, message: '成功', data: {} as never });
    await expect(new QueryClient().fetchQuery(signedInProbeQuery)).resolves.toBe(true);
    expect(api.callEnvelope).toHaveBeenCalledWith(endpoints.profile.get, undefined, {
      signal: expect.any(AbortSignal),
      skipCodeCheck: true,
      hideToast: true,
    });

    vi.mocked(api.callEnvelope).mockResolvedValueOnce({
      code: 10498,
      message: '登录已过期',
      data: null as never,
    });
    await expect(new QueryClient().fetchQuery(signedInProbeQuery)).resolves.toBe(false);
  });

  it('ask for a code without the token, showing refusals on the page', async () => {
    vi.mocked(api.call).mockResolvedValueOnce({ resend_after_seconds: 60 });
    await expect(requestCode('13800000000')).resolves.toBe(60);
    expect(api.call).toHaveBeenCalledWith(
      endpoints.session.requestCode,
      { body: { mobile: '13800000000' } },
      { skipAuth: true, hideToast: true },
    );
  });

  it('sign in and store the token', async () => {
    const answer: SignInResponse = {
      valid_members: [member],
      membership_id: 5,
      token: { ...token, expires_in: 7200 },
    };
    vi.mocked(api.call).mockResolvedValueOnce(answer);
    await signIn({ mobile: '13800000000', code: '1234' });
    expect(api.call).toHaveBeenCalledWith(
      endpoints.session.signIn,
      { body: { mobile: '13800000000', code: '1234' } },
      { skipAuth: true, hideToast: true },
    );
    expect(tokens.set).toHaveBeenCalledWith(answer.token);
  });

  it('switch to another chosen membership, and remember the choice', async () => {
    vi.mocked(api.call).mockResolvedValueOnce(token);
    await chooseMembership('13800000000', member, 1);
    expect(api.call).toHaveBeenCalledWith(endpoints.session.switchTeam, {
      params: { id: 5 },
      body: { id: 5 },
    });
    expect(tokens.set).toHaveBeenCalledWith(token);
    expect(loginHistory.add).toHaveBeenCalledWith({ ...member, mobile: '13800000000' });
  });

  it('keep the token of the membership already signed in to', async () => {
    await chooseMembership('13800000000', member, 5);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('sign out on the server, and forget the token even when that fails', async () => {
    vi.mocked(api.call).mockRejectedValueOnce(new Error('网络异常'));
    await signOut();
    expect(api.call).toHaveBeenCalledWith(endpoints.session.signOut, undefined, { hideToast: true });
    expect(tokens.clear).toHaveBeenCalled();
  });
});

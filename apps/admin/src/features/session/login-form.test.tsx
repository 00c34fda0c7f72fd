// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { MESSAGES } from '@trackit/contract/messages';
import type { SignInResponse } from '@trackit/contract/session.schema';
import { App } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form';
import { requestCode, signIn } from './session.queries';

vi.mock('./session.queries', () => ({ requestCode: vi.fn(), signIn: vi.fn() }));
vi.mock('../../api', () => ({ loginHistory: { list: () => [] } }));

const answer: SignInResponse = {
  valid_members: [
    {
      id: 1,
      nickname: '王小明',
      team_name: '星河模特经纪',
      avatar: null,
      base_color: '#1d3a8a',
      last_login_at: null,
    },
  ],
  membership_id: 1,
  token: { access_token: 'a', refresh_token: 'r', expires_in: 7200 },
};

beforeAll(() => {
  // antd reads these; jsdom has neither.
});

beforeEach(() => {
  vi.mocked(requestCode).mockReset();
  vi.mocked(signIn).mockReset();
});

afterEach(cleanup);

const renderForm = () => {
  const onSignedIn = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <LoginForm onSignedIn={onSignedIn} />
      </App>
    </QueryClientProvider>,
  );
  return {
    onSignedIn,
    phone: screen.getByTestId('login-phone') as HTMLInputElement,
    code: screen.getByTestId('login-code') as HTMLInputElement,
    getCode: screen.getByTestId('login-get-code'),
    submit: screen.getByTestId('login-submit'),
    error: screen.getByTestId('login-error'),
  };
};

describe('LoginForm', () => {
  it('keeps digits only and checks an edited phone when it loses focus', async () => {
    const { phone } = renderForm();

    fireEvent.change(phone, { target: { value: '138a0000' } });
    expect(phone.value).toBe('1380000');
    fireEvent.blur(phone);

    expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeTruthy();
  });

  it('checks the phone when it loses focus left empty, but not the untouched code', async () => {
    const { phone, code } = renderForm();

    fireEvent.focus(phone);
    fireEvent.blur(phone);
    expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeTruthy();

    fireEvent.focus(code);
    fireEvent.blur(code);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MESSAGES.codeIncomplete)).toBeNull();
  });

  it('checks the phone before sending a code, then counts down', async () => {
    vi.mocked(requestCode).mockResolvedValue(60);
    const { phone, getCode } = renderForm();

    fireEvent.click(getCode);
    expect(await screen.findByText(MESSAGES.phoneInvalid)).toBeTruthy();
    expect(requestCode).not.toHaveBeenCalled();

    fireEvent.change(phone, { target: { value: '13800000000' } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.phoneInvalid)).toBeNull());
    fireEvent.click(getCode);

    await waitFor(() => expect(getCode.textContent).toBe('60s后重新获取'));
    expect(vi.mocked(requestCode).mock.calls[0]?.[0]).toBe('13800000000');
    expect((getCode as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server refusal under the login button with one star', async () => {
    vi.mocked(signIn).mockRejectedValueOnce(
      new ApiError({ code: 40010, message: '验证码错误或已过期，请重新获取', status: 400 }),
    );
    vi.mocked(signIn).mockRejectedValueOnce(
      new ApiError({ code: 40001, message: '*请输入正确手机号', status: 400 }),
    );
    const { phone, code, submit, error } = renderForm();

    fireEvent.change(phone, { target: { value: '13800000000' } });
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(submit);
    expect(await screen.findByText(MESSAGES.codeIncomplete)).toBeTruthy();
    expect(signIn).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '1234' } });
    fireEvent.click(submit);
    await waitFor(() => expect(error.textContent).toBe('*验证码错误或已过期，请重新获取'));

    fireEvent.click(submit);
    await waitFor(() => expect(error.textContent).toBe('*请输入正确手机号'));
  });

  it('hands the answer to the page after signing in', async () => {
    vi.mocked(signIn).mockResolvedValue(answer);
    const { phone, code, submit, onSignedIn } = renderForm();

    fireEvent.change(phone, { target: { value: '13800000000' } });
    fireEvent.change(code, { target: { value: '1234' } });
    await act(async () => {
      fireEvent.click(submit);
    });

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('13800000000', answer));
    expect(vi.mocked(signIn).mock.calls[0]?.[0]).toEqual({ mobile: '13800000000', code: '1234' });
  });
});

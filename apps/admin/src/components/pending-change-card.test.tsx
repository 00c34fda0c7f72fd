// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bankAccountChanges, PendingChangeCard, type PendingChangeCardProps } from './pending-change-card';

afterEach(cleanup);

const change = (can: { decide: boolean; withdraw: boolean }, refusal: string | null = null) => ({
  requested_by: { id: 7, nickname: '周楠' },
  requested_at: '2026-12-08T02:00:00.000Z',
  can,
  decide_refusal: refusal,
});

const card = (props: Partial<PendingChangeCardProps>) =>
  render(
    <App>
      <PendingChangeCard
        title="佣金条款修改待审批"
        change={change({ decide: true, withdraw: false })}
        changes={[{ field: '佣金比例', before: '15%', after: '40%' }]}
        note="审批前仍按原条款结算。"
        busy={false}
        onDecide={vi.fn()}
        onWithdraw={vi.fn()}
        testId="terms"
        {...props}
      />
    </App>,
  );

describe('PendingChangeCard', () => {
  it('shows what changes, who asked, and lets an approver agree, or refuse only with a reason', async () => {
    const onDecide = vi.fn((_decision, done: () => void) => done());
    card({ onDecide });
    expect(screen.getByTestId('terms-field').textContent).toBe('佣金比例15%→40%');
    expect(screen.getByTestId('terms').textContent).toContain('周楠 于 2026-12-08 10:00 提交');
    expect(screen.queryByTestId('terms-withdraw')).toBeNull();
    fireEvent.click(screen.getByTestId('terms-reject'));
    fireEvent.click(await screen.findByRole('button', { name: '拒绝' }));
    expect(await screen.findByText('*拒绝时请填写原因')).toBeTruthy();
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('terms-comment'), { target: { value: ' 合同未到 ' } });
    fireEvent.click(screen.getByRole('button', { name: '拒绝' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledTimes(1));
    expect(onDecide.mock.calls[0]?.[0]).toEqual({ result: 'rejected', comment: '合同未到' });
    fireEvent.click(screen.getByTestId('terms-pass'));
    fireEvent.click(await screen.findByRole('button', { name: '同意' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledTimes(2));
    expect(onDecide.mock.calls[1]?.[0]).toEqual({ result: 'passed', comment: '' });
  });

  it('gives the requester 撤回, and says why they may not decide their own change', async () => {
    const onWithdraw = vi.fn();
    card({ change: change({ decide: false, withdraw: true }, '不能确认本人提交的修改'), onWithdraw });
    expect(screen.queryByTestId('terms-pass')).toBeNull();
    expect(screen.getByTestId('terms-refusal').textContent).toBe('不能确认本人提交的修改');
    fireEvent.click(screen.getByTestId('terms-withdraw'));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: /撤\s*回/ }));
    await waitFor(() => expect(onWithdraw).toHaveBeenCalledTimes(1));
  });

  it('lists only the fields of an account that change, the numbers as the server masked them', () => {
    const before = {
      account_name: '王芳',
      bank: 'cmb' as const,
      bank_name: null,
      branch: '静安支行',
      account_number: '6214 **** **** 5678',
    };
    expect(
      bankAccountChanges(before, {
        ...before,
        bank: 'other',
        bank_name: '上海农商银行',
        account_number: '5013 **** **** 6789',
      }),
    ).toEqual([
      { field: '开户银行', before: '招商银行', after: '上海农商银行' },
      { field: '银行账号', before: '6214 **** **** 5678', after: '5013 **** **** 6789' },
    ]);
  });
});

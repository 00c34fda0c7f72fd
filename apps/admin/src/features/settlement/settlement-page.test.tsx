// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { SettlementDetail, SettlementPaymentPreview } from '@trackit/contract/settlement.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { settlementDetailFixture } from './settlement.fixtures';
import { SettlementPage } from './settlement-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/settlements/:id';
const PAGE = '/finance/settlements/40';
const can = (abilities: Partial<SettlementDetail['can']>) => ({
  submit: false,
  decide: false,
  pay: false,
  delete: false,
  correct: false,
  ...abilities,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** The payment preview of the fixture on any date: December's tax, more than the draft's estimate. */
const previewOf = (settlement: SettlementDetail, missing: string[] = []): SettlementPaymentPreview => ({
  paid_on: '2026-12-10',
  tax_month: '2026-12',
  tax_residency: 'resident',
  jobs: settlement.jobs,
  taxable: settlement.taxable,
  tax: 140_000,
  deductions: settlement.deductions,
  net: settlement.income - 140_000 - settlement.deductions,
  deductions_returned: [],
  tax_identity_missing: missing,
  payer_id: 2,
  payout_account: {
    account_name: '林夏',
    bank: '招商银行',
    branch: '上海分行',
    account_number: '6225880212345678',
  },
});

const answerWith = (settlement: SettlementDetail, missing: string[] = []) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'manage' as const }]),
    answer(endpoints.teamRecipient.list, () => ({
      data: [{ id: 2, short_name: '星辰文化' }] as never,
      page: 1,
      perPage: 100,
      total: 1,
    })),
    answer(endpoints.settlement.get, () => settlement),
    answer(endpoints.settlement.paymentPreview, () => previewOf(settlement, missing)),
    answer(endpoints.settlement.submit, () =>
      settlementDetailFixture({ status: 'submitted', can: can({ decide: true }) }),
    ),
    answer(endpoints.settlement.decide, ({ body }) =>
      settlementDetailFixture({ status: body.result, can: can({ pay: body.result === 'passed' }) }),
    ),
    answer(endpoints.settlement.pay, ({ body }) =>
      settlementDetailFixture({
        status: 'paid',
        paid_on: body.paid_on,
        paid_reference: body.reference,
        paid_by: { id: 2, short_name: '星辰文化' },
      }),
    ),
    answer(endpoints.settlement.correct, () =>
      settlementDetailFixture({
        id: 41,
        number: 'JS20261125001',
        corrects: { id: 40, number: 'JS20261124001' },
      }),
    ),
    answer(endpoints.settlement.delete, () => null),
  );

describe('SettlementPage', () => {
  it('shows the settlement: number, model, figures, lines with advances, jobs, deductions and approvals', async () => {
    answerWith(
      settlementDetailFixture({
        status: 'rejected',
        approvals: [
          {
            id: 1,
            status: 'init',
            comment: '',
            member: { id: 3, nickname: '周楠' },
            at: '2026-11-24T03:00:00Z',
          },
          {
            id: 2,
            status: 'rejected',
            comment: '扣款金额有误',
            member: { id: 4, nickname: '陈静' },
            at: '2026-11-24T05:00:00Z',
          },
        ],
      }),
    );
    renderPage(<SettlementPage />, ROUTE, PAGE);
    expect((await screen.findByTestId('settlement-number')).textContent).toBe('JS20261124001');
    expect(screen.getByTestId('settlement-status').textContent).toBe('已驳回');
    expect(screen.getByTestId('settlement-model').getAttribute('href')).toBe('/information/model/7');
    const info = screen.getByTestId('settlement-info').textContent;
    expect(info).toContain('个人');
    expect(info).toContain('2026-11');
    const figures = screen.getByTestId('settlement-figures').textContent;
    expect(figures).toContain('实付');
    expect(figures).toContain('¥6,520.00');
    expect(figures).toContain('¥1,280.00');
    expect(screen.getByTestId('settlement-line-order-401').getAttribute('href')).toBe('/finance/11');
    expect(screen.queryByTestId('settlement-line-advance-401')).toBeNull();
    expect(screen.getByTestId('settlement-line-advance-402').textContent).toBe('提前支付');
    expect(screen.getByTestId('settlement-jobs').textContent).toContain('¥768.00');
    expect(screen.getByTestId('settlement-deductions').textContent).toContain('借支路费');
    expect(screen.getByTestId('settlement-approvals').textContent).toContain('扣款金额有误');
    // Nothing allowed: no buttons.
    expect(within(screen.getByTestId('settlement-actions')).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows a mother agency paid out of the commission under 佣金, so the columns add up (issue 35 item 9)', async () => {
    const base = settlementDetailFixture();
    const [first, ...rest] = base.lines;
    if (!first) throw new Error('no line');
    answerWith(
      settlementDetailFixture({
        mother_agency: 60_000,
        lines: [{ ...first, mother_agency: 60_000, mother_agency_from_model: 0 }, ...rest],
      }),
    );
    renderPage(<SettlementPage />, ROUTE, PAGE);
    expect((await screen.findByTestId('settlement-line-commission-401')).textContent).toBe(
      '¥1,200.00含母公司分成 ¥600.00',
    );
    const figures = screen.getByTestId('settlement-figures').textContent ?? '';
    expect(figures).toContain('分成前金额¥10,000.00');
    expect(figures).toContain('佣金¥2,000.00含母公司分成 ¥600.00');
    expect(figures).toContain('母公司分成（模特承担）¥0.00');
    expect(figures).toContain('模特收入¥8,000.00');
  });

  it('submits a draft, then rejects it only with a reason', async () => {
    answerWith(settlementDetailFixture({ can: can({ submit: true, delete: true }) }));
    renderPage(<SettlementPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('settlement-submit'));
    await confirmPopup();
    await waitFor(() => expect(screen.getByTestId('settlement-status').textContent).toBe('待审批'));
    expect(callsTo(api, endpoints.settlement.submit)[0]?.[0]).toEqual({ params: { id: 40 } });

    fireEvent.click(screen.getByTestId('settlement-reject'));
    const modal = await screen.findByTestId('settlement-decide-modal');
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    expect(await within(modal).findByText(APPROVAL_MESSAGES.rejectNeedsComment)).toBeTruthy();
    expect(callsTo(api, endpoints.settlement.decide)).toHaveLength(0);
    fireEvent.change(within(modal).getByTestId('settlement-decide-comment'), {
      target: { value: '扣款有误' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(screen.getByTestId('settlement-status').textContent).toBe('已驳回'));
    expect(callsTo(api, endpoints.settlement.decide)[0]?.[0]).toEqual({
      params: { id: 40 },
      body: { result: 'rejected', comment: '扣款有误' },
    });
  });

  it('records the payment with the bank reference, the paying entity and the net the preview showed', async () => {
    answerWith(settlementDetailFixture({ status: 'passed', can: can({ pay: true }) }));
    renderPage(<SettlementPage />, ROUTE, PAGE);
    expect((await screen.findByTestId('settlement-tax-month')).textContent).toContain('预估');
    fireEvent.click(await screen.findByTestId('settlement-pay'));
    const modal = await screen.findByTestId('settlement-pay-modal');
    // The tax worked out for the payment's month, beside the draft's estimate, and the net to transfer.
    const preview = await within(modal).findByTestId('settlement-pay-preview');
    expect(preview.textContent).toContain('2026-12');
    expect(within(modal).getByTestId('settlement-pay-tax').textContent).toContain('¥1,400.00');
    expect(within(modal).getByTestId('settlement-pay-tax').textContent).toContain('生成时预估 ¥1,280.00');
    expect(within(modal).getByTestId('settlement-pay-net').textContent).toBe('¥6,400.00');
    // The model's account to transfer to, and 付款主体 proposed: the entity the client paid.
    expect(within(modal).getByTestId('settlement-pay-account').textContent).toBe(
      '林夏 · 招商银行 上海分行 · 6225880212345678',
    );
    await waitFor(() =>
      expect(within(modal).getByTestId('settlement-pay-form').textContent).toContain('星辰文化'),
    );
    fireEvent.change(within(modal).getByTestId('settlement-reference'), { target: { value: 'BK20261124' } });
    fireEvent.click(within(modal).getByRole('button', { name: '登记' }));
    await waitFor(() => expect(screen.getByTestId('settlement-status').textContent).toBe('已付款'));
    expect(callsTo(api, endpoints.settlement.pay)[0]?.[0]).toEqual({
      params: { id: 40 },
      body: {
        paid_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reference: 'BK20261124',
        team_recipient_id: 2,
        expected_net: 640_000,
        amount: 640_000,
      },
    });
    expect(screen.getByTestId('settlement-paid').textContent).toContain('BK20261124');
  });

  it('says what the model’s tax identity lacks and offers no payment until it is complete', async () => {
    const missing = ['证件类型', '证件号码', '纳税身份'];
    answerWith(
      settlementDetailFixture({
        status: 'passed',
        tax_residency: null,
        tax_identity_missing: missing,
        can: can({ pay: true }),
      }),
      missing,
    );
    renderPage(<SettlementPage />, ROUTE, PAGE);
    expect((await screen.findByTestId('settlement-identity-missing')).textContent).toContain(
      '缺少证件类型、证件号码、纳税身份',
    );
    expect(screen.getByTestId('settlement-residency').textContent).toBe('未填写（按居民个人预估）');
    fireEvent.click(screen.getByTestId('settlement-pay'));
    const modal = await screen.findByTestId('settlement-pay-modal');
    expect((await within(modal).findByTestId('settlement-pay-identity')).textContent).toContain('纳税身份');
    expect(within(modal).getByTestId('settlement-pay-ok').hasAttribute('disabled')).toBe(true);
    expect(callsTo(api, endpoints.settlement.pay)).toHaveLength(0);
  });

  it('drafts a correction and opens it; deletes a draft after confirming', async () => {
    answerWith(settlementDetailFixture({ status: 'paid', can: can({ correct: true }) }));
    const { where } = renderPage(<SettlementPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('settlement-correct'));
    const modal = await screen.findByTestId('settlement-correct-modal');
    fireEvent.change(within(modal).getByTestId('settlement-correct-reason'), {
      target: { value: '费用录入有误' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '生成冲正结算单' }));
    await waitFor(() => expect(where()).toBe('/finance/settlements/41'));
    expect(callsTo(api, endpoints.settlement.correct)[0]?.[0]).toEqual({
      params: { id: 40 },
      body: { reason: '费用录入有误' },
    });
    cleanup();

    answerWith(settlementDetailFixture({ can: can({ delete: true }) }));
    const second = renderPage(<SettlementPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('settlement-delete'));
    await confirmPopup();
    await waitFor(() => expect(second.where()).toBe('/finance/settlements'));
    expect(callsTo(api, endpoints.settlement.delete)).toHaveLength(1);
  });

  it('names a missing settlement instead of an id', async () => {
    answerCalls(
      api,
      answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'read' as const }]),
      answer(endpoints.settlement.get, () => {
        throw new ApiError({ code: 40400, message: '结算单不存在', status: 404 });
      }),
    );
    const { queryClient } = renderPage(<SettlementPage />, ROUTE, '/finance/settlements/999');
    await pageSettled(queryClient);
    expect(screen.getByTestId('settlement-missing')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { SettlementDetail } from '@trackit/contract/settlement.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { settlementDetailFixture } from './settlement.fixtures';
import { correctionLines } from './settlement-correct-modal';
import { SettlementPage } from './settlement-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const ROUTE = '/finance/settlements/:id';
const PAGE = '/finance/settlements/40';
const abilities = { submit: false, decide: false, pay: false, delete: false, correct: true };

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const paid = (corrected: number[] = []): SettlementDetail => {
  const base = settlementDetailFixture({ status: 'paid', can: abilities });
  return {
    ...base,
    lines: base.lines.map((line) => ({ ...line, corrected: corrected.includes(line.fee_line_id) })),
  };
};

const answerWith = (settlement: SettlementDetail) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level: 'edit' as const }]),
    answer(endpoints.settlement.get, () => settlement),
    answer(endpoints.settlement.correct, () =>
      settlementDetailFixture({
        id: 41,
        number: 'JS20261125001',
        corrects: { id: 40, number: 'JS20261124001' },
      }),
    ),
  );

const pick = (modal: HTMLElement, feeLineId: number) =>
  fireEvent.click(within(modal).getByTestId(`correct-pick-${feeLineId}`));

describe('冲正: choosing the lines to take back', () => {
  it('names no line when every line is taken back, else the ticked ones', () => {
    const { lines } = paid();
    expect(correctionLines(lines, [91, 92])).toBeUndefined();
    expect(correctionLines(lines, [92])).toEqual([92]);
    expect(correctionLines(paid([91]).lines, [92])).toEqual([92]);
  });

  it('takes back the ticked lines only, with the reason, and opens the correction', async () => {
    answerWith(paid());
    const { where } = renderPage(<SettlementPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('settlement-correct'));
    const modal = await screen.findByTestId('settlement-correct-modal');
    // Every line ticked by default: the income of both lines, 8,000 yuan.
    expect(within(modal).getByTestId('settlement-correct-summary').textContent).toContain('冲正 2 条费用');
    expect(within(modal).getByTestId('settlement-correct-summary').textContent).toContain('¥8,000.00');
    pick(modal, 91);
    expect(within(modal).getByTestId('settlement-correct-summary').textContent).toContain('冲正 1 条费用');
    expect(within(modal).getByTestId('settlement-correct-summary').textContent).toContain('¥3,200.00');
    fireEvent.change(within(modal).getByTestId('settlement-correct-reason'), {
      target: { value: '佣金有误' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '生成冲正结算单' }));
    await waitFor(() => expect(where()).toBe('/finance/settlements/41'));
    expect(callsTo(api, endpoints.settlement.correct)[0]?.[0]).toEqual({
      params: { id: 40 },
      body: { reason: '佣金有误', fee_line_ids: [92] },
    });
  });

  it('leaves out a line already taken back, and needs a line ticked', async () => {
    answerWith(paid([91]));
    renderPage(<SettlementPage />, ROUTE, PAGE);
    fireEvent.click(await screen.findByTestId('settlement-correct'));
    const modal = await screen.findByTestId('settlement-correct-modal');
    expect(within(modal).getByTestId('correct-done-91').textContent).toBe('已冲正');
    expect((within(modal).getByTestId('correct-pick-91') as HTMLInputElement).disabled).toBe(true);
    expect(within(modal).getByTestId('settlement-correct-summary').textContent).toContain('冲正 1 条费用');
    pick(modal, 92);
    const ok = within(modal).getByRole('button', { name: '生成冲正结算单' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    expect(callsTo(api, endpoints.settlement.correct)).toHaveLength(0);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BankLine } from '@trackit/contract/bank-statement.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { BankStatementsPage } from './bank-statements-page';

vi.mock('../../api', () => ({ api: { call: vi.fn(), upload: vi.fn() } }));

const ROUTE = '/finance/bank_statements';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const line = (overrides: Partial<BankLine> = {}): BankLine => ({
  id: 7,
  import_id: 3,
  team_recipient: { id: 2, short_name: '星辰文化' },
  transacted_on: '2026-12-03',
  amount: 150_000,
  payer_name: '杭州青禾服饰有限公司',
  payer_account: '6227001234560001',
  summary: '转账存入 发票12349999',
  serial: '202612030620000001',
  status: 'open',
  receipt_id: null,
  ignore_reason: null,
  companies: [{ id: 5, name: '杭州青禾服饰有限公司', reason: 'invoice_buyer' }],
  invoices: [
    {
      id: 32,
      number: '26332000000012349999',
      issued_on: '2026-11-02',
      total: 200_000,
      open: 120_000,
      reason: 'number',
      suggested: 120_000,
    },
    {
      id: 33,
      number: '26332000000012350000',
      issued_on: '2026-11-05',
      total: 90_000,
      open: 90_000,
      reason: 'oldest',
      suggested: 30_000,
    },
  ],
  possible_receipt: null,
  ...overrides,
});

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
    answer(endpoints.bankStatement.lines, () => ({
      data: [line(), line({ id: 8, payer_name: '王晓梅', companies: [], invoices: [], serial: 'S2' })],
      page: 1,
      perPage: 20,
      total: 2,
    })),
    answer(endpoints.bankStatement.record, () => line({ status: 'recorded', receipt_id: 91 })),
  );

describe('BankStatementsPage', () => {
  it('lists the open credits with their suggestion, and records one with the allocations confirmed', async () => {
    answerAs('edit');
    const { queryClient } = renderPage(<BankStatementsPage />, ROUTE);
    await screen.findByTestId('bank-line-row-7');
    expect(screen.getByTestId('bank-line-row-7').textContent).toContain('核销 2 张发票 ¥1,500.00');
    expect(screen.getByTestId('bank-line-row-8').textContent).toContain('未匹配客户');
    expect(callsTo(api, endpoints.bankStatement.lines)[0]?.[0]).toMatchObject({ query: { status: 'open' } });

    fireEvent.click(screen.getByTestId('bank-line-open-7'));
    const drawer = await screen.findByTestId('bank-line-drawer');
    expect(within(drawer).getByTestId('bank-line-summary').textContent).toBe('核销 ¥1,500.00');
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('bank-line-record'));
    await waitFor(() => expect(callsTo(api, endpoints.bankStatement.record)).toHaveLength(1));
    expect(callsTo(api, endpoints.bankStatement.record)[0]).toEqual([
      {
        params: { id: 7 },
        body: {
          company_id: 5,
          allocations: [
            { invoice_id: 32, amount: 120_000 },
            { invoice_id: 33, amount: 30_000 },
          ],
        },
      },
    ]);
    await pageSettled(queryClient);
  });

  it('offers no import nor 登记 to a reader', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<BankStatementsPage />, ROUTE);
    await screen.findByTestId('bank-line-row-7');
    expect(screen.queryByTestId('bank-import')).toBeNull();
    expect(screen.queryByTestId('bank-line-open-7')).toBeNull();
    await pageSettled(queryClient);
  });
});

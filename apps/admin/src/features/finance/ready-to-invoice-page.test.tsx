// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { InvoiceDetail, ReadyGroup } from '@trackit/contract/invoice.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { renderPage } from '../../testing/render-page';
import { ReadyToInvoicePage } from './ready-to-invoice-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const line = (id: number, total: number) => ({
  fee_line_id: id,
  order_id: 7,
  order_number: 'HF20261124001',
  order_title: '春季新品拍摄',
  model_id: 3,
  model_name: '林晓',
  kind: 'ModelFee' as const,
  item: 'service_fee' as const,
  tax_rate: 6 as const,
  total,
  invoiced: 0,
  given_back: 0,
  remaining: total,
});
const group: ReadyGroup = {
  company: { id: 5, name: '某某服饰' },
  team_recipient: { id: 2, name: '上海星辰模特经纪有限公司', short_name: '星辰经纪' },
  line_count: 2,
  order_count: 1,
  remaining: 159_000,
  lines: [line(11, 106_000), line(12, 53_000)],
};

const invoice: InvoiceDetail = {
  id: 9,
  team_recipient: { id: 2, name: '上海星辰模特经纪有限公司', short_name: '星辰经纪' },
  company: { id: 5, name: '某某服饰' },
  type: 'special',
  buyer: { name: '某某服饰', tax_id: '91310115MA1H7R2Q5C', address_phone: '上海', bank_account: '招行 1' },
  status: 'requested',
  number: null,
  issued_on: null,
  amount: 100_000,
  tax: 6_000,
  total: 106_000,
  reversed: 0,
  correction_pending: false,
  file: null,
  created_by: { id: 4, nickname: '小周' },
  created_at: '2026-11-27T02:00:00.000Z',
  can: { issue: true, reverse: false },
  lines: [],
  groups: [
    { item: 'service_fee', tax_rate: 6, amount: 100_000, tax: 6_000, total: 106_000, fee_line_ids: [11] },
  ],
  corrections: [],
};

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.profile.get, () => testProfile()),
    answer(endpoints.finance.readyToInvoice, () => ({ data: [group], page: 1, perPage: 20, total: 1 })),
    answer(endpoints.invoice.create, () => invoice),
    answer(endpoints.invoice.get, () => invoice),
    answer(endpoints.invoice.issue, ({ body }) => ({
      ...invoice,
      status: 'issued' as const,
      number: body.number,
      issued_on: body.issued_on,
      can: { issue: false, reverse: true },
    })),
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ReadyToInvoicePage', () => {
  it('requests an invoice of the selected lines of one client and entity', async () => {
    answerAs('edit');
    renderPage(<ReadyToInvoicePage />, '/finance/ready_to_invoice');
    const card = await screen.findByTestId('list-row-5-2');
    expect(card.textContent).toContain('星辰经纪');
    expect(within(card).getByTestId('ready-remaining-12').textContent).toBe('¥530.00');
    const button = await within(card).findByTestId('ready-request-5-2');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const boxes = card.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]');
    fireEvent.click(boxes[1] as HTMLInputElement);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect((await screen.findByTestId('invoice-request-summary')).textContent).toContain('¥530.00');
    fireEvent.change(screen.getByTestId('invoice-buyer-tax-id'), { target: { value: '91310115MA1H7R2Q5C' } });
    fireEvent.click(screen.getByText('提交申请'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.invoice.create)).toEqual([
        [
          {
            body: {
              type: 'ordinary',
              buyer: { name: '某某服饰', tax_id: '91310115MA1H7R2Q5C', address_phone: '', bank_account: '' },
              team_recipient_id: 2,
              company_id: 5,
              fee_line_ids: [12],
            },
          },
        ],
      ]),
    );
  });

  it('shows the lines without selection or request to a reader', async () => {
    answerAs('read');
    renderPage(<ReadyToInvoicePage />, '/finance/ready_to_invoice');
    const card = await screen.findByTestId('list-row-5-2');
    await waitFor(() => expect(callsTo(api, endpoints.permission.mine).length).toBeGreaterThan(0));
    expect(within(card).queryByTestId('ready-request-5-2')).toBeNull();
    expect(card.querySelectorAll('tbody input[type="checkbox"]')).toHaveLength(0);
  });

  it('opens the invoice the address names, where a manager records its number', async () => {
    answerAs('manage');
    renderPage(<ReadyToInvoicePage />, '/finance/ready_to_invoice', '/finance/ready_to_invoice?invoice=9');
    // The drawer is a portal: found by what it shows.
    const drawer = within(document.body);
    expect((await drawer.findByTestId('invoice-total')).textContent).toBe('¥1,060.00');
    fireEvent.change(await drawer.findByTestId('invoice-issue-number'), {
      target: { value: '26312000000000000001' },
    });
    fireEvent.change(drawer.getByTestId('invoice-issue-date'), { target: { value: '2026-11-27' } });
    fireEvent.click(drawer.getByTestId('invoice-issue'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.invoice.issue)).toEqual([
        [{ params: { id: 9 }, body: { number: '26312000000000000001', issued_on: '2026-11-27' } }],
      ]),
    );
    expect(await drawer.findByTestId('invoice-reverse')).toBeTruthy();
  });
});

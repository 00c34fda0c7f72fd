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

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.profile.get, () => testProfile()),
    answer(endpoints.finance.readyToInvoice, () => ({ data: [group], page: 1, perPage: 20, total: 1 })),
    answer(endpoints.invoice.create, () => ({ id: 1 }) as InvoiceDetail),
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
});

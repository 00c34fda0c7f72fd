// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { InvoiceInfo } from '@trackit/contract/fee-statement.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { clientCompanyFixture, invoiceDetailFixture, readyGroupFixture } from './finance.fixtures';
import { ReadyToInvoicePage } from './ready-to-invoice-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const PAGE = '/finance/ready_to_invoice';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const answerAs = (level: PermissionLevel, submitted: InvoiceInfo | null = null) =>
  answerCalls(
    api,
    answer(endpoints.feeStatement.latestInvoiceInfo, () => submitted),
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({ data: [], page: 1, perPage: 100, total: 0 })),
    answer(endpoints.finance.readyToInvoice, () => ({
      data: [readyGroupFixture()],
      page: 1,
      perPage: 20,
      total: 1,
    })),
    answer(endpoints.company.get, () => clientCompanyFixture()),
    answer(endpoints.invoice.create, () => invoiceDetailFixture()),
    answer(endpoints.invoice.get, () =>
      invoiceDetailFixture({ can: { issue: level === 'manage', reverse: false } }),
    ),
    answer(endpoints.invoice.issue, ({ body }) =>
      invoiceDetailFixture({ status: 'issued', number: body.number, issued_on: body.issued_on }),
    ),
    answer(endpoints.invoice.list, () => ({
      data: [invoiceDetailFixture()],
      page: 1,
      perPage: 20,
      total: 1,
    })),
  );

describe('ReadyToInvoicePage', () => {
  it('requests an invoice for the selected lines with the buyer prefilled from the client company', async () => {
    answerAs('edit');
    const { where } = renderPage(<ReadyToInvoicePage />, PAGE);
    const group = await screen.findByTestId('ready-group-5-2');
    expect(group.textContent).toContain('杭州青禾服饰有限公司');
    expect(group.textContent).toContain('星辰文化');
    const request = within(group).getByTestId('ready-request-5-2');
    await waitFor(() => expect((request as HTMLButtonElement).disabled).toBe(true));
    // Select every line with the header's box.
    const boxes = within(group).getAllByRole('checkbox');
    fireEvent.click(boxes[0] as HTMLElement);
    await waitFor(() => expect(request.textContent).toContain('2 条'));
    fireEvent.click(request);
    const drawer = await screen.findByTestId('invoice-request-form');
    // The preview: one group (服务费 6 %), ¥15,900.00 in all, in capitals too.
    await waitFor(() =>
      expect(screen.getByTestId('invoice-request-totals').textContent).toContain('¥15,900.00'),
    );
    expect(screen.getByTestId('invoice-request-totals-capitals').textContent).toBe(
      '大写：人民币壹万伍仟玖佰元整',
    );
    expect((within(drawer).getByLabelText('购方名称') as HTMLInputElement).value).toBe(
      '杭州青禾服饰有限公司',
    );
    expect((within(drawer).getByLabelText('开户行及账号') as HTMLInputElement).value).toBe(
      '招商银行杭州分行 571900012345678',
    );
    fireEvent.click(within(drawer).getByRole('button', { name: '提交申请' }));
    await waitFor(() =>
      expect(callsTo(api, endpoints.invoice.create)).toEqual([
        [
          {
            body: {
              team_recipient_id: 2,
              company_id: 5,
              type: 'special',
              buyer: {
                name: '杭州青禾服饰有限公司',
                tax_id: '91330100MA2B3C4D5E',
                address_phone: '杭州市西湖区文三路 90 号 0571-88886666',
                bank_account: '招商银行杭州分行 571900012345678',
              },
              fee_line_ids: [1, 2],
            },
          },
        ],
      ]),
    );
    // The new invoice opens in the 发票 register.
    await waitFor(() => expect(where()).toContain('/finance/invoices?invoice=31'));
  });

  it('prefills the buyer from the invoice details the client last submitted on a fee statement', async () => {
    answerAs('edit', {
      type: 'ordinary',
      name: '王会计',
      submitted_at: '2026-11-27T08:00:00.000Z',
      buyer: {
        name: '杭州青禾服饰（集团）有限公司',
        tax_id: '91330100MA2B3C4D5E',
        address_phone: '',
        bank_account: '',
      },
    });
    renderPage(<ReadyToInvoicePage />, PAGE);
    const group = await screen.findByTestId('ready-group-5-2');
    fireEvent.click(within(group).getAllByRole('checkbox')[0] as HTMLElement);
    const request = within(group).getByTestId('ready-request-5-2');
    await waitFor(() => expect(request.textContent).toContain('2 条'));
    fireEvent.click(request);
    const drawer = await screen.findByTestId('invoice-request-form');
    expect((within(drawer).getByLabelText('购方名称') as HTMLInputElement).value).toBe(
      '杭州青禾服饰（集团）有限公司',
    );
    expect((within(drawer).getByLabelText('开户行及账号') as HTMLInputElement).value).toBe('');
    expect(callsTo(api, endpoints.feeStatement.latestInvoiceInfo)[0]?.[0]).toEqual({
      query: { company_id: 5 },
    });
  });

  it('refuses a special invoice without the buyer’s bank details, before asking the server', async () => {
    answerAs('edit');
    renderPage(<ReadyToInvoicePage />, PAGE);
    const group = await screen.findByTestId('ready-group-5-2');
    fireEvent.click(within(group).getAllByRole('checkbox')[1] as HTMLElement);
    fireEvent.click(within(group).getByTestId('ready-request-5-2'));
    const drawer = await screen.findByTestId('invoice-request-form');
    await waitFor(() =>
      expect((within(drawer).getByLabelText('开户行及账号') as HTMLInputElement).value).not.toBe(''),
    );
    fireEvent.change(within(drawer).getByLabelText('开户行及账号'), { target: { value: '' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '提交申请' }));
    expect(await within(drawer).findByText('*数电专票须填写购方地址电话和开户行及账号')).toBeTruthy();
    expect(callsTo(api, endpoints.invoice.create)).toHaveLength(0);
  });

  it('sends an old address of an invoice on to the 发票 register', async () => {
    answerAs('read');
    const { where } = renderPage(<ReadyToInvoicePage />, PAGE, `${PAGE}?tab=invoices&invoice=31`);
    await waitFor(() => expect(where()).toContain('/finance/invoices?invoice=31'));
  });

  it('names its checkboxes in Chinese: 全选 and 选择 with the line', async () => {
    answerAs('edit');
    renderPage(<ReadyToInvoicePage />, PAGE);
    const group = await screen.findByTestId('ready-group-5-2');
    expect(within(group).getByLabelText('全选')).toBeTruthy();
    expect(within(group).getByLabelText('选择 林夏 XC20261120001 服务费')).toBeTruthy();
    expect(within(group).queryByLabelText('Select all')).toBeNull();
  });

  it('shows no 申请开票 to a member who may only read', async () => {
    answerAs('read');
    renderPage(<ReadyToInvoicePage />, PAGE);
    const group = await screen.findByTestId('ready-group-5-2');
    expect(within(group).queryByTestId('ready-request-5-2')).toBeNull();
    expect(within(group).queryAllByRole('checkbox')).toHaveLength(0);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { Order } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { testProfile } from '../../testing/profile-fixture';
import { renderPage } from '../../testing/render-page';
import { NO_ABILITIES, orderFixture, orderModelFixture } from './order.fixtures';
import { OrderExportPage } from './order-export-page';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

const openExport = (order: Order) => {
  answerCalls(
    api,
    answer(endpoints.order.get, () => order),
    answer(endpoints.profile.get, () => testProfile()),
  );
  return renderPage(<OrderExportPage />, '/order/export/:id', `/order/export/${order.id}`);
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('OrderExportPage', () => {
  it('lays out the confirmation: job, days with weekdays, fee lines, totals in figures and capitals, signatures', async () => {
    openExport(orderFixture());
    const sheet = await screen.findByTestId('order-confirmation');
    await waitFor(() => expect(sheet.textContent).toContain('星辰模特经纪'));
    const text = sheet.textContent ?? '';
    expect(text).toContain('订单确认单');
    expect(text).toContain('订单编号：XC20260305001');
    expect(text).toContain('客户公司杭州青禾服饰有限公司');
    expect(text).toContain('工作类型Lookbook');
    expect(screen.getByTestId('confirmation-days').textContent).toBe(
      '2026-03-05（周四）09:00–18:00' + '2026-03-06（周五）10:00–16:00',
    );
    const model = screen.getByTestId('confirmation-model-7').textContent;
    expect(model).toContain('¥1,500.00 × 2 天');
    expect(model).toContain('电商，中国大陆，2026-03-05 至 2027-03-04，自动续约');
    expect(model).toContain('小计');
    const totals = screen.getByTestId('confirmation-totals').textContent;
    expect(totals).toContain('总计（含税）¥10,952.00');
    expect(screen.getByTestId('confirmation-capitals').textContent).toBe(
      '总计（大写）：人民币壹万零玖佰伍拾贰元整',
    );
    expect(text).toContain('请提前 30 分钟到场');
    expect(text).toContain('客户（甲方）：杭州青禾服饰有限公司');
    expect(text).toContain('经纪方（乙方）：星辰模特经纪');
  });

  it('shows no confirmation of a cancelled order, only why and the way back', async () => {
    openExport(orderFixture({ status: 'cancelled', can: NO_ABILITIES }));
    expect((await screen.findByTestId('order-export-refused')).textContent).toContain(
      ORDER_MESSAGES.confirmationOfCancelled,
    );
    expect(screen.queryByTestId('order-confirmation')).toBeNull();
    expect(screen.queryByTestId('order-download-pdf')).toBeNull();
    expect(screen.queryByTestId('order-print')).toBeNull();
    expect(screen.getByRole('button', { name: /返回订单/ })).toBeTruthy();
  });

  it('prints the page, and downloads the server’s PDF under its name', async () => {
    const print = vi.fn();
    window.print = print;
    vi.mocked(api.download).mockResolvedValueOnce({ blob: new Blob(['%PDF']), fileName: undefined });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    openExport(orderFixture());
    fireEvent.click(await screen.findByTestId('order-print'));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('order-download-pdf'));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(endpoints.order.confirmation, { params: { id: 31 } }),
    );
  });

  it('prints no amount at all when the member may not see the fees', async () => {
    openExport(
      orderFixture({
        fees_visible: false,
        totals: null,
        models: [orderModelFixture(7, '刘晓阳'), orderModelFixture(8, '王珊')].map((model) => ({
          ...model,
          totals: null,
        })),
      }),
    );
    const sheet = await screen.findByTestId('order-confirmation');
    expect(screen.getByTestId('confirmation-model-names').textContent).toBe('刘晓阳、王珊');
    expect(sheet.textContent).not.toContain('¥');
    expect(screen.queryByTestId('confirmation-totals')).toBeNull();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { FeeStatement, FeeStatementPreview } from '@trackit/contract/fee-statement.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { confirmPopup } from '../../testing/confirm-popup';
import { pageSettled, renderPage } from '../../testing/render-page';
import { FeeStatementSection } from './fee-statement-section';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const statement = (overrides: Partial<FeeStatement> = {}): FeeStatement => ({
  id: 7,
  kind: 'order',
  order: { id: 11, number: 'XC20261120001' },
  company: { id: 3, name: '某某服饰' },
  team_recipient: { id: 2, short_name: '星辰经纪' },
  from: null,
  to: null,
  share_id: 'Pk7Qw2Xr9Lm4Tn6Vb8Zc1Hs3',
  url: '/web/fees/Pk7Qw2Xr9Lm4Tn6Vb8Zc1Hs3',
  status: 'live',
  expires_at: '2026-12-27T08:00:00.000Z',
  created_by: { id: 5, nickname: '林晓' },
  created_at: '2026-11-27T08:00:00.000Z',
  confirmation: null,
  queries: [],
  invoice_infos: [],
  ...overrides,
});

/** A period statement's preview: the studio owed ¥3,180.00 (the default), the general entity ¥106.00. */
const preview = (empty = false): FeeStatementPreview => ({
  entities: [
    { id: 4, short_name: '星光工作室', billed_orders: 1, outstanding: 318_000 },
    { id: 2, short_name: '星辰经纪', billed_orders: 1, outstanding: 10_600 },
  ],
  team_recipient_id: 4,
  empty,
  statement: {
    kind: 'period',
    team_name: '星辰经纪',
    client_name: '某某服饰',
    order: null,
    from: '2026-11-01',
    to: '2026-11-27',
    as_of: '2026-11-27',
    payee: {
      name: '上海静安区星光摄影工作室',
      credit_code: '92310104MA1KB6T08Y',
      bank: '中国工商银行',
      branch: '上海南京西路支行',
      account: '1001 2345 0987 6543 210',
    },
    lines: [],
    totals: {
      subtotal: 0,
      tax: 0,
      total: 0,
      paid: 0,
      outstanding: 0,
      total_in_capitals: '零元整',
      outstanding_in_capitals: '零元整',
    },
    figures: {
      opening: empty ? 0 : 318_000,
      fees: 0,
      invoiced: 0,
      received: 0,
      closing: empty ? 0 : 318_000,
      credit: 0,
    },
    invoices: [],
    receipts: [],
    due_on: null,
    expires_at: null,
    confirmation: null,
    queries: [],
    invoice_info: null,
  },
});

const answerAs = (level: PermissionLevel, list: FeeStatement[], empty = false) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'accounting' as const, level }]),
    answer(endpoints.teamRecipient.list, () => ({
      data: [],
      page: 1,
      perPage: 100,
      total: 0,
    })),
    answer(endpoints.feeStatement.list, () => ({ data: list, page: 1, perPage: 50, total: list.length })),
    answer(endpoints.feeStatement.create, ({ body }) =>
      statement({ id: 8, order: body.order_id ? { id: body.order_id, number: 'XC20261120001' } : null }),
    ),
    answer(endpoints.feeStatement.revoke, ({ params }) => statement({ id: params.id, status: 'revoked' })),
    answer(endpoints.feeStatement.preview, () => preview(empty)),
    answer(endpoints.feeStatement.answerQuery, ({ params, body }) =>
      statement({
        queries: [
          {
            id: params.id,
            fee_line_id: 4,
            comment: '天数不对',
            name: '王会计',
            at: '2026-11-27T09:10:00.000Z',
            reply: body.reply ? { text: body.reply, at: '2026-11-27T10:00:00.000Z' } : null,
            resolved_at: body.resolve ? '2026-11-27T10:00:00.000Z' : null,
          },
        ],
      }),
    ),
  );

describe('FeeStatementSection', () => {
  it('lists an order’s statements with what the client answered; 已确认 shows', async () => {
    answerAs('read', [
      statement({
        confirmation: { name: '王会计', at: '2026-11-27T09:00:00.000Z' },
        queries: [
          {
            id: 31,
            fee_line_id: 4,
            comment: '天数不对',
            name: '王会计',
            at: '2026-11-27T09:10:00.000Z',
            reply: null,
            resolved_at: null,
          },
        ],
        invoice_infos: [
          {
            type: 'special',
            name: '王会计',
            submitted_at: '2026-11-27T09:20:00.000Z',
            buyer: {
              name: '上海某某服饰有限公司',
              tax_id: '91310115MA1H7R2Q5C',
              address_phone: 'a',
              bank_account: 'b',
            },
          },
        ],
      }),
    ]);
    const { queryClient } = renderPage(<FeeStatementSection scope={{ order_id: 11 }} />, '/');
    expect((await screen.findByTestId('fee-statement-confirmed-7')).textContent).toBe('已确认');
    expect(screen.getByTestId('fee-statement-query-7').textContent).toContain('王会计：天数不对');
    // The open query shows beside 已确认; a reader has no 回复.
    expect(screen.getByTestId('fee-statement-open-queries-7').textContent).toBe('1 个疑问未解决');
    expect(screen.queryByTestId('fee-statement-query-reply-open-31')).toBeNull();
    expect(screen.getByTestId('fee-statement-invoice-info-7').textContent).toContain('数电专票');
    expect(callsTo(api, endpoints.feeStatement.list)[0]?.[0]).toEqual({
      query: { page: 1, per_page: 50, order_id: 11 },
    });
    await pageSettled(queryClient);
    // A reader copies the link but neither shares nor revokes.
    expect(screen.getByTestId('fee-statement-copy-7')).toBeTruthy();
    expect(screen.queryByTestId('fee-statement-share')).toBeNull();
    expect(screen.queryByTestId('fee-statement-revoke-7')).toBeNull();
  });

  it('shares an order’s statement from the drawer and shows the link to copy', async () => {
    answerAs('edit', []);
    renderPage(<FeeStatementSection scope={{ order_id: 11 }} />, '/');
    expect(await screen.findByTestId('fee-statements-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fee-statement-share'));
    fireEvent.click(await screen.findByTestId('fee-statement-create'));
    const shared = await screen.findByTestId('fee-statement-shared');
    expect(within(shared).getByTestId('fee-statement-url').textContent).toBe(
      `${window.location.origin}/web/fees/Pk7Qw2Xr9Lm4Tn6Vb8Zc1Hs3`,
    );
    expect(callsTo(api, endpoints.feeStatement.create)[0]?.[0]).toEqual({ body: { order_id: 11 } });
    await waitFor(() => expect(callsTo(api, endpoints.feeStatement.list).length).toBe(2));
  });

  it('asks a company’s period (this month by default) and revokes a live link after confirmation', async () => {
    answerAs('edit', [statement({ kind: 'period', order: null, from: '2026-10-01', to: '2026-10-31' })]);
    renderPage(<FeeStatementSection scope={{ company_id: 3 }} />, '/');
    expect((await screen.findByTestId('fee-statement-list')).textContent).toContain(
      '2026-10-01 至 2026-10-31',
    );
    fireEvent.click(screen.getByTestId('fee-statement-revoke-7'));
    await confirmPopup();
    await waitFor(() =>
      expect(callsTo(api, endpoints.feeStatement.revoke)[0]?.[0]).toEqual({ params: { id: 7 } }),
    );

    fireEvent.click(screen.getByTestId('fee-statement-share'));
    // The preview first, for the entity owed most; nothing is shared before 分享对账单.
    const previewed = await screen.findByTestId('fee-statement-preview');
    expect(previewed.textContent).toContain('¥3,180.00');
    expect(previewed.textContent).toContain('上海静安区星光摄影工作室');
    expect(callsTo(api, endpoints.feeStatement.create)).toEqual([]);
    const [asked] = callsTo(api, endpoints.feeStatement.preview);
    const { query } = (asked ?? [])[0] as { query: Record<string, unknown> };
    expect(query.company_id).toBe(3);
    expect(String(query.from)).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.team_recipient_id).toBeUndefined();
    fireEvent.click(screen.getByTestId('fee-statement-create'));
    await screen.findByTestId('fee-statement-shared');
    const [call] = callsTo(api, endpoints.feeStatement.create);
    const { body } = (call ?? [])[0] as { body: Record<string, unknown> };
    expect(body).toMatchObject({ company_id: 3, team_recipient_id: 4, from: query.from, to: query.to });
  });

  it('warns of an empty period statement and shares it only when confirmed', async () => {
    answerAs('edit', [], true);
    renderPage(<FeeStatementSection scope={{ company_id: 3 }} />, '/');
    fireEvent.click(await screen.findByTestId('fee-statement-share'));
    await screen.findByTestId('fee-statement-empty-warning');
    fireEvent.click(screen.getByTestId('fee-statement-create'));
    await confirmPopup();
    await screen.findByTestId('fee-statement-shared');
    expect(callsTo(api, endpoints.feeStatement.create).length).toBe(1);
  });

  it('replies to a client’s open query (resolving it with the reply) at edit', async () => {
    answerAs('edit', [
      statement({
        queries: [
          {
            id: 31,
            fee_line_id: 4,
            comment: '天数不对',
            name: '王会计',
            at: '2026-11-27T09:10:00.000Z',
            reply: null,
            resolved_at: null,
          },
        ],
      }),
    ]);
    renderPage(<FeeStatementSection scope={{ order_id: 11 }} />, '/');
    fireEvent.click(await screen.findByTestId('fee-statement-query-reply-open-31'));
    fireEvent.change(await screen.findByTestId('query-reply-text'), {
      target: { value: '已核对，按 2 天计' },
    });
    fireEvent.click(screen.getByTestId('query-reply-send'));
    await waitFor(() =>
      expect(callsTo(api, endpoints.feeStatement.answerQuery)[0]?.[0]).toEqual({
        params: { id: 31 },
        body: { reply: '已核对，按 2 天计', resolve: true },
      }),
    );
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Company } from '@trackit/contract/company.schema';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { CompanyListPage } from './company-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const company = (id: number, name: string): Company => ({
  id,
  name,
  short_name: null,
  credit_code: null,
  industry: 'fashion',
  tier: 'key',
  invoice_title: null,
  invoice_address: null,
  bank_name: null,
  bank_account: null,
  payment_terms_days: null,
  owner_member_id: 1,
  owner: { id: 1, nickname: '林晓' },
  notes: null,
  status: 'active',
  contact_count: 3,
  created_at: '2026-01-01T08:00:00Z',
  updated_at: '2026-01-01T08:00:00Z',
});

const answerAs = (level: PermissionLevel) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level }]),
    answer(endpoints.company.list, ({ query }) => ({
      data: [company(1, '杭州青禾服饰有限公司')],
      page: query?.page ?? 1,
      perPage: 20,
      total: 1,
    })),
    memberOptionsAnswer([memberOption(2, '王经纪')]),
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('CompanyListPage', () => {
  it("asks for the address's filters and shows each company's tier, owner and contacts", async () => {
    answerAs('edit');
    renderPage(
      <CompanyListPage />,
      '/information/company',
      '/information/company?industry=fashion&tier=key&keyword=青禾',
    );
    await screen.findByText('杭州青禾服饰有限公司');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(
        endpoints.company.list,
        { query: { keyword: '青禾', industry: 'fashion', tier: 'key', page: 1, per_page: 20 } },
        { signal: expect.any(AbortSignal) },
      ),
    );
    const row = screen.getByTestId('company-row-1');
    expect(row.textContent).toContain('重点客户');
    expect(row.textContent).toContain('林晓');
    expect(row.textContent).toContain('3');
    expect(await screen.findByTestId('company-create')).toBeTruthy();
  });

  it("lists one owner's companies from a click on the owner's name, named in the owner filter", async () => {
    answerAs('edit');
    const { where } = renderPage(<CompanyListPage />, '/information/company');
    const row = await screen.findByTestId('company-row-1');
    fireEvent.click(within(row).getByText('林晓'));
    await waitFor(() => expect(where()).toBe('/information/company?owner_member_id=1'));
    await waitFor(() => expect(screen.getByTestId('company-owner-filter').textContent).toContain('林晓'));
  });

  it('offers no 新建公司 to a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<CompanyListPage />, '/information/company');
    await screen.findByText('杭州青禾服饰有限公司');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
    );
    // Once the levels are in, the button still does not come.
    await pageSettled(queryClient);
    expect(screen.queryByTestId('company-create')).toBeNull();
  });
});

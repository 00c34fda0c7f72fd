// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Package } from '@trackit/contract/package.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { memberOption, memberOptionsAnswer } from '../organization/organization.fixtures';
import { activityFixture, packageFixture } from './package.fixtures';
import { PackageListPage } from './package-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const PACKAGES: Package[] = [
  packageFixture({
    id: 12,
    title: '春夏女装',
    view_count: 5,
    pick_count: 2,
    last_viewed_at: '2026-01-02T10:30:00Z',
  }),
  packageFixture({
    id: 13,
    title: '秋冬大衣',
    status: 'expired',
    expires_at: '2026-01-05T08:00:00Z',
    company_id: null,
    company_name: null,
    contact_id: null,
    contact_name: null,
  }),
  packageFixture({ id: 14, title: '童装画册', status: 'revoked', revoked_at: '2026-01-03T08:00:00Z' }),
];

/** The list of PACKAGES for a member at `level`; a revoke turns the package revoked. */
function answerList(level: PermissionLevel) {
  let packages = PACKAGES;
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level }]),
    answer(endpoints.package.list, ({ query }) => ({
      data: packages,
      page: query?.page ?? 1,
      perPage: 20,
      total: packages.length,
    })),
    answer(endpoints.package.revoke, ({ params }) => {
      packages = packages.map((pkg) =>
        pkg.id === params.id
          ? { ...pkg, status: 'revoked' as const, revoked_at: '2026-01-04T08:00:00Z' }
          : pkg,
      );
      return packages.find((pkg) => pkg.id === params.id) as Package;
    }),
    answer(endpoints.package.update, ({ params, body }) => ({
      ...(packages.find((pkg) => pkg.id === params.id) as Package),
      ...(body.expires_at ? { expires_at: body.expires_at } : {}),
    })),
    answer(endpoints.package.get, ({ params }) => packages.find((pkg) => pkg.id === params.id) as Package),
    answer(endpoints.package.activity, () => activityFixture()),
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    memberOptionsAnswer([memberOption(1, '林晓')]),
  );
}

const openList = (path = '/information/packages') =>
  renderPage(<PackageListPage />, '/information/packages', path);

describe('PackageListPage', () => {
  it("asks for the address's filters and shows each package's client, models, status and counts", async () => {
    answerList('edit');
    openList('/information/packages?status=active&keyword=春夏');
    const row = await screen.findByTestId('package-row-12');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(
        endpoints.package.list,
        { query: { keyword: '春夏', status: 'active', page: 1, per_page: 20 } },
        { signal: expect.any(AbortSignal) },
      ),
    );
    expect(row.textContent).toContain('春夏女装');
    expect(row.textContent).toContain('杭州青禾服饰有限公司');
    expect(row.textContent).toContain('陈静');
    expect(row.textContent).toContain('林晓');
    expect(within(row).getByTestId('package-status').textContent).toBe('分享中');
    expect(within(row).getByTestId('package-models-12').textContent).toContain('3 位');
    expect(within(row).getByTestId('package-views-12').textContent).toBe('5');
    // Picks stand out once there are any.
    expect(within(row).getByTestId('package-picks-12').textContent).toBe('2');
    expect(within(row).getByTestId('package-picks-12').getAttribute('style')).toContain('font-weight: 600');

    const expired = screen.getByTestId('package-row-13');
    expect(within(expired).getByTestId('package-status').textContent).toBe('已过期');
    expect(within(expired).getByTestId('package-picks-13').getAttribute('style')).not.toContain(
      'font-weight',
    );
    expect(within(expired).getByTestId('package-edit-13')).toBeTruthy();

    // A revoked package: no links, no changes (its activity still opens from the row).
    const revoked = screen.getByTestId('package-row-14');
    expect(within(revoked).getByTestId('package-status').textContent).toBe('已撤销');
    await within(row).findByTestId('package-edit-12');
    expect(within(revoked).queryByTestId('package-copy-mobile-14')).toBeNull();
    expect(within(revoked).queryByTestId('package-qr-14')).toBeNull();
    expect(within(revoked).queryByTestId('package-edit-14')).toBeNull();
    expect(within(revoked).queryByTestId('package-extend-open-14')).toBeNull();
    expect(within(revoked).queryByTestId('package-actions-14')).toBeNull();
  });

  it('revokes a package after confirming, and shows it revoked', async () => {
    answerList('edit');
    openList();
    fireEvent.click(await screen.findByTestId('package-revoke-12'));
    expect(await screen.findByText('撤销后链接立即失效且不可恢复')).toBeTruthy();
    const confirm = document.querySelector('.ant-popconfirm-buttons .ant-btn-dangerous') as HTMLElement;
    expect(confirm.textContent).toBe('撤销');
    fireEvent.click(confirm);
    await waitFor(() => expect(callsTo(api, endpoints.package.revoke)).toEqual([[{ params: { id: 12 } }]]));
    await waitFor(() =>
      expect(within(screen.getByTestId('package-row-12')).getByTestId('package-status').textContent).toBe(
        '已撤销',
      ),
    );
    expect(screen.queryByTestId('package-edit-12')).toBeNull();
  });

  it('extends an expired package by 7 days from now', async () => {
    answerList('edit');
    openList();
    fireEvent.click(await screen.findByTestId('package-extend-open-13'));
    const before = Date.now();
    fireEvent.click(await screen.findByTestId('package-extend-7d'));
    await waitFor(() => expect(callsTo(api, endpoints.package.update)).toHaveLength(1));
    const [input] = callsTo(api, endpoints.package.update)[0] as [
      { params: { id: number }; body: { expires_at: string } },
    ];
    expect(input.params).toEqual({ id: 13 });
    expect(Object.keys(input.body)).toEqual(['expires_at']);
    const days = (Date.parse(input.body.expires_at) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('offers no changes to a member who may only read', async () => {
    answerList('read');
    const { queryClient } = openList();
    const row = await screen.findByTestId('package-row-12');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
    );
    await pageSettled(queryClient);
    expect(within(row).getByTestId('package-copy-mobile-12')).toBeTruthy();
    expect(within(row).queryByTestId('package-edit-12')).toBeNull();
    expect(within(row).queryByTestId('package-revoke-12')).toBeNull();
  });

  it('opens the activity from the address (where notifications lead) and closes it', async () => {
    answerList('edit');
    const { where } = openList('/information/packages?package=12');
    const drawer = await screen.findByTestId('package-activity');
    await within(drawer).findByTestId('package-activity-summary');
    expect(callsTo(api, endpoints.package.activity)[0]?.[0]).toEqual({ params: { id: 12 } });
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    await waitFor(() => expect(where()).toBe('/information/packages'));
  });

  it('opens the activity from a row', async () => {
    answerList('edit');
    const { where } = openList('/information/packages?status=active');
    fireEvent.click(await screen.findByTestId('package-picks-12'));
    await waitFor(() => expect(where()).toBe('/information/packages?status=active&package=12'));
    expect(await screen.findByTestId('package-activity')).toBeTruthy();
  });

  it('says where packages come from when there are none', async () => {
    answerCalls(
      api,
      answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level: 'edit' as const }]),
      answer(endpoints.package.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
      memberOptionsAnswer([]),
    );
    openList();
    expect((await screen.findByTestId('list-empty')).textContent).toContain('勾选模特');
  });

  it('names every filter and every row action, for assistive technology (accessibility)', async () => {
    answerList('edit');
    openList();
    const actions = await screen.findByTestId('package-actions-12');
    for (const name of ['搜索套餐标题', '状态', '客户公司', '创建人']) {
      expect(screen.getByLabelText(name), name).toBeTruthy();
    }
    for (const name of ['复制手机链接', '复制电脑链接', '二维码']) {
      expect(within(actions).getByLabelText(name), name).toBeTruthy();
    }
  });
});

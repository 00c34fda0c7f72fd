// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { activityFixture, packageFixture } from './package.fixtures';
import { modelInterest, PackageActivityDrawer } from './package-activity-drawer';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const openDrawer = () => renderPage(<PackageActivityDrawer packageId={12} onClose={vi.fn()} />, '/');

describe('PackageActivityDrawer', () => {
  it('shows the opens, each model by interest, the picks with their comments and every view', async () => {
    answerCalls(
      api,
      answer(endpoints.package.get, () => packageFixture()),
      answer(endpoints.package.activity, () => activityFixture()),
    );
    openDrawer();
    const summary = await screen.findByTestId('package-activity-summary');
    expect(summary.textContent).toContain('打开次数3');
    expect(summary.textContent).toContain('访客2');
    expect(summary.textContent).toContain('选中2');

    // Most picked first, then the model looked at, then one nobody opened.
    const rows = document.querySelectorAll('[data-testid^="package-activity-model-"]');
    expect([...rows].map((row) => row.getAttribute('data-testid'))).toEqual([
      'package-activity-model-8',
      'package-activity-model-7',
      'package-activity-model-9',
    ]);
    const wang = screen.getByTestId('package-activity-model-8');
    expect(wang.textContent).toContain('王珊');
    expect(wang.textContent).toContain('1分20秒');
    expect(screen.getByTestId('package-activity-model-7').textContent).toContain('20秒');

    const named = screen.getByTestId('package-pick-21');
    expect(named.textContent).toContain('王珊');
    expect(named.textContent).toContain('陈静');
    expect(named.textContent).toContain('很适合这次拍摄，档期如何？');
    expect(screen.getByTestId('package-pick-22').textContent).toContain('访客 zz9y8x');

    const view = screen.getByTestId('package-view-103');
    expect(view.textContent).toContain('陈静');
    expect(view.textContent).toContain('模特详情');
    expect(view.textContent).toContain('王珊');
    expect(view.textContent).toContain('手机');
    expect(view.textContent).toContain('1分20秒');
    const anonymous = screen.getByTestId('package-view-102');
    expect(anonymous.textContent).toContain('访客 zz9y8x');
    expect(anonymous.textContent).toContain('套餐首页');
    expect(anonymous.textContent).toContain('电脑');
    expect(anonymous.textContent).toContain('5秒');

    // The links of a live package, to send again.
    expect(within(screen.getByTestId('package-activity')).getByTestId('share-mobile-url')).toBeTruthy();
  });

  it('says so when the client has not opened the link yet', async () => {
    answerCalls(
      api,
      answer(endpoints.package.get, () => packageFixture()),
      answer(endpoints.package.activity, () =>
        activityFixture({
          view_count: 0,
          visitor_count: 0,
          pick_count: 0,
          first_viewed_at: null,
          last_viewed_at: null,
          models: [],
          views: [],
          picks: [],
        }),
      ),
    );
    openDrawer();
    expect(await screen.findByText('客户还没有打开链接')).toBeTruthy();
    expect(screen.getByText('客户还没有选中模特或留言')).toBeTruthy();
  });

  it('names a package that is not there (another team’s, say)', async () => {
    const missing = () => {
      throw new ApiError({ code: 40400, message: '套餐不存在', status: 404 });
    };
    answerCalls(api, answer(endpoints.package.get, missing), answer(endpoints.package.activity, missing));
    openDrawer();
    expect((await screen.findByTestId('package-activity-missing')).textContent).toContain('套餐不存在');
  });
});

describe('modelInterest', () => {
  it('puts picks first, then time on screen, then opens', () => {
    const pkg = packageFixture();
    const activity = activityFixture({
      models: [
        { model_id: 7, model_name: '刘晓阳', view_count: 9, visible_ms: 1_000, pick_count: 0 },
        { model_id: 9, model_name: '李想', view_count: 1, visible_ms: 60_000, pick_count: 0 },
        { model_id: 8, model_name: '王珊', view_count: 1, visible_ms: 1_000, pick_count: 1 },
      ],
    });
    expect(modelInterest(pkg, activity).map((row) => row.model_id)).toEqual([8, 9, 7]);
  });
});

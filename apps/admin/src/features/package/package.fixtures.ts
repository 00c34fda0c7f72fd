/** Test data of the package feature: packages and their activity as the API answers them. */
import type { Package, PackageActivity, PackageModel } from '@trackit/contract/package.schema';

export const packageModelFixture = (
  modelId: number,
  name: string,
  overrides: Partial<PackageModel> = {},
) => ({
  model_id: modelId,
  name,
  english_name: null,
  cover_thumb_url: null,
  folder_ids: [],
  file_ids: [],
  view_count: 0,
  pick_count: 0,
  ...overrides,
});

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

/** A package as the API answers it; `overrides` changes what a test is about. */
export const packageFixture = (overrides: Partial<Package> = {}): Package => {
  const shareId = overrides.share_id ?? SHARE_ID;
  return {
    id: 12,
    title: '春夏女装 Lookbook',
    message: '请查看以下模特',
    company_id: 3,
    company_name: '杭州青禾服饰有限公司',
    contact_id: 5,
    contact_name: '陈静',
    share_id: shareId,
    mobile_url: `/h5/s/${shareId}`,
    desktop_url: `/web/s/${shareId}`,
    status: 'active',
    expires_at: '2099-01-31T08:00:00Z',
    revoked_at: null,
    fields: ['english_name', 'age', 'height'],
    models: [
      packageModelFixture(7, '刘晓阳'),
      packageModelFixture(8, '王珊'),
      packageModelFixture(9, '李想'),
    ],
    view_count: 0,
    pick_count: 0,
    last_viewed_at: null,
    created_by: { id: 1, nickname: '林晓' },
    created_at: '2026-01-01T08:00:00Z',
    updated_at: '2026-01-01T08:00:00Z',
    ...overrides,
  };
};

/** What a client did with packageFixture(): two visitors, one of them named, two picks. */
export const activityFixture = (overrides: Partial<PackageActivity> = {}): PackageActivity => ({
  view_count: 3,
  visitor_count: 2,
  pick_count: 2,
  first_viewed_at: '2026-01-02T09:00:00Z',
  last_viewed_at: '2026-01-02T10:30:00Z',
  models: [
    { model_id: 7, model_name: '刘晓阳', view_count: 1, visible_ms: 20_000, pick_count: 0 },
    { model_id: 8, model_name: '王珊', view_count: 2, visible_ms: 80_000, pick_count: 2 },
  ],
  views: [
    {
      id: 103,
      visitor: 'v1a2b3c4d5e6f7g8',
      name: '陈静',
      page: 'model',
      model_id: 8,
      model_name: '王珊',
      app: 'h5',
      device: 'mobile',
      visible_ms: 80_000,
      opened_at: '2026-01-02T10:30:00Z',
    },
    {
      id: 102,
      visitor: 'zz9y8x7w6v5u4t3s',
      name: null,
      page: 'package',
      model_id: null,
      model_name: null,
      app: 'web',
      device: 'desktop',
      visible_ms: 5_000,
      opened_at: '2026-01-02T09:10:00Z',
    },
  ],
  picks: [
    {
      id: 21,
      visitor: 'v1a2b3c4d5e6f7g8',
      name: '陈静',
      model_id: 8,
      model_name: '王珊',
      picked: true,
      comment: '很适合这次拍摄，档期如何？',
      updated_at: '2026-01-02T10:31:00Z',
    },
    {
      id: 22,
      visitor: 'zz9y8x7w6v5u4t3s',
      name: null,
      model_id: 8,
      model_name: '王珊',
      picked: true,
      comment: '',
      updated_at: '2026-01-02T09:12:00Z',
    },
  ],
  ...overrides,
});

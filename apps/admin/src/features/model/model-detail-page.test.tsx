// @vitest-environment jsdom

import type { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@trackit/client/api-client';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Model, Trip } from '@trackit/contract/model.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { modelFixture } from './model.fixtures';
import { ModelDetailPage } from './model-detail-page';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

const model: Model = modelFixture({
  english_name: 'Sunny',
  mobile: '13812345678',
  commission_rate: 2000,
});

const trip: Trip = {
  id: 4,
  model_id: 9,
  kind: 'vacation',
  start_date: '2026-12-01',
  end_date: '2026-12-07',
  place: '三亚',
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
};

const answerAs = (level: PermissionLevel, stored: Model | null = model) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level }]),
    answer(endpoints.country.list, () => ({ countries: { CN: '中国' } })),
    answer(endpoints.model.get, () => {
      if (!stored) throw new ApiError({ message: '模特不存在', code: 40400, status: 404 });
      return stored;
    }),
    answer(endpoints.model.trips, () => ({ data: [trip], page: 1, perPage: 20, total: 1 })),
    // The package editor's pickers.
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    answer(endpoints.model.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
  );

/** Waits until the member's levels are in, so what is hidden stays hidden. */
const levelsLoaded = async (queryClient: QueryClient) => {
  await waitFor(() =>
    expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
  );
  await pageSettled(queryClient);
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('ModelDetailPage', () => {
  it('shows the header and profile, and 编辑 and the trip actions to a member who may edit', async () => {
    answerAs('edit');
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-figures')).textContent).toBe('178cm · 55kg · 84/60/88 · S');
    await waitFor(() => expect(screen.getByTestId('model-profile').textContent).toContain('国籍中国'));
    // Below manage the answer has no ID, and the page has no line for it.
    expect(screen.queryByTestId('model-id-number')).toBeNull();
    expect(await screen.findByTestId('model-edit')).toBeTruthy();
    // 发套餐: a new package of this model.
    fireEvent.click(screen.getByTestId('model-package'));
    expect((await screen.findByTestId('package-model-9')).textContent).toContain('刘晓阳');
    fireEvent.click(screen.getByText('取消'));
    fireEvent.click(screen.getByRole('tab', { name: '行程' }));
    expect((await screen.findByTestId('trip-row-4')).textContent).toContain('2026-12-01 至 2026-12-07');
    expect(await screen.findByTestId('trip-add')).toBeTruthy();
    expect(screen.getByTestId('trip-delete-4')).toBeTruthy();
  });

  it('hides 编辑 and every trip action from a member who may only read', async () => {
    answerAs('read');
    const { queryClient } = renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    await screen.findByTestId('model-figures');
    await levelsLoaded(queryClient);
    expect(screen.queryByTestId('model-edit')).toBeNull();
    expect(screen.queryByTestId('model-package')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '行程' }));
    await screen.findByTestId('trip-row-4');
    expect(screen.queryByTestId('trip-add')).toBeNull();
    expect(screen.queryByTestId('trip-edit-4')).toBeNull();
    expect(screen.queryByTestId('trip-delete-4')).toBeNull();
  });

  it('shows the ID line at manage level, where the answer carries it', async () => {
    answerAs('manage', { ...model, id_number: '11010519491231002X' });
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/9');
    expect((await screen.findByTestId('model-id-number')).textContent).toBe('11010519491231002X');
  });

  it('says so when the model is not there', async () => {
    answerAs('edit', null);
    renderPage(<ModelDetailPage />, '/information/model/:id', '/information/model/123');
    expect((await screen.findByTestId('model-missing')).textContent).toContain('该模特可能不存在');
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Model } from '@trackit/contract/model.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { clearKeptSelections } from '../../components/list/use-list-selection';
import { answer, answerCalls, callsTo } from '../../testing/api-answers';
import { pageSettled, renderPage } from '../../testing/render-page';
import { modelFixture } from './model.fixtures';
import { ModelListPage } from './model-list-page';

vi.mock('../../api', () => ({ api: { call: vi.fn(), download: vi.fn() } }));

const model = (id: number, name: string, overrides: Partial<Model> = {}): Model =>
  modelFixture({ id, name, manager_member_id: 3, manager_nickname: '沈念', ...overrides });

const answerAs = (level: PermissionLevel, models: Model[] = [model(1, '刘晓阳'), model(2, '王珊')]) =>
  answerCalls(
    api,
    answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level }]),
    answer(endpoints.country.list, () => ({ countries: { CN: '中国' } })),
    answer(endpoints.model.list, ({ query }) => ({
      data: models,
      page: Number(query?.page ?? 1),
      perPage: 20,
      total: models.length,
    })),
    // The package editor's company picker.
    answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
  );

const lastListQuery = () => callsTo(api, endpoints.model.list).at(-1)?.[0];

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  clearKeptSelections();
});

describe('ModelListPage', () => {
  it("asks for the address's filters, ranges as min-max, and shows each model as a card", async () => {
    answerAs('edit');
    renderPage(
      <ModelListPage />,
      '/information/model',
      '/information/model?keyword=lxy&height=174_179&height=180_186&age=22_25&gender=female',
    );
    const card = await screen.findByTestId('model-card-1');
    expect(lastListQuery()).toEqual({
      query: {
        keyword: 'lxy',
        gender: 'female',
        height: ['174-179', '180-186'],
        age: ['22-25'],
        page: 1,
        per_page: 20,
      },
    });
    expect(card.textContent).toContain('刘晓阳');
    expect(card.textContent).toContain('女 · 24岁');
    expect(card.textContent).toContain('178cm · 55kg · 84/60/88 · S');
    expect(card.textContent).toContain('上海');
    // No cover yet: the first character of the name stands in.
    expect(within(card).getByTestId('model-cover').textContent).toBe('刘');
    expect(screen.getByTestId('model-height-174_179').className).toContain('checked');
  });

  it('adds a range chip to the address, then sends both ranges', async () => {
    answerAs('edit');
    const { where } = renderPage(
      <ModelListPage />,
      '/information/model',
      '/information/model?height=168_173',
    );
    await screen.findByTestId('model-card-1');
    fireEvent.click(screen.getByTestId('model-height-over_197'));
    await waitFor(() => expect(where()).toBe('/information/model?height=168_173&height=over_197'));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ query: { height: ['168-173', '198-'], page: 1, per_page: 20 } }),
    );
    fireEvent.click(screen.getByTestId('model-height-168_173'));
    await waitFor(() => expect(where()).toBe('/information/model?height=over_197'));
  });

  it('remembers the table view in the address, and selects models with a count and 取消选择 only', async () => {
    answerAs('read');
    const { where, queryClient } = renderPage(<ModelListPage />, '/information/model');
    await screen.findByTestId('model-card-1');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
    );
    await pageSettled(queryClient);
    fireEvent.click(within(screen.getByTestId('model-card-2')).getByRole('checkbox'));
    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 1 项');
    // A member who may only read has nothing to run on them.
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['查看已选', '取消选择']);

    fireEvent.click(screen.getByText('表格'));
    await waitFor(() => expect(where()).toBe('/information/model?view=table'));
    expect((await screen.findByTestId('model-row-1')).textContent).toContain('84/60/88');
    // The table shows the same selection as the cards.
    expect(screen.getByTestId('list-selection-bar').textContent).toContain('已选 1 项');
    expect(within(screen.getByTestId('model-row-2')).getByRole('checkbox')).toHaveProperty('checked', true);
  });

  it('keeps the selection across a new search and another page, and sends all of it as a package', async () => {
    answerCalls(
      api,
      answer(endpoints.permission.mine, () => [{ key: 'data_management' as const, level: 'edit' as const }]),
      answer(endpoints.country.list, () => ({ countries: { CN: '中国' } })),
      answer(endpoints.model.list, ({ query }) => {
        const page = Number(query?.page ?? 1);
        if (query?.keyword) return { data: [model(5, '张桐')], page: 1, perPage: 20, total: 1 };
        const data = page === 1 ? [model(1, '刘晓阳'), model(2, '王珊')] : [model(21, '赵雪')];
        return { data, page, perPage: 20, total: 21 };
      }),
      answer(endpoints.company.list, () => ({ data: [], page: 1, perPage: 20, total: 0 })),
    );
    const { where } = renderPage(<ModelListPage />, '/information/model');
    fireEvent.click(within(await screen.findByTestId('model-card-2')).getByRole('checkbox'));

    fireEvent.click(screen.getByTitle('2'));
    fireEvent.click(within(await screen.findByTestId('model-card-21')).getByRole('checkbox'));

    fireEvent.change(screen.getByTestId('model-search'), { target: { value: 'zhang' } });
    await waitFor(() => expect(where()).toBe('/information/model?keyword=zhang'));
    fireEvent.click(within(await screen.findByTestId('model-card-5')).getByRole('checkbox'));
    const bar = screen.getByTestId('list-selection-bar');
    expect(bar.textContent).toContain('已选 3 项');

    // 查看已选 names every model chosen, from whichever search; one is taken out there.
    fireEvent.click(within(bar).getByText('查看已选'));
    const review = await screen.findByTestId('list-selection-review');
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('王珊'),
      expect.stringContaining('赵雪'),
      expect.stringContaining('张桐'),
    ]);
    fireEvent.click(within(screen.getByTestId('list-selected-21')).getByRole('button', { name: '移除' }));
    await waitFor(() => expect(bar.textContent).toContain('已选 2 项'));

    fireEvent.click(within(bar).getByText('发套餐'));
    const rows = (await screen.findByTestId('package-models')).querySelectorAll('li');
    expect([...rows].map((row) => row.getAttribute('data-testid'))).toEqual([
      'package-model-2',
      'package-model-5',
    ]);
  }, 60_000);

  it('sends the ticked models as a package, in the order they were ticked', async () => {
    answerAs('edit');
    renderPage(<ModelListPage />, '/information/model');
    await screen.findByTestId('model-card-1');
    fireEvent.click(within(screen.getByTestId('model-card-2')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('model-card-1')).getByRole('checkbox'));
    const bar = screen.getByTestId('list-selection-bar');
    fireEvent.click(await within(bar).findByText('发套餐'));
    const rows = (await screen.findByTestId('package-models')).querySelectorAll('li');
    expect([...rows].map((row) => row.getAttribute('data-testid'))).toEqual([
      'package-model-2',
      'package-model-1',
    ]);
    expect(rows[1]?.textContent).toContain('刘晓阳');
    // Closed without sending: the selection stays for another try.
    fireEvent.click(screen.getByText('取消'));
    await waitFor(() => expect(bar.textContent).toContain('已选 2 项'));
  });

  it('offers 新建模特 to a member who may edit, and not to one who may only read', async () => {
    answerAs('edit');
    renderPage(<ModelListPage />, '/information/model');
    expect(await screen.findByTestId('model-create')).toBeTruthy();
    cleanup();

    answerAs('read');
    const { queryClient } = renderPage(<ModelListPage />, '/information/model');
    await screen.findByTestId('model-card-1');
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith(endpoints.permission.mine, undefined, expect.anything()),
    );
    // Once the levels are in, the button still does not come.
    await pageSettled(queryClient);
    expect(screen.queryByTestId('model-create')).toBeNull();
    expect(screen.queryByTestId('model-import')).toBeNull();
  });

  it("exports exactly the address's filters and order, not its page", async () => {
    answerAs('read');
    vi.mocked(api.download).mockResolvedValueOnce({
      blob: new Blob(['x']),
      fileName: '模特-2026-11-23.xlsx',
    });
    URL.createObjectURL = vi.fn(() => 'blob:models');
    URL.revokeObjectURL = vi.fn();
    renderPage(
      <ModelListPage />,
      '/information/model',
      '/information/model?height=174_179&sort=name&page=2&view=table',
    );
    await screen.findByTestId('model-row-1');
    fireEvent.click(screen.getByTestId('model-export'));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(endpoints.model.export, {
        query: { height: ['174-179'], sort: 'name' },
      }),
    );
  });

  it('says why the list is empty, with 清除筛选 when filters are set', async () => {
    answerAs('edit', []);
    renderPage(<ModelListPage />, '/information/model', '/information/model?weight=over_75');
    expect((await screen.findByTestId('list-empty')).textContent).toContain('没有符合条件的模特');
  });

  it('names every filter by what it filters, for assistive technology (accessibility)', async () => {
    answerAs('edit');
    renderPage(<ModelListPage />, '/information/model', '/information/model');
    await screen.findByTestId('model-card-1');
    for (const name of ['性别', '服装尺码', '罩杯', '城市', '国籍', '标签', '状态', '排序', '经纪人']) {
      expect(screen.getByLabelText(name), name).toBeTruthy();
    }
    expect(screen.getByLabelText('选择 刘晓阳').getAttribute('type')).toBe('checkbox');
  });
});

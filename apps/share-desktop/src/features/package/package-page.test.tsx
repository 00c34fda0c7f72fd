/** @vitest-environment jsdom */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { rememberVisitorName } from '@trackit/client/share/visitor';
import {
  failure,
  notFound,
  ok,
  type SeenCall,
  type StubAnswer,
  stubFetch,
} from '@trackit/client/testing/fetch-stub';
import { SHARE_STORAGE_KEYS } from '@trackit/contract/share';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { packageAnswer, SHARE_ID } from '../../testing/share-fixtures';
import { resetNamePrompt } from './visitor-name-prompt';

const PACKAGE_PATH = `/v1/public/packages/${SHARE_ID}`;
const PICKS_PATH = `${PACKAGE_PATH}/picks`;

const pickAnswer = ({ body }: SeenCall): StubAnswer => {
  const { model_id, picked, comment } = body as { model_id: number; picked: boolean; comment: string };
  return ok({ model_id, picked, comment });
};

let seen: SeenCall[] = [];

beforeEach(() => {
  localStorage.clear();
  resetNamePrompt();
  seen = stubFetch([
    ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
    ['POST', PICKS_PATH, pickAnswer],
    ['POST', `${PACKAGE_PATH}/views`, () => ok(null)],
  ]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picksSent = () => seen.filter((call) => call.method === 'POST' && call.path === PICKS_PATH);
const heartOf = (modelId: number) =>
  within(screen.getByTestId(`model-card-${modelId}`)).getByTestId('pick-heart');

/** A card's fact lines, as [label, value] pairs. */
const factsOf = (modelId: number) =>
  within(screen.getByTestId(`model-card-${modelId}`))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the package page', () => {
  it('shows the agency, title, message and expiry, and a card per model with its figures', async () => {
    renderApp(`/s/${SHARE_ID}`);
    expect(await screen.findByTestId('package-title')).toHaveProperty(
      'textContent',
      '2025 春夏系列 · 女模精选',
    );
    expect(screen.getByTestId('team-name').textContent).toBe('星辰模特经纪');
    expect(screen.getByTestId('package-message').textContent).toContain('请选出心仪人选');
    expect(screen.getByTestId('package-expiry').textContent).toContain('有效期至 2099年07月01日');
    expect(screen.getByText('共 7 位模特')).toBeTruthy();

    const card = screen.getByTestId('model-card-12');
    expect(card.textContent).toContain('苏妍');
    // The fields the package chose: the English name under the name, then each field, a missing one as --.
    expect(within(card).getByTestId('english-name').textContent).toBe('Model 12');
    expect(factsOf(12)).toEqual([
      ['年龄', '--'],
      ['身高', '182cm'],
      ['三围', '82/60/88'],
      ['鞋码', '38'],
    ]);
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/s/${SHARE_ID}/12`);
  });

  it('shows on the cards whichever fields the package chose, the same lines on every card', async () => {
    const answer = packageAnswer();
    seen = stubFetch([
      [
        'GET',
        PACKAGE_PATH,
        () =>
          ok(
            packageAnswer({
              fields: ['clothing_size', 'city', 'tags'],
              models: answer.models.map((model) =>
                model.id === 11
                  ? {
                      ...model,
                      facts: { clothing_size: 'xl', city: '乌鲁木齐', tags: ['清新', '知性', '运动'] },
                    }
                  : { ...model, facts: { city: '上海' } },
              ),
            }),
          ),
      ],
      ['POST', `${PACKAGE_PATH}/views`, () => ok(null)],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-card-11');
    expect(factsOf(11)).toEqual([
      ['服装尺码', 'XL'],
      ['城市', '乌鲁木齐'],
      ['风格标签', '清新、知性、运动'],
    ]);
    expect(factsOf(12)).toEqual([
      ['服装尺码', '--'],
      ['城市', '上海'],
      ['风格标签', '--'],
    ]);
    // A value cut short by the card's width can be read whole on hover.
    expect(
      within(screen.getByTestId('model-card-11')).getByText('清新、知性、运动').getAttribute('title'),
    ).toBe('风格标签 清新、知性、运动');
    expect(screen.getByTestId('model-card-11').textContent).not.toContain('身高');
    expect(within(screen.getByTestId('model-card-11')).queryByTestId('english-name')).toBeNull();
  });

  it("asks with this device's visitor id, and records the view", async () => {
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    const get = seen.find((call) => call.method === 'GET');
    const visitorId = localStorage.getItem(SHARE_STORAGE_KEYS.visitorId);
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(get?.query.get('visitor_id')).toBe(visitorId);
    await waitFor(() =>
      expect(seen.find((call) => call.path.endsWith('/views'))?.body).toMatchObject({
        page: 'package',
        model_id: null,
        app: 'web',
        visitor_id: visitorId,
      }),
    );
  });

  it('shows covers from the thumbnail and preview, never the original, lazily below the first row', async () => {
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    const covers = screen.getAllByTestId('model-cover');
    expect(covers).toHaveLength(6);
    const first = covers[0] as HTMLImageElement;
    expect(first.getAttribute('src')).toBe('https://files.test/thumb/101.webp');
    expect(first.getAttribute('srcset')).toBe(
      'https://files.test/thumb/101.webp 480w, https://files.test/preview/101.webp 1600w',
    );
    expect(first.getAttribute('sizes')).toContain('244px');
    expect(document.body.innerHTML).not.toContain('files.test/original');
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
    ]);
    // The sixth model has no cover: the initials of the name stand in.
    expect(within(screen.getByTestId('model-card-16')).getByTestId('cover-placeholder').textContent).toBe(
      'AL',
    );
  });

  it('shows the hearts this device gave, and sends a pick when one is clicked', async () => {
    rememberVisitorName('王女士');
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    expect(heartOf(11).getAttribute('aria-pressed')).toBe('true');
    expect(heartOf(12).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 1 位');

    fireEvent.click(heartOf(12));
    // At once, before the server answers.
    await waitFor(() => expect(heartOf(12).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 2 位');
    await waitFor(() => expect(picksSent()).toHaveLength(1));
    expect(picksSent()[0]?.body).toEqual({
      model_id: 12,
      picked: true,
      comment: '',
      name: '王女士',
      visitor_id: localStorage.getItem(SHARE_STORAGE_KEYS.visitorId),
    });
    // No name was asked: the device knows it.
    expect(screen.queryByTestId('name-input')).toBeNull();

    fireEvent.click(heartOf(11));
    await waitFor(() => expect(picksSent()).toHaveLength(2));
    expect(picksSent()[1]?.body).toMatchObject({ model_id: 11, picked: false });
    await waitFor(() => expect(heartOf(11).getAttribute('aria-pressed')).toBe('false'));
  });

  it('puts the heart back and says why when the pick fails', async () => {
    rememberVisitorName('王女士');
    stubFetch([
      ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
      ['POST', PICKS_PATH, () => failure(429, 42900, '访问过于频繁，请稍后再试')],
      ['POST', `${PACKAGE_PATH}/views`, () => ok(null)],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    fireEvent.click(heartOf(13));
    expect(await screen.findByText('访问过于频繁，请稍后再试')).toBeTruthy();
    await waitFor(() => expect(heartOf(13).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.getByTestId('picked-count').textContent).toBe('已选 1 位');
  });

  it("asks the client's name at the first pick only, and keeps it on the device", async () => {
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    fireEvent.click(heartOf(12));
    const input = await screen.findByTestId('name-input');
    // Nothing is sent while the dialog is open.
    expect(picksSent()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('name-confirm'));
    expect(await screen.findByText('*请输入1-30个字符')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  李导演 ' } });
    fireEvent.click(screen.getByTestId('name-confirm'));
    await waitFor(() => expect(picksSent()).toHaveLength(1));
    expect(picksSent()[0]?.body).toMatchObject({ model_id: 12, picked: true, name: '李导演' });
    expect(localStorage.getItem(SHARE_STORAGE_KEYS.visitorName)).toBe('李导演');

    fireEvent.click(heartOf(13));
    await waitFor(() => expect(picksSent()).toHaveLength(2));
    expect(picksSent()[1]?.body).toMatchObject({ model_id: 13, name: '李导演' });
    expect(screen.getAllByTestId('name-input')).toHaveLength(1);
  });

  it('sends nothing when the name dialog is closed, and picks without a name after 跳过', async () => {
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    fireEvent.click(heartOf(12));
    await screen.findByTestId('name-input');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(heartOf(12).getAttribute('aria-pressed')).toBe('false'));
    expect(picksSent()).toHaveLength(0);

    fireEvent.click(heartOf(12));
    await screen.findByTestId('name-skip');
    fireEvent.click(screen.getByTestId('name-skip'));
    await waitFor(() => expect(picksSent()).toHaveLength(1));
    expect(picksSent()[0]?.body).toMatchObject({ model_id: 12, picked: true, name: '' });
  });

  it('shows only the picked models with 只看已选, and keeps it in the address', async () => {
    const { router } = renderApp(`/s/${SHARE_ID}`);
    await screen.findByTestId('model-grid');
    fireEvent.click(screen.getByText('只看已选'));
    await waitFor(() => expect(screen.queryByTestId('model-card-12')).toBeNull());
    expect(screen.getByTestId('model-card-11')).toBeTruthy();
    expect(router.state.location.search).toBe('?filter=picked');
  });

  it('says so when nothing is picked yet under 只看已选', async () => {
    stubFetch([['GET', PACKAGE_PATH, () => ok({ ...packageAnswer(), picks: [] })]]);
    renderApp(`/s/${SHARE_ID}?filter=picked`);
    expect(await screen.findByText(/还没有选中的模特/)).toBeTruthy();
    fireEvent.click(screen.getByText('查看全部模特'));
    expect(await screen.findByTestId('model-card-12')).toBeTruthy();
  });
});

describe('a link that does not work', () => {
  it('shows the 404 page when the server does not know the share', async () => {
    stubFetch([['GET', PACKAGE_PATH, () => notFound()]]);
    renderApp(`/s/${SHARE_ID}`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });

  it('shows the 404 page without asking for a malformed id, or any other path', async () => {
    const seenHere = stubFetch([]);
    renderApp('/s/not-a-share');
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    cleanup();
    renderApp('/fees/12');
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    cleanup();
    renderApp('/');
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    expect(seenHere).toHaveLength(0);
  });

  it("shows another failure with the server's message and 重试", async () => {
    let answer = failure(500, 50000, '系统异常');
    stubFetch([['GET', PACKAGE_PATH, () => answer]]);
    renderApp(`/s/${SHARE_ID}`);
    expect(await screen.findByText('系统异常')).toBeTruthy();
    answer = ok(packageAnswer());
    fireEvent.click(screen.getByTestId('retry'));
    expect(await screen.findByTestId('model-grid')).toBeTruthy();
  });
});

/** @vitest-environment jsdom */

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure, notFound, ok } from '@trackit/client/testing/fetch-stub';
import { SHARE_STORAGE_KEYS } from '@trackit/contract/share';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderApp } from '../testing/render-app';
import { packageAnswer, SHARE_ID } from '../testing/share-fixtures';

const PACKAGE_PATH = `/v1/public/packages/${SHARE_ID}`;
const PICKS_PATH = `${PACKAGE_PATH}/picks`;

const cardOf = (name: string) => {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no card for ${name}`);
  return within(item);
};

/** A card's fact lines, as [label, value] pairs. */
const factsOf = (name: string) =>
  cardOf(name)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('package page (/h5/s/:shareId)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the team, title and message, then a card per model with its cover and chosen fields', async () => {
    const calls = stubFetch([['GET', PACKAGE_PATH, () => ok(packageAnswer())]]);
    renderApp(`/s/${SHARE_ID}`);

    expect(await screen.findByRole('heading', { name: '2026 春夏 Campaign 选角' })).toBeTruthy();
    expect(screen.getByText('Atelier Models')).toBeTruthy();
    expect(screen.getByText('您好，以下是为本次拍摄推荐的模特，请查看。')).toBeTruthy();
    expect(screen.getByText('3 位模特')).toBeTruthy();
    expect(screen.getByText('已选 1 位')).toBeTruthy();

    // The package is asked with this device's id, so its answer holds the device's hearts.
    const packageCall = calls.find((call) => call.path === PACKAGE_PATH);
    expect(packageCall?.query.get('visitor_id')).toMatch(/^[A-Za-z0-9_-]{16,64}$/);

    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const lin = cardOf('林晓');
    // The fields the package chose: the English name under the name, then a line per field.
    expect(lin.getByText('Lin Xiao')).toBeTruthy();
    expect(factsOf('林晓')).toEqual([
      ['年龄', '23岁'],
      ['身高', '178cm'],
      ['三围', '82/60/88'],
      ['鞋码', '39'],
    ]);
    expect(lin.getByRole('link').getAttribute('href')).toBe(`/h5/s/${SHARE_ID}/11`);
    // A value the model lacks keeps its line (every card the same height), as --.
    expect(factsOf('周然')).toEqual([
      ['年龄', '--'],
      ['身高', '176cm'],
      ['三围', '--'],
      ['鞋码', '--'],
    ]);
    // An English name that is the name itself is not said twice.
    expect(cardOf('Anna Lee').getAllByText('Anna Lee')).toHaveLength(1);

    const cover = lin.getByRole('img', { name: '林晓' }) as HTMLImageElement;
    expect(cover.getAttribute('src')).toMatch(/\/thumb\/\d+\.webp$/);
    expect(cover.getAttribute('srcset')).toMatch(/\/thumb\/\d+\.webp 480w, .*\/preview\/\d+\.webp 1600w$/);
    expect(cover.getAttribute('srcset')).not.toContain('/original/');
    expect(cover.getAttribute('sizes')).toBeTruthy();
    expect(cover.getAttribute('loading')).toBe('eager');
    expect(cover.getAttribute('fetchpriority')).toBe('high');

    // No cover: the initial of the name instead of a picture.
    const zhou = cardOf('周然');
    expect(zhou.queryByRole('img')).toBeNull();
    expect(zhou.getByText('周')).toBeTruthy();

    // The device's earlier heart is shown.
    expect(
      cardOf('Anna Lee').getByRole('button', { name: '取消选中 Anna Lee' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // The open is recorded, once the package has come.
    await waitFor(() => expect(calls.some((call) => call.path === `${PACKAGE_PATH}/views`)).toBe(true));
    const view = calls.find((call) => call.path === `${PACKAGE_PATH}/views`)?.body as Record<string, unknown>;
    expect(view).toMatchObject({ page: 'package', app: 'h5', model_id: null, visible_ms: 0 });
  });

  it('shows on the cards whichever fields the package chose, and only those', async () => {
    const answer = packageAnswer();
    stubFetch([
      [
        'GET',
        PACKAGE_PATH,
        () =>
          ok({
            ...answer,
            fields: ['clothing_size', 'age', 'tags'],
            models: answer.models.map((model, index) => ({
              ...model,
              facts:
                index === 0
                  ? { age: 23, clothing_size: 'm', tags: ['清新', '知性', '运动', '高级感', '复古', '街头'] }
                  : { age: 25 },
            })),
          }),
      ],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    await screen.findByRole('heading', { name: '2026 春夏 Campaign 选角' });
    expect(factsOf('林晓')).toEqual([
      ['年龄', '23岁'],
      ['服装尺码', 'M'],
      ['风格标签', '清新、知性、运动、高级感、复古、街头'],
    ]);
    expect(factsOf('周然')).toEqual([
      ['年龄', '25岁'],
      ['服装尺码', '--'],
      ['风格标签', '--'],
    ]);
    expect(cardOf('林晓').queryByText('178cm')).toBeNull();
  });

  it('sends a pick when the heart is tapped, showing it at once', async () => {
    localStorage.setItem(SHARE_STORAGE_KEYS.visitorName, '王导演');
    let release: () => void = () => undefined;
    const calls = stubFetch([
      ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
      [
        'POST',
        PICKS_PATH,
        (call) =>
          new Promise((resolve) => {
            const body = call.body as { model_id: number; picked: boolean; comment: string };
            release = () =>
              resolve(ok({ model_id: body.model_id, picked: body.picked, comment: body.comment }));
          }),
      ],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    // renderApp clears the device's storage; the name is given again after.
    localStorage.setItem(SHARE_STORAGE_KEYS.visitorName, '王导演');

    const heart = await screen.findByRole('button', { name: '选中 林晓' });
    fireEvent.click(heart);

    // Optimistic: pressed before the server answers.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '取消选中 林晓' }).getAttribute('aria-pressed')).toBe('true'),
    );
    const pick = calls.find((call) => call.method === 'POST' && call.path === PICKS_PATH);
    expect(pick?.body).toEqual({
      model_id: 11,
      picked: true,
      comment: '',
      name: '王导演',
      visitor_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    release();
    await waitFor(() => expect(screen.getByText('已选 2 位')).toBeTruthy());
    // No name question: the name was known.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('takes the heart back, with the server message, when the pick fails', async () => {
    stubFetch([
      ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
      ['POST', PICKS_PATH, () => failure(429, 42900, '访问过于频繁，请稍后再试')],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    localStorage.setItem(SHARE_STORAGE_KEYS.visitorName, '王导演');

    fireEvent.click(await screen.findByRole('button', { name: '选中 林晓' }));
    expect(await screen.findByText('访问过于频繁，请稍后再试')).toBeTruthy();
    expect(screen.getByRole('button', { name: '选中 林晓' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('asks the name the first time only, and sends it with every pick', async () => {
    const calls = stubFetch([
      ['GET', PACKAGE_PATH, () => ok(packageAnswer({ picks: [] }))],
      [
        'POST',
        PICKS_PATH,
        (call) => {
          const body = call.body as { model_id: number; picked: boolean; comment: string };
          return ok({ model_id: body.model_id, picked: body.picked, comment: body.comment });
        },
      ],
    ]);
    renderApp(`/s/${SHARE_ID}`);
    const picks = () => calls.filter((call) => call.path === PICKS_PATH);

    fireEvent.click(await screen.findByRole('button', { name: '选中 林晓' }));
    const dialog = await screen.findByRole('dialog', { name: '请问怎么称呼您？' });
    expect(picks()).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: '确定' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '  王导演  ' } });
    fireEvent.click(confirm);

    await waitFor(() => expect(picks()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(picks()[0]?.body).toMatchObject({ model_id: 11, picked: true, name: '王导演' });
    expect(localStorage.getItem(SHARE_STORAGE_KEYS.visitorName)).toBe('王导演');

    // The second heart goes straight out.
    fireEvent.click(screen.getByRole('button', { name: '选中 Anna Lee' }));
    await waitFor(() => expect(picks()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(picks()[1]?.body).toMatchObject({ model_id: 12, picked: true, name: '王导演' });
  });

  it('sends nothing when the name question is cancelled', async () => {
    const calls = stubFetch([['GET', PACKAGE_PATH, () => ok(packageAnswer({ picks: [] }))]]);
    renderApp(`/s/${SHARE_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '选中 林晓' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '选中 林晓' }).getAttribute('aria-pressed')).toBe('false');
    expect(calls.some((call) => call.path === PICKS_PATH)).toBe(false);
  });

  it('shows the 404 page for an unknown, revoked or expired link', async () => {
    const calls = stubFetch([['GET', PACKAGE_PATH, () => notFound()]]);
    renderApp(`/s/${SHARE_ID}`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    // A wrong link is not a view.
    expect(calls.some((call) => call.path.endsWith('/views'))).toBe(false);
  });

  it('shows the 404 page without asking the server for an id that cannot be one, or another path', async () => {
    const calls = stubFetch([]);
    renderApp('/s/short');
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    cleanup();
    renderApp('/nothing/here');
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('offers 重试 with the server message on another failure, and loads on retry', async () => {
    let fail = true;
    stubFetch([['GET', PACKAGE_PATH, () => (fail ? failure(500, 50000, '系统异常') : ok(packageAnswer()))]]);
    renderApp(`/s/${SHARE_ID}`);
    expect(await screen.findByText('系统异常')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '2026 春夏 Campaign 选角' })).toBeTruthy();
  });
});

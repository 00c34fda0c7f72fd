/** @vitest-environment jsdom */

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '@trackit/client/testing/fetch-stub';
import { SHARE_STORAGE_KEYS } from '@trackit/contract/share';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderApp } from '../testing/render-app';
import { modelAnswer, packageAnswer, SHARE_ID } from '../testing/share-fixtures';

const PACKAGE_PATH = `/v1/public/packages/${SHARE_ID}`;
const MODEL_PATH = `${PACKAGE_PATH}/models/11`;
const PICKS_PATH = `${PACKAGE_PATH}/picks`;

describe("a model's page (/h5/s/:shareId/:modelId)", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows every fact the package shows, the photos to the gallery, the files link and the neighbours', async () => {
    const calls = stubFetch([
      ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
      ['GET', MODEL_PATH, () => ok(modelAnswer())],
    ]);
    renderApp(`/s/${SHARE_ID}/11`);

    expect(await screen.findByRole('heading', { name: '林晓', level: 1 })).toBeTruthy();
    for (const [label, value] of [
      ['英文名', 'Lin Xiao'],
      ['年龄', '23岁'],
      ['身高', '178cm'],
      ['三围', '82/60/88'],
      ['鞋码', '39'],
    ] as const) {
      expect(screen.getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    const photos = await screen.findAllByRole('img', { name: /^林晓 照片/ });
    expect(photos).toHaveLength(3);
    expect(photos[2]?.closest('a')?.getAttribute('href')).toBe(`/h5/photo/${SHARE_ID}/11?i=2`);
    expect(photos[2]?.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('link', { name: /视频与文件/ }).getAttribute('href')).toBe(
      `/h5/files/${SHARE_ID}/11`,
    );
    expect(screen.getByRole('link', { name: /下一位/ }).getAttribute('href')).toBe(`/h5/s/${SHARE_ID}/12`);
    expect(screen.getByRole('link', { name: /下一位/ }).textContent).toContain('Anna Lee');
    expect(screen.queryByRole('link', { name: /上一位/ })).toBeNull();
    expect(screen.getByText('1 / 3')).toBeTruthy();

    await waitFor(() => expect(calls.some((call) => call.path === `${PACKAGE_PATH}/views`)).toBe(true));
    const view = calls.find((call) => call.path === `${PACKAGE_PATH}/views`)?.body;
    expect(view).toMatchObject({ page: 'model', model_id: 11, app: 'h5' });
  });

  it('sends a comment with the heart as it stands, after asking the name once', async () => {
    const calls = stubFetch([
      [
        'GET',
        PACKAGE_PATH,
        () => ok(packageAnswer({ picks: [{ model_id: 11, picked: true, comment: '' }] })),
      ],
      ['GET', MODEL_PATH, () => ok(modelAnswer())],
      [
        'POST',
        PICKS_PATH,
        (call) => {
          const body = call.body as { model_id: number; picked: boolean; comment: string };
          return ok({ model_id: body.model_id, picked: body.picked, comment: body.comment });
        },
      ],
    ]);
    renderApp(`/s/${SHARE_ID}/11`);

    const box = await screen.findByRole('textbox', { name: '留言' });
    await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
    fireEvent.change(box, { target: { value: '档期 5 月可以吗？' } });
    fireEvent.click(screen.getByRole('button', { name: '发送留言' }));

    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '王导演' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));

    expect(await screen.findByText('留言已发送')).toBeTruthy();
    const pick = calls.find((call) => call.path === PICKS_PATH);
    expect(pick?.body).toMatchObject({
      model_id: 11,
      picked: true,
      comment: '档期 5 月可以吗？',
      name: '王导演',
    });
    expect(localStorage.getItem(SHARE_STORAGE_KEYS.visitorName)).toBe('王导演');
    // Sent: nothing new to send until the text changes.
    expect((screen.getByRole('button', { name: '更新留言' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the 404 page for a model that is not in the package', async () => {
    stubFetch([['GET', PACKAGE_PATH, () => ok(packageAnswer())]]);
    renderApp(`/s/${SHARE_ID}/99`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});

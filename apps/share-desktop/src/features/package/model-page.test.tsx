/** @vitest-environment jsdom */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { rememberVisitorName } from '@trackit/client/share/visitor';
import { notFound, ok, type SeenCall, stubFetch } from '@trackit/client/testing/fetch-stub';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { modelAnswer, packageAnswer, SHARE_ID } from '../../testing/share-fixtures';
import { resetNamePrompt } from './visitor-name-prompt';

const PACKAGE_PATH = `/v1/public/packages/${SHARE_ID}`;
const MODEL_PATH = `${PACKAGE_PATH}/models/12`;
const PICKS_PATH = `${PACKAGE_PATH}/picks`;

let seen: SeenCall[] = [];

beforeEach(() => {
  localStorage.clear();
  resetNamePrompt();
  seen = stubFetch([
    ['GET', PACKAGE_PATH, () => ok(packageAnswer())],
    ['GET', MODEL_PATH, () => ok(modelAnswer())],
    [
      'GET',
      /\/models\/(11|13)$/,
      ({ path }) => ok({ ...modelAnswer(), id: Number(path.slice(-2)), name: '周琪', previous_model_id: 12 }),
    ],
    ['POST', PICKS_PATH, ({ body }) => ok({ ...(body as object), name: undefined, visitor_id: undefined })],
    ['POST', `${PACKAGE_PATH}/views`, () => ok(null)],
  ]);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const picksSent = () => seen.filter((call) => call.method === 'POST' && call.path === PICKS_PATH);

describe('a model of the package', () => {
  it("shows the model's name and every fact the package shows, in two columns", async () => {
    renderApp(`/s/${SHARE_ID}/12`);
    expect((await screen.findByTestId('model-name')).textContent).toBe('苏妍');
    const facts = screen.getByTestId('model-facts');
    const pairs = within(facts)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(pairs).toEqual(['英文名 Su Yan', '年龄 23岁', '身高 178cm', '三围 84/60/88', '鞋码 39']);
    expect(screen.getByText('3 张照片 · 1 个视频 · 2 个文件')).toBeTruthy();
  });

  it('lists the photos (grid pictures only), the videos to play and the documents to download', async () => {
    renderApp(`/s/${SHARE_ID}/12`);
    const photos = [...(await screen.findByTestId('photos')).querySelectorAll('img')];
    expect(photos).toHaveLength(3);
    expect(photos[0]?.getAttribute('srcset')).toBe(
      'https://files.test/thumb/201.webp 480w, https://files.test/preview/201.webp 1600w',
    );
    expect(photos[0]?.getAttribute('sizes')).toContain('442px');
    expect(photos.map((photo) => photo.getAttribute('src')).join()).not.toContain('original');

    const videos = within(screen.getByTestId('videos')).getAllByTestId('video') as HTMLVideoElement[];
    expect(videos).toHaveLength(1);
    expect(videos[0]?.getAttribute('src')).toBe('https://files.test/original/301.mp4');
    expect(videos[0]?.getAttribute('poster')).toBe('https://files.test/thumb/301.webp');
    expect(videos[0]?.getAttribute('preload')).toBe('metadata');
    expect(videos[0]?.controls).toBe(true);
    expect(screen.getByText('走秀片段-301.mp4')).toBeTruthy();

    const documents = within(screen.getByTestId('documents')).getAllByTestId('document');
    expect(documents.map((row) => row.textContent)).toEqual([
      expect.stringContaining('模特卡.pdf1.5M'),
      expect.stringContaining('档期表.xlsx1.5M'),
    ]);
    const download = within(documents[0] as HTMLElement).getByTestId('document-download');
    expect(download.getAttribute('href')).toBe('https://files.test/original/302');
    expect(download.getAttribute('download')).toBe('模特卡.pdf');
    // A PDF can also be read in the browser; a spreadsheet only downloaded.
    expect(
      within(documents[0] as HTMLElement)
        .getByText('查看')
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('https://files.test/inline/302.pdf');
    expect(within(documents[1] as HTMLElement).queryByText('查看')).toBeNull();
  });

  it('opens the photo preview on the 1600 px picture', async () => {
    renderApp(`/s/${SHARE_ID}/12`);
    const photos = within(await screen.findByTestId('photos')).getAllByTestId('photo');
    fireEvent.click(photos[1] as HTMLElement);
    await waitFor(() =>
      expect(document.querySelector('.ant-image-preview-img')?.getAttribute('src')).toBe(
        'https://files.test/preview/202.webp',
      ),
    );
    expect(document.querySelector('.ant-image-preview-img')?.hasAttribute('srcset')).toBe(false);
  });

  it('records the view of this model', async () => {
    renderApp(`/s/${SHARE_ID}/12`);
    await screen.findByTestId('model-name');
    await waitFor(() =>
      expect(seen.find((call) => call.path.endsWith('/views'))?.body).toMatchObject({
        page: 'model',
        model_id: 12,
        app: 'web',
      }),
    );
  });

  it('moves to the next and previous models, and back to the package', async () => {
    const { router } = renderApp(`/s/${SHARE_ID}/12`);
    await screen.findByTestId('model-name');
    await screen.findByText('2 / 7');
    fireEvent.click(screen.getByTestId('next-model'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/s/${SHARE_ID}/13`));
    expect((await screen.findByTestId('model-name')).textContent).toBe('周琪');
    fireEvent.click(screen.getByTestId('back-to-package'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/s/${SHARE_ID}`));
    expect(await screen.findByTestId('model-grid')).toBeTruthy();
  });

  it('hearts the model and sends a comment with the heart as it is', async () => {
    rememberVisitorName('王女士');
    renderApp(`/s/${SHARE_ID}/12`);
    const heart = await screen.findByTestId('model-pick');
    await waitFor(() => expect(heart.textContent).toBe('选中这位模特'));
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getByTestId('model-pick').textContent).toBe('已选中'));
    await waitFor(() => expect(picksSent()).toHaveLength(1));
    expect(picksSent()[0]?.body).toMatchObject({ model_id: 12, picked: true, comment: '', name: '王女士' });

    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '下周二有档期吗？' } });
    fireEvent.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(picksSent()).toHaveLength(2));
    expect(picksSent()[1]?.body).toMatchObject({ model_id: 12, picked: true, comment: '下周二有档期吗？' });
    expect(await screen.findByText('留言已发送')).toBeTruthy();
  });

  it('asks the name before the first comment', async () => {
    renderApp(`/s/${SHARE_ID}/12`);
    fireEvent.change(await screen.findByTestId('comment-input'), { target: { value: '很合适' } });
    fireEvent.click(screen.getByTestId('comment-send'));
    fireEvent.change(await screen.findByTestId('name-input'), { target: { value: '李导演' } });
    fireEvent.click(screen.getByTestId('name-confirm'));
    await waitFor(() => expect(picksSent()).toHaveLength(1));
    expect(picksSent()[0]?.body).toMatchObject({ comment: '很合适', picked: false, name: '李导演' });
  });

  it('shows the 404 page for a model not in the package, or not a model id', async () => {
    stubFetch([['GET', PACKAGE_PATH, () => ok(packageAnswer())]]);
    renderApp(`/s/${SHARE_ID}/99`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    cleanup();
    stubFetch([['GET', MODEL_PATH, () => notFound()]]);
    renderApp(`/s/${SHARE_ID}/12`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
    cleanup();
    renderApp(`/s/${SHARE_ID}/abc`);
    expect(await screen.findByText('抱歉，页面未找到')).toBeTruthy();
  });
});

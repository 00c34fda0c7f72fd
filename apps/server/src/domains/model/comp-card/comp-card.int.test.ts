import { COMP_CARD_MESSAGES } from '@trackit/contract/comp-card';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInTeamByLevel } from '../../../test/factories';
import { uploadToFolder } from '../../../test/uploads';

type Headers = Record<string, string>;

/** Distinct portrait JPEGs (each colour its own bytes). */
let shade = 0;
const photo = () => {
  shade += 1;
  return sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: (shade * 37) % 256, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
};

/** What a PDF's uncompressed structure says: pages, their size, images and fonts. */
function readPdf(bytes: Buffer) {
  const text = bytes.toString('latin1');
  return {
    header: text.slice(0, 5),
    pages: text.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0,
    mediaBoxes: [...text.matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((match) => match[1]),
    images: text.match(/\/Subtype \/Image\b/g)?.length ?? 0,
    fonts: [...text.matchAll(/\/FontName \/([A-Z]{6})\+([\w-]+)/g)].map((match) => match[2]),
    embeddedFontFiles: text.match(/\/FontFile2\b/g)?.length ?? 0,
  };
}

describe('comp card', () => {
  let t: TestApp;
  let owner: Headers;
  let reader: Headers;
  let stranger: Headers;
  let model: Model;
  let book: FileItem[];
  let polaroid: FileItem;
  let document: FileItem;

  const api = <T>(method: string, path: string, body?: unknown, headers = owner) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const createModel = async (body: Record<string, unknown>, headers = owner) => {
    const res = await api<Model>('POST', '/v1/models', body, headers);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const createFolder = async (body: Record<string, unknown>, headers = owner) => {
    const res = await api<Folder>('POST', '/v1/folders', body, headers);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const upload = async (
    folderId: number,
    bytes: Buffer,
    file = { name: `照片${shade}.jpg`, type: 'image/jpeg' },
    headers = owner,
  ) => {
    const res = await uploadToFolder(t, headers, folderId, bytes, file);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const query = (fileIds: (number | string)[]) => fileIds.map((id) => `file_ids[]=${id}`).join('&');
  const download = (modelId: number, search = '', headers = owner) =>
    fetch(`${t.baseUrl}/storm_api/v1/models/${modelId}/comp_card${search ? `?${search}` : ''}`, { headers });
  const refusal = (modelId: number, search = '', headers = owner) =>
    api<null>('GET', `/v1/models/${modelId}/comp_card${search ? `?${search}` : ''}`, undefined, headers);

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    owner = team.owner.headers;
    reader = team.levels.read.headers;
    stranger = team.stranger.headers;
    model = await createModel({
      name: '刘晓阳',
      english_name: 'Sunny Liu',
      gender: 'female',
      height: 178,
      bust: 84,
      waist: 60,
      hips: 88,
      shoe_size: 39,
      clothing_size: 's',
      hair_color: '黑色',
      eye_color: '棕色',
    });
    const bookFolder = await createFolder({ name: '画册', kind: 'book', model_id: model.id });
    book = [];
    for (let i = 0; i < 5; i += 1) book.push(await upload(bookFolder.id, await photo()));
    const polaroids = await createFolder({ name: '拍立得', kind: 'polaroid', model_id: model.id });
    polaroid = await upload(polaroids.id, await photo());
    const papers = await createFolder({ name: '资料', model_id: model.id });
    document = await upload(papers.id, Buffer.from('%PDF-1.4\n%%EOF\n'), {
      name: '合同.pdf',
      type: 'application/pdf',
    });
    const cover = await api<Model>('PATCH', `/v1/models/${model.id}`, { cover_file_id: book[0]?.id });
    expect(cover.body.code, cover.body.message).toBe(0);
  });
  afterAll(() => t.close());

  it('answers an A4 PDF with the cover and the first four other photos, fonts embedded as subsets', async () => {
    const res = await download(model.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment;/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('模卡-刘晓阳.pdf')}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const pdf = readPdf(bytes);
    expect(pdf.header).toBe('%PDF-');
    expect(pdf.pages).toBe(2);
    expect(pdf.mediaBoxes).toEqual(['0 0 595.28 841.89', '0 0 595.28 841.89']);
    // The cover on the front, book photos 2–5 on the back.
    expect(pdf.images).toBe(5);
    expect(new Set(pdf.fonts)).toEqual(new Set(['NotoSansSC-Light', 'NotoSansSC-Medium']));
    expect(pdf.embeddedFontFiles).toBe(2);
    // Subsets: a whole weight of the font is about 10 MB.
    expect(bytes.length).toBeLessThan(1_000_000);
  });

  it('takes the chosen photos in their order; the cover alone makes a one-page card', async () => {
    const chosen = await download(model.id, query([polaroid.id, book[3]?.id ?? 0]));
    expect(chosen.status).toBe(200);
    const two = readPdf(Buffer.from(await chosen.arrayBuffer()));
    expect(two).toMatchObject({ pages: 2, images: 3 });

    // Given once (not as a list), and the cover repeated: it is on the front already.
    const coverOnly = await download(model.id, `file_ids=${book[0]?.id}`);
    expect(coverOnly.status).toBe(200);
    expect(readPdf(Buffer.from(await coverOnly.arrayBuffer()))).toMatchObject({ pages: 1, images: 1 });
  });

  it('may be downloaded at read level', async () => {
    const res = await download(model.id, '', reader);
    expect(res.status).toBe(200);
    expect(readPdf(Buffer.from(await res.arrayBuffer())).header).toBe('%PDF-');
  });

  it('puts the first chosen photo on the front of a model without a cover', async () => {
    const plain = await createModel({ name: '王珊', gender: 'female' });
    const folder = await createFolder({ name: '画册', kind: 'book', model_id: plain.id });
    const photos = [await upload(folder.id, await photo()), await upload(folder.id, await photo())];
    const res = await download(plain.id, query(photos.map((file) => file.id)));
    expect(res.status).toBe(200);
    expect(readPdf(Buffer.from(await res.arrayBuffer()))).toMatchObject({ pages: 2, images: 2 });
  });

  it('refuses more than four photos, and ids that are not numbers, with a Chinese message', async () => {
    const five = await refusal(model.id, query(book.map((file) => file.id)));
    expect(five.status).toBe(400);
    expect(five.body).toMatchObject({ code: 40001, message: COMP_CARD_MESSAGES.tooManyPhotos });
    const word = await refusal(model.id, query(['abc']));
    expect(word.status).toBe(400);
    expect(word.body.message).toBe(COMP_CARD_MESSAGES.photoIdInvalid);
  });

  it('refuses a file that is not a picture', async () => {
    const res = await refusal(model.id, query([document.id]));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 40000, message: COMP_CARD_MESSAGES.notAnImage('合同.pdf') });
  });

  it('answers not found for another model’s photo, another team’s photo or model', async () => {
    const other = await createModel({ name: '李娜', gender: 'female' });
    const otherFolder = await createFolder({ name: '画册', kind: 'book', model_id: other.id });
    const otherPhoto = await upload(otherFolder.id, await photo());
    const notMine = await refusal(model.id, query([book[1]?.id ?? 0, otherPhoto.id]));
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ code: 40400, message: COMP_CARD_MESSAGES.photoNotFound });

    const theirs = await createModel({ name: '外人模特', gender: 'female' }, stranger);
    const theirFolder = await createFolder({ name: '画册', kind: 'book', model_id: theirs.id }, stranger);
    const theirPhoto = await upload(theirFolder.id, await photo(), undefined, stranger);
    const foreignPhoto = await refusal(model.id, query([theirPhoto.id]));
    expect(foreignPhoto.status).toBe(404);
    expect(foreignPhoto.body.message).toBe(COMP_CARD_MESSAGES.photoNotFound);
    // Their model, even with their own photo: not found for this team.
    const foreignModel = await refusal(theirs.id, query([theirPhoto.id]));
    expect(foreignModel.status).toBe(404);
    expect(foreignModel.body.message).toBe('模特不存在');
  });

  it('asks for photos first when the model has none, and names a picture it cannot read', async () => {
    const empty = await createModel({ name: '赵敏', gender: 'female' });
    const none = await refusal(empty.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(COMP_CARD_MESSAGES.noPhotos);

    const folder = await createFolder({ name: '画册', kind: 'book', model_id: empty.id });
    const broken = await upload(folder.id, Buffer.from('not a picture at all'), {
      name: '损坏.jpg',
      type: 'image/jpeg',
    });
    const unreadable = await refusal(empty.id, query([broken.id]));
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toBe(COMP_CARD_MESSAGES.unreadable('损坏.jpg'));
  });
});

/** Answers of the public share API, shaped by the contract's types, for the pages' tests. */
import type {
  PublicFile,
  PublicFolder,
  PublicModelDetail,
  PublicPackage,
} from '@trackit/contract/share.schema';

export const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUvWx';

let nextFileId = 1;
export const photo = (name: string): PublicFile => {
  const id = nextFileId++;
  return {
    id,
    kind: 'image',
    name,
    content_type: 'image/jpeg',
    byte_size: 2_400_000,
    url: `https://files.test/original/${id}.jpg`,
    thumb_url: `https://files.test/thumb/${id}.webp`,
    preview_url: `https://files.test/preview/${id}.webp`,
  };
};

export const video = (name: string): PublicFile => {
  const id = nextFileId++;
  return {
    id,
    kind: 'video',
    name,
    content_type: 'video/mp4',
    byte_size: 15_728_640,
    url: `https://files.test/original/${id}.mp4`,
    thumb_url: `https://files.test/thumb/${id}.webp`,
    preview_url: null,
  };
};

export const document = (name: string, bytes: number): PublicFile => {
  const id = nextFileId++;
  return {
    id,
    kind: 'document',
    name,
    content_type: 'application/pdf',
    byte_size: bytes,
    url: `https://files.test/original/${id}.pdf`,
    thumb_url: null,
    preview_url: `https://files.test/original/${id}.pdf`,
  };
};

export const packageAnswer = (overrides: Partial<PublicPackage> = {}): PublicPackage => ({
  title: '2026 春夏 Campaign 选角',
  message: '您好，以下是为本次拍摄推荐的模特，请查看。',
  team_name: 'Atelier Models',
  expires_at: '2026-12-24T10:00:00.000Z',
  fields: ['english_name', 'age', 'height', 'measurements', 'shoe_size'],
  models: [
    {
      id: 11,
      name: '林晓',
      facts: { english_name: 'Lin Xiao', age: 23, height: 178, bust: 82, waist: 60, hips: 88, shoe_size: 39 },
      cover: photo('lin-cover.jpg'),
      photo_count: 3,
      file_count: 2,
    },
    {
      id: 12,
      name: 'Anna Lee',
      facts: { english_name: 'Anna Lee', age: 25, height: 180, shoe_size: 40 },
      cover: photo('anna-cover.jpg'),
      photo_count: 1,
      file_count: 0,
    },
    {
      id: 13,
      name: '周然',
      facts: { english_name: null, age: null, height: 176 },
      cover: null,
      photo_count: 0,
      file_count: 0,
    },
  ],
  picks: [{ model_id: 12, picked: true, comment: '' }],
  ...overrides,
});

export const modelAnswer = (overrides: Partial<PublicModelDetail> = {}): PublicModelDetail => ({
  id: 11,
  name: '林晓',
  facts: { english_name: 'Lin Xiao', age: 23, height: 178, bust: 82, waist: 60, hips: 88, shoe_size: 39 },
  cover: photo('lin-cover.jpg'),
  photo_count: 3,
  file_count: 3,
  package_title: '2026 春夏 Campaign 选角',
  team_name: 'Atelier Models',
  fields: ['english_name', 'age', 'height', 'measurements', 'shoe_size'],
  photos: [photo('lin-1.jpg'), photo('lin-2.jpg'), photo('lin-3.jpg')],
  files: [video('走秀.mp4'), document('模卡.pdf', 1_572_864), document('简历.pdf', 1536)],
  previous_model_id: null,
  next_model_id: 12,
  ...overrides,
});

export const folderAnswer = (overrides: Partial<PublicFolder> = {}): PublicFolder => ({
  name: 'Polaroid 2026',
  team_name: 'Atelier Models',
  model_name: '林晓',
  model_english_name: 'Lin Xiao',
  photos: [photo('p-1.jpg'), photo('p-2.jpg')],
  files: [video('试镜.mp4'), document('尺码表.pdf', 20_480)],
  ...overrides,
});

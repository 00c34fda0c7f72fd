import type {
  PublicFile,
  PublicFolder,
  PublicModelCard,
  PublicModelDetail,
  PublicPackage,
} from '@trackit/contract/share.schema';

/** A well-formed share id (24 characters of base64url). */
export const SHARE_ID = 'Pk7Qw2Xr9Lm4Tn6Vb8Zc1Hs3';

export const photo = (id: number): PublicFile => ({
  id,
  kind: 'image',
  name: `IMG_${id}.jpg`,
  content_type: 'image/jpeg',
  byte_size: 4_200_000,
  url: `https://files.test/original/${id}.jpg`,
  thumb_url: `https://files.test/thumb/${id}.webp`,
  preview_url: `https://files.test/preview/${id}.webp`,
});

export const video = (id: number): PublicFile => ({
  id,
  kind: 'video',
  name: `走秀片段-${id}.mp4`,
  content_type: 'video/mp4',
  byte_size: 52_428_800,
  url: `https://files.test/original/${id}.mp4`,
  thumb_url: `https://files.test/thumb/${id}.webp`,
  preview_url: `https://files.test/preview/${id}.webp`,
});

export const documentFile = (
  id: number,
  name = '模特卡.pdf',
  contentType = 'application/pdf',
): PublicFile => ({
  id,
  kind: 'document',
  name,
  content_type: contentType,
  byte_size: 1536 * 1024,
  url: `https://files.test/original/${id}`,
  thumb_url: null,
  preview_url: contentType === 'application/pdf' ? `https://files.test/inline/${id}.pdf` : null,
});

const card = (id: number, name: string, cover: PublicFile | null): PublicModelCard => ({
  id,
  name,
  facts: { english_name: `Model ${id}`, height: 170 + id, bust: 82, waist: 60, hips: 88, shoe_size: 38 },
  cover,
  photo_count: 3,
  file_count: 2,
});

/** A package of seven models (the sixth without a cover); this device has picked the first. */
export const packageAnswer = (overrides: Partial<PublicPackage> = {}): PublicPackage => ({
  title: '2025 春夏系列 · 女模精选',
  message: '您好，以下是为本次拍摄挑选的模特，请选出心仪人选。',
  team_name: '星辰模特经纪',
  expires_at: '2099-07-01T10:00:00.000Z',
  fields: ['english_name', 'age', 'height', 'measurements', 'shoe_size'],
  models: [
    card(11, '林晓', photo(101)),
    card(12, '苏妍', photo(102)),
    card(13, '周琪', photo(103)),
    card(14, '陈默', photo(104)),
    card(15, '韩雪', photo(105)),
    card(16, 'Anna Lee', null),
    card(17, '许诺', photo(107)),
  ],
  picks: [{ model_id: 11, picked: true, comment: '' }],
  ...overrides,
});

/** The second model's page: three photos, a video and two documents. */
export const modelAnswer = (): PublicModelDetail => ({
  ...card(12, '苏妍', photo(102)),
  facts: {
    english_name: 'Su Yan',
    age: 23,
    height: 178,
    bust: 84,
    waist: 60,
    hips: 88,
    shoe_size: 39,
  },
  package_title: '2025 春夏系列 · 女模精选',
  team_name: '星辰模特经纪',
  fields: ['english_name', 'age', 'height', 'measurements', 'shoe_size'],
  photos: [photo(201), photo(202), photo(203)],
  files: [
    video(301),
    documentFile(302),
    documentFile(303, '档期表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  ],
  previous_model_id: 11,
  next_model_id: 13,
});

export const folderAnswer = (): PublicFolder => ({
  name: '2025 春夏画册',
  team_name: '星辰模特经纪',
  model_name: '林晓',
  model_english_name: 'Lin Xiao',
  photos: [photo(401), photo(402)],
  files: [video(403), documentFile(404)],
});

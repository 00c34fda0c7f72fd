/**
 * The demo agency's 80 models, created through the model service as the owner would (each with its
 * operation-log entry), spread over every height, weight and age range of the model filters
 * (docs/product.md §9). Pictures drawn here with sharp are uploaded through the upload and folder services
 * like a browser's: the first 20 get a book of several and polaroids, every other model a book of one, so
 * every model has a cover and the model list (newest first) opens on photos. Called by `seedDemo`.
 */

import { createHash, randomBytes } from 'node:crypto';
import { addDays, addYears, businessDate } from '@trackit/contract/business-time';
import type { FolderKind, Gender, ModelTripKind, Size } from '@trackit/contract/enums';
import { modelFolderName } from '@trackit/contract/folder.schema';
import type { ModelCreate } from '@trackit/contract/model.schema';
import { pino } from 'pino';
import sharp from 'sharp';
import type { Database } from '../db/client';
import { addFileToFolder, createFolder } from '../domains/folder/folder.service';
import { createTrip } from '../domains/model/model-trip.service';
import { createModel, updateModel } from '../domains/model/model-write.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import { makeFileThumbnails, type ThumbnailQueue } from '../domains/upload/thumbnail-queue';
import { createDirectUpload, storeOwnUpload, type UploadDeps } from '../domains/upload/upload.service';
import type { AuthContext } from '../http/auth-context';

export const DEMO_MODEL_COUNT = 80;
/** How many of the models get a book of several pictures and polaroids (the first ones created). */
export const DEMO_MODELS_WITH_PICTURES = 20;
const PICTURES_PER_BOOK = 4;
/** The book of every other model: its cover alone, so the seed stays quick (issue 21). */
const PICTURES_PER_COVER_BOOK = 1;
const PICTURES_PER_POLAROID = 2;

const SURNAMES = [
  '林',
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '赵',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
  '何',
  '高',
  '罗',
];
/** Given names, the first ten women's, the rest men's. */
const GIVEN = [
  '晓阳',
  '雨桐',
  '思琪',
  '子涵',
  '欣怡',
  '梓萱',
  '一诺',
  '可欣',
  '诗雨',
  '安琪',
  '浩然',
  '子轩',
  '宇航',
  '俊杰',
  '博文',
  '天佑',
];
const ENGLISH = ['Anna', 'Bella', 'Chloe', 'Daisy', 'Eva', 'Fiona', 'Grace', 'Hannah', 'Iris', 'Jade'];
const ENGLISH_MEN = ['Aaron', 'Leo', 'Ethan', 'Ryan', 'Oscar', 'Kevin'];
const CITIES = ['上海', '北京', '杭州', '广州', '深圳', '成都', '重庆', '南京', '武汉', '西安'];
const NATIONALITIES = ['CN', 'CN', 'CN', 'CN', 'RU', 'CN', 'UA', 'CN', 'BR', 'FR'];
const TAGS = ['平模', '走秀', '广告', '电商', '混血', '运动', '气质', '甜美', '高冷', '街头', '商务', '童模'];
const SIZES_BY_HEIGHT: Size[] = ['xs', 's', 's', 'm', 'm', 'l', 'l', 'xl', 'xl', 'xxl'];
/** Heights of women and of men: together they reach every height range of the filters. */
const HEIGHTS: Record<Gender, number[]> = {
  female: [158, 163, 166, 169, 171, 173, 175, 177, 179, 181],
  male: [178, 182, 185, 187, 189, 191, 192, 194, 196, 199],
};
/** Ages (whole years today): every age range, under 18 to over 37. */
const AGES = [16, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 40, 45];
const WEIGHT_OFFSETS = [-4, -2, 0, 2, 4];
const PALETTES: [string, string][] = [
  ['#f5d0c5', '#8e6c88'],
  ['#c3e4f5', '#2f54eb'],
  ['#fde2b8', '#d4380d'],
  ['#d9f7be', '#237804'],
  ['#efdbff', '#531dab'],
  ['#ffd6e7', '#c41d7f'],
];

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

/** A birthday making the model `age` whole years old today (China), `daysBack` days past the birthday. */
function birthdayFor(today: string, age: number, daysBack: number): string {
  return addDays(addYears(today, -age), -daysBack);
}

interface DemoModel {
  input: ModelCreate;
  trip?: { kind: ModelTripKind; start: number; days: number; place: string };
}

/** The 80 models: deterministic, so the demo looks the same on every machine. */
export function demoModels(today: string, managerIds: number[]): DemoModel[] {
  return Array.from({ length: DEMO_MODEL_COUNT }, (_, i) => {
    const surname = pick(SURNAMES, i);
    const givenIndex = (i + Math.floor(i / SURNAMES.length) * 9) % GIVEN.length;
    const gender: Gender = givenIndex < 10 ? 'female' : 'male';
    const heightIndex = (i * 3 + Math.floor(i / 10)) % 10;
    const height = pick(HEIGHTS[gender], heightIndex);
    const weight = height - (gender === 'female' ? 115 : 110) + pick(WEIGHT_OFFSETS, i);
    const age = pick(AGES, i);
    const nationality = pick(NATIONALITIES, i);
    const english =
      nationality !== 'CN' || i % 3 === 0
        ? gender === 'female'
          ? pick(ENGLISH, i)
          : pick(ENGLISH_MEN, i)
        : null;
    const input: ModelCreate = {
      name: `${surname}${pick(GIVEN, givenIndex)}`,
      english_name: english,
      gender,
      birthday: birthdayFor(today, age, 1 + ((i * 37) % 300)),
      nationality,
      city: pick(CITIES, i * 7),
      height,
      weight,
      bust: gender === 'female' ? 78 + (i % 10) : 88 + (i % 12),
      waist: gender === 'female' ? 58 + (i % 8) : 70 + (i % 10),
      hips: gender === 'female' ? 84 + (i % 10) : 90 + (i % 8),
      shoe_size: gender === 'female' ? 35 + (i % 5) : 41 + (i % 5),
      clothing_size: pick(SIZES_BY_HEIGHT, heightIndex),
      cup: gender === 'female' ? pick(['A', 'B', 'C', 'D'] as const, i) : null,
      hair_color: pick(['黑色', '棕色', '金色', '栗色'], i),
      eye_color: pick(['黑色', '棕色', '蓝色', '灰色'], i * 3),
      tags: [pick(TAGS, i), pick(TAGS, i * 5 + 1), ...(age < 18 ? ['童模'] : [])],
      mobile: `1376000${String(i).padStart(4, '0')}`,
      wechat: `model_${i + 1}`,
      manager_member_id: pick(managerIds, i),
      commission_rate: pick([1500, 2000, 2500, 3000], i),
      contract_start: i % 4 === 0 ? null : birthdayFor(today, 1, (i * 11) % 300),
      contract_end: i % 4 === 0 ? null : birthdayFor(today, -2, (i * 11) % 300),
      status: i % 25 === 24 ? 'paused' : 'active',
    };
    const trip =
      i % 13 === 2
        ? {
            kind: pick(['vacation', 'work', 'expatriate'] as const, i),
            start: 3 + (i % 20),
            days: 2 + (i % 6),
            place: pick(['三亚', '巴黎', '东京', '米兰', '首尔'], i),
          }
        : undefined;
    return trip ? { input, trip } : { input };
  });
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** A 600 × 800 JPEG: a gradient, a figure in a pose, the model's name and the picture's number. */
export async function drawPortrait(name: string, number: number, seed: number): Promise<Buffer> {
  const [light, dark] = pick(PALETTES, seed + number);
  const sway = ((number % 3) - 1) * 40;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="${number % 2}" y2="1">
      <stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.5">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="600" height="800" fill="url(#bg)"/>
  <rect width="600" height="800" fill="url(#glow)"/>
  <g fill="#1f1f1f" fill-opacity="0.78">
    <circle cx="${300 + sway / 4}" cy="215" r="62"/>
    <path d="M${230 + sway / 4} 300 Q300 270 ${370 + sway / 4} 300 L${400 + sway} 520 L${360 + sway / 2} 520 L350 700 L310 700 L300 560 L290 700 L250 700 L${240 - sway / 2} 520 L${200 - sway} 520 Z"/>
  </g>
  <rect x="0" y="700" width="600" height="100" fill="#000000" fill-opacity="0.35"/>
  <text x="32" y="760" font-family="WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif" font-size="40" fill="#ffffff">${escapeXml(name)}</text>
  <text x="568" y="760" text-anchor="end" font-family="sans-serif" font-size="28" fill="#ffffff" fill-opacity="0.8">${String(number).padStart(2, '0')}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

const silentLog = pino({ level: 'silent' });

/** What the seed's uploads and model writes run with: the seed signs and checks its own references. */
export function seedUploadDeps(
  db: Database,
  storage: BlobStorage,
  clock: () => Date,
): UploadDeps & { makeThumbnails(): Promise<void> } {
  // The seed makes the thumbnails itself at the end, without the job queue (no server runs yet).
  const pending: number[] = [];
  const thumbnails: ThumbnailQueue = {
    enqueue: async (fileId) => void pending.push(fileId),
  };
  return {
    db,
    storage,
    disk: null,
    clock,
    // The server's key is not needed: the seed checks only the references it signed itself.
    blobKey: randomBytes(32),
    maxBytes: Number.MAX_SAFE_INTEGER,
    log: silentLog,
    thumbnails,
    videoPosters: false,
    async makeThumbnails() {
      for (const fileId of pending.splice(0)) {
        await makeFileThumbnails({ db, storage, clock }, fileId, { lastAttempt: true }).catch(
          () => undefined,
        );
      }
    },
  };
}

/**
 * Creates the models as `author` (the team's owner), managers taken in turn from `managerIds`; the first
 * models get a book (and every other one polaroids) of drawn pictures, the first picture as the cover.
 * Thumbnails are made before this resolves.
 */
export async function seedDemoModels(
  db: Database,
  storage: BlobStorage,
  author: AuthContext,
  managerIds: number[],
): Promise<void> {
  const clock = () => new Date();
  const deps = seedUploadDeps(db, storage, clock);
  const origin = { ip: '', userAgent: '' };
  const today = businessDate(clock());

  const upload = async (folderId: number, bytes: Buffer, filename: string) => {
    const announced = await createDirectUpload(deps, author, {
      checksum: createHash('md5').update(bytes).digest('base64'),
      content_type: 'image/jpeg',
      byte_size: bytes.length,
      filename,
    });
    await storeOwnUpload(deps, author, announced.signed_id, bytes);
    return addFileToFolder(deps, author, { folder_id: folderId, signed_id: announced.signed_id }, origin);
  };

  const addFolder = async (
    model: { id: number; name: string; label: string },
    kind: FolderKind,
    count: number,
    seed: number,
  ) => {
    const folder = await createFolder(
      deps,
      author,
      { name: modelFolderName(model.name, kind), kind, model_id: model.id },
      origin,
    );
    const files = [];
    for (let number = 1; number <= count; number += 1) {
      const bytes = await drawPortrait(model.label, number, seed);
      files.push(
        await upload(folder.id, bytes, `${model.name}-${kind}-${String(number).padStart(2, '0')}.jpg`),
      );
    }
    return files;
  };

  for (const [index, demo] of demoModels(today, managerIds).entries()) {
    const created = await createModel(deps, author, demo.input, origin);
    const model = created.row.model;
    if (demo.trip) {
      const start = birthdayFor(today, 0, -demo.trip.start);
      const end = birthdayFor(today, 0, -(demo.trip.start + demo.trip.days));
      await createTrip(
        deps,
        author,
        model.id,
        { kind: demo.trip.kind, start_date: start, end_date: end, place: demo.trip.place },
        origin,
      );
    }
    const label = model.englishName ? `${model.name} ${model.englishName}` : model.name;
    const withPictures = index < DEMO_MODELS_WITH_PICTURES;
    const book = await addFolder(
      { id: model.id, name: model.name, label },
      'book',
      withPictures ? PICTURES_PER_BOOK : PICTURES_PER_COVER_BOOK,
      index,
    );
    if (withPictures && index % 2 === 0) {
      await addFolder(
        { id: model.id, name: model.name, label },
        'polaroid',
        PICTURES_PER_POLAROID,
        index + 3,
      );
    }
    const [cover] = book;
    if (cover) await updateModel(deps, author, model.id, { cover_file_id: cover.id }, origin);
  }
  await deps.makeThumbnails();
}

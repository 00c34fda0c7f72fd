/**
 * The comp card (模卡, docs/product.md "Models"): the printable A4 card of a model, made by the server as a
 * PDF. What the server and the admin app must agree on: the query, its limits and messages, which
 * measurements the card prints, which photos it takes when none are chosen, and the file's name.
 */
import { z } from 'zod';
import { type FolderKind, SIZE_LABELS } from './enums';
import type { Model } from './model.schema';

/** The photos a card shows beside the cover (the back's grid). */
export const COMP_CARD_PHOTO_MAX = 4;

export const COMP_CARD_MESSAGES = {
  tooManyPhotos: `模卡最多选择 ${COMP_CARD_PHOTO_MAX} 张照片`,
  photoIdInvalid: '照片编号无效',
  photoNotFound: '照片不存在，请从该模特的资源中选择',
  notAnImage: (name: string) => `「${name}」不是图片，模卡只能使用照片`,
  unreadable: (name: string) => `照片「${name}」无法读取，请换一张`,
  noPhotos: '该模特还没有照片，请先上传照片再生成模卡',
  /** The admin's words when the card could not be made and the server said nothing more. */
  downloadFailed: '模卡生成失败，请稍后重试',
} as const;

const photoIdSchema = z.coerce
  .number<number>({ error: COMP_CARD_MESSAGES.photoIdInvalid })
  .int(COMP_CARD_MESSAGES.photoIdInvalid)
  .positive(COMP_CARD_MESSAGES.photoIdInvalid);

/**
 * GET /v1/models/{id}/comp_card. `file_ids` (`file_ids[]=12&file_ids[]=15`, or once) are the photos of the
 * grid, in their order: images of the model's own folders. Left out, the card takes the first photos of
 * the model's book (see `defaultCompCardPhotos`). A repeated id counts once.
 */
export const compCardQuerySchema = z.object({
  file_ids: z
    .preprocess(
      (value) => (value === undefined || Array.isArray(value) ? value : [value]),
      z.array(photoIdSchema).max(COMP_CARD_PHOTO_MAX, COMP_CARD_MESSAGES.tooManyPhotos),
    )
    .transform((ids) => [...new Set(ids)])
    .optional(),
});
export type CompCardQuery = z.infer<typeof compCardQuerySchema>;

/** The measurements a card prints, in its order. */
export const COMP_CARD_FIGURES = [
  'height',
  'bust',
  'waist',
  'hips',
  'shoe_size',
  'clothing_size',
  'hair_color',
  'eye_color',
] as const;
export type CompCardFigureKey = (typeof COMP_CARD_FIGURES)[number];

/** Short labels, as agencies print them (鞋码 rather than the form's longer wording). */
export const COMP_CARD_FIGURE_LABELS: Readonly<Record<CompCardFigureKey, string>> = {
  height: '身高',
  bust: '胸围',
  waist: '腰围',
  hips: '臀围',
  shoe_size: '鞋码',
  clothing_size: '尺码',
  hair_color: '发色',
  eye_color: '瞳色',
};

export interface CompCardFigure {
  key: CompCardFigureKey;
  label: string;
  value: string;
}

/** The measurements that are filled, as the card prints them: centimetres and the EU shoe size bare. */
export function compCardFigures(model: Pick<Model, CompCardFigureKey>): CompCardFigure[] {
  return COMP_CARD_FIGURES.flatMap((key) => {
    const raw = model[key];
    if (raw === null || raw === '') return [];
    const value = key === 'clothing_size' ? SIZE_LABELS[raw as keyof typeof SIZE_LABELS] : String(raw);
    return [{ key, label: COMP_CARD_FIGURE_LABELS[key], value }];
  });
}

/** `身高 178 · 胸围 84 · …`: the card's measurements on one line (the admin's preview of the card). */
export const compCardFigureLine = (model: Pick<Model, CompCardFigureKey>): string =>
  compCardFigures(model)
    .map((figure) => `${figure.label} ${figure.value}`)
    .join(' · ');

/** A picture of the model's folders, in their order (folders oldest first, files in each folder's order). */
export interface CompCardCandidate {
  id: number;
  folderKind: FolderKind;
}

/**
 * The photos a card shows when none are chosen: the first of the model's books, then of the other
 * folders, the cover left out (it is the front already). Both the server and the admin's picker use it.
 */
export function defaultCompCardPhotos(
  candidates: readonly CompCardCandidate[],
  coverFileId: number | null,
): number[] {
  const others = candidates.filter((photo) => photo.id !== coverFileId);
  const books = others.filter((photo) => photo.folderKind === 'book');
  const rest = others.filter((photo) => photo.folderKind !== 'book');
  return [...books, ...rest].slice(0, COMP_CARD_PHOTO_MAX).map((photo) => photo.id);
}

/** `模卡-刘晓阳.pdf`; characters a file system refuses become `_`. */
export const compCardFileName = (modelName: string): string =>
  `模卡-${modelName.replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')}.pdf`;

/**
 * A model's comp card (docs/product.md "Models"): which photos it shows and that each may be shown,
 * the photos read from storage at print size, and the PDF drawn by the layout. Reads only: nothing is
 * written, so nothing is logged.
 */
import { businessDate } from '@trackit/contract/business-time';
import {
  COMP_CARD_MESSAGES,
  type CompCardQuery,
  compCardFigures,
  compCardFileName,
  defaultCompCardPhotos,
} from '@trackit/contract/comp-card';
import { MODEL_MESSAGES } from '@trackit/contract/model.schema';
import { loadPdfFonts } from '../../../documents/pdf-fonts';
import { AppError } from '../../../http/app-error';
import type { AuthContext } from '../../../http/auth-context';
import { getTeamName } from '../../team/team.service';
import { renderPrintImage } from '../../upload/signed-files.service';
import { presentModel } from '../model.presenter';
import { type CoverFileRow, findModel, findModelFiles, listModelPictures } from '../model.repository';
import type { ModelDeps } from '../model.service';
import { type Box, printPixels } from './comp-card-geometry';
import { draftCompCard } from './comp-card-layout';

/** The card's PDF and the name it downloads as. */
export interface CompCard {
  fileName: string;
  content: Buffer;
}

/** A stored file of the model's folders (the cover is one). */
type ModelFile = CoverFileRow;

/**
 * The chosen files in the order given. Each must be in one of the model's own folders in the caller's
 * team (anything else, another team's file included, is "not found") and be a picture.
 */
async function chosenPictures(
  deps: ModelDeps,
  teamId: number,
  modelId: number,
  fileIds: number[],
): Promise<ModelFile[]> {
  const found = new Map(
    (await findModelFiles(deps.db, teamId, modelId, fileIds)).map((file) => [file.id, file]),
  );
  return fileIds.map((id) => {
    const file = found.get(id);
    if (!file) throw new AppError('notFound', { message: COMP_CARD_MESSAGES.photoNotFound });
    if (file.kind !== 'image') {
      throw new AppError('badRequest', { message: COMP_CARD_MESSAGES.notAnImage(file.name) });
    }
    return file;
  });
}

/** A picture at its frame's print size; one sharp cannot read is the caller's to replace. */
async function printPhoto(deps: ModelDeps, file: ModelFile, frame: Box): Promise<Buffer> {
  try {
    return await renderPrintImage(deps, file, printPixels(frame));
  } catch (error) {
    deps.log.warn({ err: error, fileId: file.id }, 'comp card photo unreadable');
    throw new AppError('badRequest', { message: COMP_CARD_MESSAGES.unreadable(file.name) });
  }
}

/**
 * GET /v1/models/{id}/comp_card: the cover on the front (without one, the first photo) and the other
 * photos on the back, as an A4 PDF. Photos left unchosen are the first of the model's books.
 */
export async function makeCompCard(
  deps: ModelDeps,
  auth: AuthContext,
  modelId: number,
  query: CompCardQuery,
): Promise<CompCard> {
  const row = await findModel(deps.db, auth.teamId, modelId);
  if (!row) throw new AppError('notFound', { message: MODEL_MESSAGES.modelNotFound });
  // A video's poster can be a cover on screen; a printed card needs a photo.
  const cover = row.cover?.kind === 'image' ? row.cover : null;
  const fileIds =
    query.file_ids ??
    defaultCompCardPhotos(await listModelPictures(deps.db, auth.teamId, modelId), cover?.id ?? null);
  const chosen = (await chosenPictures(deps, auth.teamId, modelId, fileIds)).filter(
    (file) => file.id !== cover?.id,
  );
  const [front, ...back] = cover ? [cover, ...chosen] : chosen;
  if (!front) throw new AppError('badRequest', { message: COMP_CARD_MESSAGES.noPhotos });

  // The answer's own shape gives the measurements their API names, which the contract formats.
  const model = presentModel({
    row,
    coverThumbUrl: null,
    today: businessDate(deps.clock()),
    sight: { manage: false, payout: false, accounting: undefined },
  });
  const [agency, fonts] = await Promise.all([getTeamName(deps.db, auth.teamId), loadPdfFonts()]);
  const draft = draftCompCard(
    {
      name: model.name,
      englishName: model.english_name,
      figures: compCardFigures(model),
      agency,
      createdAt: deps.clock(),
    },
    back.length,
    fonts,
  );
  // One photo after another: each is decoded from its stored file, and only print-size JPEGs are kept.
  const frontPhoto = await printPhoto(deps, front, draft.frames.front);
  const backPhotos: Buffer[] = [];
  for (const [index, file] of back.entries()) {
    const frame = draft.frames.back[index];
    if (frame) backPhotos.push(await printPhoto(deps, file, frame));
  }
  return {
    fileName: compCardFileName(model.name),
    content: await draft.finish({ front: frontPhoto, back: backPhotos }),
  };
}

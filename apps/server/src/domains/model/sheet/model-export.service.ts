/**
 * The export of the model list (docs/product.md "Models"): the models the list's filters find, in its
 * order, as an .xlsx streamed to the client. Only the ids are read at once; the rows are read and
 * written in batches, so a team of 100,000 models never sits in memory.
 */

import { PassThrough } from 'node:stream';
import { businessDate } from '@trackit/contract/business-time';
import type { Model, ModelFilter } from '@trackit/contract/model.schema';
import { XLSX_CONTENT_TYPE } from '@trackit/contract/model-sheet.schema';
import type { AuthContext } from '../../../http/auth-context';
import type { MadeFile } from '../../../http/content-disposition';
import { presentModel } from '../model.presenter';
import { canManage, type ModelDeps, toListFilter } from '../model.service';
import { findModelsByIds, listModelIds } from '../model-list.repository';
import { visibleColumns } from './model-sheet';
import { writeModelsWorkbook } from './model-workbook';

/** Rows read from the database per query. */
const BATCH = 500;

/**
 * GET /v1/models/export: the file starts streaming as soon as the ids are known; a failure after that
 * ends the download short (the client sees a failed download, the server logs the cause).
 */
export async function exportModels(
  deps: ModelDeps,
  auth: AuthContext,
  filter: ModelFilter,
): Promise<MadeFile> {
  const today = businessDate(deps.clock());
  const [manage, ids] = await Promise.all([
    canManage(deps, auth),
    listModelIds(deps.db, auth.teamId, toListFilter(filter, today)),
  ]);
  const columns = visibleColumns(manage);
  async function* batches(): AsyncGenerator<Model[]> {
    for (let start = 0; start < ids.length; start += BATCH) {
      const rows = await findModelsByIds(deps.db, auth.teamId, ids.slice(start, start + BATCH));
      // The payout account is never exported (docs/product.md "Models", 导出).
      const sight = { manage, payout: false, accounting: undefined };
      yield rows.map((row) => presentModel({ row, coverThumbUrl: null, today, sight }));
    }
  }
  const content = new PassThrough();
  writeModelsWorkbook(content, columns, batches(), deps.clock()).catch((error: unknown) =>
    content.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { contentType: XLSX_CONTENT_TYPE, fileName: `模特-${today}.xlsx`, content };
}

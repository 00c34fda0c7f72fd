/**
 * The link preview of a share page (docs/product.md "Packages and share pages", "Share links"): the
 * title, a line of description and the cover a chat app (WeChat) shows when the link is pasted, served in
 * the page's HTML for the share id in its path. One entry per kind of share link: a new kind adds its
 * preview here (the typecheck asks for it). An unknown, revoked or expired id gets no preview (and a 404).
 */

import { businessDate } from '@trackit/contract/business-time';
import { FEE_STATEMENT_MESSAGES } from '@trackit/contract/fee-statement.schema';
import { sliceText, textLength } from '@trackit/contract/patterns';
import { SETTLEMENT_SHARE_MESSAGES } from '@trackit/contract/settlement-share.schema';
import { SHARE_PREVIEW_FIELDS, type ShareLinkKind, shareFacts } from '@trackit/contract/share';
import type { FastifyRequest } from 'fastify';
import { isNotFound } from '../../http/app-error';
import type { PageHead } from '../../http/static-apps';
import { getPublicFeeStatement } from '../fee-statement/fee-statement-public.service';
import { getSharedFolder } from '../folder/folder-share.service';
import { publicFacts } from '../package/package-public.presenter';
import { getPublicPackage, getPublicPackageModel } from '../package/package-public.service';
import { getPublicSettlement } from '../settlement/settlement-share.service';
import type { SignedFile } from '../upload/signed-files.service';
import type { UploadDeps } from '../upload/upload.service';
import { type SharePage, sharePageOf } from './share-paths';

/** A kind's preview: what `withPageHead` (http/static-apps.ts) puts in `<title>`, `description` and `og:` tags. */
type PreviewOf = (deps: UploadDeps, page: SharePage) => Promise<PageHead>;

const imageOf = (file: SignedFile | null) => (file ? (file.thumbUrl ?? file.previewUrl ?? null) : null);

const oneLine = (text: string, max = 80) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return textLength(line) > max ? `${sliceText(line, max - 1)}…` : line;
};

/** Each kind's preview, from what its share page shows (so a preview never tells more than the page). */
const SHARE_PREVIEWS: { readonly [K in ShareLinkKind]: PreviewOf } = {
  package: async (deps, { shareId, itemId }) => {
    if (itemId !== null) {
      const model = await getPublicPackageModel(deps, shareId, itemId);
      const facts = shareFacts(
        publicFacts(model.view.shown.model, model.pkg.fields, businessDate(model.now)),
        SHARE_PREVIEW_FIELDS,
      )
        .map((fact) => `${fact.label} ${fact.value}`)
        .join(' · ');
      return {
        title: `${model.view.shown.model.name} · ${model.pkg.title}`,
        description: oneLine(`${model.teamName}${facts ? `：${facts}` : ''}`),
        image: imageOf(model.view.cover),
      };
    }
    const pkg = await getPublicPackage(deps, shareId, undefined);
    const names = pkg.models.map((view) => view.shown.model.name).join('、');
    return {
      title: pkg.pkg.title,
      description: oneLine(
        pkg.pkg.message || `${pkg.teamName}为您推荐 ${pkg.models.length} 位模特：${names}`,
      ),
      image: imageOf(pkg.models.find((view) => view.cover)?.cover ?? null),
    };
  },
  folder: async (deps, { shareId }) => {
    const folder = await getSharedFolder(deps, shareId);
    const who = folder.modelName ? `${folder.modelName} · ` : '';
    return {
      title: `${who}${folder.folder.name}`,
      description: `${folder.teamName}分享的资源，共 ${folder.files.length} 个文件`,
      image: imageOf(folder.files.find((file) => file.kind === 'image') ?? null),
    };
  },
  // The client's and the agency's names only: no amount, no line, nothing the link's holder has to open.
  fee_statement: async (deps, { shareId }) => {
    const { statement } = await getPublicFeeStatement(deps, shareId);
    return {
      title: FEE_STATEMENT_MESSAGES.title(statement.client_name),
      description: `${statement.payee.name}发送的对账单`,
      image: null,
    };
  },
  // The agency's and the model's names and the number: no amount.
  settlement: async (deps, { shareId }) => {
    const { statement } = await getPublicSettlement(deps, shareId);
    return {
      title: SETTLEMENT_SHARE_MESSAGES.title(statement.number),
      description: `${statement.agency}发给${statement.model_name}的结算单`,
      image: null,
    };
  },
};

/** `registerStaticApps`' `headOf`: the preview of the share page at `rest`; undefined for other pages, null for a share that does not open. */
export function shareHeadResolver(deps: UploadDeps) {
  return async (
    _basePath: string,
    rest: string,
    _request: FastifyRequest,
  ): Promise<PageHead | null | undefined> => {
    const page = sharePageOf(rest);
    if (!page) return undefined;
    try {
      return await SHARE_PREVIEWS[page.kind](deps, page);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
}

/**
 * The client's side of a package (docs/product.md "Packages and share pages"): what the share pages read,
 * and the views and picks they record. The package is the record its share link opens (`openShareLink`:
 * an id that is unknown, revoked, expired or of another kind is "not found" at once, the same answer for
 * each), read within the link's team; a model that is not in the package is "not found" too. Addresses of
 * files are signed for minutes only (publicUrlSeconds).
 */

import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { PACKAGE_NOTICES } from '@trackit/contract/package.schema';
import {
  PACKAGE_VISITOR_NOTICE_INTERVAL_MS,
  SHARE_DEVICE_LABELS,
  type ShareDevice,
} from '@trackit/contract/share';
import type { PickRequest, ViewRequest } from '@trackit/contract/share.schema';
import type { Database } from '../../db/client';
import type { RequestOrigin } from '../../http/auth-context';
import { notifyMembers } from '../notify/notify.service';
import { describeUserAgent } from '../session/user-agent';
import { shareNotFound } from '../share/share-id';
import { openShareLink } from '../share/share-link.service';
import { type SignedFile, signPublicFile } from '../upload/signed-files.service';
import type { PackageRecord } from './package.repository';
import type { PackageDeps } from './package.service';
import {
  countOpen,
  extendView,
  findPick,
  insertView,
  recountPicks,
  savePick,
} from './package-counters.repository';
import {
  findPackageOfLink,
  listShownFiles,
  listShownModels,
  listVisitorPicks,
  lockPackageOfLink,
  type ShownFileRow,
  type ShownModelRow,
} from './package-public.repository';

/** The package a share id opens, with its team's name; else "not found". */
async function livePackage(deps: PackageDeps, shareId: string) {
  const { link, teamName } = await openShareLink(deps.db, 'package', shareId, deps.clock());
  const pkg = await findPackageOfLink(deps.db, link);
  if (!pkg) throw shareNotFound();
  return { pkg, teamName };
}

/** The same inside a transaction that writes on the client's behalf: link and package held until it ends. */
async function lockLivePackage(tx: Database, shareId: string, now: Date) {
  const { link } = await openShareLink(tx, 'package', shareId, now, true);
  const pkg = await lockPackageOfLink(tx, link);
  if (!pkg) throw shareNotFound();
  return pkg;
}

/** A shown model with its signed cover (its own cover, else its first shown photo) and its counts. */
export interface ShownModelView {
  shown: ShownModelRow;
  cover: SignedFile | null;
  photoCount: number;
  fileCount: number;
}

async function modelViews(
  deps: PackageDeps,
  models: ShownModelRow[],
  files: ShownFileRow[],
): Promise<ShownModelView[]> {
  return Promise.all(
    models.map(async (shown) => {
      const own = files.filter((entry) => entry.modelId === shown.model.id);
      const photos = own.filter((entry) => entry.file.kind === 'image');
      const coverRow = shown.cover?.kind === 'image' ? shown.cover : (photos[0]?.file ?? null);
      return {
        shown,
        cover: coverRow ? await signPublicFile(deps, coverRow) : null,
        photoCount: photos.length,
        fileCount: own.length - photos.length,
      };
    }),
  );
}

/** GET /v1/public/packages/{share_id}: the package, its models with covers and counts, and this device's picks. */
export async function getPublicPackage(deps: PackageDeps, shareId: string, visitorId: string | undefined) {
  const { pkg, teamName } = await livePackage(deps, shareId);
  const [models, picks] = await Promise.all([
    listShownModels(deps.db, pkg),
    visitorId ? listVisitorPicks(deps.db, pkg, visitorId) : Promise.resolve([]),
  ]);
  const files = await listShownFiles(
    deps.db,
    pkg.teamId,
    models.map((shown) => shown.entry),
  );
  return { pkg, teamName, models: await modelViews(deps, models, files), picks, now: deps.clock() };
}
export type PublicPackageData = Awaited<ReturnType<typeof getPublicPackage>>;

/**
 * GET /v1/public/packages/{share_id}/models/{model_id}: one model of the package with every shown file
 * signed, and its neighbours in the package's order. A model not in the package is "not found".
 */
export async function getPublicPackageModel(deps: PackageDeps, shareId: string, modelId: number) {
  const { pkg, teamName } = await livePackage(deps, shareId);
  const order = await listShownModels(deps.db, pkg);
  const index = order.findIndex((entry) => entry.model.id === modelId);
  const shown = order[index];
  if (!shown) throw shareNotFound();
  const files = await listShownFiles(deps.db, pkg.teamId, [shown.entry]);
  const [view] = await modelViews(deps, [shown], files);
  if (!view) throw shareNotFound();
  const signed = await Promise.all(files.map((entry) => signPublicFile(deps, entry.file)));
  return {
    pkg,
    teamName,
    view,
    photos: signed.filter((file) => file.kind === 'image'),
    files: signed.filter((file) => file.kind !== 'image'),
    previousModelId: order[index - 1]?.model.id ?? null,
    nextModelId: order[index + 1]?.model.id ?? null,
    now: deps.clock(),
  };
}
export type PublicModelData = Awaited<ReturnType<typeof getPublicPackageModel>>;

/** The package's model, or "not found" (the client may only act on models the package shows). */
async function requireShownModel(tx: Database, pkg: PackageRecord, modelId: number) {
  const [shown] = await listShownModels(tx, pkg, modelId);
  if (!shown) throw shareNotFound();
  return shown.model;
}

/**
 * The creator of the package hears of what the client did, in the same transaction as the record of it;
 * with `visitorId`, at most once per PACKAGE_VISITOR_NOTICE_INTERVAL_MS for that device and package.
 */
async function tellCreator(
  tx: Database,
  pkg: PackageRecord,
  notice: { title: string; body: string; at: Date; visitorId?: string },
) {
  if (!pkg.createdByMembershipId) return;
  await notifyMembers(tx, {
    teamId: pkg.teamId,
    recipientMembershipIds: [pkg.createdByMembershipId],
    type: 'event_notice',
    title: notice.title,
    body: notice.body,
    link: ADMIN_PATHS.package(pkg.id),
    at: notice.at,
    ...(notice.visitorId && {
      once: {
        key: `package:${pkg.id}:visitor:${notice.visitorId}`,
        intervalMs: PACKAGE_VISITOR_NOTICE_INTERVAL_MS,
      },
    }),
  });
}

/**
 * POST /v1/public/packages/{share_id}/picks: this device's heart and comment on a model (the latest
 * kept), the package's pick count, and a notice to its creator when the model becomes picked or the
 * comment changes, at most one per device and package in PACKAGE_VISITOR_NOTICE_INTERVAL_MS.
 */
export async function pickModel(deps: PackageDeps, shareId: string, input: PickRequest) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const pkg = await lockLivePackage(tx, shareId, now);
    const model = await requireShownModel(tx, pkg, input.model_id);
    const before = await findPick(tx, pkg, input.visitor_id, model.id);
    const saved = await savePick(tx, {
      teamId: pkg.teamId,
      packageId: pkg.id,
      modelId: model.id,
      visitorId: input.visitor_id,
      visitorName: input.name || null,
      picked: input.picked,
      comment: input.comment,
      createdAt: now,
      updatedAt: now,
    });
    await recountPicks(tx, pkg, now);
    const newlyPicked = input.picked && !before?.picked;
    const newComment = input.comment !== '' && input.comment !== (before?.comment ?? '');
    if (newlyPicked || newComment) {
      const title = newlyPicked
        ? PACKAGE_NOTICES.picked(model.name, pkg.title)
        : PACKAGE_NOTICES.commented(model.name, pkg.title);
      await tellCreator(tx, pkg, {
        title,
        body: PACKAGE_NOTICES.pickBody(saved.visitorName ?? '', input.comment),
        at: now,
        visitorId: input.visitor_id,
      });
    }
    return saved;
  });
}

const deviceOf = (origin: RequestOrigin): ShareDevice => {
  const device = describeUserAgent(origin.userAgent).device;
  return device === 'unknown' ? 'desktop' : device;
};

/**
 * POST /v1/public/packages/{share_id}/views: a new view id is an open (counted on the package; the very
 * first tells the creator); a known one only grows its visible time. The model, if named, must be one
 * the package shows.
 */
export async function recordView(
  deps: PackageDeps,
  shareId: string,
  input: ViewRequest,
  origin: RequestOrigin,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const pkg = await lockLivePackage(tx, shareId, now);
    const modelId = input.model_id ?? null;
    if (modelId !== null) await requireShownModel(tx, pkg, modelId);
    const device = deviceOf(origin);
    const opened = await insertView(tx, {
      teamId: pkg.teamId,
      packageId: pkg.id,
      viewKey: input.view_id,
      visitorId: input.visitor_id,
      visitorName: input.name || null,
      page: input.page,
      modelId,
      app: input.app,
      device,
      visibleMs: input.visible_ms,
      openedAt: now,
      updatedAt: now,
    });
    if (!opened) {
      await extendView(
        tx,
        pkg,
        {
          viewKey: input.view_id,
          visitorId: input.visitor_id,
          visibleMs: input.visible_ms,
          visitorName: input.name || null,
        },
        now,
      );
      return;
    }
    await countOpen(tx, pkg, now);
    if (!pkg.firstViewedAt) {
      await tellCreator(tx, pkg, {
        title: PACKAGE_NOTICES.firstOpen(pkg.title),
        body: PACKAGE_NOTICES.firstOpenBody(SHARE_DEVICE_LABELS[device]),
        at: now,
      });
    }
  });
}

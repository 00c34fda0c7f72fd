import { createHash } from 'node:crypto';
import type { Package, PackageActivity } from '@trackit/contract/package.schema';
import { SHARE_PATHS } from '@trackit/contract/share';
import type { PackageActivityData, PackageView } from './package.service';

/** A visitor as staff see them: a short code of the device id, never the id itself (it is the device's key). */
export const visitorCode = (visitorId: string): string =>
  createHash('sha256').update(visitorId).digest('hex').slice(0, 6);

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export function presentPackage({ row, models, status }: PackageView): Package {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    company_id: row.companyId,
    company_name: row.companyName,
    contact_id: row.contactId,
    contact_name: row.contactName,
    share_id: row.shareId,
    mobile_url: SHARE_PATHS.mobilePackage(row.shareId),
    desktop_url: SHARE_PATHS.desktopPackage(row.shareId),
    status,
    expires_at: row.expiresAt.toISOString(),
    revoked_at: iso(row.revokedAt),
    fields: row.fields,
    models: models.map((entry) => ({
      model_id: entry.modelId,
      name: entry.name,
      english_name: entry.englishName,
      cover_thumb_url: entry.coverThumbUrl,
      folder_ids: entry.folderIds,
      file_ids: entry.fileIds,
      view_count: entry.viewCount,
      pick_count: entry.pickCount,
    })),
    view_count: row.viewCount,
    pick_count: row.pickCount,
    last_viewed_at: iso(row.lastViewedAt),
    created_by:
      row.createdByMembershipId && row.creatorNickname
        ? { id: row.createdByMembershipId, nickname: row.creatorNickname }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentPackageActivity(data: PackageActivityData): PackageActivity {
  const sums = new Map(data.sums.map((sum) => [sum.modelId, sum]));
  const picked = new Map<number, number>();
  for (const { pick } of data.picks) {
    if (pick.picked) picked.set(pick.modelId, (picked.get(pick.modelId) ?? 0) + 1);
  }
  return {
    view_count: data.pkg.viewCount,
    visitor_count: data.visitors,
    pick_count: data.pkg.pickCount,
    first_viewed_at: iso(data.pkg.firstViewedAt),
    last_viewed_at: iso(data.pkg.lastViewedAt),
    models: data.models.map((entry) => ({
      model_id: entry.modelId,
      model_name: entry.name,
      view_count: sums.get(entry.modelId)?.views ?? 0,
      visible_ms: sums.get(entry.modelId)?.visibleMs ?? 0,
      pick_count: picked.get(entry.modelId) ?? 0,
    })),
    views: data.views.map(({ view, modelName }) => ({
      id: view.id,
      visitor: visitorCode(view.visitorId),
      name: view.visitorName,
      page: view.page,
      model_id: view.modelId,
      model_name: modelName,
      app: view.app,
      device: view.device,
      visible_ms: view.visibleMs,
      opened_at: view.openedAt.toISOString(),
    })),
    picks: data.picks.map(({ pick, modelName }) => ({
      id: pick.id,
      visitor: visitorCode(pick.visitorId),
      name: pick.visitorName,
      model_id: pick.modelId,
      model_name: modelName,
      picked: pick.picked,
      comment: pick.comment,
      updated_at: pick.updatedAt.toISOString(),
    })),
  };
}

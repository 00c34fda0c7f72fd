/**
 * The demo agency's packages: one sent two days ago that a client opened on a phone and a desktop,
 * looked through and picked from, and one sent today that nobody has opened yet. Made through the
 * package services, so the counts, the activity and the creator's notifications are the real ones.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies } from '../domains/company/company.tables';
import { models } from '../domains/model/model.tables';
import { createPackage } from '../domains/package/package.service';
import { pickModel, recordView } from '../domains/package/package-public.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import type { AuthContext } from '../http/auth-context';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49';
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export async function seedDemoPackages(db: Database, storage: BlobStorage, author: AuthContext) {
  const shown = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.teamId, author.teamId), isNotNull(models.coverFileId)))
    .orderBy(asc(models.id))
    .limit(8);
  const [client] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.teamId, author.teamId))
    .orderBy(asc(companies.id))
    .limit(1);
  if (shown.length < 4) return;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const at = (when: Date) => ({ db, storage, clock: () => when });
  const seedOrigin = { ip: '', userAgent: '' };

  const sent = await createPackage(
    at(hoursAgo(50)),
    author,
    {
      title: '春季新品 Lookbook 拍摄',
      message: '您好，这是为本次 Lookbook 拍摄挑选的模特，点击爱心即可告诉我们您的心仪人选。',
      company_id: client?.id ?? null,
      models: shown.map((model) => ({ model_id: model.id, folder_ids: [], file_ids: [] })),
    },
    seedOrigin,
  );
  const shareId = sent.row.shareId;
  const views: [number, string, 'package' | 'model', number | null, number, string][] = [
    [30, 'demo-visitor-phone-0000001', 'package', null, 48_000, IPHONE],
    [29.9, 'demo-visitor-phone-0000001', 'model', shown[0]?.id ?? null, 35_000, IPHONE],
    [29.8, 'demo-visitor-phone-0000001', 'model', shown[2]?.id ?? null, 62_000, IPHONE],
    [5, 'demo-visitor-desktop-00002', 'package', null, 120_000, MAC],
    [4.9, 'demo-visitor-desktop-00002', 'model', shown[2]?.id ?? null, 95_000, MAC],
  ];
  for (const [index, [hours, visitor, page, modelId, visibleMs, userAgent]] of views.entries()) {
    const view = {
      view_id: `demo-view-${String(index).padStart(12, '0')}`,
      visitor_id: visitor,
      page,
      model_id: modelId,
      app: userAgent === IPHONE ? 'h5' : 'web',
      visible_ms: 0,
    } as const;
    const deps = at(hoursAgo(hours));
    await recordView(deps, shareId, view, { ip: '', userAgent });
    await recordView(deps, shareId, { ...view, visible_ms: visibleMs, name: '王珊' }, { ip: '', userAgent });
  }
  for (const [modelId, comment] of [
    [shown[2]?.id, '气质很贴合这次的主题，想约试镜'],
    [shown[0]?.id, ''],
  ] as const) {
    if (!modelId) continue;
    await pickModel(at(hoursAgo(4.8)), shareId, {
      model_id: modelId,
      picked: true,
      comment,
      name: '王珊',
      visitor_id: 'demo-visitor-desktop-00002',
    });
  }

  await createPackage(
    at(hoursAgo(1)),
    author,
    {
      title: '秋冬大片候选',
      message: '',
      models: shown.slice(4).map((model) => ({ model_id: model.id, folder_ids: [], file_ids: [] })),
    },
    seedOrigin,
  );
}

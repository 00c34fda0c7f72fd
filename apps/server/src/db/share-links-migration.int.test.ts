import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSharedFolder } from '../domains/folder/folder-share.service';
import { getPublicPackage } from '../domains/package/package-public.service';
import type { UploadDeps } from '../domains/upload/upload.service';
import { migrateUntil } from '../test/migrate-until';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './client';
import { runMigrations } from './migrate';

/** The migration that brought share links (0018_share_links.sql; 0019 copies, 0020 drops the old). */
const SHARE_LINKS_MIGRATION = '0018_share_links';

const rowsOf = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Shares made before share links keep their ids (docs/decisions.md "Share links"): every package's share
 * id and every folder share becomes a link of its kind, so an address already sent opens what it opened,
 * and what was revoked or expired stays closed.
 */
describe('migrations 0018–0020: share links', () => {
  let handle: DatabaseHandle;
  let folder: string;
  const now = new Date();
  const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
  const ids = {
    live: 'LivePackage_____________',
    revoked: 'RevokedPackage__________',
    expired: 'ExpiredPackage__________',
    folderLive: 'LiveFolder______________',
    folderRevoked: 'RevokedFolder___________',
  };
  let teamId = 0;
  let packageId = 0;
  let folderId = 0;
  // Neither read path signs a file here: the package shows no model, the folder holds no file.
  const deps = () => ({ db: handle.db, clock: () => now }) as unknown as UploadDeps;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-migrations-'));
    handle = await createTestDatabase({ empty: true });
    await migrateUntil(handle, path.join(folder, 'migrations'), SHARE_LINKS_MIGRATION);
    const [team] = await rowsOf<{ id: string }>(
      handle,
      sql`insert into teams (name) values ('旧团队') returning id`,
    );
    teamId = Number(team?.id);
    const pkg = async (shareId: string, title: string, expiresAt: Date, revokedAt: Date | null) => {
      const [row] = await rowsOf<{ id: string }>(
        handle,
        sql`insert into packages (team_id, share_id, title, fields, expires_at, revoked_at, created_at)
          values (${teamId}, ${shareId}, ${title}, '{}', ${expiresAt.toISOString()}::timestamptz,
            ${revokedAt?.toISOString() ?? null}::timestamptz, ${hours(-48).toISOString()}::timestamptz) returning id`,
      );
      return Number(row?.id);
    };
    packageId = await pkg(ids.live, '旧套餐', hours(24), null);
    await pkg(ids.revoked, '撤销的套餐', hours(24), hours(-1));
    await pkg(ids.expired, '过期的套餐', hours(-1), null);
    const [made] = await rowsOf<{ id: string }>(
      handle,
      sql`insert into folders (team_id, name) values (${teamId}, '旧资源夹') returning id`,
    );
    folderId = Number(made?.id);
    // Made by a membership since gone (folder_shares had no foreign key on it): the link keeps no creator.
    await handle.db.execute(
      sql`insert into folder_shares (team_id, folder_id, share_id, created_by_membership_id, created_at, revoked_at)
        values (${teamId}, ${folderId}, ${ids.folderRevoked}, 999999, ${hours(-5).toISOString()}::timestamptz, ${hours(-4).toISOString()}::timestamptz),
          (${teamId}, ${folderId}, ${ids.folderLive}, 999999, ${hours(-3).toISOString()}::timestamptz, null)`,
    );
    await runMigrations(handle);
  }, 180_000); // a fresh database migrated twice over
  afterAll(async () => {
    await handle?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('copies every share with its id, kind, record, expiry and revocation, and drops the old places', async () => {
    const links = await rowsOf<{
      id: string;
      kind: string;
      record: string;
      expired: boolean;
      revoked: boolean;
    }>(
      handle,
      sql`select id, kind, record_id as record, coalesce(expires_at <= now(), false) as expired,
          revoked_at is not null as revoked
        from share_links where team_id = ${teamId} order by id`,
    );
    expect(links.map((link) => ({ ...link, record: Number(link.record) }))).toEqual(
      [
        { id: ids.expired, kind: 'package', record: packageId + 2, expired: true, revoked: false },
        { id: ids.folderLive, kind: 'folder', record: folderId, expired: false, revoked: false },
        { id: ids.live, kind: 'package', record: packageId, expired: false, revoked: false },
        { id: ids.revoked, kind: 'package', record: packageId + 1, expired: false, revoked: true },
        { id: ids.folderRevoked, kind: 'folder', record: folderId, expired: false, revoked: true },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    const old = await rowsOf<{ name: string }>(
      handle,
      sql`select table_name || '.' || column_name as name from information_schema.columns
        where (table_name = 'packages' and column_name in ('share_id', 'expires_at', 'revoked_at'))
          or table_name = 'folder_shares'`,
    );
    expect(old).toEqual([]);
  });

  it('opens a migrated package and folder at their old ids; a revoked or expired one stays closed', async () => {
    const pkg = await getPublicPackage(deps(), ids.live, undefined);
    expect(pkg.pkg).toMatchObject({ id: packageId, title: '旧套餐', shareId: ids.live });
    expect(pkg.teamName).toBe('旧团队');
    const shared = await getSharedFolder(deps(), ids.folderLive);
    expect(shared.folder).toMatchObject({ id: folderId, name: '旧资源夹' });
    for (const closed of [ids.revoked, ids.expired]) {
      await expect(getPublicPackage(deps(), closed, undefined)).rejects.toMatchObject({
        message: SHARE_MESSAGES.notFound,
      });
    }
    await expect(getSharedFolder(deps(), ids.folderRevoked)).rejects.toMatchObject({
      message: SHARE_MESSAGES.notFound,
    });
  });
});

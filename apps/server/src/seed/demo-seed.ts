import { randomBytes } from 'node:crypto';
import { avatarColorFor } from '@trackit/contract/constants';
import type { FolderKind } from '@trackit/contract/enums';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createFolder } from '../domains/folder/folder.service';
import { notifyMembers } from '../domains/notify/notify.service';
import {
  departments,
  memberships,
  rolePermissions,
  roles,
} from '../domains/organization/organization.tables';
import { createTeamWithOwner, hasAnyTeam } from '../domains/team/team.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import { createStorage } from '../domains/upload/storage/create-storage';
import { ensureUser, findUser } from '../domains/user/user.service';
import { seedDemoCompanies } from './demo-companies';
import { seedDemoModels } from './demo-models';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPackages } from './demo-packages';

/** Numbers of the demo agency (README). */
/** The demo agency, the team the demo owner opens first. */
export const DEMO_AGENCY_NAME = '星辰模特经纪';

export const DEMO_MOBILES = {
  /** Owner of two teams, every permission. */
  owner: '13800000000',
  /** One team, a limited role. */
  agent: '13800000001',
  /** A paused membership: cannot sign in. */
  paused: '13800000002',
} as const;

/** Where the server of this configuration keeps files, for the seed's pictures (storing needs no signing key). */
export const demoStorage = (config: Config): BlobStorage =>
  createStorage(config, randomBytes(32), () => new Date()).storage;

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  return !(await hasAnyTeam(db));
}

/**
 * Fills a database with a demo agency; its models' pictures go to `storage` (the server's own). Does
 * nothing (returns false) when the demo owner exists already.
 */
export async function seedDemo(db: Database, storage: BlobStorage): Promise<boolean> {
  if (await findUser(db, DEMO_MOBILES.owner)) return false;

  const agency = await createTeamWithOwner(db, {
    name: DEMO_AGENCY_NAME,
    ownerMobile: DEMO_MOBILES.owner,
    ownerNickname: '林晓',
  });
  await createTeamWithOwner(db, {
    name: '光影文化传媒',
    ownerMobile: DEMO_MOBILES.owner,
    ownerNickname: 'Lin',
  });

  const agentMembershipId = await db.transaction(async (tx) => {
    const teamId = agency.team.id;
    const created = await tx
      .insert(departments)
      .values(['经纪一部', '经纪二部', '财务部'].map((name) => ({ teamId, name })))
      .returning();
    const [first, second] = created;
    await tx
      .update(memberships)
      .set({ departmentId: first?.id })
      .where(eq(memberships.id, agency.membership.id));

    const [agentRole] = await tx.insert(roles).values({ teamId, name: '经纪人' }).returning();
    if (!agentRole) throw new Error('role not created');
    await tx.insert(rolePermissions).values([
      { roleId: agentRole.id, permissionKey: 'dashboard', level: 'read' },
      { roleId: agentRole.id, permissionKey: 'calendar', level: 'edit' },
      { roleId: agentRole.id, permissionKey: 'data_management', level: 'edit' },
      { roleId: agentRole.id, permissionKey: 'my_bill', level: 'edit' },
    ]);

    const agent = await ensureUser(tx, DEMO_MOBILES.agent);
    const paused = await ensureUser(tx, DEMO_MOBILES.paused);
    const [agentMembership] = await tx
      .insert(memberships)
      .values([
        {
          teamId,
          userId: agent.id,
          nickname: '周楠',
          baseColor: avatarColorFor('周楠'),
          roleId: agentRole.id,
          departmentId: second?.id ?? null,
        },
        {
          teamId,
          userId: paused.id,
          nickname: '陈默',
          baseColor: avatarColorFor('陈默'),
          roleId: agentRole.id,
          status: 'pause',
        },
      ])
      .returning({ id: memberships.id });

    // The orders' notifications (approvals, confirmations, licences) come from the orders seeded below.
    await notifyMembers(tx, {
      teamId,
      recipientMembershipIds: [agency.membership.id],
      type: 'event_notice',
      title: '欢迎使用 TrackIt 经纪管理',
      body: '这是演示团队，可以随意体验各项功能。',
      at: new Date(Date.now() - 86_400_000),
    });
    return agentMembership?.id;
  });
  // The models' resource folders, created as the owner would (each with its operation-log entry).
  const owner = { teamId: agency.team.id, membershipId: agency.membership.id, userId: agency.owner.id };
  const seedOrigin = { ip: '', userAgent: '' };
  const demoFolders: [string, FolderKind][] = [
    ['Anna 2025 春夏画册', 'book'],
    ['Anna 拍立得', 'polaroid'],
    ['林小雨 模卡', 'comp_card'],
    ['林小雨 试妆', 'other'],
    ['周雨 Lookbook', 'book'],
    ['Bella 走秀视频', 'video'],
  ];
  for (const [index, [name, kind]] of demoFolders.entries()) {
    const at = new Date(Date.now() - (demoFolders.length - index) * 3_600_000);
    await createFolder({ db, storage, clock: () => at }, owner, { name, kind }, seedOrigin);
  }
  await seedDemoCompanies(db, owner);
  const ownerContext = { ...owner, sessionId: '', isOwner: true, roleId: null, mobile: DEMO_MOBILES.owner };
  await seedDemoModels(db, storage, ownerContext, [
    agency.membership.id,
    ...(agentMembershipId ? [agentMembershipId] : []),
  ]);
  await seedDemoPackages(db, storage, ownerContext);
  await seedDemoOrders(db, storage, ownerContext, agentMembershipId);
  return true;
}

import { randomBytes } from 'node:crypto';
import { avatarColorFor } from '@trackit/contract/constants';
import type { FolderKind, PermissionLevel } from '@trackit/contract/enums';
import type { PermissionKey } from '@trackit/contract/permissions';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createFolder } from '../domains/folder/folder.service';
import { notifyMembers } from '../domains/notify/notify.service';
import { memberships, rolePermissions, roles } from '../domains/organization/organization.tables';
import { createTeamWithOwner, hasAnyTeam } from '../domains/team/team.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import { createStorage } from '../domains/upload/storage/create-storage';
import { ensureUser, findUser } from '../domains/user/user.service';
import type { AuthContext } from '../http/auth-context';
import { seedDemoBankStatement } from './demo-bank';
import { seedDemoCompanies } from './demo-companies';
import { seedDemoControls } from './demo-controls';
import { seedDemoFinance } from './demo-finance';
import { seedDemoModels } from './demo-models';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPackages } from './demo-packages';
import { seedDemoRecipients } from './demo-recipients';
import { seedDemoSettlements } from './demo-settlements';
import { seedDemoStatements } from './demo-statements';

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
  /** The finance manager (财务): approves commission changes and confirms bank changes. */
  finance: '13800000003',
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

  const members = await db.transaction(async (tx) => {
    const teamId = agency.team.id;
    // The department tree: 业务中心 above the two agent departments, 财务部 on its own.
    const department = async (name: string, parentId: number | null = null) => {
      const [row] = await tx.insert(roles).values({ teamId, kind: 'department', name, parentId }).returning();
      if (!row) throw new Error('department not created');
      return row;
    };
    const business = await department('业务中心');
    const first = await department('经纪一部', business.id);
    const second = await department('经纪二部', business.id);
    const financeDepartment = await department('财务部');
    await tx
      .update(memberships)
      .set({ departmentId: business.id })
      .where(eq(memberships.id, agency.membership.id));

    const role = async (name: string, grants: [PermissionKey, PermissionLevel][]) => {
      const [row] = await tx.insert(roles).values({ teamId, name }).returning();
      if (!row) throw new Error('role not created');
      await tx
        .insert(rolePermissions)
        .values(grants.map(([permissionKey, level]) => ({ roleId: row.id, permissionKey, level })));
      return row;
    };
    const agentRole = await role('经纪人', [
      ['dashboard', 'read'],
      ['calendar', 'edit'],
      ['data_management', 'edit'],
      ['my_bill', 'edit'],
    ]);
    // Finance reads models too: a commission or payout change is decided on the model's page.
    const financeRole = await role('财务', [
      ['dashboard', 'read'],
      ['data_management', 'read'],
      ['my_bill', 'read'],
      ['accounting', 'manage'],
      ['team_recipient', 'manage'],
    ]);
    await role('实习生', [
      ['calendar', 'read'],
      ['data_management', 'read'],
    ]);

    const agent = await ensureUser(tx, DEMO_MOBILES.agent);
    const paused = await ensureUser(tx, DEMO_MOBILES.paused);
    const finance = await ensureUser(tx, DEMO_MOBILES.finance);
    const [agentMembership, , financeMembership] = await tx
      .insert(memberships)
      .values([
        {
          teamId,
          userId: agent.id,
          nickname: '周楠',
          baseColor: avatarColorFor('周楠'),
          roleId: agentRole.id,
          departmentId: second.id,
          superiorId: agency.membership.id,
        },
        {
          teamId,
          userId: paused.id,
          nickname: '陈默',
          baseColor: avatarColorFor('陈默'),
          roleId: agentRole.id,
          departmentId: first.id,
          superiorId: agency.membership.id,
          status: 'pause',
        },
        {
          teamId,
          userId: finance.id,
          nickname: '王静',
          baseColor: avatarColorFor('王静'),
          roleId: financeRole.id,
          departmentId: financeDepartment.id,
          superiorId: agency.membership.id,
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
    if (!agentMembership || !financeMembership) throw new Error('demo members not created');
    const context = (membershipId: number, userId: number, roleId: number, mobile: string): AuthContext => ({
      teamId,
      membershipId,
      userId,
      roleId,
      mobile,
      sessionId: '',
      isOwner: false,
    });
    return {
      agent: context(agentMembership.id, agent.id, agentRole.id, DEMO_MOBILES.agent),
      finance: context(financeMembership.id, finance.id, financeRole.id, DEMO_MOBILES.finance),
    };
  });
  const agentMembershipId = members.agent.membershipId;
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
  await seedDemoModels(db, storage, ownerContext, [agency.membership.id, agentMembershipId]);
  await seedDemoPackages(db, storage, ownerContext);
  const studioId = await seedDemoRecipients(db, ownerContext);
  const billed = await seedDemoOrders(db, storage, ownerContext, agentMembershipId, studioId);
  await seedDemoFinance(db, storage, ownerContext, billed, studioId);
  await seedDemoStatements(db, ownerContext);
  await seedDemoSettlements(db, storage, ownerContext, members.finance);
  await seedDemoControls(db, storage, { owner: ownerContext, agent: members.agent }, studioId);
  // Issue 35: a bank statement imported, two credits recorded, one left to match.
  await seedDemoBankStatement(db, ownerContext);
  return true;
}

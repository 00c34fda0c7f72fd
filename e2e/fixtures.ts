import { eq } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { notifyMembers } from '../apps/server/src/domains/notify/notify.service';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { teams } from '../apps/server/src/domains/team/team.tables';
import { ensureUser } from '../apps/server/src/domains/user/user.service';
import { DEMO_AGENCY_NAME } from '../apps/server/src/seed/demo-seed';
import { createMembership, createRole } from '../apps/server/src/test/factories';

/**
 * People of the browser journeys, beside the demo agency. Each journey file signs its own numbers in,
 * because a number may ask for one code a minute.
 */
export const E2E_USERS = {
  /** Owner of two teams (all permissions), with notifications: the shell journeys. */
  shellOwner: '13700000000',
  /** A limited role in the first of those teams (no operation log, no organization, no finance). */
  shellLimited: '13700000001',
  /** Signs out at the end of the shell journeys. */
  shellLeaver: '13700000002',
  /** Owner of a team of their own: the upload journeys. */
  uploader: '13700000003',
  /** Owner of a team of their own: the operation-log journey (a log nobody else writes to). */
  recorder: '13700000004',
  /** The limited role of the shell's first team too: the rough-edges journeys. */
  edges: '13700000005',
  /** Owner of a team of their own: the upload-card journey. */
  cardUploader: '13700000006',
  /** Owner of a team of their own: the companies and contacts journey. */
  companyOwner: '13700000007',
  /** Data management at read only, in the company owner's team: sees no write actions. */
  companyReader: '13700000008',
  /** Owner of a team of their own: the models journey. */
  modelOwner: '13700000009',
  /** An owner of the demo agency too (after the demo seed): the demo-data journeys. */
  demoOwner: '13700000010',
  /** Owner of a team of their own: the model import and export journey. */
  modelImporter: '13700000011',
  /** Owner of a team of their own: the comp card journey. */
  compCardOwner: '13700000012',
  /** Owner of a team of their own: the packages and share pages journey. */
  packageOwner: '13700000013',
  /** An agent (orders at edit, calendar at edit) in the orders journey's team: drafts and submits. */
  orderAgent: '13700000014',
  /** Owner of that team (orders at manage): approves and confirms. */
  orderManager: '13700000015',
  /** Another owner of the demo agency (after the demo seed): the dashboard journey. */
  dashboardOwner: '13700000016',
  /** Owner of the organization journey's team: makes a read-only role and invites a member with it. */
  organizationOwner: '13700000017',
  /** Invited in that journey through the member page (no fixture creates them), then signs in. */
  organizationInvitee: '13700000018',
  /** 数据看板, 日历 and 信息管理 at read in the demo agency, without 订单: the read-only journey. */
  demoReader: '13700000031',
  /** Another owner of the demo agency: the accessibility journey (Lighthouse). */
  a11yOwner: '13700000032',
  /** An owner of the demo agency too (after the demo seed), with a notification: the list-widths journey. */
  listReader: '13700000033',
  /** Owner of a team of their own: the payee entities journey (creates the entity and its account). */
  recipientOwner: '13700000034',
  /** 收款主体, 订单, 日历 and 信息管理 at edit in that team: an entity's names, not its bank details. */
  recipientEditor: '13700000035',
  /** An owner of the demo agency (after the demo seed): the finance journey, with a number of its own (one code per number a minute). */
  financeOwner: '13700000036',
  /** An owner of the demo agency (after the demo seed): the finance dashboard (看板) journey. */
  financeDashboardOwner: '13700000041',
  /** An owner of the demo agency (after the demo seed): the receipts journey (收款), a number of its own. */
  receiptsOwner: '13700000053',
  /** An owner of the demo agency (after the demo seed): the statements journey of issue 35 (期间对账单, 疑问). */
  statementsOwner: '13700000135',
  /** An owner of the demo agency (after the demo seed): the model settlements journey (模特结算). */
  settlementsOwner: '13700000054',
  /** Owner of the finance controls journey's team (every key): makes the bank change a checker confirms. */
  controlsOwner: '13700000055',
  /** 经纪人 of that team (models at edit): changes a commission, which waits for approval. */
  controlsAgent: '13700000056',
  /** 财务 of that team (finance at manage, models read, payee entities read): approves and confirms. */
  controlsChecker: '13700000057',
  /** An owner of the demo agency (after the demo seed): the invoices journey of issue 35 (红冲 by line, 发票). */
  invoicesOwner: '13700000136',
  /** An owner of the demo agency (after the demo seed): the bank statement import journey (issue 35). */
  bankImportOwner: '13700000350',
} as const;

export const E2E_TEAMS = {
  first: '云端模特经纪',
  second: '远山文化传媒',
  uploads: '青禾模特经纪',
  cards: '春苗模特经纪',
  records: '白鹭模特经纪',
  companies: '青松模特经纪',
  models: '星河模特经纪',
  imports: '远帆模特经纪',
  compCards: '晨光模特经纪',
  packages: '海风模特经纪',
  orders: '潮汐模特经纪',
  organization: '星河模特经纪',
  recipients: '松柏模特经纪',
  controls: '明镜模特经纪',
} as const;

export async function createE2eFixtures(db: Database) {
  const [demoAgency] = await db.select().from(teams).where(eq(teams.name, DEMO_AGENCY_NAME));
  if (!demoAgency) throw new Error('the demo seed must run before the fixtures');
  const demoOwner = await ensureUser(db, E2E_USERS.demoOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: demoOwner.id,
    nickname: '演示店长',
    isOwner: true,
  });
  const financeOwner = await ensureUser(db, E2E_USERS.financeOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: financeOwner.id,
    nickname: '演示财务',
    isOwner: true,
  });
  const receiptsOwner = await ensureUser(db, E2E_USERS.receiptsOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: receiptsOwner.id,
    nickname: '演示出纳',
    isOwner: true,
  });
  const invoicesOwner = await ensureUser(db, E2E_USERS.invoicesOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: invoicesOwner.id,
    nickname: '演示开票',
    isOwner: true,
  });
  const bankImportOwner = await ensureUser(db, E2E_USERS.bankImportOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: bankImportOwner.id,
    nickname: '演示会计',
    isOwner: true,
  });
  const settlementsOwner = await ensureUser(db, E2E_USERS.settlementsOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: settlementsOwner.id,
    nickname: '演示结算',
    isOwner: true,
  });
  const dashboardOwner = await ensureUser(db, E2E_USERS.dashboardOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: dashboardOwner.id,
    nickname: '演示主管',
    isOwner: true,
  });
  const statementsOwner = await ensureUser(db, E2E_USERS.statementsOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: statementsOwner.id,
    nickname: '对账会计',
    isOwner: true,
  });
  const financeDashboardOwner = await ensureUser(db, E2E_USERS.financeDashboardOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: financeDashboardOwner.id,
    nickname: '演示会计',
    isOwner: true,
  });
  const a11yOwner = await ensureUser(db, E2E_USERS.a11yOwner);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: a11yOwner.id,
    nickname: '演示店员',
    isOwner: true,
  });
  const demoReadOnly = await createRole(
    db,
    demoAgency.id,
    [
      { key: 'dashboard', level: 'read' },
      { key: 'calendar', level: 'read' },
      { key: 'data_management', level: 'read' },
    ],
    '只读实习生',
  );
  const demoReader = await ensureUser(db, E2E_USERS.demoReader);
  await createMembership(db, {
    teamId: demoAgency.id,
    userId: demoReader.id,
    nickname: '见习小周',
    roleId: demoReadOnly.id,
  });
  const listReader = await ensureUser(db, E2E_USERS.listReader);
  const listMembership = await createMembership(db, {
    teamId: demoAgency.id,
    userId: listReader.id,
    nickname: '演示助理',
    isOwner: true,
  });
  await notifyMembers(db, {
    teamId: demoAgency.id,
    recipientMembershipIds: [listMembership.id],
    type: 'event_notice',
    title: '档期已锁定',
    body: '模特林一诺 12 月 5 日的档期已锁定',
    at: new Date(),
  });

  const first = await createTeamWithOwner(db, {
    name: E2E_TEAMS.first,
    ownerMobile: E2E_USERS.shellOwner,
    ownerNickname: '韩梅',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.second,
    ownerMobile: E2E_USERS.shellOwner,
    ownerNickname: 'Mei',
  });
  const role = await createRole(
    db,
    first.team.id,
    [
      { key: 'dashboard', level: 'read' },
      { key: 'calendar', level: 'edit' },
      { key: 'data_management', level: 'edit' },
    ],
    '助理',
  );
  const limited = await ensureUser(db, E2E_USERS.shellLimited);
  await createMembership(db, {
    teamId: first.team.id,
    userId: limited.id,
    nickname: '李雷',
    roleId: role.id,
  });
  const edges = await ensureUser(db, E2E_USERS.edges);
  await createMembership(db, { teamId: first.team.id, userId: edges.id, nickname: '王芳', roleId: role.id });
  const leaver = await ensureUser(db, E2E_USERS.shellLeaver);
  await createMembership(db, { teamId: first.team.id, userId: leaver.id, nickname: '露西', isOwner: true });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.uploads,
    ownerMobile: E2E_USERS.uploader,
    ownerNickname: '周舟',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.cards,
    ownerMobile: E2E_USERS.cardUploader,
    ownerNickname: '周舟',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.records,
    ownerMobile: E2E_USERS.recorder,
    ownerNickname: '苏青',
  });
  const companies = await createTeamWithOwner(db, {
    name: E2E_TEAMS.companies,
    ownerMobile: E2E_USERS.companyOwner,
    ownerNickname: '沈念',
  });
  const readOnly = await createRole(
    db,
    companies.team.id,
    [{ key: 'data_management', level: 'read' }],
    '只读',
  );
  const recipients = await createTeamWithOwner(db, {
    name: E2E_TEAMS.recipients,
    ownerMobile: E2E_USERS.recipientOwner,
    ownerNickname: '柏青',
  });
  const recipientEditing = await createRole(
    db,
    recipients.team.id,
    [
      { key: 'team_recipient', level: 'edit' },
      { key: 'my_bill', level: 'edit' },
      { key: 'calendar', level: 'edit' },
      { key: 'data_management', level: 'edit' },
    ],
    '经纪人',
  );
  await createMembership(db, {
    teamId: recipients.team.id,
    userId: (await ensureUser(db, E2E_USERS.recipientEditor)).id,
    nickname: '松雪',
    roleId: recipientEditing.id,
  });
  const companyReader = await ensureUser(db, E2E_USERS.companyReader);
  await createMembership(db, {
    teamId: companies.team.id,
    userId: companyReader.id,
    nickname: '许诺',
    roleId: readOnly.id,
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.models,
    ownerMobile: E2E_USERS.modelOwner,
    ownerNickname: '陈默',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.imports,
    ownerMobile: E2E_USERS.modelImporter,
    ownerNickname: '何琪',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.compCards,
    ownerMobile: E2E_USERS.compCardOwner,
    ownerNickname: '林夏',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.packages,
    ownerMobile: E2E_USERS.packageOwner,
    ownerNickname: '苏青',
  });
  await createTeamWithOwner(db, {
    name: E2E_TEAMS.organization,
    ownerMobile: E2E_USERS.organizationOwner,
    ownerNickname: '江澄',
  });
  const orders = await createTeamWithOwner(db, {
    name: E2E_TEAMS.orders,
    ownerMobile: E2E_USERS.orderManager,
    ownerNickname: '周岚',
  });
  const agentRole = await createRole(
    db,
    orders.team.id,
    [
      { key: 'my_bill', level: 'edit' },
      { key: 'calendar', level: 'edit' },
      { key: 'data_management', level: 'edit' },
    ],
    '经纪人',
  );
  const orderAgent = await ensureUser(db, E2E_USERS.orderAgent);
  await createMembership(db, {
    teamId: orders.team.id,
    userId: orderAgent.id,
    nickname: '唐果',
    roleId: agentRole.id,
  });
  const controls = await createTeamWithOwner(db, {
    name: E2E_TEAMS.controls,
    ownerMobile: E2E_USERS.controlsOwner,
    ownerNickname: '严明',
  });
  const controlsAgentRole = await createRole(
    db,
    controls.team.id,
    [{ key: 'data_management', level: 'edit' }],
    '经纪人',
  );
  await createMembership(db, {
    teamId: controls.team.id,
    userId: (await ensureUser(db, E2E_USERS.controlsAgent)).id,
    nickname: '方圆',
    roleId: controlsAgentRole.id,
  });
  const controlsFinanceRole = await createRole(
    db,
    controls.team.id,
    [
      { key: 'accounting', level: 'manage' },
      { key: 'data_management', level: 'read' },
      { key: 'team_recipient', level: 'read' },
      { key: 'dashboard', level: 'read' },
    ],
    '财务',
  );
  await createMembership(db, {
    teamId: controls.team.id,
    userId: (await ensureUser(db, E2E_USERS.controlsChecker)).id,
    nickname: '钱审',
    roleId: controlsFinanceRole.id,
  });
  const now = Date.now();
  await notifyMembers(db, {
    teamId: first.team.id,
    recipientMembershipIds: [first.membership.id],
    type: 'audit_required',
    title: '订单待审批',
    body: '请审批「秋季画册」订单',
    link: '/admin/order/ready_to_bill',
    at: new Date(now - 60_000),
  });
  await notifyMembers(db, {
    teamId: first.team.id,
    recipientMembershipIds: [first.membership.id],
    type: 'event_notice',
    title: '档期已锁定',
    body: '模特 Anna 的档期已锁定',
    at: new Date(now - 30_000),
  });
}

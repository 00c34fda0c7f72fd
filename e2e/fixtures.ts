import type { Database } from '../apps/server/src/db/client';
import { notifyMembers } from '../apps/server/src/domains/notify/notify.service';
import { createTeamWithOwner } from '../apps/server/src/domains/team/team.service';
import { ensureUser } from '../apps/server/src/domains/user/user.service';
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
} as const;

export const E2E_TEAMS = {
  first: '云端模特经纪',
  second: '远山文化传媒',
  uploads: '青禾模特经纪',
  cards: '春苗模特经纪',
  records: '白鹭模特经纪',
} as const;

export async function createE2eFixtures(db: Database) {
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

import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/app-error';
import { createMembership, createRole, createTeam, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { notifications } from '../notify/notify.tables';
import {
  approvalHistory,
  decideApproval,
  listApprovers,
  requestApproval,
  withdrawApproval,
} from './approval.service';
import { approvals } from './approval.tables';

/** The approval domain on its own, for the kind `order` (approvers: my_bill manage). */
describe('approvals: request, approvers, one decision, history', () => {
  let handle: DatabaseHandle;
  let teamId: number;
  const members = { owner: 0, manager: 0, editor: 0, paused: 0, otherTeamManager: 0 };
  let nextRecord = 1000;
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 2, minute));
  const notice = { title: '等待你的审批', body: '林晓 提交了审批', link: '/order/order/1' };
  const subject = 'SO-0001「春季新品拍摄」';

  beforeAll(async () => {
    handle = await createTestDatabase();
    const { db } = handle;
    const team = await createTeam(db, '审批团队');
    teamId = team.id;
    const member = async (nickname: string, level: 'manage' | 'edit' | null, extra = {}, inTeam = teamId) => {
      const role = level ? await createRole(db, inTeam, [{ key: 'my_bill', level }]) : null;
      const user = await createUser(db);
      return (
        await createMembership(db, {
          teamId: inTeam,
          userId: user.id,
          nickname,
          roleId: role?.id ?? null,
          ...extra,
        })
      ).id;
    };
    members.owner = await member('林晓', null, { isOwner: true });
    members.manager = await member('王经理', 'manage');
    members.editor = await member('小周', 'edit');
    members.paused = await member('老李', 'manage', { status: 'pause' });
    const otherTeam = await createTeam(db, '别的团队');
    members.otherTeamManager = await member('外人', 'manage', {}, otherTeam.id);
  });
  afterAll(() => handle?.close());

  const ref = (recordId: number) => ({ teamId, kind: 'order' as const, recordId });
  const inTx = <T>(run: (tx: DatabaseHandle['db']) => Promise<T>) => handle.db.transaction(run);
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return { key: (error as AppError).key, message: (error as AppError).message };
  };

  it('resolves the approvers from the kind’s key and level: valid members at manage and the owner', async () => {
    expect((await listApprovers(handle.db, { teamId, kind: 'order' })).sort()).toEqual(
      [members.owner, members.manager].sort(),
    );
  });

  it('asks the approvers with audit_required notifications, in the request’s transaction', async () => {
    const recordId = ++nextRecord;
    const row = await inTx((tx) =>
      requestApproval(tx, ref(recordId), { requestedBy: members.editor, at: at(0), subject, notice }),
    );
    expect(row).toMatchObject({ status: 'init', requestedBy: members.editor, decidedAt: null, comment: '' });
    const sent = await handle.db
      .select({
        to: notifications.recipientMembershipId,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(and(eq(notifications.teamId, teamId), eq(notifications.title, notice.title)))
      .orderBy(asc(notifications.recipientMembershipId));
    expect(sent).toEqual(
      [members.owner, members.manager]
        .sort((a, b) => a - b)
        .map((to) => ({ to, type: 'audit_required', ...notice })),
    );
    // A record waits for one decision at a time.
    await expect(
      inTx((tx) =>
        requestApproval(tx, ref(recordId), { requestedBy: members.editor, at: at(1), subject, notice }),
      ),
    ).rejects.toThrow();
  });

  it('lets an approver decide once, with a comment on either decision, and keeps the history', async () => {
    const recordId = ++nextRecord;
    const request = (minute: number) =>
      inTx((tx) =>
        requestApproval(tx, ref(recordId), { requestedBy: members.editor, at: at(minute), subject, notice }),
      );
    const decide = (by: number, result: 'passed' | 'rejected', comment: string, minute: number) =>
      inTx((tx) => decideApproval(tx, ref(recordId), { result, comment, decidedBy: by, at: at(minute) }));

    await request(0);
    expect(await refusal(decide(members.editor, 'passed', '', 1))).toMatchObject({ key: 'forbidden' });
    expect(await refusal(decide(members.otherTeamManager, 'passed', '', 1))).toMatchObject({
      key: 'forbidden',
    });
    expect(await refusal(decide(members.paused, 'passed', '', 1))).toMatchObject({ key: 'forbidden' });
    const rejected = await decide(members.manager, 'rejected', '费用需重新核对', 2);
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedBy: members.manager,
      comment: '费用需重新核对',
    });
    expect(await refusal(decide(members.owner, 'passed', '', 3))).toEqual({
      key: 'conflict',
      message: APPROVAL_MESSAGES.alreadyDecided,
    });

    await request(4);
    await decide(members.owner, 'passed', '报价已与客户确认', 5);
    const history = await approvalHistory(handle.db, ref(recordId));
    expect(history.map((step) => [step.status, step.comment, step.member?.nickname, step.at])).toEqual([
      ['init', '', '小周', at(0).toISOString()],
      ['rejected', '费用需重新核对', '王经理', at(2).toISOString()],
      ['init', '', '小周', at(4).toISOString()],
      ['passed', '报价已与客户确认', '林晓', at(5).toISOString()],
    ]);
    expect(new Set(history.map((step) => step.id)).size).toBe(4);
    // Another team sees no history of this record.
    expect(await approvalHistory(handle.db, { ...ref(recordId), teamId: teamId + 1_000_000 })).toEqual([]);
  });

  it('settles the notices of a decided or withdrawn request, never those of the next one (issue 35)', async () => {
    const recordId = ++nextRecord;
    const link = `/order/order/${recordId}`;
    const request = (minute: number) =>
      inTx((tx) =>
        requestApproval(tx, ref(recordId), {
          requestedBy: members.editor,
          at: at(minute),
          subject,
          notice: { ...notice, link },
        }),
      );
    const outcomes = () =>
      handle.db
        .select({ at: notifications.createdAt, outcome: notifications.approvalOutcome })
        .from(notifications)
        .where(and(eq(notifications.teamId, teamId), eq(notifications.link, link)))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
    await request(10);
    await inTx((tx) =>
      decideApproval(tx, ref(recordId), {
        result: 'rejected',
        comment: '重核',
        decidedBy: members.manager,
        at: at(11),
      }),
    );
    await request(12);
    expect((await outcomes()).map((row) => row.outcome)).toEqual(['rejected', 'rejected', null, null]);
    await inTx((tx) => withdrawApproval(tx, ref(recordId), at(13)));
    expect((await outcomes()).map((row) => row.outcome)).toEqual([
      'rejected',
      'rejected',
      'withdrawn',
      'withdrawn',
    ]);
  });

  it('lets exactly one of two approvers deciding at once win', async () => {
    const recordId = ++nextRecord;
    await inTx((tx) =>
      requestApproval(tx, ref(recordId), { requestedBy: members.editor, at: at(0), subject, notice }),
    );
    let firstDecided!: () => void;
    const decided = new Promise<void>((resolve) => {
      firstDecided = resolve;
    });
    const waitingForLock = async () => {
      if (handle.driver !== 'postgres') return; // PGlite runs one transaction at a time
      for (;;) {
        const result = await handle.db.execute(
          sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        const [first] = (result as unknown as { rows: { waiting: number }[] }).rows;
        if ((first?.waiting ?? 0) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const first = inTx(async (tx) => {
      await decideApproval(tx, ref(recordId), {
        result: 'passed',
        comment: '',
        decidedBy: members.owner,
        at: at(1),
      });
      firstDecided();
      await waitingForLock();
    });
    await Promise.race([decided, first]);
    const second = inTx((tx) =>
      decideApproval(tx, ref(recordId), {
        result: 'rejected',
        comment: '不行',
        decidedBy: members.manager,
        at: at(1),
      }),
    );
    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
    const rows = await handle.db
      .select({ status: approvals.status, decidedBy: approvals.decidedBy })
      .from(approvals)
      .where(and(eq(approvals.teamId, teamId), eq(approvals.recordId, recordId)));
    expect(rows).toEqual([{ status: 'passed', decidedBy: members.owner }]);
  });
});

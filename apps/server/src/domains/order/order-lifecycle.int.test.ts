import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import type { Order, OrderCreated, OrderListItem } from '@trackit/contract/order.schema';
import { ORDER_MESSAGES, ORDER_NOTICES } from '@trackit/contract/order-messages';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  modelFee,
  orderDay,
  type SignedInMember,
  signInMemberWith,
  signInTeamByLevel,
} from '../../test/factories';
import { approvals as approvalRows } from '../approval/approval.tables';
import { calendarEntries } from '../calendar/calendar.tables';
import { sweepExpiredOptions } from '../calendar/option-sweep';
import { notifications } from '../notify/notify.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { orders } from './order.tables';

type Headers = Record<string, string>;

describe('orders: the lifecycle, approval, conflicts and ranked options', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let otherEditor: SignedInMember;
  let manager: SignedInMember;
  let company: Company;
  let today: string;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const refused = async (
    promise: Promise<{ status: number; body: { message: string } }>,
    status: number,
    message?: string,
  ) => {
    const res = await promise;
    expect(res.status, res.body.message).toBe(status);
    if (message !== undefined) expect(res.body.message).toBe(message);
  };
  const newModel = (name: string) => ok(api<Model>('POST', '/v1/models', { name, gender: 'female' }));
  const draft = (
    headers: Headers,
    modelIds: number[],
    days = [orderDay(addDays(today, 10))],
    title = '拍摄',
  ) =>
    ok(
      api<OrderCreated>(
        'POST',
        '/v1/orders',
        {
          company_id: company.id,
          job_type: 'ad',
          title,
          days,
          models: modelIds.map((id) => ({ model_id: id, fees: [modelFee(100_000)] })),
        },
        headers,
      ),
    );
  const step = (id: number, action: string, headers: Headers, body?: unknown) =>
    api<Order>('POST', `/v1/orders/${id}/${action}`, body, headers);
  const get = (id: number, headers: Headers = owner.headers) =>
    ok(api<Order>('GET', `/v1/orders/${id}`, undefined, headers));
  /** Submitted, approved by the manager and confirmed. */
  const confirmed = async (id: number, headers: Headers) => {
    await ok(step(id, 'submit', headers));
    await ok(step(id, 'approval', manager.headers, { result: 'passed' }));
    return ok(step(id, 'confirm', manager.headers));
  };
  const noticesOf = (member: SignedInMember) =>
    t.database.db
      .select({
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.recipientMembershipId, member.membershipId))
      .orderBy(asc(notifications.id));
  const noticeTitles = async (member: SignedInMember) =>
    (await noticesOf(member)).map((notice) => notice.title);
  const actionsOf = async (id: number) =>
    (
      await t.database.db
        .select({ action: operationLogs.action })
        .from(operationLogs)
        .where(and(eq(operationLogs.targetType, 'order'), eq(operationLogs.targetId, String(id))))
        .orderBy(asc(operationLogs.id))
    ).map((row) => row.action);
  const entryStatuses = async (id: number) =>
    (
      await t.database.db
        .select({ status: calendarEntries.status })
        .from(calendarEntries)
        .where(eq(calendarEntries.orderId, id))
        .orderBy(asc(calendarEntries.id))
    ).map((row) => row.status);

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'my_bill');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    editor = team.levels.edit;
    manager = team.levels.manage;
    otherEditor = await signInMemberWith(t, teamId, [{ key: 'my_bill', level: 'edit' }], '小周');
    today = businessDate(t.clock.now());
    company = await ok(api<Company>('POST', '/v1/companies', { name: '光年传媒' }));
  });
  afterAll(() => t.close());

  it('walks an order from draft to billed, refusing every step out of turn or by the wrong member', async () => {
    const model = await newModel('流程模特');
    const { id, number } = await draft(editor.headers, [model.id]);
    await refused(step(id, 'confirm', manager.headers), 409, ORDER_MESSAGES.notConfirmable);
    await refused(
      step(id, 'approval', manager.headers, { result: 'passed' }),
      409,
      ORDER_MESSAGES.notSubmitted,
    );
    await refused(step(id, 'bill', editor.headers), 409, ORDER_MESSAGES.notBillable);
    await refused(step(id, 'submit', otherEditor.headers), 403, ORDER_MESSAGES.notOwner);
    await refused(step(id, 'submit', reader.headers), 403);

    const submitted = await ok(step(id, 'submit', editor.headers));
    expect(submitted).toMatchObject({ status: 'submitted', approval_status: 'init' });
    expect(submitted.can).toMatchObject({ edit: false, submit: false, approve: false, cancel: false });
    expect(submitted.approvals).toMatchObject([{ status: 'init', member: { id: editor.membershipId } }]);
    const asked = {
      type: 'audit_required',
      title: ORDER_NOTICES.approvalRequired(number, '拍摄'),
      body: ORDER_NOTICES.approvalRequiredBody('edit'),
      link: ADMIN_PATHS.order(id),
    };
    expect(await noticesOf(owner)).toContainEqual(asked);
    expect(await noticesOf(manager)).toContainEqual(asked);
    expect(await noticeTitles(editor)).not.toContain(asked.title);
    expect(await noticeTitles(reader)).not.toContain(asked.title);
    const waiting = await ok(
      api<OrderListItem[]>('GET', '/v1/orders?awaiting_my_approval=true', undefined, manager.headers),
    );
    expect(waiting.map((order) => order.id)).toContain(id);
    expect(
      await ok(
        api<OrderListItem[]>('GET', '/v1/orders?awaiting_my_approval=true', undefined, editor.headers),
      ),
    ).toEqual([]);

    await refused(step(id, 'submit', editor.headers), 409, ORDER_MESSAGES.alreadySubmitted);
    await refused(
      api('PATCH', `/v1/orders/${id}`, { title: '晚了' }, editor.headers),
      409,
      ORDER_MESSAGES.notDraft,
    );
    await refused(step(id, 'approval', editor.headers, { result: 'passed' }), 403);
    await refused(step(id, 'confirm', manager.headers), 409, ORDER_MESSAGES.notPassed);

    const passed = await ok(step(id, 'approval', manager.headers, { result: 'passed' }));
    expect(passed).toMatchObject({ status: 'submitted', approval_status: 'passed' });
    expect(passed.entries).toMatchObject([{ status: 'pending', rank: 1, expires_at: null }]);
    expect(await noticesOf(editor)).toContainEqual({
      type: 'event_notice',
      title: ORDER_NOTICES.approved(number),
      body: ORDER_NOTICES.decisionBody('manage', ''),
      link: ADMIN_PATHS.order(id),
    });
    await refused(
      step(id, 'approval', manager.headers, { result: 'passed' }),
      409,
      ORDER_MESSAGES.alreadyDecided,
    );
    await refused(
      step(id, 'cancel', editor.headers, { reason: '客户取消' }),
      403,
      ORDER_MESSAGES.draftCancelByOwner,
    );

    const locked = await ok(step(id, 'confirm', manager.headers));
    expect(locked.status).toBe('confirmed');
    expect(locked.confirmed_at).not.toBeNull();
    expect(locked.entries).toMatchObject([{ status: 'locked', rank: null, expires_at: null }]);
    expect(await noticeTitles(editor)).toContain(ORDER_NOTICES.confirmed(number));
    await refused(step(id, 'confirm', manager.headers), 409, ORDER_MESSAGES.notConfirmable);
    await refused(step(id, 'bill', editor.headers), 409, ORDER_MESSAGES.notCompleted);

    // The work is done once its last day is past: the days move back rather than the clock ahead.
    const yesterday = addDays(today, -1);
    await t.database.db
      .update(orders)
      .set({ days: [orderDay(yesterday)], firstDate: yesterday, lastDate: yesterday })
      .where(eq(orders.id, id));
    expect((await get(id, editor.headers)).status).toBe('completed');
    const ids = async (status: string) =>
      (await ok(api<OrderListItem[]>('GET', `/v1/orders?status=${status}`))).map((order) => order.id);
    expect(await ids('completed')).toContain(id);
    expect(await ids('confirmed')).not.toContain(id);
    expect((await get(id, editor.headers)).can.bill).toBe(true);
    await refused(step(id, 'bill', otherEditor.headers), 403, ORDER_MESSAGES.notOwner);
    const billed = await ok(step(id, 'bill', editor.headers));
    expect(billed).toMatchObject({ status: 'billed' });
    expect(billed.billed_at).not.toBeNull();
    await refused(
      step(id, 'cancel', manager.headers, { reason: '太晚了' }),
      409,
      ORDER_MESSAGES.alreadyBilled,
    );
    await refused(step(id, 'bill', editor.headers), 409, ORDER_MESSAGES.notBillable);

    expect(await actionsOf(id)).toEqual([
      'order_create',
      'order_submit',
      'order_approve',
      'order_confirm',
      'order_bill',
    ]);
    const history = await ok(
      api<RecordHistoryEntry[]>('GET', `/v1/orders/${id}/history`, undefined, reader.headers),
    );
    // The log says the step in the glossary's words (BILLING_WORDS).
    expect(history[0]?.sentence).toBe(`将订单 ${number}「拍摄」 出账，进入财务待开票`);
    expect(history.map((entry) => entry.action)).toEqual([
      'order_bill',
      'order_confirm',
      'order_approve',
      'order_submit',
      'order_create',
    ]);
  });

  it('refuses to submit an incomplete draft, naming what is missing, and writes nothing', async () => {
    const { id } = await ok(api<OrderCreated>('POST', '/v1/orders', {}, editor.headers));
    const [noticesBefore] = await t.database.db.select({ total: count() }).from(notifications);
    await refused(
      step(id, 'submit', editor.headers),
      409,
      ORDER_MESSAGES.incomplete('客户公司、工作类型、订单标题、工作日期、模特'),
    );
    await ok(api('PATCH', `/v1/orders/${id}`, { title: '只有标题', job_type: 'ad' }, editor.headers));
    await refused(
      step(id, 'submit', editor.headers),
      409,
      ORDER_MESSAGES.incomplete('客户公司、工作日期、模特'),
    );
    const order = await get(id);
    expect(order).toMatchObject({ status: 'draft', approval_status: null, approvals: [] });
    const [noticesAfter] = await t.database.db.select({ total: count() }).from(notifications);
    expect(noticesAfter?.total).toBe(noticesBefore?.total);
    expect(await actionsOf(id)).toEqual(['order_create', 'order_update']);
  });

  it('sends a rejected order back to draft with its options released, and takes it again', async () => {
    const model = await newModel('驳回模特');
    const { id, number } = await draft(editor.headers, [model.id]);
    await ok(step(id, 'submit', editor.headers));
    await refused(
      step(id, 'approval', manager.headers, { result: 'rejected' }),
      400,
      ORDER_MESSAGES.rejectNeedsComment,
    );
    const rejected = await ok(
      step(id, 'approval', manager.headers, { result: 'rejected', comment: '预算不够' }),
    );
    expect(rejected).toMatchObject({ status: 'draft', approval_status: 'rejected' });
    expect(rejected.entries).toMatchObject([{ status: 'rejected', rank: null }]);
    expect(await noticesOf(editor)).toContainEqual({
      type: 'event_notice',
      title: ORDER_NOTICES.rejected(number),
      body: ORDER_NOTICES.decisionBody('manage', '预算不够'),
      link: ADMIN_PATHS.order(id),
    });
    expect(
      (await ok(api<Order>('PATCH', `/v1/orders/${id}`, { title: '重新报价' }, editor.headers))).title,
    ).toBe('重新报价');
    const again = await ok(step(id, 'submit', editor.headers));
    expect(again).toMatchObject({ status: 'submitted', approval_status: 'init' });
    expect(again.entries).toMatchObject([{ status: 'reserved', rank: 1 }]);
    expect(again.approvals.map((approval) => [approval.status, approval.comment])).toEqual([
      ['init', ''],
      ['rejected', '预算不够'],
      ['init', ''],
    ]);
  });

  it('takes an optional, bounded comment with 同意, kept and told like a refusal’s', async () => {
    const model = await newModel('意见模特');
    const { id, number } = await draft(editor.headers, [model.id]);
    await ok(step(id, 'submit', editor.headers));
    await refused(
      step(id, 'approval', manager.headers, { result: 'passed', comment: '长'.repeat(201) }),
      400,
      '*最多200个字符',
    );
    await refused(step(id, 'approval', manager.headers, { result: 'passed', comment: 'a\u0000b' }), 400);
    expect((await get(id)).approval_status).toBe('init');

    const passed = await ok(
      step(id, 'approval', manager.headers, { result: 'passed', comment: '  报价已与客户确认\n按时到场  ' }),
    );
    expect(passed.approvals.map((approval) => [approval.status, approval.comment])).toEqual([
      ['init', ''],
      ['passed', '报价已与客户确认\n按时到场'],
    ]);
    expect(await noticesOf(editor)).toContainEqual({
      type: 'event_notice',
      title: ORDER_NOTICES.approved(number),
      body: ORDER_NOTICES.decisionBody('manage', '报价已与客户确认\n按时到场'),
      link: ADMIN_PATHS.order(id),
    });
    const history = await ok(
      api<RecordHistoryEntry[]>('GET', `/v1/orders/${id}/history`, undefined, reader.headers),
    );
    expect(history[0]?.sentence).toBe(`同意了订单 ${number}「拍摄」：报价已与客户确认\n按时到场`);
  });

  it('lets a manager approve their own order, having been asked like the team owner', async () => {
    const model = await newModel('自审模特');
    const { id, number } = await draft(manager.headers, [model.id], undefined, '自己的单');
    await ok(step(id, 'submit', manager.headers));
    const title = ORDER_NOTICES.approvalRequired(number, '自己的单');
    expect(await noticeTitles(manager)).toContain(title);
    expect(await noticeTitles(owner)).toContain(title);
    const passed = await ok(step(id, 'approval', manager.headers, { result: 'passed', comment: '同意' }));
    expect(passed.approval_status).toBe('passed');
    expect(passed.approvals.map((approval) => approval.member?.id)).toEqual([
      manager.membershipId,
      manager.membershipId,
    ]);
  });

  it('cancels a draft by its owner and a submitted order only by a manager, telling the owner', async () => {
    const model = await newModel('取消模特');
    const first = await draft(editor.headers, [model.id]);
    await refused(
      step(first.id, 'cancel', otherEditor.headers, { reason: '不要了' }),
      403,
      ORDER_MESSAGES.notOwner,
    );
    await refused(
      step(first.id, 'cancel', editor.headers, { reason: ' ' }),
      400,
      ORDER_MESSAGES.reasonRequired,
    );
    const noticesBefore = (await noticesOf(editor)).length;
    const cancelled = await ok(step(first.id, 'cancel', editor.headers, { reason: '客户改期' }));
    expect(cancelled).toMatchObject({ status: 'cancelled', cancel_reason: '客户改期' });
    expect(cancelled.entries).toMatchObject([{ status: 'cancelled', rank: null }]);
    expect((await noticesOf(editor)).length).toBe(noticesBefore);
    await refused(
      step(first.id, 'cancel', editor.headers, { reason: '再取消' }),
      409,
      ORDER_MESSAGES.cancelled,
    );
    await refused(
      api('PATCH', `/v1/orders/${first.id}`, { title: '改' }, editor.headers),
      409,
      ORDER_MESSAGES.cancelled,
    );
    await refused(step(first.id, 'submit', editor.headers), 409, ORDER_MESSAGES.cancelled);

    const second = await draft(editor.headers, [model.id]);
    await ok(step(second.id, 'submit', editor.headers));
    const byManager = await ok(step(second.id, 'cancel', manager.headers, { reason: '档期冲突' }));
    expect(byManager.status).toBe('cancelled');
    expect(await noticesOf(editor)).toContainEqual({
      type: 'event_notice',
      title: ORDER_NOTICES.cancelled(second.number),
      body: '档期冲突',
      link: ADMIN_PATHS.order(second.id),
    });
    expect(await actionsOf(second.id)).toEqual(['order_create', 'order_submit', 'order_cancel']);
  });

  it('refuses to confirm over another order’s locked day or a trip, the earliest date first, writing nothing', async () => {
    const lin = await newModel('林冲突');
    const zhao = await newModel('赵行程');
    const day = addDays(today, 20);
    const tripDay = addDays(today, 18);
    const a = await draft(editor.headers, [lin.id], [orderDay(day)]);
    await confirmed(a.id, editor.headers);

    const b = await draft(otherEditor.headers, [lin.id], [orderDay(day, '10:00', '12:00')]);
    await ok(step(b.id, 'submit', otherEditor.headers));
    await ok(step(b.id, 'approval', manager.headers, { result: 'passed' }));
    await refused(
      step(b.id, 'confirm', manager.headers),
      409,
      ORDER_MESSAGES.conflictOrder('林冲突', day, a.number),
    );
    expect(await get(b.id)).toMatchObject({ status: 'submitted', approval_status: 'passed' });
    expect(await entryStatuses(b.id)).toEqual(['pending']);
    expect(await actionsOf(b.id)).toEqual(['order_create', 'order_submit', 'order_approve']);

    const evening = await draft(otherEditor.headers, [lin.id], [orderDay(day, '19:00', '21:00')]);
    expect((await confirmed(evening.id, otherEditor.headers)).status).toBe('confirmed');

    await ok(
      api('POST', `/v1/models/${zhao.id}/trips`, {
        kind: 'vacation',
        start_date: tripDay,
        end_date: tripDay,
      }),
    );
    // Holding over a trip is allowed (the calendar warns); confirming over it is not.
    const both = await draft(editor.headers, [lin.id, zhao.id], [orderDay(day), orderDay(tripDay)]);
    expect(await entryStatuses(both.id)).toEqual(['reserved', 'reserved', 'reserved', 'reserved']);
    await ok(step(both.id, 'submit', editor.headers));
    await ok(step(both.id, 'approval', manager.headers, { result: 'passed' }));
    await refused(
      step(both.id, 'confirm', manager.headers),
      409,
      ORDER_MESSAGES.conflictTrip('赵行程', tripDay, '休假'),
    );
    expect((await get(both.id)).status).toBe('submitted');
  });

  it('tells the owners of other options when a day is locked', async () => {
    const model = await newModel('锁定模特');
    const day = addDays(today, 25);
    const option = await draft(otherEditor.headers, [model.id], [orderDay(day)]);
    await confirmed(
      (await draft(editor.headers, [model.id], [orderDay(day, '08:00', '09:00')])).id,
      editor.headers,
    );
    expect(await noticesOf(otherEditor)).toContainEqual({
      type: 'event_notice',
      title: ORDER_NOTICES.lockedByOther('锁定模特', day),
      body: '',
      link: ADMIN_PATHS.order(option.id),
    });
    // The option keeps its place: locked days are not options.
    expect((await get(option.id)).entries).toMatchObject([{ status: 'reserved', rank: 1 }]);
  });

  it('ranks options by placing, and promotes the next one once when the first is released', async () => {
    const model = await newModel('排位模特');
    const day = addDays(today, 30);
    const x = await draft(editor.headers, [model.id], [orderDay(day)]);
    const y = await draft(otherEditor.headers, [model.id], [orderDay(day)]);
    const z = await draft(manager.headers, [model.id], [orderDay(day, '13:00', '15:00')]);
    const rankOf = async (id: number) => (await get(id)).entries[0]?.rank;
    expect([await rankOf(x.id), await rankOf(y.id), await rankOf(z.id)]).toEqual([1, 2, 3]);
    const promoted = (number: string) => ({
      type: 'event_notice',
      title: ORDER_NOTICES.promoted('排位模特', day),
      body: ORDER_NOTICES.promotedBody(number),
    });
    const promotions = async (member: SignedInMember, number: string) =>
      (await noticesOf(member)).filter((notice) => notice.body === promoted(number).body).length;

    await ok(step(x.id, 'cancel', editor.headers, { reason: '客户放弃' }));
    expect([await rankOf(x.id), await rankOf(y.id), await rankOf(z.id)]).toEqual([null, 1, 2]);
    expect(await noticesOf(otherEditor)).toContainEqual({
      ...promoted(y.number),
      link: ADMIN_PATHS.order(y.id),
    });
    expect(await promotions(otherEditor, y.number)).toBe(1);
    expect(await promotions(manager, z.number)).toBe(0);

    // A rejection releases too.
    await ok(step(y.id, 'submit', otherEditor.headers));
    expect(await rankOf(y.id)).toBe(1);
    await ok(step(y.id, 'approval', manager.headers, { result: 'rejected', comment: '换人' }));
    expect(await rankOf(z.id)).toBe(1);
    expect(await promotions(manager, z.number)).toBe(1);
    expect(await promotions(otherEditor, y.number)).toBe(1);

    // Resubmitting places the rejected option again, at the back (a second later: the test clock stands still).
    t.clock.advance(1000);
    await ok(step(y.id, 'submit', otherEditor.headers));
    expect([await rankOf(z.id), await rankOf(y.id)]).toEqual([1, 2]);

    // Taking the model off a draft releases its day.
    const other = await newModel('替补模特');
    await ok(api('PATCH', `/v1/orders/${z.id}`, { models: [{ model_id: other.id }] }, manager.headers));
    expect(await rankOf(y.id)).toBe(1);
    expect(await promotions(otherEditor, y.number)).toBe(2);
  });

  it('releases lapsed options in the sweep, promoting the next one once', async () => {
    const model = await newModel('过期模特');
    const day = addDays(today, 35);
    const p = await draft(editor.headers, [model.id], [orderDay(day)]);
    const q = await draft(otherEditor.headers, [model.id], [orderDay(day)]);
    const lapsedAt = new Date(t.clock.now().getTime() - 60_000);
    await t.database.db
      .update(calendarEntries)
      .set({ expiresAt: lapsedAt })
      .where(eq(calendarEntries.orderId, p.id));
    // Past its expiry the option shows expired and loses its rank at once; the sweep records it and tells.
    expect((await get(p.id)).entries).toMatchObject([
      { status: 'expired', rank: null, expires_at: lapsedAt.toISOString() },
    ]);
    expect((await get(q.id)).entries[0]?.rank).toBe(1);
    const deps = { db: t.database.db, clock: () => t.clock.now() };
    expect(await sweepExpiredOptions(deps)).toBeGreaterThanOrEqual(1);
    expect(await sweepExpiredOptions(deps)).toBe(0);
    const body = ORDER_NOTICES.promotedBody(q.number);
    expect((await noticesOf(otherEditor)).filter((notice) => notice.body === body)).toHaveLength(1);
    const [swept] = await t.database.db
      .select({ releasedAt: calendarEntries.releasedAt, status: calendarEntries.status })
      .from(calendarEntries)
      .where(eq(calendarEntries.orderId, p.id));
    expect(swept).toEqual({ releasedAt: lapsedAt, status: 'reserved' });
    // Submitting places the lapsed option again, behind the one that moved up.
    t.clock.advance(1000);
    const resubmitted = await ok(step(p.id, 'submit', editor.headers));
    expect(resubmitted.entries).toMatchObject([{ status: 'reserved', rank: 2 }]);
  });

  it('leaves no approval row nor log entry behind a refused step', async () => {
    const model = await newModel('回滚模特');
    const { id } = await draft(editor.headers, [model.id]);
    await refused(step(id, 'approval', manager.headers, { result: 'passed' }), 409);
    await refused(step(id, 'confirm', manager.headers), 409);
    const [approvals] = await t.database.db
      .select({ total: count() })
      .from(approvalRows)
      .where(inArray(approvalRows.recordId, [id]));
    expect(approvals?.total).toBe(0);
    expect(await actionsOf(id)).toEqual(['order_create']);
  });
});

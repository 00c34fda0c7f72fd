import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import type { WaitingApproval } from '@trackit/contract/approval.schema';
import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Order, OrderCreated } from '@trackit/contract/order.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember, signInTeamByLevel } from '../../test/factories';

type Headers = Record<string, string>;

/**
 * 待我审批 (GET /v1/approvals) and the dashboard's count, through the API: each member sees the open
 * requests of the kinds they approve, decided and withdrawn ones leave, another team sees nothing.
 */
describe('approvals: what waits for my decision', () => {
  let t: TestApp;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let outsider: SignedInMember;
  let company: Company;
  let model: Model;
  let today: string;

  const api = <T>(method: string, path: string, headers: Headers, body?: unknown) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const waiting = async (member: SignedInMember) => {
    const res = await api<WaitingApproval[]>('GET', '/v1/approvals', member.headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { items: res.body.data, total: Number(res.headers.get('x-total')) };
  };
  const dashboardCount = async (member: SignedInMember) =>
    (await ok(api<Dashboard>('GET', '/v1/dashboard', member.headers))).approvals_waiting;
  const submitted = async (title: string, offset: number) => {
    const created = await ok(
      api<OrderCreated>('POST', '/v1/orders', editor.headers, {
        company_id: company.id,
        job_type: 'ad',
        title,
        days: [orderDay(addDays(today, offset))],
        models: [{ model_id: model.id, fees: [modelFee(100_000)] }],
      }),
    );
    await ok(api<Order>('POST', `/v1/orders/${created.id}/submit`, editor.headers));
    return created;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'my_bill');
    ({ owner } = team);
    reader = team.levels.read;
    editor = team.levels.edit;
    manager = team.levels.manage;
    outsider = (await signInTeamByLevel(t, 'my_bill')).levels.manage;
    today = businessDate(t.clock.now());
    company = await ok(api<Company>('POST', '/v1/companies', owner.headers, { name: '光年传媒' }));
    model = await ok(api<Model>('POST', '/v1/models', owner.headers, { name: '审批模特', gender: 'female' }));
  });
  afterAll(() => t.close());

  it('lists a submitted order to its approvers only, oldest first, with its name, link and who asked', async () => {
    const first = await submitted('春季新品', 10);
    const second = await submitted('夏季新品', 11);
    for (const approver of [manager, owner]) {
      const { items, total } = await waiting(approver);
      expect(total).toBe(2);
      expect(
        items.map((item) => [item.kind, item.kind_label, item.record_id, item.subject, item.link]),
      ).toEqual([
        ['order', '订单', first.id, `${first.number}「春季新品」`, ADMIN_PATHS.order(first.id)],
        ['order', '订单', second.id, `${second.number}「夏季新品」`, ADMIN_PATHS.order(second.id)],
      ]);
      expect(items[0]?.requested_by?.id).toBe(editor.membershipId);
    }
    expect(await dashboardCount(owner)).toBe(2);
    for (const notApprover of [editor, reader]) {
      expect(await waiting(notApprover)).toEqual({ items: [], total: 0 });
    }
    // Another team's approver sees nothing of this team's requests.
    expect(await waiting(outsider)).toEqual({ items: [], total: 0 });

    // Decided (either way) or withdrawn by cancelling: no longer waiting; the history keeps the request.
    await ok(api<Order>('POST', `/v1/orders/${first.id}/approval`, manager.headers, { result: 'passed' }));
    await ok(api<Order>('POST', `/v1/orders/${second.id}/cancel`, manager.headers, { reason: '客户取消' }));
    expect(await waiting(manager)).toEqual({ items: [], total: 0 });
    expect(await dashboardCount(owner)).toBe(0);
    const cancelled = await ok(api<Order>('GET', `/v1/orders/${second.id}`, manager.headers));
    expect(cancelled.approvals.map((step) => step.status)).toEqual(['init']);
  });

  it('pages the list and refuses a bad page size', async () => {
    const orders = [await submitted('一', 20), await submitted('二', 21), await submitted('三', 22)];
    const page = await api<WaitingApproval[]>('GET', '/v1/approvals?page=2&per_page=2', manager.headers);
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total'))).toBe(3);
    expect(page.body.data.map((item) => item.record_id)).toEqual([orders[2]?.id]);
    const bad = await api('GET', '/v1/approvals?per_page=0', manager.headers);
    expect(bad.status).toBe(400);
  });
});

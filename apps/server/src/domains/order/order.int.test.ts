import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { Model } from '@trackit/contract/model.schema';
import { lineTotals } from '@trackit/contract/money';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import type {
  Order,
  OrderAttachment,
  OrderCreated,
  OrderListItem,
  PlaceSearch,
} from '@trackit/contract/order.schema';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  modelFee,
  orderDay,
  type SignedInMember,
  signInMemberWith,
  signInTeamByLevel,
  usageFee,
} from '../../test/factories';
import { download, readWorkbook, sheetRows } from '../../test/spreadsheets';
import { uploadBlob } from '../../test/uploads';
import { operationLogs } from '../operation-log/operation-log.tables';
import { orderAttachments, orders } from './order.tables';

type Headers = Record<string, string>;

describe('orders: drafts, the list and one order', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let otherEditor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let sunny: Model;
  let anna: Model;
  let left: Model;
  let strangerModel: Model;
  let company: Company;
  let otherCompany: Company;
  let contact: Contact;
  let strangerCompany: Company;
  let strangerContact: Contact;
  let today: string;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const orderCount = async () => {
    const [row] = await t.database.db.select({ total: count() }).from(orders);
    return row?.total ?? 0;
  };
  const logsOf = async (id: number) => {
    const rows = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'order'), eq(operationLogs.targetId, String(id))))
      .orderBy(operationLogs.id);
    return rows;
  };
  const complete = (overrides: Record<string, unknown> = {}) => ({
    company_id: company.id,
    contact_id: contact.id,
    brand: 'Lumière',
    job_type: 'ad',
    title: '春季广告拍摄',
    place: '上海市徐汇区',
    days: [orderDay(addDays(today, 12)), orderDay(addDays(today, 10), '10:00', '16:00')],
    models: [
      {
        model_id: sunny.id,
        fees: [modelFee(150_000, 2), usageFee(500_000, addDays(today, 12), addDays(today, 377))],
      },
      { model_id: anna.id, fees: [modelFee(80_000, 1.5, 3)] },
    ],
    ...overrides,
  });
  const create = (body: unknown, headers: Headers = editor.headers) =>
    api<OrderCreated>('POST', '/v1/orders', body, headers);
  const get = (id: number, headers: Headers = owner.headers) =>
    ok(api<Order>('GET', `/v1/orders/${id}`, undefined, headers));

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'my_bill');
    teamId = team.teamId;
    owner = team.owner;
    reader = team.levels.read;
    editor = team.levels.edit;
    manager = team.levels.manage;
    stranger = team.stranger;
    otherEditor = await signInMemberWith(t, teamId, [{ key: 'my_bill', level: 'edit' }], '小周');
    today = businessDate(t.clock.now());
    sunny = await ok(
      api<Model>('POST', '/v1/models', { name: '刘晓阳', english_name: 'Sunny', gender: 'female' }),
    );
    anna = await ok(api<Model>('POST', '/v1/models', { name: '安娜', gender: 'female' }));
    left = await ok(api<Model>('POST', '/v1/models', { name: '离开', gender: 'male' }));
    await ok(api('PATCH', `/v1/models/${left.id}`, { status: 'left' }));
    company = await ok(api<Company>('POST', '/v1/companies', { name: '光年传媒' }));
    otherCompany = await ok(api<Company>('POST', '/v1/companies', { name: '星河广告' }));
    contact = await ok(api<Contact>('POST', '/v1/contacts', { name: '王经理', company_id: company.id }));
    strangerModel = await ok(
      api<Model>('POST', '/v1/models', { name: '外队模特', gender: 'female' }, stranger.headers),
    );
    strangerCompany = await ok(api<Company>('POST', '/v1/companies', { name: '外队公司' }, stranger.headers));
    strangerContact = await ok(
      api<Contact>(
        'POST',
        '/v1/contacts',
        { name: '外队联系人', company_id: strangerCompany.id },
        stranger.headers,
      ),
    );
  });
  afterAll(() => t.close());

  it('creates an empty draft with the team prefix, the business date and a sequence', async () => {
    const created = await ok(create(undefined));
    expect(created.number).toMatch(new RegExp(`^CS${today.replaceAll('-', '')}\\d{3}$`));
    const order = await get(created.id);
    expect(order).toMatchObject({
      status: 'draft',
      approval_status: null,
      title: '',
      days: [],
      models: [],
      owner: { id: editor.membershipId, nickname: 'edit' },
      fees_visible: true,
      totals: { subtotal: 0, tax: 0, total: 0, model_fees: 0, usage_fees: 0 },
      can: {
        edit: true,
        submit: true,
        approve: false,
        confirm: false,
        cancel: true,
        bill: false,
        attach: true,
      },
    });
    expect((await logsOf(created.id)).map((log) => log.action)).toEqual(['order_create']);
  });

  it('gives 20 orders created at once 20 distinct numbers', async () => {
    const created = await Promise.all(Array.from({ length: 20 }, () => ok(create({}))));
    const numbers = created.map((order) => order.number);
    expect(new Set(numbers).size).toBe(20);
    const sequences = numbers.map((number) => Number(number.slice(-3))).sort((a, b) => a - b);
    const first = sequences[0] ?? 0;
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
  });

  it('stores fee lines with their figures, days in date order and an option per model and day', async () => {
    const created = await ok(create(complete()));
    const order = await get(created.id, editor.headers);
    expect(order.days.map((day) => day.date)).toEqual([addDays(today, 10), addDays(today, 12)]);
    expect(order.first_date).toBe(addDays(today, 10));
    expect(order.last_date).toBe(addDays(today, 12));
    expect(order.company).toEqual({ id: company.id, name: '光年传媒' });
    expect(order.contact).toEqual({ id: contact.id, name: '王经理' });
    const [sunnyLine, anna] = order.models;
    expect(sunnyLine?.fees.map((fee) => [fee.kind, fee.subtotal, fee.tax, fee.total])).toEqual([
      ['ModelFee', 300_000, 18_000, 318_000],
      ['UsageFee', 500_000, 30_000, 530_000],
    ]);
    expect(anna?.fees[0]).toMatchObject({ quantity: 1.5, unit: 'day', tax_rate: 3 });
    const annaLine = lineTotals({ kind: 'ModelFee', amount: 80_000, quantity: 1.5, tax_rate: 3 });
    expect(order.totals).toEqual({
      subtotal: 800_000 + annaLine.subtotal,
      tax: 48_000 + annaLine.tax,
      total: 848_000 + annaLine.total,
      model_fees: 300_000 + annaLine.subtotal,
      usage_fees: 500_000,
    });
    expect(order.entries).toHaveLength(4);
    expect(order.entries.every((entry) => entry.status === 'reserved' && entry.rank !== null)).toBe(true);
    expect(order.entries[0]?.expires_at).not.toBeNull();
  });

  it('refuses what is not the team’s, a left model and a contact of another company, writing nothing', async () => {
    const before = await orderCount();
    const refused = [
      [await create(complete({ company_id: strangerCompany.id })), 404],
      [await create(complete({ contact_id: strangerContact.id })), 404],
      [await create(complete({ models: [{ model_id: strangerModel.id }] })), 404],
      [await create(complete({ owner_member_id: stranger.membershipId }), manager.headers), 400],
      [await create(complete({ models: [{ model_id: left.id }] })), 400],
      [await create(complete({ company_id: otherCompany.id })), 400],
    ] as const;
    for (const [res, status] of refused) expect(res.status, res.body.message).toBe(status);
    expect(refused[4][0].body.message).toBe(ORDER_MESSAGES.modelLeft('离开'));
    expect(refused[5][0].body.message).toBe(ORDER_MESSAGES.contactOfOtherCompany);
    expect(await orderCount()).toBe(before);

    const { id } = await ok(create(complete()));
    const stored = await get(id);
    const patches = [
      [{ company_id: strangerCompany.id }, 404],
      [{ contact_id: strangerContact.id }, 404],
      [{ models: [{ model_id: strangerModel.id }] }, 404],
      [{ owner_member_id: stranger.membershipId }, 400],
    ] as const;
    for (const [body, status] of patches) {
      const res = await api('PATCH', `/v1/orders/${id}`, body, manager.headers);
      expect(res.status, res.body.message).toBe(status);
    }
    expect(await get(id)).toEqual(stored);
  });

  it('checks the hold and who may hand an order to someone else', async () => {
    const past = await create({ hold_until: new Date(t.clock.now().getTime() - 1000).toISOString() });
    expect(past.body.message).toBe(ORDER_MESSAGES.holdUntilInPast);
    const far = await create({
      hold_until: new Date(t.clock.now().getTime() + 91 * 86_400_000).toISOString(),
    });
    expect(far.body.message).toBe(ORDER_MESSAGES.holdUntilTooFar);
    const handed = await create({ owner_member_id: otherEditor.membershipId });
    expect(handed.status).toBe(403);
    expect(handed.body.message).toBe(ORDER_MESSAGES.notOwner);
    const byManager = await ok(create({ owner_member_id: otherEditor.membershipId }, manager.headers));
    expect((await get(byManager.id)).owner?.id).toBe(otherEditor.membershipId);
  });

  it('changes a draft, logging only what changed, and moves its options', async () => {
    const { id } = await ok(create(complete()));
    const before = await get(id);
    const changed = await ok(
      api<Order>(
        'PATCH',
        `/v1/orders/${id}`,
        {
          title: '春季广告拍摄（改期）',
          brand: 'Lumière',
          days: [orderDay(addDays(today, 11))],
          models: [{ model_id: sunny.id, fees: [modelFee(150_000, 2)] }],
          hold_until: new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString(),
        },
        editor.headers,
      ),
    );
    expect(changed.title).toBe('春季广告拍摄（改期）');
    expect(changed.entries.map((entry) => [entry.model_id, entry.date])).toEqual([
      [sunny.id, addDays(today, 11)],
    ]);
    expect(changed.entries[0]?.expires_at).toBe(changed.hold_until);
    const history = await ok(api<RecordHistoryEntry[]>('GET', `/v1/orders/${id}/history`));
    expect(history[0]?.changes.map((change) => change.field)).toEqual([
      '订单标题',
      '工作日期',
      '保留期限',
      '模特',
      '费用',
    ]);
    expect(history[0]?.changes[3]).toEqual({ field: '模特', before: '刘晓阳、安娜', after: '刘晓阳' });
    const again = await ok(
      api<Order>(
        'PATCH',
        `/v1/orders/${id}`,
        {
          title: changed.title,
          days: changed.days,
          models: [{ model_id: sunny.id, fees: [modelFee(150_000, 2)] }],
        },
        editor.headers,
      ),
    );
    expect(again.updated_at).toBe(changed.updated_at);
    expect((await logsOf(id)).filter((log) => log.action === 'order_update')).toHaveLength(1);
    expect(before.entries).toHaveLength(4);
  });

  it('lets only the owner or a manager change a draft', async () => {
    const { id } = await ok(create(complete()));
    const wrong = await api('PATCH', `/v1/orders/${id}`, { title: '别人的' }, otherEditor.headers);
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(ORDER_MESSAGES.notOwner);
    expect((await api('PATCH', `/v1/orders/${id}`, { title: '只读' }, reader.headers)).status).toBe(403);
    const handOver = await api(
      'PATCH',
      `/v1/orders/${id}`,
      { owner_member_id: otherEditor.membershipId },
      editor.headers,
    );
    expect(handOver.status).toBe(403);
    expect((await get(id)).title).toBe('春季广告拍摄');
    await ok(
      api(
        'PATCH',
        `/v1/orders/${id}`,
        { title: '经理改的', owner_member_id: otherEditor.membershipId },
        manager.headers,
      ),
    );
    const order = await get(id);
    expect(order).toMatchObject({
      title: '经理改的',
      owner: { id: otherEditor.membershipId, nickname: '小周' },
    });
  });

  it('hides the fees from a reader who does not own the order, in the page and the list', async () => {
    const { id } = await ok(create(complete({ title: '费用可见性' })));
    const seen = await get(id, reader.headers);
    expect(seen.fees_visible).toBe(false);
    expect(seen.totals).toBeNull();
    expect(seen.models.every((model) => model.fees.length === 0 && model.totals === null)).toBe(true);
    expect(seen.can).toEqual({
      edit: false,
      submit: false,
      approve: false,
      confirm: false,
      cancel: false,
      bill: false,
      attach: false,
      // The confirmation, without the amounts, is anyone's who sees the order.
      export: true,
    });
    const list = await ok(
      api<OrderListItem[]>('GET', '/v1/orders?keyword=费用可见性', undefined, reader.headers),
    );
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ fees_visible: false, totals: null, day_count: 2 });
    const managed = await ok(
      api<OrderListItem[]>('GET', '/v1/orders?keyword=费用可见性', undefined, manager.headers),
    );
    expect(managed[0]?.totals?.subtotal).toBeGreaterThan(0);
  });

  it('filters, sorts and pages the list in the database', async () => {
    const a = await ok(create(complete({ title: '筛选甲', brand: 'Zeta', job_type: 'catalog' })));
    const b = await ok(
      create(
        complete({
          title: '筛选乙',
          company_id: otherCompany.id,
          contact_id: null,
          days: [orderDay(addDays(today, 40))],
          models: [{ model_id: anna.id }],
        }),
        otherEditor.headers,
      ),
    );
    const ids = async (query: string, headers: Headers = owner.headers) =>
      (await ok(api<OrderListItem[]>('GET', `/v1/orders?${query}`, undefined, headers))).map(
        (order) => order.id,
      );
    expect(await ids('keyword=筛选')).toEqual([b.id, a.id]);
    expect(await ids('keyword=zeta')).toEqual([a.id]);
    expect(await ids('keyword=星河')).toEqual([b.id]);
    expect(await ids(`keyword=${a.number}`)).toEqual([a.id]);
    expect(await ids(`keyword=${a.number.slice(2)}`)).toEqual([]);
    expect(await ids('keyword=筛选&job_type=catalog')).toEqual([a.id]);
    expect(await ids(`keyword=筛选&company_id=${otherCompany.id}`)).toEqual([b.id]);
    expect(await ids(`keyword=筛选&owner_member_id=${otherEditor.membershipId}`)).toEqual([b.id]);
    expect(await ids(`keyword=筛选&model_id=${sunny.id}`)).toEqual([a.id]);
    expect(await ids(`keyword=筛选&from=${addDays(today, 11)}&to=${addDays(today, 11)}`)).toEqual([]);
    expect(await ids(`keyword=筛选&from=${addDays(today, 30)}`)).toEqual([b.id]);
    expect(await ids(`keyword=筛选&to=${addDays(today, 10)}`)).toEqual([a.id]);
    expect(await ids('keyword=筛选&status[]=draft&status[]=cancelled')).toEqual([b.id, a.id]);
    expect(await ids('keyword=筛选&status=submitted')).toEqual([]);
    expect(await ids('keyword=筛选&sort=number')).toEqual([a.id, b.id]);
    expect(await ids('keyword=筛选&sort=-first_date')).toEqual([b.id, a.id]);
    const paged = await api<OrderListItem[]>('GET', '/v1/orders?keyword=筛选&per_page=1&page=2');
    expect(paged.headers.get('x-total')).toBe('2');
    expect(paged.body.data.map((order) => order.id)).toEqual([a.id]);
    // Nothing is waiting for approval; and below manage the filter lists nothing at all.
    expect(await ids('keyword=筛选&awaiting_my_approval=true')).toEqual([]);
  });

  it('filters the list by the end of a usage licence, within the team', async () => {
    const a = await ok(create(complete({ title: '授权甲' })));
    await ok(
      create(complete({ title: '授权乙', models: [{ model_id: anna.id, fees: [modelFee(80_000)] }] })),
    );
    const end = addDays(today, 377);
    await ok(
      create(
        {
          title: '授权外队',
          models: [{ model_id: strangerModel.id, fees: [usageFee(100_000, today, end)] }],
        },
        stranger.headers,
      ),
    );
    const ids = async (query: string, headers: Headers = owner.headers) =>
      (await ok(api<OrderListItem[]>('GET', `/v1/orders?keyword=授权&${query}`, undefined, headers))).map(
        (order) => order.id,
      );
    expect(await ids(`usage_end_from=${end}&usage_end_to=${end}`)).toEqual([a.id]);
    expect(await ids(`usage_end_from=${addDays(end, -30)}`)).toEqual([a.id]);
    expect(await ids(`usage_end_to=${addDays(end, 1)}`)).toEqual([a.id]);
    expect(await ids(`usage_end_from=${addDays(end, 1)}`)).toEqual([]);
    expect(await ids(`usage_end_to=${addDays(end, -1)}`)).toEqual([]);
    // A day fee's dates do not count, and another team's licences are never listed.
    expect(await ids(`usage_end_from=${today}&usage_end_to=${end}`, stranger.headers)).toHaveLength(1);
    expect(await ids(`usage_end_from=${today}&usage_end_to=${end}`)).toEqual([a.id]);
  });

  it('lists the orders holding an option that expires within 48 hours, within the team', async () => {
    const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * 3_600_000).toISOString();
    const soon = await ok(create(complete({ title: '保留将到期', hold_until: inHours(47) })));
    await ok(create(complete({ title: '保留不急', hold_until: inHours(49) })));
    // Without 保留至 an option holds 72 hours: not soon.
    await ok(create(complete({ title: '保留默认' })));
    await ok(
      create(
        {
          title: '保留外队',
          days: [orderDay(addDays(today, 12))],
          models: [{ model_id: strangerModel.id }],
          hold_until: inHours(24),
        },
        stranger.headers,
      ),
    );
    const ids = async (query: string) =>
      (await ok(api<OrderListItem[]>('GET', `/v1/orders?keyword=保留&${query}`))).map((order) => order.id);
    expect(await ids('options_expiring=true')).toEqual([soon.id]);
    expect(await ids('options_expiring=false')).toHaveLength(3);
  });

  it('answers another team’s order as not found on every path', async () => {
    const { id } = await ok(create(complete()));
    const paths: [string, string, unknown?][] = [
      ['GET', `/v1/orders/${id}`],
      ['PATCH', `/v1/orders/${id}`, { title: '外人' }],
      ['POST', `/v1/orders/${id}/submit`],
      ['POST', `/v1/orders/${id}/approval`, { result: 'passed' }],
      ['POST', `/v1/orders/${id}/confirm`],
      ['POST', `/v1/orders/${id}/cancel`, { reason: '外人取消' }],
      ['POST', `/v1/orders/${id}/bill`],
      ['GET', `/v1/orders/${id}/confirmation`],
      ['GET', `/v1/orders/${id}/history`],
      ['POST', `/v1/orders/${id}/attachments`, { signed_id: 'x' }],
      ['DELETE', `/v1/orders/${id}/attachments/1`],
    ];
    for (const [method, path, body] of paths) {
      const res = await api(method, path, body, stranger.headers);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await get(id)).status).toBe('draft');
    const list = await ok(api<OrderListItem[]>('GET', '/v1/orders', undefined, stranger.headers));
    expect(list.some((order) => order.id === id)).toBe(false);
  });

  it('attaches uploaded files, lists them signed and removes them, logged', async () => {
    const { id } = await ok(create(complete()));
    const signedId = await uploadBlob(t, editor.headers, Buffer.from('%PDF-1.4 brief'), {
      name: '拍摄简报.pdf',
      type: 'application/pdf',
    });
    const wrong = await api(
      'POST',
      `/v1/orders/${id}/attachments`,
      { signed_id: signedId },
      otherEditor.headers,
    );
    expect(wrong.status).toBe(403);
    const attachment = await ok(
      api<OrderAttachment>('POST', `/v1/orders/${id}/attachments`, { signed_id: signedId }, editor.headers),
    );
    expect(attachment).toMatchObject({ name: '拍摄简报.pdf', content_type: 'application/pdf' });
    const download = await fetch(new URL(attachment.url, t.baseUrl));
    expect(download.status).toBe(200);
    expect((await get(id)).attachments.map((file) => file.id)).toEqual([attachment.id]);
    const twice = await api('POST', `/v1/orders/${id}/attachments`, { signed_id: signedId }, editor.headers);
    expect(twice.status).toBe(409);
    const after = await ok(
      api<Order>('DELETE', `/v1/orders/${id}/attachments/${attachment.id}`, undefined, editor.headers),
    );
    expect(after.attachments).toEqual([]);
    const [left] = await t.database.db
      .select({ total: count() })
      .from(orderAttachments)
      .where(eq(orderAttachments.orderId, id));
    expect(left?.total).toBe(0);
    expect(
      (await api('DELETE', `/v1/orders/${id}/attachments/${attachment.id}`, undefined, editor.headers))
        .status,
    ).toBe(404);
    const history = await ok(
      api<RecordHistoryEntry[]>('GET', `/v1/orders/${id}/history`, undefined, reader.headers),
    );
    expect(history.map((entry) => entry.action)).toEqual([
      'order_attachment_remove',
      'order_attachment_add',
      'order_create',
    ]);
  });

  it('says place suggestions are off without a map provider', async () => {
    const places = await ok(api<PlaceSearch>('GET', '/v1/places?keyword=徐汇', undefined, editor.headers));
    expect(places).toEqual({ enabled: false, items: [] });
    expect((await api('GET', '/v1/places?keyword=徐汇', undefined, reader.headers)).status).toBe(403);
  });

  it('exports the list as a workbook and an order as a confirmation PDF', async () => {
    const { id, number } = await ok(create(complete({ title: '导出订单' })));
    const exported = await download(t, '/v1/orders/export?keyword=导出订单', reader.headers);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
    const fileName = `订单_${today.replaceAll('-', '')}.xlsx`;
    expect(exported.headers.get('content-disposition')).toContain(encodeURIComponent(fileName));
    const sheet = (await readWorkbook(exported.bytes)).worksheets[0];
    const rows = sheet ? sheetRows(sheet) : [];
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(number);
    const confirmation = await download(t, `/v1/orders/${id}/confirmation`, owner.headers);
    expect(confirmation.status).toBe(200);
    expect(confirmation.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(confirmation.headers.get('content-type')).toBe('application/pdf');
    expect(confirmation.headers.get('content-disposition')).toContain(
      encodeURIComponent(`确认单_${number}.pdf`),
    );
  });

  it('offers no confirmation of a cancelled order, and refuses it with a 409 in Chinese', async () => {
    const { id } = await ok(create(complete({ title: '取消后导出' })));
    expect((await get(id)).can.export).toBe(true);
    expect((await get(id, reader.headers)).can.export).toBe(true);
    await ok(api('POST', `/v1/orders/${id}/cancel`, { reason: '客户取消拍摄' }, editor.headers));
    expect((await get(id)).can.export).toBe(false);
    expect((await get(id, reader.headers)).can.export).toBe(false);
    for (const headers of [owner.headers, reader.headers]) {
      const refused = await download(t, `/v1/orders/${id}/confirmation`, headers);
      expect(refused.status).toBe(409);
      expect(refused.headers.get('content-type')).toContain('application/json');
      expect(JSON.parse(refused.bytes.toString())).toMatchObject({
        message: ORDER_MESSAGES.confirmationOfCancelled,
        data: null,
      });
    }
  });
});

import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { statementFigures } from '@trackit/contract/aging';
import { addDays, businessInstant } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import {
  FEE_STATEMENT_MESSAGES,
  type FeeStatement,
  type FeeStatementPreview,
  type InvoiceInfo,
  type OpenQueries,
  type PublicFeeStatement,
} from '@trackit/contract/fee-statement.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { fakeIndexHtml, makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, orderDay, type SignedInMember, usageFee } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, STUDIO_ENTITY } from '../../test/finance-factory';
import { pdfPages } from '../../test/pdf-text';
import { operationLogs } from '../operation-log/operation-log.tables';
import { shareLinks } from '../share/share.tables';

const ID_BASE = '11010119900307123';
const ID_NUMBER = `${ID_BASE}${nationalIdCheckChar(ID_BASE)}`;

/** Fee statements over HTTP (docs/product.md "Fee statements"): staff's API, the client's, privacy, figures. */
describe('fee statements (对账单)', () => {
  let t: TestApp;
  let appsDir: string;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let client: Company;
  let otherClient: Company;
  let general: TeamRecipient;

  const publicApi = <T>(method: string, path: string, body?: unknown) =>
    t.request<T>(method, `/storm_api/v1/public/fee_statements/${path}`, body === undefined ? {} : { body });

  /** A billed order of the client (billed on `billedOn`), its lines in order. */
  const billedOrder = async (fees: unknown[], billedOn = today, companyId = client.id, notes = '') => {
    const { id, number, lines } = await finance.billedOrder(fees, {
      companyId,
      title: '春季大片',
      notes,
      days: [orderDay(addDays(billedOn, -3)), orderDay(addDays(billedOn, -2))],
      billedAt: businessInstant(billedOn, '10:00'),
    });
    return { orderId: id, number, lines };
  };
  const issuedInvoice = (lineIds: number[], issuedOn = today, companyId = client.id) =>
    finance.issuedInvoice(lineIds, { issuedOn, companyId });
  const receive = (amount: number, receivedOn: string, allocations: unknown[]) =>
    finance.receipt({
      amount,
      receivedOn,
      reference: 'CMB-PRIVATE-REF-7788',
      notes: '内部备注：客户经理私下说会晚付',
      allocations,
    });
  const share = (body: unknown, headers = editor.headers) =>
    api<FeeStatement>('POST', '/fee_statements', body, headers);
  const open = (shareId: string) => ok(publicApi<PublicFeeStatement>('GET', shareId));

  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    // The desktop share app, built (makeAppsFolder leaves it out).
    await mkdir(path.join(appsDir, 'share-desktop', 'dist'), { recursive: true });
    await writeFile(path.join(appsDir, 'share-desktop', 'dist', 'index.html'), fakeIndexHtml('/web'));
    t = await buildTestApp({ APPS_DIR: appsDir, LOG_LEVEL: 'error' });
    finance = await createFinanceTeam(t, {
      caller: 'editor',
      client: {
        name: '某某服饰',
        payment_terms_days: 30,
        notes: '公司内部备注：信用一般',
        bank_account: '6222020000111122223',
      },
      model: {
        name: '林晓',
        english_name: 'Xiao Lin',
        gender: 'female',
        mobile: '13911112222',
        wechat: 'linxiao_private_wx',
        id_number: ID_NUMBER,
        mother_agency: '米兰母公司经纪',
        commission_rate: 2_500,
        notes: '模特私人备注：不接内衣',
      },
    });
    ({ api, owner, reader, editor, stranger, today, client, general } = finance);
    otherClient = await finance.company({ name: '别家传媒' });
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('shares a billed order at edit, refuses below it, outside the team and unbilled orders', async () => {
    const order = await billedOrder([modelFee(500_000, 2)]);
    await refused(share({ order_id: order.orderId }, reader.headers), 403);
    await refused(share({ order_id: order.orderId }, stranger.headers), 404);
    const draft = await ok(
      api<OrderCreated>('POST', '/orders', { company_id: client.id, title: '草稿' }, owner.headers),
    );
    await refused(share({ order_id: draft.id }), 409, FEE_STATEMENT_MESSAGES.orderNotBilled);
    await refused(share({}), 400);
    await refused(share({ company_id: client.id, from: today, to: addDays(today, -1) }), 400);
    await refused(share({ company_id: client.id, from: addDays(today, -366), to: today }), 400);
    await refused(share({ company_id: 987_654_321, from: today, to: today }), 404);

    const statement = await ok(share({ order_id: order.orderId }));
    expect(statement).toMatchObject({
      kind: 'order',
      order: { id: order.orderId, number: order.number },
      company: { id: client.id, name: '某某服饰' },
      team_recipient: { id: general.id, short_name: '星辰经纪' },
      url: `/web/fees/${statement.share_id}`,
      status: 'live',
      created_by: { id: editor.membershipId, nickname: 'edit' },
      confirmation: null,
      queries: [],
      invoice_infos: [],
    });
    const days = (Date.parse(statement.expires_at ?? '') - t.clock.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    const logged = await t.database.db
      .select({ action: operationLogs.action, targetId: operationLogs.targetId })
      .from(operationLogs)
      .where(eq(operationLogs.action, 'fee_statement_share'));
    expect(logged).toContainEqual({ action: 'fee_statement_share', targetId: String(client.id) });

    const listed = await api<FeeStatement[]>(
      'GET',
      `/fee_statements?order_id=${order.orderId}`,
      undefined,
      reader.headers,
    );
    expect(listed.body.data.map((item) => item.id)).toEqual([statement.id]);
    const strangers = await api<FeeStatement[]>('GET', '/fee_statements', undefined, stranger.headers);
    expect(strangers.body.data).toEqual([]);
  });

  it('answers the client an order’s lines, totals, payment and account, and nothing private', async () => {
    const order = await billedOrder(
      [modelFee(500_000, 2, 6), usageFee(300_000, '2026-12-01', '2027-11-30')],
      today,
      client.id,
      '订单内部备注：佣金按 20% 结算',
    );
    const [first, second] = order.lines;
    if (!first || !second) throw new Error('two lines expected');
    const invoice = await issuedInvoice([first.id]);
    await receive(first.total + 1_000, today, [{ invoice_id: invoice.id, amount: first.total }]);
    const statement = await ok(share({ order_id: order.orderId }));
    const res = await publicApi<PublicFeeStatement>('GET', statement.share_id);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const seen = res.body.data;
    expect(seen).toMatchObject({
      kind: 'order',
      client_name: '某某服饰',
      order: { number: order.number, title: '春季大片' },
      as_of: today,
      payee: {
        name: '上海星辰模特经纪有限公司',
        credit_code: '91310106MA1FY4XK3E',
        bank: '招商银行',
        branch: '上海静安支行',
        account: '1219 0987 6510 201',
      },
      figures: null,
      due_on: addDays(addDays(today, -2), 30),
      invoices: [{ number: invoice.number, issued_on: today, total: invoice.total }],
    });
    // Each line reads as the invoice prints it: 服务费 for the work, 肖像使用费 for the licence.
    expect(seen.lines.map((line) => [line.model_name, line.kind, line.item, line.total, line.paid])).toEqual([
      ['林晓', 'ModelFee', 'service_fee', first.total, first.total],
      ['林晓', 'UsageFee', 'portrait_fee', second.total, 0],
    ]);
    expect(seen.lines[0]?.dates).toBe(`${addDays(today, -3)} 至 ${addDays(today, -2)}`);
    expect(seen.totals).toMatchObject({
      total: first.total + second.total,
      paid: first.total,
      outstanding: second.total,
    });
    expect(seen.totals.total_in_capitals).toMatch(/元/);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/storm_api/v1/public/fee_statements/${statement.share_id}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('1219 0987 6510 201');
    expect(text).toContain('林晓');
    // The items as invoiced, the order's invoice listed, and room for both parties' stamps.
    expect(text).toContain('服务费');
    expect(text).toContain('肖像使用费');
    expect(text).toContain(invoice.number);
    expect(text).toContain('收款方（盖章）');
    expect(text).toContain('客户确认（盖章）');

    const privateValues = [
      'Xiao Lin',
      '13911112222',
      'linxiao_private_wx',
      ID_NUMBER,
      '米兰母公司经纪',
      '模特私人备注',
      '订单内部备注',
      '公司内部备注',
      '6222020000111122223',
      'CMB-PRIVATE-REF-7788',
      '内部备注：客户经理',
      'commission',
      '别家传媒',
    ];
    const json = JSON.stringify(seen);
    for (const value of privateValues) {
      expect(json, value).not.toContain(value);
      expect(text, value).not.toContain(value);
    }
    // Ids of staff, the company and the model are not in the answer either.
    expect(json).not.toContain(`"company_id"`);
    expect(json).not.toContain(`"model_id"`);
  });

  it('takes the client’s confirmation, queries and invoice details, telling the creator', async () => {
    const order = await billedOrder([modelFee(200_000)]);
    const statement = await ok(share({ order_id: order.orderId }));
    const id = statement.share_id;
    const lineId = order.lines[0]?.id ?? 0;
    const before = (await noticesOf(t.database.db, editor.membershipId)).length;

    await refused(publicApi('POST', `${id}/confirm`, { name: '' }), 400);
    const confirmed = await ok(publicApi<PublicFeeStatement>('POST', `${id}/confirm`, { name: '王会计' }));
    expect(confirmed.confirmation?.name).toBe('王会计');
    const again = await ok(publicApi<PublicFeeStatement>('POST', `${id}/confirm`, { name: '李四' }));
    expect(again.confirmation?.name).toBe('王会计');

    await refused(
      publicApi('POST', `${id}/queries`, { fee_line_id: 987_654_321, comment: '这条不对', name: '王会计' }),
      404,
      FEE_STATEMENT_MESSAGES.feeLineNotFound,
    );
    const queried = await ok(
      publicApi<PublicFeeStatement>('POST', `${id}/queries`, {
        fee_line_id: lineId,
        comment: '天数应为 1 天',
        name: '王会计',
      }),
    );
    expect(queried.queries).toMatchObject([
      { fee_line_id: lineId, comment: '天数应为 1 天', name: '王会计' },
    ]);

    await refused(
      publicApi('POST', `${id}/invoice_info`, {
        type: 'special',
        name: '王会计',
        buyer: { name: '上海某某服饰有限公司', tax_id: '91310115MA1H7R2Q5C' },
      }),
      400,
    );
    await refused(
      publicApi('POST', `${id}/invoice_info`, {
        type: 'ordinary',
        name: '王会计',
        buyer: { name: '上海某某服饰有限公司', tax_id: 'abc' },
      }),
      400,
    );
    const buyer = {
      name: '上海某某服饰有限公司',
      tax_id: '9131 0115 ma1h7r2q5c',
      address_phone: '上海市静安区南京西路 1 号 021-12345678',
      bank_account: '招商银行上海分行 121900001111',
    };
    const submitted = await ok(
      publicApi<PublicFeeStatement>('POST', `${id}/invoice_info`, { type: 'special', name: '王会计', buyer }),
    );
    expect(submitted.invoice_info).toMatchObject({
      type: 'special',
      buyer: { tax_id: '91310115MA1H7R2Q5C' },
    });

    const notices = (await noticesOf(t.database.db, editor.membershipId)).slice(before);
    expect(notices.map((notice) => notice.title)).toEqual([
      FEE_STATEMENT_MESSAGES.confirmedNotice('某某服饰'),
      FEE_STATEMENT_MESSAGES.queriedNotice('某某服饰'),
      FEE_STATEMENT_MESSAGES.invoiceInfoNotice('某某服饰'),
    ]);
    expect(notices[1]?.body).toBe('王会计：林晓：天数应为 1 天');
    expect(notices.every((notice) => notice.link === `/admin/finance/${order.orderId}`)).toBe(true);

    const [listed] = await ok(
      api<FeeStatement[]>('GET', `/fee_statements?order_id=${order.orderId}`, undefined, reader.headers),
    );
    expect(listed).toMatchObject({
      confirmation: { name: '王会计' },
      queries: [{ fee_line_id: lineId, comment: '天数应为 1 天' }],
      invoice_infos: [{ type: 'special', name: '王会计' }],
    });
    const latest = await ok(
      api<InvoiceInfo | null>(
        'GET',
        `/fee_statements/invoice_info?company_id=${client.id}`,
        undefined,
        reader.headers,
      ),
    );
    expect(latest?.buyer).toEqual({ ...buyer, tax_id: '91310115MA1H7R2Q5C' });
    expect(
      await ok(
        api('GET', `/fee_statements/invoice_info?company_id=${otherClient.id}`, undefined, reader.headers),
      ),
    ).toBeNull();
    await refused(
      api('GET', `/fee_statements/invoice_info?company_id=${client.id}`, undefined, stranger.headers),
      404,
    );
  });

  it('answers the same not found for unknown, revoked and expired ids', async () => {
    const order = await billedOrder([modelFee(100_000)]);
    const revoked = await ok(share({ order_id: order.orderId }));
    const expired = await ok(share({ order_id: order.orderId }));
    await refused(api('POST', `/fee_statements/${revoked.id}/revoke`, undefined, reader.headers), 403);
    await refused(api('POST', `/fee_statements/${revoked.id}/revoke`, undefined, stranger.headers), 404);
    expect((await ok(api<FeeStatement>('POST', `/fee_statements/${revoked.id}/revoke`))).status).toBe(
      'revoked',
    );
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1_000) })
      .where(and(eq(shareLinks.kind, 'fee_statement'), eq(shareLinks.recordId, expired.id)));
    const ids = [revoked.share_id, expired.share_id, 'A'.repeat(24), 'not-a-share-id'];
    for (const id of ids) {
      await refused(publicApi('GET', id), 404, SHARE_MESSAGES.notFound);
      await refused(publicApi('GET', `${id}/pdf`), 404, SHARE_MESSAGES.notFound);
      await refused(publicApi('POST', `${id}/confirm`, { name: '王会计' }), 404, SHARE_MESSAGES.notFound);
    }
    const listed = await ok(
      api<FeeStatement[]>('GET', `/fee_statements?order_id=${order.orderId}`, undefined, reader.headers),
    );
    expect(listed.map((item) => item.status)).toEqual(['expired', 'revoked']);
    // A package's share id opens no statement, nor a statement's id a package.
    await refused(t.request('GET', `/storm_api/v1/public/packages/${revoked.share_id}`), 404);
    const gone = await fetch(`${t.baseUrl}/web/fees/${expired.share_id}`);
    expect(gone.status).toBe(404);
  });

  it('serves the share page with a preview naming the client, without amounts', async () => {
    const order = await billedOrder([modelFee(123_456)]);
    const statement = await ok(share({ order_id: order.orderId }));
    const res = await fetch(`${t.baseUrl}/web/fees/${statement.share_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    const html = await res.text();
    expect(html).toContain('<title>对账单 · 某某服饰</title>');
    expect(html).toContain('上海星辰模特经纪有限公司发送的对账单');
    expect(html).not.toContain('1,234');
    expect(html).not.toContain('林晓');
  });

  it('sends a phone that opens the statement under /h5 to its one page under /web', async () => {
    const order = await billedOrder([modelFee(10_000)]);
    const statement = await ok(share({ order_id: order.orderId }));
    const res = await fetch(`${t.baseUrl}/h5/fees/${statement.share_id}?from=wechat`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/web/fees/${statement.share_id}?from=wechat`);
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
    // The other share pages of /h5 stay its own.
    const pkg = await fetch(`${t.baseUrl}/h5/s/${statement.share_id}`, { redirect: 'manual' });
    expect(pkg.status).not.toBe(302);
  });

  it('works out a client’s period: opening, fees, invoices, receipts, closing and credit add up', async () => {
    const period = await ok(
      api<Company>('POST', '/companies', { name: '期间客户', payment_terms_days: 10 }, owner.headers),
    );
    const from = addDays(today, -30);
    const to = addDays(today, -1);
    const before = await billedOrder([modelFee(100_000)], addDays(from, -10), period.id);
    const within = await billedOrder([modelFee(200_000), modelFee(50_000)], addDays(from, 5), period.id);
    const after = await billedOrder([modelFee(70_000)], today, period.id);
    const beforeLine = before.lines[0];
    const [withinA, withinB] = within.lines;
    if (!beforeLine || !withinA || !withinB || !after.lines[0]) throw new Error('lines expected');
    const invoice = await issuedInvoice([withinA.id], addDays(from, 6), period.id);
    // Paid before the period (the earlier order), in it (part of the invoice), and credit left over.
    await receive(beforeLine.total, addDays(from, -5), [
      { fee_line_id: beforeLine.id, amount: beforeLine.total },
    ]);
    await receive(withinA.total + 5_000, addDays(from, 8), [
      { invoice_id: invoice.id, amount: withinA.total },
    ]);
    // Another client's order and money never show.
    await billedOrder([modelFee(999_900)], addDays(from, 5), otherClient.id);

    await refused(share({ company_id: period.id, from, to }, reader.headers), 403);
    const statement = await ok(share({ company_id: period.id, from, to }));
    expect(statement).toMatchObject({ kind: 'period', from, to, order: null });
    const seen = await open(statement.share_id);
    const fees = withinA.total + withinB.total;
    const expected = statementFigures(
      {
        fees: [
          { on: addDays(from, -10), amount: beforeLine.total },
          { on: addDays(from, 5), amount: fees },
          { on: today, amount: after.lines[0].total },
        ],
        invoices: [{ on: addDays(from, 6), amount: invoice.total }],
        receipts: [
          { on: addDays(from, -5), amount: beforeLine.total },
          { on: addDays(from, 8), amount: withinA.total + 5_000 },
        ],
        allocations: [
          { on: today, amount: beforeLine.total },
          { on: today, amount: withinA.total },
        ],
      },
      from,
      to,
    );
    expect(seen.figures).toEqual({
      opening: expected.opening,
      fees: expected.fees,
      invoiced: expected.invoiced,
      received: expected.received,
      closing: expected.closing,
      credit: expected.credit,
    });
    expect(seen.figures).toMatchObject({
      opening: 0,
      fees,
      invoiced: invoice.total,
      received: withinA.total + 5_000,
    });
    expect(seen.figures?.closing).toBe(fees - withinA.total - 5_000);
    expect(seen.lines.map((line) => line.fee_line_id)).toEqual([withinA.id, withinB.id]);
    expect(seen.totals).toMatchObject({ total: fees, paid: withinA.total, outstanding: withinB.total });
    expect(seen.invoices).toEqual([
      { number: invoice.number, issued_on: addDays(from, 6), total: invoice.total },
    ]);
    expect(seen.receipts).toEqual([{ received_on: addDays(from, 8), amount: withinA.total + 5_000 }]);
    expect(seen.due_on).toBe(addDays(addDays(from, 3), 10));
    expect(JSON.stringify(seen)).not.toContain('别家传媒');

    // The next period opens with this one's closing balance.
    const next = await ok(share({ company_id: period.id, from: addDays(to, 1), to: today }));
    expect((await open(next.share_id)).figures?.opening).toBe(seen.figures?.closing);
    const listed = await ok(
      api<FeeStatement[]>('GET', `/fee_statements?company_id=${period.id}`, undefined, reader.headers),
    );
    expect(listed.map((item) => item.id)).toEqual([next.id, statement.id]);
  });

  it('previews a period statement for the entity the client owes most, shares it only when asked, and says when it is empty', async () => {
    const owing = await finance.company({ name: '两主体客户', payment_terms_days: 15 });
    const studio = await finance.entity(STUDIO_ENTITY);
    const from = addDays(today, -20);
    const billedOn = addDays(today, -10);
    const days = [orderDay(addDays(billedOn, -3))];
    const billedAt = businessInstant(billedOn, '10:00');
    // A small order with the default entity, a larger one with the studio: the studio is owed most.
    await finance.billedOrder([modelFee(10_000)], { companyId: owing.id, days, billedAt });
    const big = await finance.billedOrder([modelFee(300_000)], {
      companyId: owing.id,
      teamRecipientId: studio.id,
      days,
      billedAt,
    });
    const preview = (query: string, headers = editor.headers) =>
      api<FeeStatementPreview>(
        'GET',
        `/fee_statements/preview?company_id=${owing.id}&${query}`,
        undefined,
        headers,
      );

    await refused(preview(`from=${from}&to=${today}`, reader.headers), 403);
    const seen = await ok(preview(`from=${from}&to=${today}`));
    expect(seen.team_recipient_id).toBe(studio.id);
    expect(seen.entities.map((entity) => [entity.id, entity.billed_orders])).toEqual([
      [studio.id, 1],
      [general.id, 1],
    ]);
    expect(seen.entities[0]?.outstanding).toBe(big.lines[0]?.total);
    expect(seen.empty).toBe(false);
    expect(seen.statement.payee.name).toBe(STUDIO_ENTITY.name);
    expect(seen.statement.figures?.closing).toBe(big.lines[0]?.total);
    // Nothing is shared by a preview.
    const none = await ok(
      api<FeeStatement[]>('GET', `/fee_statements?company_id=${owing.id}`, undefined, reader.headers),
    );
    expect(none).toEqual([]);

    // The other entity, asked for; a period with nothing in it says so.
    const other = await ok(preview(`from=${from}&to=${today}&team_recipient_id=${general.id}`));
    expect(other.statement.payee.name).not.toBe(STUDIO_ENTITY.name);
    expect(other.statement.totals.subtotal).toBe(10_000);
    const empty = await ok(preview(`from=${addDays(today, -400)}&to=${addDays(today, -300)}`));
    expect(empty).toMatchObject({
      empty: true,
      statement: { lines: [], figures: { opening: 0, closing: 0 } },
    });
    await refused(preview(`from=${today}&to=${from}`), 400);

    // Shared without naming the entity: the same default as the preview.
    const shared = await ok(share({ company_id: owing.id, from, to: today }));
    expect(shared.team_recipient).toEqual({ id: studio.id, short_name: STUDIO_ENTITY.short_name });
  });

  it('lets staff reply to a client’s query and resolve it; the client reads the reply; open ones are counted', async () => {
    const order = await billedOrder([modelFee(120_000)]);
    const statement = await ok(share({ order_id: order.orderId }));
    const id = statement.share_id;
    const lineId = order.lines[0]?.id ?? 0;
    const openCount = async () =>
      (await ok(api<OpenQueries>('GET', '/fee_statement_queries/open', undefined, reader.headers))).count;
    const before = await openCount();
    await ok(publicApi('POST', `${id}/confirm`, { name: '王会计' }));
    const queried = await ok(
      publicApi<PublicFeeStatement>('POST', `${id}/queries`, {
        fee_line_id: lineId,
        comment: '单价与合同不符',
        name: '王会计',
      }),
    );
    const query = queried.queries[0];
    if (!query) throw new Error('query expected');
    expect(query).toMatchObject({ reply: null, resolved_at: null });
    expect(await openCount()).toBe(before + 1);
    const openOnes = await ok(
      api<OpenQueries>('GET', '/fee_statement_queries/open', undefined, reader.headers),
    );
    expect(openOnes.items.find((item) => item.id === query.id)).toMatchObject({
      statement_id: statement.id,
      company: { id: client.id, name: '某某服饰' },
      order: { id: order.orderId },
      comment: '单价与合同不符',
      replied: false,
    });

    const answer = (queryId: number, body: unknown, headers = editor.headers) =>
      api<FeeStatement>('POST', `/fee_statement_queries/${queryId}/answer`, body, headers);
    await refused(answer(query.id, { reply: '已核对', resolve: false }, reader.headers), 403);
    await refused(answer(query.id, { reply: '已核对', resolve: false }, stranger.headers), 404);
    await refused(
      answer(987_654_321, { reply: '已核对', resolve: false }),
      404,
      FEE_STATEMENT_MESSAGES.queryNotFound,
    );
    await refused(
      answer(query.id, { reply: '  ', resolve: false }),
      400,
      FEE_STATEMENT_MESSAGES.replyOrResolve,
    );

    // A reply alone: the client reads it, the query stays open.
    const replied = await ok(
      answer(query.id, { reply: '已按合同单价 ¥1,200/天 核对，明细无误', resolve: false }),
    );
    expect(replied.queries[0]).toMatchObject({
      reply: { text: '已按合同单价 ¥1,200/天 核对，明细无误' },
      resolved_at: null,
    });
    const seen = await open(id);
    expect(seen.queries[0]?.reply?.text).toBe('已按合同单价 ¥1,200/天 核对，明细无误');

    // Resolved: no longer open; resolving again changes nothing.
    const resolved = await ok(answer(query.id, { reply: '', resolve: true }));
    expect(resolved.queries[0]?.resolved_at).not.toBeNull();
    expect(await openCount()).toBe(before);
    const again = await ok(answer(query.id, { reply: '', resolve: true }));
    expect(again.queries[0]?.resolved_at).toBe(resolved.queries[0]?.resolved_at);
    expect((await open(id)).queries[0]?.resolved_at).toBe(resolved.queries[0]?.resolved_at);

    const logged = await t.database.db
      .select()
      .from(operationLogs)
      .where(eq(operationLogs.action, 'fee_statement_query_answer'))
      .orderBy(operationLogs.id);
    expect(logged.map((entry) => entry.detail)).toEqual([
      {
        name: '某某服饰',
        what: `订单 ${order.number}`,
        reply: '已按合同单价 ¥1,200/天 核对，明细无误',
        resolved: false,
      },
      { name: '某某服饰', what: `订单 ${order.number}`, reply: '', resolved: true },
    ]);
  });
});

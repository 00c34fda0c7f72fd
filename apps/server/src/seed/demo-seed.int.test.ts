import type { WaitingApproval } from '@trackit/contract/approval.schema';
import type { BankImport, BankLine } from '@trackit/contract/bank-statement.schema';
import { addDays, businessDate, monthStart, weekdayOf } from '@trackit/contract/business-time';
import type { Calendar } from '@trackit/contract/calendar.schema';
import type { CompanyAccount } from '@trackit/contract/company-account.schema';
import type { FeeStatement } from '@trackit/contract/fee-statement.schema';
import { AGING_BUCKETS } from '@trackit/contract/finance-enums';
import type { Invoice, InvoiceDetail, ReadyGroup } from '@trackit/contract/invoice.schema';
import type { Model, ModelPendingChanges } from '@trackit/contract/model.schema';
import type { Order, OrderListItem } from '@trackit/contract/order.schema';
import { isValidCreditCode } from '@trackit/contract/patterns';
import type { Receipt, ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { FinanceOrder } from '@trackit/contract/receivable.schema';
import type { Settlement, SettlementDetail, Withholding } from '@trackit/contract/settlement.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewUsageLicences } from '../domains/order/renewal/usage-renewal.service';
import { createTeamWithOwner } from '../domains/team/team.service';
import { teams } from '../domains/team/team.tables';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signIn } from '../test/factories';
import { DEMO_MODEL_COUNT, DEMO_MODELS_WITH_PICTURES } from './demo-models';
import { DEMO_AGENCY_NAME, DEMO_MOBILES, demoStorage, isDatabaseEmpty, seedDemo } from './demo-seed';

describe('demo data and team set-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // The seed writes thousands of rows and draws and thumbnails 140 pictures through the services: about
  // 15 s of CPU, minutes on a two-core machine busy with other work. Its limit only ends a seed that hangs.
  it('seeds a demo agency once, that the demo numbers can use', { timeout: 600_000 }, async () => {
    expect(await isDatabaseEmpty(t.database.db)).toBe(true);
    expect(await seedDemo(t.database.db, demoStorage(t.config))).toBe(true);
    expect(await seedDemo(t.database.db, demoStorage(t.config))).toBe(false);
    expect(await isDatabaseEmpty(t.database.db)).toBe(false);

    const owner = await signIn(t, DEMO_MOBILES.owner);
    expect(owner.valid_members).toHaveLength(2);
    const ownerKeys = await t.request<{ key: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: bearer(owner.token),
    });
    expect(ownerKeys.body.data).toHaveLength(8);
    // The demo agency's own folders (of no model), newest first, each created with its log entry.
    const folders = await t.request<{ name: string; kind: string }[]>(
      'GET',
      '/storm_api/v1/folders?sort=created_at&per_page=6',
      { headers: bearer(owner.token) },
    );
    expect(folders.body.data.map((folder) => [folder.name, folder.kind]).slice(-2)).toEqual([
      ['周雨 Lookbook', 'book'],
      ['Bella 走秀视频', 'video'],
    ]);
    // Plus a book for each model and polaroids for every other one of the first models.
    const modelFolderCount = DEMO_MODEL_COUNT + DEMO_MODELS_WITH_PICTURES / 2;
    expect(folders.headers.get('x-total')).toBe(String(6 + modelFolderCount));
    const created = await t.request<{ sentence: string; link: string | null }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=folder_create&per_page=100',
      { headers: bearer(owner.token) },
    );
    expect(created.headers.get('x-total')).toBe(String(6 + modelFolderCount));
    expect(created.body.data.map((entry) => entry.sentence)).toContain('新建了资源夹「Bella 走秀视频」');
    expect(created.body.data[0]?.link).toMatch(/^\/admin\/information\/folder\/\d+$/);

    const agent = await signIn(t, DEMO_MOBILES.agent);
    expect(agent.valid_members).toHaveLength(1);
    const agentKeys = await t.request<{ key: string }[]>('GET', '/storm_api/v1/permissions/my', {
      headers: bearer(agent.token),
    });
    expect(agentKeys.body.data.map((item) => item.key)).toEqual([
      'dashboard',
      'calendar',
      'data_management',
      'my_bill',
    ]);

    await t.request('POST', '/storm_api/v1/mobile_codes', { body: { mobile: DEMO_MOBILES.paused } });
    expect(t.sms.last(DEMO_MOBILES.paused)).toBeUndefined();
  });

  it('gives the demo agency 15 client companies with valid credit codes and 40 contacts', async () => {
    const owner = await signIn(t, DEMO_MOBILES.owner);
    const companies = await t.request<{ credit_code: string | null; contact_count: number }[]>(
      'GET',
      '/storm_api/v1/companies?per_page=100',
      { headers: bearer(owner.token) },
    );
    expect(companies.headers.get('x-total')).toBe('15');
    for (const company of companies.body.data) {
      expect(isValidCreditCode(company.credit_code ?? '')).toBe(true);
    }
    expect(companies.body.data.reduce((sum, company) => sum + company.contact_count, 0)).toBe(40);
    const contacts = await t.request('GET', '/storm_api/v1/contacts', { headers: bearer(owner.token) });
    expect(contacts.headers.get('x-total')).toBe('40');
  });

  it('gives the demo agency 80 models over every filter range, each with a cover, the first with books', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const total = async (query: string) =>
      (await t.request('GET', `/storm_api/v1/models?${query}`, { headers })).headers.get('x-total');
    expect(await total('')).toBe(String(DEMO_MODEL_COUNT));
    const ranges = {
      height: ['-167', '168-173', '174-179', '180-186', '187-192', '192-197', '198-'],
      weight: ['-44', '45-50', '51-55', '56-60', '61-65', '66-70', '71-75', '76-'],
      age: ['-17', '18-21', '22-25', '26-29', '30-33', '34-37', '38-'],
    };
    for (const [field, values] of Object.entries(ranges)) {
      for (const range of values) {
        expect(Number(await total(`${field}[]=${range}`)), `${field} ${range}`).toBeGreaterThan(0);
      }
    }
    expect(Number(await total('gender=male'))).toBeGreaterThan(10);

    const models = await t.request<{ name: string; cover_thumb_url: string | null }[]>(
      'GET',
      '/storm_api/v1/models?sort=created_at&per_page=100',
      { headers },
    );
    // The list opens on photos: newest first, every model's card has its cover.
    const withCover = models.body.data.filter((model) => model.cover_thumb_url);
    expect(withCover).toHaveLength(DEMO_MODEL_COUNT);

    // The pictures' thumbnails were made during the seed: each book lists its first four.
    const books = await t.request<
      { model_name: string | null; file_count: number; previews: { thumb_url: string | null }[] }[]
    >('GET', '/storm_api/v1/folders?kind=book&per_page=100', { headers });
    const modelBooks = books.body.data.filter((folder) => folder.model_name);
    expect(modelBooks).toHaveLength(DEMO_MODEL_COUNT);
    expect(modelBooks.filter((book) => book.file_count === 4)).toHaveLength(DEMO_MODELS_WITH_PICTURES);
    for (const book of modelBooks) {
      expect(book.file_count).toBeGreaterThan(0);
      expect(book.previews.every((preview) => preview.thumb_url)).toBe(true);
    }
    const thumb = await fetch(`${t.baseUrl}${modelBooks[0]?.previews[0]?.thumb_url}`);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('gives the demo agency a package a client opened and picked from, and one not yet opened', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const packages = await t.request<
      {
        id: number;
        title: string;
        view_count: number;
        pick_count: number;
        status: string;
        models: unknown[];
      }[]
    >('GET', '/storm_api/v1/packages', { headers });
    expect(packages.body.data.map((pkg) => [pkg.title, pkg.view_count, pkg.pick_count, pkg.status])).toEqual([
      ['秋冬大片候选', 0, 0, 'active'],
      ['春季新品 Lookbook 拍摄', 5, 2, 'active'],
    ]);
    const sent = packages.body.data[1];
    const activity = await t.request<{ visitor_count: number; picks: { comment: string }[] }>(
      'GET',
      `/storm_api/v1/packages/${sent?.id}/activity`,
      { headers },
    );
    expect(activity.body.data.visitor_count).toBe(2);
    expect(activity.body.data.picks.map((pick) => pick.comment)).toContain('气质很贴合这次的主题，想约试镜');
  });

  it('gives the demo agency orders in every state, ranked options and two licences to renew', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const today = businessDate(new Date());
    const orders = await t.request<OrderListItem[]>('GET', '/storm_api/v1/orders?per_page=100', { headers });
    const list = orders.body.data;
    // demo-orders' 19 and the 18 billed orders of the finance year (demo-finance).
    expect(orders.headers.get('x-total')).toBe('37');
    const byStatus = (status: string) => list.filter((order) => order.status === status).length;
    expect(
      Object.fromEntries(
        ['draft', 'submitted', 'confirmed', 'completed', 'billed', 'cancelled'].map((status) => [
          status,
          byStatus(status),
        ]),
      ),
    ).toEqual({ draft: 7, submitted: 3, confirmed: 2, completed: 3, billed: 20, cancelled: 2 });
    expect(list.filter((order) => order.approval_status === 'rejected').map((order) => order.title)).toEqual([
      '杂志内页拍摄',
    ]);
    // Over the last and the next two months.
    const dates = list
      .flatMap((order) => [order.first_date, order.last_date])
      .filter((date) => date !== null);
    expect(dates.some((date) => date < addDays(today, -45))).toBe(true);
    expect(dates.some((date) => date > addDays(today, 40))).toBe(true);
    // Two waiting for the owner's approval; the agent owns some.
    const awaiting = await t.request('GET', '/storm_api/v1/orders?awaiting_my_approval=true', { headers });
    expect(awaiting.headers.get('x-total')).toBe('2');
    expect(list.some((order) => order.owner?.nickname === '周楠')).toBe(true);

    // Fee lines of both kinds, with their totals.
    const sunscreen = list.find((order) => order.title === '夏季防晒广告');
    const detail = await t.request<Order>('GET', `/storm_api/v1/orders/${sunscreen?.id}`, { headers });
    expect(detail.body.data.models[0]?.fees.map((fee) => fee.kind)).toEqual(['ModelFee', 'UsageFee']);
    // ¥12,000 × 2 days and a ¥50,000 licence, 6% tax on each.
    expect(detail.body.data.totals?.total).toBe(2_544_000 + 5_300_000);

    // Two payee entities: the agency's company (general taxpayer, the default) and a small-scale studio,
    // whose three small jobs it invoices at 1 %; every other order is the company's.
    const entities = await t.request<TeamRecipient[]>('GET', '/storm_api/v1/team_recipients', { headers });
    expect(
      entities.body.data.map((entity) => [entity.short_name, entity.taxpayer_type, entity.is_default]),
    ).toEqual([
      ['星辰经纪', 'general', true],
      ['星光工作室', 'small_scale', false],
    ]);
    for (const entity of entities.body.data) expect(isValidCreditCode(entity.credit_code)).toBe(true);
    const [company, studio] = entities.body.data;
    expect(studio?.order_count).toBe(3);
    expect((company?.order_count ?? 0) + (studio?.order_count ?? 0)).toBe(list.length);
    const reshoot = list.find((order) => order.title === 'Lookbook 补拍');
    const studioOrder = await t.request<Order>('GET', `/storm_api/v1/orders/${reshoot?.id}`, { headers });
    expect(studioOrder.body.data.team_recipient?.short_name).toBe('星光工作室');
    expect(studioOrder.body.data.models[0]?.fees[0]?.tax_rate).toBe(1);

    // The shared day: one model held by three orders, ranked as placed; another by two.
    const shared = addDays(today, 8);
    const calendar = await t.request<Calendar>('GET', `/storm_api/v1/calendar?from=${shared}&to=${shared}`, {
      headers,
    });
    const ranks = new Map<number, (number | null)[]>();
    for (const entry of calendar.body.data.entries) {
      ranks.set(entry.model_id, [...(ranks.get(entry.model_id) ?? []), entry.rank]);
    }
    const ranked = [...ranks.values()].map((list) => [...list].sort()).sort((a, b) => b.length - a.length);
    expect(ranked).toEqual([
      [1, 2, 3],
      [1, 2],
    ]);
    // A lapsed option, and a hold over a model's trip.
    const weeks = await t.request<Calendar>(
      'GET',
      `/storm_api/v1/calendar?from=${today}&to=${addDays(today, 60)}`,
      { headers },
    );
    expect(weeks.body.data.entries.some((entry) => entry.status === 'expired')).toBe(true);
    const overTrip = weeks.body.data.entries.filter((entry) =>
      weeks.body.data.trips.some(
        (trip) =>
          trip.model_id === entry.model_id && trip.start_date <= entry.date && entry.date <= trip.end_date,
      ),
    );
    expect(overTrip.map((entry) => entry.status)).toEqual(['reserved']);

    // The renewal job finds the two licences ending within 30 days: one renewed, one to decide.
    const [agency] = await t.database.db.select().from(teams).where(eq(teams.name, DEMO_AGENCY_NAME));
    const teamId = agency?.id ?? 0;
    const run = await renewUsageLicences({ db: t.database.db, log: Fastify().log }, teamId, new Date());
    expect(run.handled.map((entry) => entry.outcome)).toEqual(['draft', 'decide']);
  });

  it('gives the demo agency a finance year: invoices, a correction, receipts, credit and every aging bucket', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const get = async <T>(path: string) =>
      (await t.request<T>('GET', `/storm_api/v1/${path}`, { headers })).body.data;
    const today = businessDate(new Date());

    // Invoices of both types, issued with 20-digit numbers over the last twelve months, one still requested.
    const invoices = await get<Invoice[]>('invoices?per_page=100');
    expect(new Set(invoices.map((invoice) => invoice.type))).toEqual(new Set(['special', 'ordinary']));
    const issued = invoices.filter((invoice) => invoice.status === 'issued');
    expect(issued.length).toBeGreaterThanOrEqual(15);
    expect(invoices.filter((invoice) => invoice.status === 'requested')).toHaveLength(1);
    for (const invoice of issued) {
      expect(invoice.number).toMatch(/^\d{20}$/);
      expect(invoice.issued_on && invoice.issued_on <= today).toBe(true);
      expect([0, 6]).not.toContain(weekdayOf(invoice.issued_on ?? ''));
    }
    const months = new Set(issued.map((invoice) => invoice.issued_on?.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(10);
    expect(issued.every((invoice) => (invoice.issued_on ?? '') > addDays(today, -366))).toBe(true);

    // Exactly one red-letter correction, passed, for part of an issued invoice.
    const reversed = invoices.filter((invoice) => invoice.reversed > 0);
    expect(reversed).toHaveLength(1);
    const corrected = await get<InvoiceDetail>(`invoices/${reversed[0]?.id}`);
    expect(corrected.status).toBe('issued');
    expect(corrected.reversed).toBeLessThan(corrected.total);
    expect(corrected.corrections.map((correction) => correction.status)).toEqual(['passed']);
    // By line (issue 35): part of the licence line of a three-line invoice, recorded with its red number
    // and 确认单 number; the models' lines untouched.
    const [red] = corrected.corrections;
    expect(red).toMatchObject({ scope: 'partial', can_issue: false });
    expect(red?.red_invoice?.number).toMatch(/^\d{20}$/);
    expect(red?.red_invoice?.confirmation_number).toMatch(/^\d{20}$/);
    expect(red?.lines).toHaveLength(1);
    expect(corrected.lines.length).toBeGreaterThan(1);
    expect(corrected.lines.filter((line) => line.given_back > 0).map((line) => line.kind)).toEqual([
      'UsageFee',
    ]);
    expect(corrected.red_letter).toBe('partial');
    expect(invoices.some((invoice) => invoice.correction_pending)).toBe(false);

    // Receipts with bank references and the buyers' names; one voided; one client in credit.
    const receipts = await get<Receipt[]>('receipts?per_page=100');
    expect(receipts.length).toBeGreaterThanOrEqual(15);
    const buyers = new Set(invoices.map((invoice) => invoice.buyer.name));
    for (const receipt of receipts) {
      expect(receipt.reference).toMatch(/^\d{18}$/);
      expect(buyers.has(receipt.payer_name)).toBe(true);
    }
    const voided = receipts.filter((receipt) => receipt.voided_at !== null);
    expect(voided.map((receipt) => [receipt.allocated, Boolean(receipt.void_reason)])).toEqual([[0, true]]);
    const credit = await get<Receipt[]>('receipts?unallocated=true');
    expect(credit.map((receipt) => [receipt.payer_name, receipt.unallocated])).toEqual([
      ['苏州兰亭美妆有限公司', 2_000_000],
    ]);
    // One allocation undone (a payment put on the wrong client's invoice), the receipt allocated again; one
    // line paid before its invoice, the payment moved onto the invoice when issued, earmarked for the line.
    const undone = [];
    const moved = [];
    for (const receipt of receipts) {
      const detail = await get<ReceiptDetail>(`receipts/${receipt.id}`);
      const ended = detail.allocations.filter((allocation) => allocation.undone_at !== null);
      undone.push(...ended.filter((allocation) => allocation.moved_to_invoice === null));
      moved.push(
        ...ended
          .filter((allocation) => allocation.moved_to_invoice !== null)
          .map((allocation) => ({
            allocation,
            live: detail.allocations.filter((a) => a.undone_at === null),
          })),
      );
      expect(detail.warnings).toEqual([]);
    }
    expect(undone).toHaveLength(1);
    expect(moved).toHaveLength(1);
    const [{ allocation: movedAllocation, live: afterMove } = { allocation: undefined, live: [] }] = moved;
    expect(afterMove).toMatchObject([
      {
        amount: movedAllocation?.amount,
        invoice: { id: movedAllocation?.moved_to_invoice?.id },
        fee_line: { id: movedAllocation?.fee_line?.id },
      },
    ]);

    // 财务详情 of every billed order: partial payments, and a debt in each aging bucket as of today.
    const billed = await get<OrderListItem[]>('orders?status[]=billed&per_page=100');
    const finance = await Promise.all(billed.map((order) => get<FinanceOrder>(`finance/orders/${order.id}`)));
    const buckets = finance.map((order) => order.aging_bucket).filter((bucket) => bucket !== null);
    expect(new Set(buckets)).toEqual(new Set(AGING_BUCKETS));
    expect(finance.filter((order) => order.payment_state === 'partial').length).toBeGreaterThanOrEqual(3);
    expect(finance.filter((order) => order.payment_state === 'paid').length).toBeGreaterThanOrEqual(8);

    // 待开票: billed orders not invoiced yet.
    const ready = await get<ReadyGroup[]>('finance/ready_to_invoice');
    const waiting = new Set(ready.flatMap((group) => group.lines.map((line) => line.order_id)));
    expect(waiting.size).toBeGreaterThanOrEqual(3);
    for (const orderId of waiting) {
      expect(finance.find((order) => order.id === orderId)?.invoiced).toBe(0);
    }

    // Three statements shared with clients: one confirmed (an order paid in full), one with an open
    // question, and a period statement whose question staff answered and resolved.
    const statements = await get<FeeStatement[]>('fee_statements');
    expect(statements).toHaveLength(3);
    const confirmed = statements.find((statement) => statement.confirmation !== null);
    expect(confirmed?.confirmation?.name).toBe('陈会计');
    const queried = statements.find(
      (statement) => statement.kind === 'order' && statement.queries.length > 0,
    );
    expect(queried?.queries[0]).toMatchObject({ reply: null, resolved_at: null });
    expect(queried?.queries[0]?.comment).toContain('半天');
    const period = statements.find((statement) => statement.kind === 'period');
    expect(period?.queries[0]?.reply?.text).toContain('发票已开具');
    expect(period?.queries[0]?.resolved_at).not.toBeNull();
    const open = await get<{ count: number }>('fee_statement_queries/open');
    expect(open.count).toBe(1);
    expect(finance.find((order) => order.id === confirmed?.order?.id)?.payment_state).toBe('paid');
    expect(finance.find((order) => order.id === queried?.order?.id)?.outstanding).toBeGreaterThan(0);
  });

  it('gives the demo agency model settlements of every kind, last month in 扣缴明细', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const get = async <T>(path: string) =>
      (await t.request<T>('GET', `/storm_api/v1/${path}`, { headers })).body.data;
    const list = await get<Settlement[]>('settlements');
    expect(list.map((settlement) => settlement.status).sort()).toEqual([
      'draft',
      'paid',
      'paid',
      'paid',
      'paid',
      'passed',
      'submitted',
    ]);
    const settlements = await Promise.all(
      list.map((settlement) => get<SettlementDetail>(`settlements/${settlement.id}`)),
    );
    for (const settlement of settlements) {
      expect(settlement.gross).toBeGreaterThan(0);
      expect(settlement.net).toBe(settlement.income - settlement.tax - settlement.deductions);
    }
    const today = businessDate(new Date());
    const lastMonth25 = addDays(monthStart(today), -6);
    const [individual, licensed, foreign, studio] = settlements
      .filter((settlement) => settlement.status === 'paid')
      .sort((a, b) => String(a.paid_on).localeCompare(String(b.paid_on)));
    // Paid last month as an individual, her advance (借支) taken off, tax withheld.
    expect(individual?.paid_on).toBe(lastMonth25);
    expect(individual?.deductions).toBe(50_000);
    expect(individual?.tax).toBeGreaterThan(0);
    // Paid through her studio yesterday: nothing withheld.
    expect(studio?.paid_on).toBe(addDays(today, -1));
    expect(studio?.tax).toBe(0);
    // The draft's model has a mother agency, whose share comes off her income, and an expense to repay.
    const draft = settlements.find((settlement) => settlement.status === 'draft');
    expect(draft?.mother_agency).toBeGreaterThan(0);
    expect(draft?.deductions).toBe(32_000);
    // Paid ahead of the client: approved, waiting to be paid.
    expect(settlements.find((settlement) => settlement.status === 'passed')?.has_advance).toBe(true);
    const waiting = await get<{ kind: string; record_id: number }[]>('approvals');
    expect(waiting).toContainEqual(
      expect.objectContaining({
        kind: 'settlement',
        record_id: settlements.find((settlement) => settlement.status === 'submitted')?.id,
      }),
    );
    // A usage licence paid to an individual, taxed as 特许权使用费 beside any day fees' 劳务报酬.
    expect(licensed?.paid_on).toBe(addDays(lastMonth25, 1));
    expect(
      licensed?.lines.some((line) => line.kind === 'UsageFee' && line.income_category === 'royalty'),
    ).toBe(true);
    expect(licensed?.jobs.find((job) => job.income_category === 'royalty')?.tax).toBeGreaterThan(0);
    // A foreign model with a passport, a non-resident, withheld on the monthly table.
    expect(foreign?.paid_on).toBe(addDays(lastMonth25, 2));
    expect(foreign?.tax_residency).toBe('non_resident');
    const abroad = await get<Model>(`models/${foreign?.model.id}`);
    expect(abroad).toMatchObject({ id_type: 'passport', tax_residency: 'non_resident' });
    expect(abroad.nationality).not.toBe('CN');
    expect(abroad.first_entry_date).not.toBeNull();
    const withholding = await get<Withholding>(`finance/withholding?month=${lastMonth25.slice(0, 7)}`);
    expect(new Set(withholding.rows.map((row) => row.model.id))).toEqual(
      new Set([individual?.model.id, licensed?.model.id, foreign?.model.id]),
    );
    expect(withholding.rows).toContainEqual(
      expect.objectContaining({
        model: expect.objectContaining({ id: licensed?.model.id }),
        income_category: 'royalty',
      }),
    );
    expect(withholding.rows).toContainEqual(
      expect.objectContaining({
        model: expect.objectContaining({ id: foreign?.model.id }),
        tax_residency: 'non_resident',
      }),
    );
  });

  it('gives the demo agency a commission change waiting for approval and a bank change waiting for its checker', async () => {
    const as = async (mobile: string) => {
      const headers = bearer((await signIn(t, mobile)).token);
      return async <T>(path: string) =>
        (await t.request<T>('GET', `/storm_api/v1/${path}`, { headers })).body.data;
    };
    const owner = await as(DEMO_MOBILES.owner);
    const finance = await as(DEMO_MOBILES.finance);
    const ownerWaits = await owner<WaitingApproval[]>('approvals?per_page=50');
    const financeWaits = await finance<WaitingApproval[]>('approvals?per_page=50');
    const commission = financeWaits.find((entry) => entry.kind === 'commission_change');
    expect(commission?.requested_by?.nickname).toBe('周楠');
    expect(ownerWaits.map((entry) => entry.id)).toContain(commission?.id);
    // The owner made the bank change: only the other finance manager is asked to confirm it.
    const bank = financeWaits.find((entry) => entry.kind === 'team_recipient_bank_change');
    expect(bank?.requested_by?.nickname).toBe('林晓');
    expect(ownerWaits.map((entry) => entry.kind)).not.toContain('team_recipient_bank_change');

    const modelId = Number(commission?.link.split('/').at(-1));
    const model = await owner<Model>(`models/${modelId}`);
    expect(model.commission_rate).toBe(1500);
    const pending = await owner<ModelPendingChanges>(`models/${modelId}/pending_changes`);
    expect(pending.terms).toMatchObject({
      before: { commission_rate: 1500 },
      after: { commission_rate: 4000 },
    });

    const studio = (await owner<TeamRecipient[]>('team_recipients')).find(
      (entity) => entity.pending_bank_change,
    );
    expect(studio).toMatchObject({ short_name: '星光工作室', bank: 'icbc' });
    expect(studio?.pending_bank_change).toMatchObject({
      after: { bank: 'other', bank_name: '上海农村商业银行', account_number: '5013 **** **** 5678' },
      can: { decide: false, withdraw: true },
    });
    // The settled models' accounts were entered by the owner and confirmed by 王静.
    const [paid] = (await owner<Settlement[]>('settlements')).filter((entry) => entry.status === 'paid');
    const payee = await owner<Model>(`models/${paid?.model.id}`);
    expect(payee.payout_account_number).toMatch(/^6214\d{12}$/);
  });

  it('gives the demo a bank statement imported: two credits recorded, one open, a client in credit', async () => {
    const headers = bearer((await signIn(t, DEMO_MOBILES.owner)).token);
    const get = async <T>(path: string) =>
      (await t.request<T>('GET', `/storm_api/v1/${path}`, { headers })).body.data;
    const [statement] = await get<BankImport[]>('bank_statements');
    expect(statement).toMatchObject({ format: 'ccb', credits: 4, new_lines: 4, duplicates: 0, skipped: 1 });
    const lines = await get<BankLine[]>(`bank_statement_lines?import_id=${statement?.id}`);
    expect(lines.map((line) => line.status).sort()).toEqual(['ignored', 'open', 'recorded', 'recorded']);
    const open = lines.find((line) => line.status === 'open');
    expect(open).toMatchObject({ payer_name: '王晓梅', amount: 500_000, companies: [] });
    for (const line of lines.filter((entry) => entry.status === 'recorded')) {
      const receipt = await get<ReceiptDetail>(`receipts/${line.receipt_id}`);
      expect(receipt.company).not.toBeNull();
      expect(receipt.unallocated).toBe(0);
    }
    // 兰亭美妆's advance: its company page shows the credit.
    const credit = await get<Receipt[]>('receipts?unallocated=true');
    const company = credit[0]?.company;
    expect(company).not.toBeNull();
    const account = await get<CompanyAccount>(`companies/${company?.id}/account`);
    expect(account.credit).toBe(2_000_000);
  });

  it('creates a team with its owner, reusing the user of a known number', async () => {
    const { team, membership } = await createTeamWithOwner(t.database.db, {
      name: '新团队',
      ownerMobile: DEMO_MOBILES.agent,
      ownerNickname: '周总',
    });
    expect(membership).toMatchObject({ teamId: team.id, isOwner: true, nickname: '周总', status: 'valid' });
    const agent = await signIn(t, DEMO_MOBILES.agent);
    expect(agent.valid_members).toHaveLength(2);
  });
});

/**
 * The demo agency's finance year (docs/product.md "Invoice and payment", "Demo data"; issue 23): billed
 * orders over the last twelve months, invoices of both types issued month after month with their 20-digit
 * numbers (two still waiting to be issued), one red-letter correction approved and its part invoiced again,
 * receipts with their bank references paid in full, in parts, late, once with credit left over (预收款),
 * once recorded wrongly and voided, once allocated to the wrong client and undone; debts in every aging
 * bucket as of today, and billed orders not yet invoiced (待开票). Everything goes through the order,
 * invoice and receipt services at the business time each step would have happened (their deps' clock), so
 * numbers, payment statuses, the log, the notifications and what allocations write are the real ones.
 * Called by `seedDemo` after the orders; deterministic, every date relative to today.
 */
import { randomBytes } from 'node:crypto';
import { addDays, businessDate, businessInstant, weekdayOf } from '@trackit/contract/business-time';
import type { JobType } from '@trackit/contract/enums';
import type { InvoiceType } from '@trackit/contract/finance-enums';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import { formatYuan } from '@trackit/contract/money';
import type { FeeLineInput, Order } from '@trackit/contract/order.schema';
import type { AllocationCreate } from '@trackit/contract/receipt.schema';
import { pino } from 'pino';
import type { Database } from '../db/client';
import { getCompany } from '../domains/company/company.service';
import { createInvoice, issueInvoice } from '../domains/invoice/invoice.service';
import {
  decideCorrection,
  issueCorrection,
  reverseInvoice,
} from '../domains/invoice/invoice-correction.service';
import { createOrder, type OrderDeps } from '../domains/order/order.service';
import { billOrder, confirmOrder, decideOrder, submitOrder } from '../domains/order/order-lifecycle.service';
import { allocateReceipt, undoAllocation } from '../domains/receipt/allocation.service';
import { createReceipt, voidReceipt } from '../domains/receipt/receipt.service';
import type { BlobStorage } from '../domains/upload/storage/blob-storage';
import type { AuthContext } from '../http/auth-context';
import { fee, licence, loadFixtures } from './demo-orders';

const silentLog = pino({ level: 'silent' });
const origin = { ip: '', userAgent: '' };

/** A job of the finance year: `days` working days ending `last` days from today, one fee list per model. */
interface Job {
  title: string;
  brand: string;
  jobType: JobType;
  /** Index into the demo clients (companies in creation order): 0 星河传媒 … 14 丝路文旅. */
  client: number;
  place: string;
  last: number;
  days?: number;
  hours?: [string, string];
  models: FeeLineInput[][];
  /** Invoiced by the small-scale studio (its fee lines at 1 %). */
  studio?: boolean;
}

/** The jobs, oldest first, as of `today`; the comments say how each is invoiced and paid (below). */
const jobs = (today: string) => {
  /** A usage licence's first and last days: from `start` days from today, for `years` years. */
  const span = (start: number, years: number): [string, string] => [
    addDays(today, start),
    addDays(today, start + years * 365 - 1),
  ];
  const studioFee = (yuan: number, hours: number) => ({ ...fee(yuan, hours, 'hour'), tax_rate: 1 as const });
  return {
    // Paid on time, in full.
    spring: {
      title: '春夏新品画册拍摄',
      brand: '青禾',
      jobType: 'catalog',
      client: 2,
      place: '杭州市西湖区西溪创意产业园 5 号棚',
      last: -345,
      days: 2,
      models: [[fee(6000, 2)], [fee(5500, 2)]],
    },
    makeup: {
      title: '彩妆新品广告拍摄',
      brand: '兰亭',
      jobType: 'ad',
      client: 6,
      place: '苏州工业园区金鸡湖大道 1355 号',
      last: -318,
      models: [[fee(15000, 1), licence(40000, '电商平台及社交媒体', ...span(-318, 1), 'not_renew')]],
    },
    // Paid in two instalments.
    gala: {
      title: '珠宝晚宴活动模特',
      brand: '逸品',
      jobType: 'activity',
      client: 7,
      place: '上海市黄浦区中山东一路 2 号',
      last: -290,
      hours: ['17:00', '22:00'],
      models: [[fee(8000, 1, 'job')], [fee(8000, 1, 'job')], [fee(8000, 1, 'job')]],
    },
    cover: {
      title: '杂志封面拍摄',
      brand: '时尚芭莎',
      jobType: 'editing',
      client: 11,
      place: '北京市朝阳区 798 艺术区',
      last: -262,
      models: [[fee(12000, 1)], [fee(10000, 1)]],
    },
    promo: {
      title: '大促主图拍摄',
      brand: '橙子优选',
      jobType: 'network_shooting',
      client: 8,
      place: '北京市大兴区电商摄影基地',
      last: -236,
      hours: ['09:00', '17:00'],
      models: [[fee(1200, 8, 'hour')], [fee(1000, 8, 'hour')]],
    },
    // Partly reversed (红字发票) and invoiced again a month later.
    tvc: {
      title: '汽车品牌 TVC 拍摄',
      brand: '远途汽车',
      jobType: 'ad',
      client: 1,
      place: '上海市松江区车墩影视基地',
      last: -208,
      days: 2,
      models: [
        [fee(10000, 2), licence(60000, '电视及网络视频广告', ...span(-208, 2), 'not_renew')],
        [fee(10000, 2)],
      ],
    },
    // Paid late, after another client's payment was allocated to it by mistake and undone.
    sportswear: {
      title: '运动鞋服春季画册',
      brand: '山野',
      jobType: 'catalog',
      client: 13,
      place: '重庆市渝中区鹅岭二厂',
      last: -180,
      days: 2,
      models: [[fee(7500, 2)], [fee(7500, 2)]],
    },
    // 90 天以上: a first instalment, then nothing.
    film: {
      title: '影视剧定妆照拍摄',
      brand: '白鹭影视',
      jobType: 'makeup_trials',
      client: 4,
      place: '广州市番禺区长隆影视基地',
      last: -170,
      days: 2,
      models: [[fee(9000, 2)], [fee(9000, 2)], [fee(9000, 2)]],
    },
    outdoor: {
      title: '户外装备 Lookbook',
      brand: '远山',
      jobType: 'lookbook',
      client: 5,
      place: '成都市都江堰市青城山',
      last: -138,
      days: 2,
      models: [[fee(10000, 2)], [fee(10000, 2)]],
    },
    // 61–90 天: nothing paid.
    launch: {
      title: '智能手表发布会',
      brand: '云图',
      jobType: 'presentation',
      client: 3,
      place: '深圳市南山区深圳湾体育中心',
      last: -105,
      hours: ['13:00', '21:00'],
      models: [[fee(6000, 1, 'job')], [fee(6000, 1, 'job')], [fee(7000, 1, 'job', '主持串场')]],
    },
    // 31–60 天: a part paid.
    editorial: {
      title: '秋冬时装大片',
      brand: '时尚芭莎',
      jobType: 'editing',
      client: 11,
      place: '北京市东城区东四胡同',
      last: -105,
      models: [[fee(15000, 1)], [fee(12000, 1)]],
    },
    // Paid with more than owed: the rest is the client's credit.
    skincare: {
      title: '秋季护肤广告',
      brand: '兰亭',
      jobType: 'ad',
      client: 6,
      place: '上海市长宁区愚园路',
      last: -75,
      models: [[fee(18000, 1), licence(50000, '社交媒体及线下门店', ...span(-75, 1), 'pending')]],
    },
    snacks: {
      title: '零食电商主图拍摄',
      brand: '味道',
      jobType: 'network_shooting',
      client: 10,
      place: '南京市秦淮区老门东',
      last: -45,
      hours: ['10:00', '16:00'],
      models: [[studioFee(800, 6)]],
      studio: true,
    },
    // Invoices requested, not yet issued.
    live: {
      title: '直播专场模特',
      brand: '橙子优选',
      jobType: 'other',
      client: 8,
      place: '北京市朝阳区望京直播基地',
      last: -28,
      hours: ['19:00', '23:00'],
      models: [[fee(800, 4, 'hour')], [fee(800, 4, 'hour')]],
    },
    anniversary: {
      title: '品牌周年庆活动',
      brand: '晴空',
      jobType: 'activity',
      client: 0,
      place: '上海市静安区嘉里中心',
      last: -20,
      hours: ['14:00', '21:00'],
      models: [[fee(5000, 1, 'job')], [fee(5000, 1, 'job')], [fee(5000, 1, 'job')]],
    },
    // Billed, not invoiced: 待开票.
    winter: {
      title: '冬季运动系列画册',
      brand: '山野',
      jobType: 'catalog',
      client: 13,
      place: '重庆市南岸区弹子石老街',
      last: -33,
      days: 2,
      models: [[fee(7000, 2)], [fee(6500, 2)]],
    },
    hiking: {
      title: '秋冬户外系列拍摄',
      brand: '远山',
      jobType: 'catalog',
      client: 5,
      place: '成都市都江堰市虹口',
      last: -16,
      days: 2,
      models: [[fee(8000, 2)]],
    },
    preorder: {
      title: '冬装预售主图拍摄',
      brand: '青禾',
      jobType: 'network_shooting',
      client: 2,
      place: '杭州市余杭区',
      last: -10,
      hours: ['10:00', '16:00'],
      models: [[fee(1500, 6, 'hour')]],
    },
  } satisfies Record<string, Job>;
};

/** Models the finance year books: the last of the free ones, away from those demo-orders books. */
const MODEL_POOL = 24;

/**
 * Seeds the finance year as `author` (the owner, every permission). `billed` are demo-orders' two billed
 * orders (星河传媒's catalog, 光年广告's show), invoiced and paid here too. Does nothing without them.
 */
export async function seedDemoFinance(
  db: Database,
  storage: BlobStorage,
  author: AuthContext,
  billed: Order[],
  studioId: number | undefined,
): Promise<void> {
  const [catalog, show] = billed;
  const today = businessDate(new Date());
  const { free, clients } = await loadFixtures(db, author.teamId, today);
  if (!catalog || !show || !studioId || free.length < MODEL_POOL * 2) return;

  const blobKey = randomBytes(32);
  const day = (offset: number) => addDays(today, offset);
  /** The weekday on or before `offset` days from today: when an office step happened. */
  const workday = (offset: number) => {
    const weekday = weekdayOf(day(offset));
    return day(offset - (weekday === 6 ? 1 : weekday === 0 ? 2 : 0));
  };
  const at = (offset: number, time: string) => businessInstant(workday(offset), time);
  const deps = (when: Date): OrderDeps => ({ db, storage, clock: () => when, blobKey, log: silentLog });

  // --- Orders: placed, approved and confirmed before their days, billed after them. ---
  const pool = free.slice(-MODEL_POOL);
  let nextModel = 0;
  const bill = async (job: Job): Promise<Order> => {
    const length = job.days ?? 1;
    const first = job.last - length + 1;
    const [start, end] = job.hours ?? ['09:00', '18:00'];
    const client = clients[job.client % clients.length];
    const { id } = await createOrder(
      deps(at(first - 12, '10:00')),
      author,
      {
        company_id: client?.companyId ?? null,
        contact_id: client?.contactId ?? null,
        brand: job.brand,
        job_type: job.jobType,
        title: job.title,
        place: job.place,
        days: Array.from({ length }, (_, index) => ({
          date: day(first + index),
          start_time: start,
          end_time: end,
        })),
        models: job.models.map((fees) => ({ model_id: pool[nextModel++ % pool.length]?.id ?? 0, fees })),
        ...(job.studio ? { team_recipient_id: studioId } : {}),
      },
      origin,
    );
    await submitOrder(deps(at(first - 12, '11:00')), author, id, origin);
    await decideOrder(deps(at(first - 11, '10:00')), author, id, { result: 'passed', comment: '' }, origin);
    await confirmOrder(deps(at(first - 10, '15:00')), author, id, origin);
    return billOrder(deps(at(job.last + 4, '10:00')), author, id, origin);
  };
  const all = jobs(today);
  const order: Record<keyof typeof all, Order> = {} as Record<keyof typeof all, Order>;
  for (const [key, job] of Object.entries(all) as [keyof typeof all, Job][]) order[key] = await bill(job);

  // --- Invoices: requested, then issued with the tax platform's number (数电发票, 20 digits). ---
  let issuedCount = 0;
  const invoiceNumber = (issuedOn: string) =>
    `${issuedOn.slice(2, 4)}3120000000${String(20_000 + 3_739 * ++issuedCount).padStart(8, '0')}`;
  const linesOf = (of: Order) => of.models.flatMap((model) => model.fees.map((line) => line.id));
  const invoice = async (
    of: Order,
    type: InvoiceType,
    requested: number,
    issued?: number,
    /** The fee lines it covers: all the order's when absent. */
    feeLineIds = linesOf(of),
  ): Promise<InvoiceDetail> => {
    const company = await getCompany({ db, clock: () => new Date() }, author, of.company?.id ?? 0);
    const requestedAt = at(requested, '10:30');
    const detail = await createInvoice(
      { db, storage, blobKey, clock: () => requestedAt },
      author,
      {
        team_recipient_id: of.team_recipient?.id ?? 0,
        company_id: company.id,
        type,
        buyer: {
          name: company.invoiceTitle ?? company.name,
          tax_id: company.creditCode ?? '',
          address_phone: company.invoiceAddress ?? '',
          bank_account: [company.bankName, company.bankAccount].filter(Boolean).join(' '),
        },
        fee_line_ids: feeLineIds,
      },
      origin,
    );
    if (issued === undefined) return detail;
    const issuedOn = workday(issued);
    const issuedAt = at(issued, '15:00');
    return issueInvoice(
      { db, storage, blobKey, clock: () => issuedAt },
      author,
      detail.id,
      { number: invoiceNumber(issuedOn), issued_on: issuedOn },
      origin,
    );
  };

  // --- Receipts: into the invoice's entity, paid by its buyer, allocated the day they arrive. ---
  let receiptCount = 0;
  const bankReference = (on: string) =>
    `${on.replaceAll('-', '')}${String(310_000_000 + 7_919 * ++receiptCount).padStart(10, '0')}`;
  const receive = (paidBy: InvoiceDetail, received: number, amount: number, notes = '') => {
    const receivedOn = workday(received);
    const receivedAt = at(received, '10:30');
    return createReceipt(
      { db, clock: () => receivedAt },
      author,
      {
        received_on: receivedOn,
        amount,
        payer_name: paidBy.buyer.name,
        reference: bankReference(receivedOn),
        team_recipient_id: paidBy.team_recipient.id,
        company_id: paidBy.company.id,
        notes,
      },
      origin,
    );
  };
  const allocate = (receiptId: number, on: number, targets: AllocationCreate[]) => {
    const allocatedAt = at(on, '11:00');
    return allocateReceipt({ db, clock: () => allocatedAt }, author, receiptId, targets, origin);
  };
  const open = (of: InvoiceDetail) => of.total - of.reversed;
  /** Rounded to the yuan: what a client transfers as an instalment. */
  const share = (of: InvoiceDetail, part: number) => Math.round((open(of) * part) / 100) * 100;
  const pay = async (of: InvoiceDetail, on: number, amount = open(of), notes = '') => {
    const receipt = await receive(of, on, amount, notes);
    return allocate(receipt.id, on, [{ invoice_id: of.id, amount }]);
  };

  const spring = await invoice(order.spring, 'special', -339, -336);
  await pay(spring, -290);
  const makeup = await invoice(order.makeup, 'special', -312, -309);
  await pay(makeup, -292);
  const gala = await invoice(order.gala, 'special', -284, -281);
  await pay(gala, -250, share(gala, 0.5), '首期款 50%');
  await pay(gala, -205, open(gala) - share(gala, 0.5), '尾款');
  const cover = await invoice(order.cover, 'special', -256, -253);
  await pay(cover, -210);
  const promo = await invoice(order.promo, 'ordinary', -230, -227);
  await pay(promo, -214);

  // The red-letter correction by line (issue 35): the client split the licence over two budget years, so
  // half of the 肖像使用费 line of a three-line invoice is reversed (部分红冲), the models' lines untouched,
  // and the red-letter invoice recorded with its own number and its 红字发票信息确认单 number.
  const tvc = await invoice(order.tvc, 'special', -202, -199);
  const licenceLine = tvc.lines.find((line) => line.kind === 'UsageFee');
  if (!licenceLine) throw new Error('the demo licence line was not invoiced');
  const split = Math.floor(licenceLine.total / 2);
  const reason = `客户按年度预算拆分肖像使用费，部分红冲 ${formatYuan(split)}，下月另行开具`;
  const reversing = await reverseInvoice(
    { db, storage, blobKey, clock: () => at(-192, '14:00') },
    author,
    tvc.id,
    { lines: [{ invoice_line_id: licenceLine.id, amount: split }], reason },
    origin,
  );
  const correction = reversing.corrections[0];
  if (!correction) throw new Error('the demo correction was not recorded');
  const reversed = await decideCorrection(
    { db, storage, blobKey, clock: () => at(-191, '10:00') },
    author,
    correction.id,
    { result: 'passed', comment: '已与客户财务确认' },
    origin,
  );
  const sportswear = await invoice(order.sportswear, 'ordinary', -174, -171);
  const redOn = workday(-190);
  await issueCorrection(
    { db, storage, blobKey, clock: () => at(-190, '16:00') },
    author,
    correction.id,
    {
      number: invoiceNumber(redOn),
      issued_on: redOn,
      confirmation_number: `3101${redOn.replaceAll('-', '')}00002718`,
    },
    origin,
  );
  const tvcAgain = await invoice(order.tvc, 'special', -172, -169, [licenceLine.fee_line_id]);
  await pay(reversed, -165);
  await pay(tvcAgain, -150);
  const film = await invoice(order.film, 'special', -164, -161);
  await pay(film, -130, share(film, 0.35), '首期款');

  // 远山户外's payment first allocated to 山城运动's invoice (two sports clients), undone, put right.
  const outdoor = await invoice(order.outdoor, 'ordinary', -132, -129);
  const outdoorReceipt = await receive(outdoor, -110, open(outdoor));
  const mistaken = await allocate(outdoorReceipt.id, -110, [
    { invoice_id: sportswear.id, amount: open(sportswear) },
  ]);
  const wrong = mistaken.allocations[0];
  if (!wrong) throw new Error('the demo allocation was not recorded');
  const undoneAt = at(-107, '09:30');
  await undoAllocation({ db, clock: () => undoneAt }, author, wrong.id, origin);
  await allocate(outdoorReceipt.id, -107, [{ invoice_id: outdoor.id, amount: open(outdoor) }]);
  await pay(sportswear, -100);

  // Overdue: 云图科技 has paid nothing, 芭莎文化 a part.
  await invoice(order.launch, 'ordinary', -99, -96);
  const editorial = await invoice(order.editorial, 'special', -99, -95);
  await pay(editorial, -60, 1_000_000, '部分付款');

  // 兰亭美妆 pays its invoice and an advance for the next season: credit (预收款).
  const skincare = await invoice(order.skincare, 'special', -69, -66);
  const advance = 2_000_000;
  const withAdvance = await receive(skincare, -50, open(skincare) + advance, '含下一季合作预付款 ¥20,000.00');
  await allocate(withAdvance.id, -50, [{ invoice_id: skincare.id, amount: open(skincare) }]);

  // demo-orders' catalog: half paid, after a receipt recorded with a wrong amount was voided.
  const catalogInvoice = await invoice(catalog, 'special', -43, -40);
  const typo = await receive(catalogInvoice, -25, share(catalogInvoice, 0.05), '首期款 50%');
  const voidedAt = at(-25, '16:00');
  await voidReceipt(
    { db, clock: () => voidedAt },
    author,
    typo.id,
    { reason: '金额录入错误（少录一位），已按银行回单重新登记' },
    origin,
  );
  await pay(catalogInvoice, -25, share(catalogInvoice, 0.5), '首期款 50%');

  // The studio's small job, paid in full into the studio's account.
  const snacks = await invoice(order.snacks, 'ordinary', -38, -35);
  await pay(snacks, -20);
  // demo-orders' show: issued, not yet due.
  await invoice(show, 'special', -28, -25);
  // Paid before the invoice: 橙子优选 paid the first model's hours while the invoice waited for its number;
  // issuing it moved that payment onto the invoice, earmarked for her line (开票后转入发票).
  const live = await invoice(order.live, 'ordinary', -21);
  const [firstLiveLine] = order.live.models[0]?.fees ?? [];
  if (!firstLiveLine) throw new Error('the demo live job has no line');
  const prepaid = await receive(live, -15, firstLiveLine.total, '先付第一位模特的直播费用');
  await allocate(prepaid.id, -15, [{ fee_line_id: firstLiveLine.id, amount: firstLiveLine.total }]);
  const liveIssuedOn = workday(-9);
  await issueInvoice(
    { db, storage, blobKey, clock: () => at(-9, '15:00') },
    author,
    live.id,
    { number: invoiceNumber(liveIssuedOn), issued_on: liveIssuedOn },
    origin,
  );
  // Requested, waiting for its number.
  await invoice(order.anniversary, 'special', -12);
}

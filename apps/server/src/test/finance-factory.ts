/**
 * What the finance int tests start from, made over HTTP the way the app makes it (docs/product.md
 * "Invoices", "Payments received", "Fee statements"): a team with its owner, a member at each level of
 * `accounting` and a stranger signed in (signInTeamByLevel), a client company, the default payee entity
 * (a general taxpayer), a model; then, on demand, billed orders with their fee lines, issued invoices,
 * receipts and their allocations. Orders are marked billed in the database: billing waits for the order's
 * last day, which a test does not.
 */
import { businessDate } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import type { ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, asc, eq } from 'drizzle-orm';
import { feeLines, orders } from '../domains/order/order.tables';
import { ok } from './api-answers';
import type { ApiResponse, TestApp } from './build-test-app';
import { orderDay, type SignedInMember, signInTeamByLevel } from './factories';

export type Headers = Record<string, string>;
export type FeeLineRow = typeof feeLines.$inferSelect;

/**
 * The body of a red-letter correction by line taking `amount` from the invoice: its lines in order, each
 * up to what it can give back (total − given back − paid); what is left over goes onto the last line (so a
 * test can ask for a fen too many). Tests that mean one line name it themselves.
 */
export function reversalLines(
  invoice: Pick<InvoiceDetail, 'lines'>,
  amount: number,
): { invoice_line_id: number; amount: number }[] {
  let left = amount;
  const asked: { invoice_line_id: number; amount: number }[] = [];
  for (const line of invoice.lines) {
    const take = Math.min(left, Math.max(0, line.total - line.given_back - line.paid));
    if (take > 0) asked.push({ invoice_line_id: line.id, amount: take });
    left -= take;
  }
  if (left > 0) {
    const last = invoice.lines.at(-1);
    const existing = asked.find((request) => request.invoice_line_id === last?.id);
    if (existing) existing.amount += left;
    else if (last) asked.push({ invoice_line_id: last.id, amount: left });
  }
  return asked;
}

/** The default payee entity of a finance team: a general taxpayer with its bank account. */
export const GENERAL_ENTITY = {
  name: '上海星辰模特经纪有限公司',
  short_name: '星辰经纪',
  credit_code: '91310106MA1FY4XK3E',
  taxpayer_type: 'general',
  bank: 'cmb',
  branch: '上海静安支行',
  account_number: '121909876510201',
  is_default: true,
};

/** A second payee entity: a small-scale studio, not the default. */
export const STUDIO_ENTITY = {
  name: '上海静安区星光摄影工作室',
  short_name: '星光工作室',
  credit_code: '92310104MA1KB6T08Y',
  taxpayer_type: 'small_scale',
  bank: 'icbc',
  branch: '上海南京西路支行',
  account_number: '1001234509876543210',
};

/** The buyer an invoice is requested for unless a test names another. */
export const INVOICE_BUYER = { name: '上海某某服饰有限公司', tax_id: '91310115MA1H7R2Q5C' };

export interface FinanceTeamOptions {
  /** Who calls `api` when a call names nobody (default: the owner). */
  caller?: 'owner' | 'editor';
  /** The client company's body (default: 某某服饰). */
  client?: Record<string, unknown>;
  /** The model's body (default: 林晓, female). */
  model?: Record<string, unknown>;
}

export interface BilledOrderOptions {
  companyId?: number;
  /** The model the fees are of (default: the team's model). */
  modelId?: number;
  teamRecipientId?: number;
  title?: string;
  notes?: string;
  /** Working days (default: today, 09:00 to 18:00). */
  days?: ReturnType<typeof orderDay>[];
  /** The status the order is given (default billed: 'confirmed' makes one not billed yet). */
  status?: 'billed' | 'confirmed';
  /** The billing time written with the status (default: none written). */
  billedAt?: Date;
}

export interface BilledOrder {
  id: number;
  number: string;
  /** Its fee lines in order (position, then id). */
  lines: FeeLineRow[];
}

export interface InvoiceOptions {
  companyId?: number;
  teamRecipientId?: number;
  buyer?: { name: string; tax_id: string };
  issuedOn?: string;
  number?: string;
}

export interface ReceiptOptions {
  amount: number;
  receivedOn?: string;
  payerName?: string;
  reference?: string;
  notes?: string;
  teamRecipientId?: number;
  /** Allocated at once (POST /receipts/:id/allocations), by the editor. */
  allocations?: unknown[];
}

/** A finance team, its records and the makers of the records a finance test needs. */
export interface FinanceTeam {
  teamId: number;
  owner: SignedInMember;
  reader: SignedInMember;
  editor: SignedInMember;
  manager: SignedInMember;
  stranger: SignedInMember;
  /** Today's business date on the test clock, when the team was made. */
  today: string;
  client: Company;
  general: TeamRecipient;
  model: Model;
  /** A call under /storm_api/v1 as `headers` (default: the `caller` of the options). */
  api<T>(method: string, path: string, body?: unknown, headers?: Headers): Promise<ApiResponse<T>>;
  /** Another client company of the team, made by the owner. */
  company(body: Record<string, unknown>): Promise<Company>;
  /** Another payee entity of the team, made by the owner. */
  entity(body: Record<string, unknown>): Promise<TeamRecipient>;
  /** An order of the model with `fees`, made by the owner over the API, then given its status. */
  billedOrder(fees: unknown[], options?: BilledOrderOptions): Promise<BilledOrder>;
  /** The next 20-digit invoice number of the team (2631200000000 and a counter). */
  nextInvoiceNumber(): string;
  /** An invoice of the lines requested by the editor (not issued yet). */
  requestedInvoice(feeLineIds: number[], options?: InvoiceOptions): Promise<InvoiceDetail>;
  /** A requested invoice issued by the manager (today, next number, unless the options say). */
  issue(invoiceId: number, options?: InvoiceOptions): Promise<InvoiceDetail>;
  /** An invoice of the lines requested by the editor and issued by the manager (today, next number). */
  issuedInvoice(feeLineIds: number[], options?: InvoiceOptions): Promise<InvoiceDetail>;
  /** A receipt recorded by the editor (to the default entity, today), allocated at once when asked. */
  receipt(options: ReceiptOptions): Promise<ReceiptDetail>;
}

export async function createFinanceTeam(t: TestApp, options: FinanceTeamOptions = {}): Promise<FinanceTeam> {
  const db = t.database.db;
  const { teamId, owner, levels, stranger } = await signInTeamByLevel(t, 'accounting');
  const { read: reader, edit: editor, manage: manager } = levels;
  const caller = options.caller === 'editor' ? editor : owner;
  const today = businessDate(t.clock.now());
  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = caller.headers) =>
    t.request<T>(method, `/storm_api/v1${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const company = (body: Record<string, unknown>) =>
    ok(api<Company>('POST', '/companies', body, owner.headers));
  const entity = (body: Record<string, unknown>) =>
    ok(api<TeamRecipient>('POST', '/team_recipients', body, owner.headers));

  const client = await company(options.client ?? { name: '某某服饰' });
  const general = await entity(GENERAL_ENTITY);
  const model = await ok(
    api<Model>('POST', '/models', options.model ?? { name: '林晓', gender: 'female' }, owner.headers),
  );

  let invoiceSeq = 0;
  const nextInvoiceNumber = () => `2631200000000${String(++invoiceSeq).padStart(7, '0')}`;

  const team: FinanceTeam = {
    teamId,
    owner,
    reader,
    editor,
    manager,
    stranger,
    today,
    client,
    general,
    model,
    api,
    company,
    entity,
    nextInvoiceNumber,

    async billedOrder(fees, order = {}) {
      const created = await ok(
        api<OrderCreated>(
          'POST',
          '/orders',
          {
            company_id: order.companyId ?? client.id,
            team_recipient_id: order.teamRecipientId ?? general.id,
            job_type: 'ad',
            title: order.title ?? '财务测试',
            ...(order.notes === undefined ? {} : { notes: order.notes }),
            days: order.days ?? [orderDay(today)],
            models: [{ model_id: order.modelId ?? model.id, fees }],
          },
          owner.headers,
        ),
      );
      await db
        .update(orders)
        .set({
          status: order.status ?? 'billed',
          // A billed order has its billing time (orders_billed_check).
          billedAt: order.billedAt ?? ((order.status ?? 'billed') === 'billed' ? t.clock.now() : null),
        })
        .where(and(eq(orders.teamId, teamId), eq(orders.id, created.id)));
      const lines = await db
        .select()
        .from(feeLines)
        .where(and(eq(feeLines.teamId, teamId), eq(feeLines.orderId, created.id)))
        .orderBy(asc(feeLines.position), asc(feeLines.id));
      return { id: created.id, number: created.number, lines };
    },

    requestedInvoice(feeLineIds, invoice = {}) {
      return ok(
        api<InvoiceDetail>(
          'POST',
          '/invoices',
          {
            team_recipient_id: invoice.teamRecipientId ?? general.id,
            company_id: invoice.companyId ?? client.id,
            type: 'ordinary',
            buyer: invoice.buyer ?? INVOICE_BUYER,
            fee_line_ids: feeLineIds,
          },
          editor.headers,
        ),
      );
    },

    issue(invoiceId, invoice = {}) {
      return ok(
        api<InvoiceDetail>(
          'POST',
          `/invoices/${invoiceId}/issue`,
          { number: invoice.number ?? nextInvoiceNumber(), issued_on: invoice.issuedOn ?? today },
          manager.headers,
        ),
      );
    },

    async issuedInvoice(feeLineIds, invoice = {}) {
      const requested = await team.requestedInvoice(feeLineIds, invoice);
      return team.issue(requested.id, invoice);
    },

    async receipt(receipt) {
      const recorded = await ok(
        api<ReceiptDetail>(
          'POST',
          '/receipts',
          {
            received_on: receipt.receivedOn ?? today,
            amount: receipt.amount,
            payer_name: receipt.payerName ?? INVOICE_BUYER.name,
            ...(receipt.reference === undefined ? {} : { reference: receipt.reference }),
            ...(receipt.notes === undefined ? {} : { notes: receipt.notes }),
            team_recipient_id: receipt.teamRecipientId ?? general.id,
          },
          editor.headers,
        ),
      );
      if (!receipt.allocations?.length) return recorded;
      return ok(
        api<ReceiptDetail>(
          'POST',
          `/receipts/${recorded.id}/allocations`,
          receipt.allocations,
          editor.headers,
        ),
      );
    },
  };
  return team;
}

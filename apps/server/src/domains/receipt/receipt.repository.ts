/**
 * The only file with the receipt domain's queries: receipts and the list of a receipt's allocations (read
 * joined with the invoice and order tables). What allocations write, lock and pay is the payment domain's
 * (payment/payment.repository.ts). Every query takes the team id.
 */
import type { PayerCompany } from '@trackit/contract/bank-statement.schema';
import type { ReceiptQuery } from '@trackit/contract/receipt.schema';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { containing } from '../../db/like';
import { sumFen } from '../../db/money-sum';
import type { PageWindow } from '../../http/pagination';
import { companies } from '../company/company.tables';
import { invoices } from '../invoice/invoice.tables';
import { models } from '../model/model.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { allocations } from '../payment/payment.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';
import { receipts } from './receipt.tables';

export type ReceiptRecord = typeof receipts.$inferSelect;

const creator = alias(memberships, 'receipt_creator');

const selectReceipts = (db: Database) =>
  db
    .select({
      receipt: receipts,
      recipient: { id: teamRecipients.id, name: teamRecipients.name, shortName: teamRecipients.shortName },
      createdByName: creator.nickname,
      companyName: companies.name,
      allocated: receipts.allocated,
    })
    .from(receipts)
    .innerJoin(
      teamRecipients,
      and(eq(teamRecipients.teamId, receipts.teamId), eq(teamRecipients.id, receipts.teamRecipientId)),
    )
    .leftJoin(
      creator,
      and(eq(creator.teamId, receipts.teamId), eq(creator.id, receipts.createdByMembershipId)),
    )
    .leftJoin(companies, and(eq(companies.teamId, receipts.teamId), eq(companies.id, receipts.companyId)));
export type ReceiptRow = Awaited<ReturnType<ReturnType<typeof selectReceipts>['where']>>[number];

export async function findReceipt(db: Database, teamId: number, id: number): Promise<ReceiptRow | undefined> {
  const [row] = await selectReceipts(db).where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)));
  return row;
}

export async function insertReceipt(tx: Database, values: typeof receipts.$inferInsert): Promise<number> {
  const [row] = await tx.insert(receipts).values(values).returning({ id: receipts.id });
  if (!row) throw new Error('receipt not created');
  return row.id;
}

export async function updateReceiptRow(
  tx: Database,
  teamId: number,
  id: number,
  values: Partial<typeof receipts.$inferInsert>,
) {
  await tx
    .update(receipts)
    .set(values)
    .where(and(eq(receipts.teamId, teamId), eq(receipts.id, id)));
}

/** The receipts of a team by the list's filters, newest first; paged in the database. */
export async function listReceipts(db: Database, teamId: number, filter: ReceiptQuery, window: PageWindow) {
  const allocated = receipts.allocated;
  const where = and(
    eq(receipts.teamId, teamId),
    filter.team_recipient_id ? eq(receipts.teamRecipientId, filter.team_recipient_id) : undefined,
    filter.company_id ? eq(receipts.companyId, filter.company_id) : undefined,
    filter.received_from ? gte(receipts.receivedOn, filter.received_from) : undefined,
    filter.received_to ? lte(receipts.receivedOn, filter.received_to) : undefined,
    filter.keyword
      ? or(
          ilike(receipts.payerName, containing(filter.keyword)),
          ilike(receipts.reference, containing(filter.keyword)),
        )
      : undefined,
    filter.unallocated === undefined
      ? undefined
      : filter.unallocated
        ? and(isNull(receipts.voidedAt), sql`${receipts.amount} > ${allocated}`)
        : sql`not (${receipts.voidedAt} is null and ${receipts.amount} > ${allocated})`,
    filter.voided === undefined
      ? undefined
      : filter.voided
        ? isNotNull(receipts.voidedAt)
        : isNull(receipts.voidedAt),
  );
  const [rows, [totals]] = await Promise.all([
    selectReceipts(db)
      .where(where)
      .orderBy(desc(receipts.receivedOn), desc(receipts.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(receipts).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

const allocator = alias(memberships, 'allocation_creator');
const undoer = alias(memberships, 'allocation_undoer');
const lineOrder = alias(orders, 'allocation_order');
const movedTo = alias(invoices, 'allocation_moved_to');

/**
 * The receipt's allocations, oldest first, with what each pays: the invoice (number, buyer, entity), and/or
 * the fee line paid or paid for (its order's number and entity, the model's stage name), and the invoice a
 * moved one went onto.
 */
export function listAllocations(db: Database, teamId: number, receiptId: number) {
  return db
    .select({
      allocation: allocations,
      invoice: {
        id: invoices.id,
        number: invoices.number,
        buyerName: invoices.buyerName,
        teamRecipientId: invoices.teamRecipientId,
      },
      feeLine: {
        id: feeLines.id,
        orderId: lineOrder.id,
        orderNumber: lineOrder.number,
        teamRecipientId: lineOrder.teamRecipientId,
        modelName: models.name,
      },
      movedTo: { id: movedTo.id, number: movedTo.number },
      createdByName: allocator.nickname,
      undoneByName: undoer.nickname,
    })
    .from(allocations)
    .leftJoin(invoices, and(eq(invoices.teamId, allocations.teamId), eq(invoices.id, allocations.invoiceId)))
    .leftJoin(
      movedTo,
      and(eq(movedTo.teamId, allocations.teamId), eq(movedTo.id, allocations.movedToInvoiceId)),
    )
    .leftJoin(
      feeLines,
      and(
        eq(feeLines.teamId, allocations.teamId),
        eq(feeLines.id, sql`coalesce(${allocations.feeLineId}, ${allocations.earmarkFeeLineId})`),
      ),
    )
    .leftJoin(lineOrder, and(eq(lineOrder.teamId, feeLines.teamId), eq(lineOrder.id, feeLines.orderId)))
    .leftJoin(models, and(eq(models.teamId, feeLines.teamId), eq(models.id, feeLines.modelId)))
    .leftJoin(
      allocator,
      and(eq(allocator.teamId, allocations.teamId), eq(allocator.id, allocations.createdByMembershipId)),
    )
    .leftJoin(
      undoer,
      and(eq(undoer.teamId, allocations.teamId), eq(undoer.id, allocations.undoneByMembershipId)),
    )
    .where(and(eq(allocations.teamId, teamId), eq(allocations.receiptId, receiptId)))
    .orderBy(allocations.id);
}
export type AllocationRow = Awaited<ReturnType<typeof listAllocations>>[number];

/** A name as compared: trimmed, full-width brackets as half-width (（北京）… and (北京)… are one name). */
const comparable = (column: SQL | AnyPgColumn) => sql`translate(btrim(${column}), '（）', '()')`;
const comparableText = (text: string) => text.trim().replaceAll('（', '(').replaceAll('）', ')');

/**
 * The client companies a payer's name may be (docs/product.md "Receipts belong to a client"), best first:
 * named so on earlier receipts, a company (or its 开票抬头) of that name, the buyer of its invoices, then
 * companies whose name or short name the payer's contains or is contained in. At most `limit`.
 */
export async function findPayerCompanies(
  db: Database,
  teamId: number,
  payerName: string,
  limit = 5,
): Promise<PayerCompany[]> {
  const payer = comparableText(payerName);
  if (payer === '') return [];
  const found: PayerCompany[] = [];
  const add = (rows: { id: number; name: string }[], reason: PayerCompany['reason']) => {
    for (const row of rows)
      if (!found.some((company) => company.id === row.id)) found.push({ ...row, reason });
  };
  const company = { id: companies.id, name: companies.name };
  add(
    await db
      .selectDistinct(company)
      .from(receipts)
      .innerJoin(companies, and(eq(companies.teamId, receipts.teamId), eq(companies.id, receipts.companyId)))
      .where(and(eq(receipts.teamId, teamId), sql`${comparable(receipts.payerName)} = ${payer}`))
      .limit(limit),
    'history',
  );
  add(
    await db
      .select(company)
      .from(companies)
      .where(
        and(
          eq(companies.teamId, teamId),
          or(
            sql`${comparable(companies.name)} = ${payer}`,
            sql`${comparable(companies.invoiceTitle)} = ${payer}`,
          ),
        ),
      )
      .limit(limit),
    'name',
  );
  add(
    await db
      .selectDistinct(company)
      .from(invoices)
      .innerJoin(companies, and(eq(companies.teamId, invoices.teamId), eq(companies.id, invoices.companyId)))
      .where(and(eq(invoices.teamId, teamId), sql`${comparable(invoices.buyerName)} = ${payer}`))
      .limit(limit),
    'invoice_buyer',
  );
  if (found.length < limit)
    add(
      await db
        .select(company)
        .from(companies)
        .where(
          and(
            eq(companies.teamId, teamId),
            or(
              sql`char_length(${companies.name}) >= 2 and strpos(${payer}, ${comparable(companies.name)}) > 0`,
              sql`strpos(${comparable(companies.name)}, ${payer}) > 0 and char_length(${payer}) >= 2`,
              sql`char_length(${companies.shortName}) >= 2 and strpos(${payer}, ${comparable(companies.shortName)}) > 0`,
            ),
          ),
        )
        .orderBy(sql`${companies.status} = 'active' desc`, companies.name)
        .limit(limit),
      'similar',
    );
  return found.slice(0, limit);
}

/**
 * A client's live (not voided) receipts: how many, their sum, what no allocation took (预收款) and how
 * many still hold some. Sums in the database, capped (db/money-sum.ts).
 */
export async function sumCompanyReceipts(db: Database, teamId: number, companyId: number) {
  const [row] = await db
    .select({
      count: count(),
      total: sumFen(receipts.amount),
      credit: sumFen(sql`${receipts.amount} - ${receipts.allocated}`),
      creditCount: sql<number>`count(*) filter (where ${receipts.amount} > ${receipts.allocated})`.mapWith(
        Number,
      ),
    })
    .from(receipts)
    .where(and(eq(receipts.teamId, teamId), eq(receipts.companyId, companyId), isNull(receipts.voidedAt)));
  return {
    count: row?.count ?? 0,
    total: row?.total ?? 0,
    credit: row?.credit ?? 0,
    creditCount: row?.creditCount ?? 0,
  };
}

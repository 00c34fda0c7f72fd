/**
 * Bank statement import (docs/product.md "Bank statement import"): an uploaded export of one payee
 * entity's account is read (./bank-file.ts), its credits kept as lines once per account (a line imported
 * twice is recognised by its key and not kept again), each open line offered with the clients its payer
 * may be and their open invoices (by the invoice number in its 摘要/附言, its amount, then the oldest), and
 * recorded by a person: the receipt and its allocations in one transaction through the receipt domain's own
 * writes (receipt.service.ts recordReceipt, allocation.service.ts allocateWithin → payment settlePayments).
 */
import type { Readable } from 'node:stream';
import { invoiceOpen } from '@trackit/contract/allocations';
import {
  BANK_STATEMENT_LIMITS,
  BANK_STATEMENT_MESSAGES,
  type BankColumnRole,
  type BankImport,
  type BankImportQuery,
  type BankImportResult,
  type BankLine,
  type BankLineIgnore,
  type BankLineQuery,
  type BankLineRecord,
  type SuggestedInvoice,
} from '@trackit/contract/bank-statement.schema';
import type { Database } from '../../../db/client';
import { AppError } from '../../../http/app-error';
import type { AuthContext, RequestOrigin } from '../../../http/auth-context';
import { pageWindow } from '../../../http/pagination';
import { readLimitedBody, throwIfAborted } from '../../../http/raw-body';
import { findRecipientForDocument } from '../../team-recipient/team-recipient.service';
import { allocateWithin } from '../allocation.service';
import { findPayerCompanies } from '../receipt.repository';
import { type ReceiptDeps, recordReceipt } from '../receipt.service';
import {
  dedupeKeys,
  likelyHeader,
  mappedLayout,
  readBankRows,
  readCredits,
  recogniseBank,
  type StatementLayout,
} from './bank-file';
import {
  findLine,
  findPossibleReceipt,
  type ImportRow,
  insertImport,
  insertNewLines,
  type LineRow,
  listImports,
  listLines,
  listOpenInvoices,
  lockLine,
  type OpenInvoiceRow,
  updateImportCounts,
  updateLine,
} from './bank-statement.repository';

const lineNotFound = () => new AppError('notFound', { message: BANK_STATEMENT_MESSAGES.lineNotFound });

const MAPPED_ROLES: Record<BankColumnRole, keyof BankImportQuery> = {
  date: 'map_date',
  credit: 'map_credit',
  debit: 'map_debit',
  amount: 'map_amount',
  direction: 'map_direction',
  payer_name: 'map_payer_name',
  payer_account: 'map_payer_account',
  summary: 'map_summary',
  remark: 'map_remark',
  serial: 'map_serial',
};

function presentImport(row: ImportRow): BankImport {
  const { row: saved } = row;
  return {
    id: saved.id,
    team_recipient: { id: saved.teamRecipientId, short_name: row.recipientShortName },
    format: saved.format,
    file_name: saved.fileName,
    credits: saved.credits,
    new_lines: saved.newLines,
    duplicates: saved.duplicates,
    skipped: saved.skipped,
    created_at: saved.createdAt.toISOString(),
    created_by:
      saved.createdByMembershipId !== null && row.createdByName !== null
        ? { id: saved.createdByMembershipId, nickname: row.createdByName }
        : null,
  };
}

/**
 * POST /v1/bank_statements: reads the file (at most BANK_STATEMENT_LIMITS.bytes), recognises its bank or
 * reads it by the mapping sent; with neither, answers its headers and first rows for a person to map.
 * Otherwise keeps its credits the account has not seen, in one transaction with the import's record.
 */
export async function importBankStatement(
  deps: ReceiptDeps,
  auth: AuthContext,
  upload: { file: Readable; query: BankImportQuery; signal?: AbortSignal },
): Promise<BankImportResult> {
  const { query, signal } = upload;
  const now = deps.clock();
  // The account first: another team's entity is "not found" before a byte of the file is read.
  const recipient = await findRecipientForDocument(deps.db, auth.teamId, query.team_recipient_id);
  if (!recipient) throw new AppError('notFound', { message: BANK_STATEMENT_MESSAGES.recipientNotFound });
  const file = await readLimitedBody(upload.file, {
    limit: BANK_STATEMENT_LIMITS.bytes,
    tooLarge: BANK_STATEMENT_MESSAGES.tooLarge,
    signal,
  });
  const rows = await readBankRows(file, signal);
  throwIfAborted(signal);
  if (rows.every((row) => row.every((cell) => cell === '')))
    throw new AppError('badRequest', { message: BANK_STATEMENT_MESSAGES.empty });
  const mapping = Object.fromEntries(
    Object.entries(MAPPED_ROLES).flatMap(([role, key]) => {
      const header = query[key];
      return typeof header === 'string' && header !== '' ? [[role, header]] : [];
    }),
  ) as Partial<Record<BankColumnRole, string>>;
  const layout: StatementLayout | undefined =
    Object.keys(mapping).length > 0 ? mappedLayout(rows, mapping) : recogniseBank(rows);
  if (!layout) {
    const { index, headers } = likelyHeader(rows);
    return {
      import: null,
      needs_mapping: true,
      headers,
      sample: rows.slice(index + 1, index + 6).map((row) => row.slice(0, BANK_STATEMENT_LIMITS.columns)),
    };
  }
  const { credits, skipped } = readCredits(rows, layout);
  const keys = dedupeKeys(credits);
  const importId = await deps.db.transaction(async (tx) => {
    const id = await insertImport(tx, {
      teamId: auth.teamId,
      teamRecipientId: recipient.id,
      format: layout.format,
      fileName: query.file_name,
      credits: credits.length,
      newLines: 0,
      duplicates: 0,
      skipped,
      createdByMembershipId: auth.membershipId,
      createdAt: now,
      updatedAt: now,
    });
    const inserted = await insertNewLines(
      tx,
      credits.map((credit, index) => ({
        teamId: auth.teamId,
        importId: id,
        teamRecipientId: recipient.id,
        transactedOn: credit.transactedOn,
        amount: credit.amount,
        payerName: credit.payerName,
        payerAccount: credit.payerAccount,
        summary: credit.summary,
        serial: credit.serial,
        dedupeKey: keys[index] ?? '',
        createdAt: now,
        updatedAt: now,
      })),
    );
    await updateImportCounts(tx, auth.teamId, id, {
      newLines: inserted,
      duplicates: credits.length - inserted,
    });
    return id;
  });
  const { rows: saved } = await listImports(deps.db, auth.teamId, { limit: 1, offset: 0 }, importId);
  const [row] = saved;
  if (!row) throw new Error('bank statement import not found after saving');
  return { import: presentImport(row), needs_mapping: false, headers: [], sample: [] };
}

/** GET /v1/bank_statements. */
export async function listBankImports(
  deps: ReceiptDeps,
  auth: AuthContext,
  query: { page: number; per_page: number },
) {
  const { rows, total } = await listImports(deps.db, auth.teamId, pageWindow(query));
  return { items: rows.map(presentImport), total };
}

/** Digits of at least 8 in a text: an invoice number (20 digits for 数电票) or its last digits as written. */
const numbersIn = (text: string) => text.match(/\d{8,20}/g) ?? [];

/**
 * The open invoices suggested for `amount`: those whose number the summary names first, then one whose open
 * amount is the amount, then the oldest; each given what is left of the amount in that order.
 */
export function suggestInvoices(
  open: readonly OpenInvoiceRow[],
  amount: number,
  summary: string,
): SuggestedInvoice[] {
  const named = numbersIn(summary);
  const candidates = open.flatMap((invoice) =>
    invoice.number === null || invoice.issuedOn === null
      ? []
      : [{ ...invoice, number: invoice.number, issuedOn: invoice.issuedOn, open: invoiceOpen(invoice) }],
  );
  const rank = (invoice: (typeof candidates)[number]) =>
    named.some((digits) => invoice.number.endsWith(digits)) ? 0 : invoice.open === amount ? 1 : 2;
  const ordered = candidates
    .map((invoice, index) => ({ invoice, index, rank: rank(invoice) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index);
  let left = amount;
  return ordered.map(({ invoice, rank: order }) => {
    const suggested = Math.min(left, invoice.open);
    left -= suggested;
    return {
      id: invoice.id,
      number: invoice.number,
      issued_on: invoice.issuedOn,
      total: invoice.total - invoice.reversed,
      open: invoice.open,
      reason: order === 0 ? 'number' : order === 1 ? 'amount' : 'oldest',
      suggested,
    };
  });
}

async function presentLine(db: Database, teamId: number, row: LineRow): Promise<BankLine> {
  const { line } = row;
  const open = line.status === 'open';
  const companies = open && line.payerName !== '' ? await findPayerCompanies(db, teamId, line.payerName) : [];
  const [first] = companies;
  const invoices = first
    ? suggestInvoices(await listOpenInvoices(db, teamId, first.id), line.amount, line.summary)
    : [];
  const possible = open ? await findPossibleReceipt(db, teamId, line) : undefined;
  return {
    id: line.id,
    import_id: line.importId,
    team_recipient: { id: line.teamRecipientId, short_name: row.recipientShortName },
    transacted_on: line.transactedOn,
    amount: line.amount,
    payer_name: line.payerName,
    payer_account: line.payerAccount,
    summary: line.summary,
    serial: line.serial,
    status: line.status,
    receipt_id: line.receiptId,
    ignore_reason: line.ignoreReason,
    companies,
    invoices,
    possible_receipt: possible ? { id: possible.id, payer_name: possible.payerName } : null,
  };
}

/** GET /v1/bank_statement_lines: a page of lines (at most a page's suggestions are worked out). */
export async function listBankLines(deps: ReceiptDeps, auth: AuthContext, query: BankLineQuery) {
  const { rows, total } = await listLines(deps.db, auth.teamId, query, pageWindow(query));
  const items: BankLine[] = [];
  for (const row of rows) items.push(await presentLine(deps.db, auth.teamId, row));
  return { items, total };
}

/** GET /v1/bank_statement_lines/{id}/invoices: the open invoices of the client a person chose instead. */
export async function suggestLineInvoices(
  deps: ReceiptDeps,
  auth: AuthContext,
  lineId: number,
  companyId: number,
) {
  const row = await findLine(deps.db, auth.teamId, lineId);
  if (!row) throw lineNotFound();
  return suggestInvoices(
    await listOpenInvoices(deps.db, auth.teamId, companyId),
    row.line.amount,
    row.line.summary,
  );
}

async function lockOpenLine(tx: Database, teamId: number, lineId: number) {
  const line = await lockLine(tx, teamId, lineId);
  if (!line) throw lineNotFound();
  if (line.status !== 'open') throw new AppError('conflict', { message: BANK_STATEMENT_MESSAGES.notOpen });
  return line;
}

/**
 * POST /v1/bank_statement_lines/{id}/record: in one transaction the line (locked: it is recorded once),
 * its receipt (the line's date, amount, payer as the bank wrote it, serial; the client chosen) and the
 * allocations confirmed. A refused allocation leaves nothing recorded.
 */
export async function recordBankLine(
  deps: ReceiptDeps,
  auth: AuthContext,
  lineId: number,
  body: BankLineRecord,
  origin: RequestOrigin,
): Promise<BankLine> {
  const now = deps.clock();
  const { teamId } = auth;
  await deps.db.transaction(async (tx) => {
    const line = await lockOpenLine(tx, teamId, lineId);
    const receiptId = await recordReceipt(
      tx,
      auth,
      {
        received_on: line.transactedOn,
        amount: line.amount,
        payer_name: line.payerName || '（银行流水未写付款方）',
        reference: line.serial.slice(0, 64),
        team_recipient_id: line.teamRecipientId,
        company_id: body.company_id,
        notes: line.summary ? `银行流水：${line.summary}` : '银行流水导入',
      },
      now,
      origin,
    );
    if (body.allocations.length > 0) await allocateWithin(tx, auth, receiptId, body.allocations, now, origin);
    await updateLine(tx, teamId, lineId, {
      status: 'recorded',
      receiptId,
      decidedByMembershipId: auth.membershipId,
      decidedAt: now,
      updatedAt: now,
    });
  });
  const row = await findLine(deps.db, teamId, lineId);
  if (!row) throw lineNotFound();
  return presentLine(deps.db, teamId, row);
}

/** POST /v1/bank_statement_lines/{id}/ignore: a credit that is no client's payment (interest, a transfer). */
export async function ignoreBankLine(
  deps: ReceiptDeps,
  auth: AuthContext,
  lineId: number,
  body: BankLineIgnore,
): Promise<BankLine> {
  const now = deps.clock();
  const { teamId } = auth;
  await deps.db.transaction(async (tx) => {
    await lockOpenLine(tx, teamId, lineId);
    await updateLine(tx, teamId, lineId, {
      status: 'ignored',
      ignoreReason: body.reason,
      decidedByMembershipId: auth.membershipId,
      decidedAt: now,
      updatedAt: now,
    });
  });
  const row = await findLine(deps.db, teamId, lineId);
  if (!row) throw lineNotFound();
  return presentLine(deps.db, teamId, row);
}

/**
 * The demo's bank statement (docs/product.md "Bank statement import"): a 建设银行 export of the default
 * payee entity's account for the last days, imported as finance staff would: two clients' transfers
 * recorded and allocated to their invoices (one named by its number in 附言, one found by the payer's name),
 * a deposit interest ignored, a debit skipped, and one credit from a person the team does not know left
 * open (未登记) for the demo to match. The transfers pay part of what is owed, so every aging bucket keeps
 * its debt.
 */
import { Readable } from 'node:stream';
import { addDays, businessDate, weekdayOf } from '@trackit/contract/business-time';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices } from '../domains/invoice/invoice.tables';
import {
  ignoreBankLine,
  importBankStatement,
  listBankLines,
  recordBankLine,
} from '../domains/receipt/bank/bank-statement.service';
import { teamRecipients } from '../domains/team-recipient/team-recipient.tables';
import type { AuthContext } from '../http/auth-context';

const origin = { ip: '', userAgent: '' };

const HEADER =
  '账号,账户名称,交易时间,借方发生额（支取）,贷方发生额（收入）,余额,币种,对方户名,对方账号,对方开户机构,记账日期,摘要,备注,账户明细编号-交易流水号';

export async function seedDemoBankStatement(db: Database, author: AuthContext): Promise<void> {
  const [entity] = await db
    .select({ id: teamRecipients.id, name: teamRecipients.name, account: teamRecipients.accountNumber })
    .from(teamRecipients)
    .where(and(eq(teamRecipients.teamId, author.teamId), eq(teamRecipients.isDefault, true)));
  if (!entity) return;
  // The two oldest issued invoices of the entity still owed: the clients who pay a part now.
  const owed = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      buyerName: invoices.buyerName,
      companyId: invoices.companyId,
      open: sql<number>`${invoices.total} - ${invoices.reversed} - ${invoices.allocated}`.mapWith(Number),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.teamId, author.teamId),
        eq(invoices.teamRecipientId, entity.id),
        eq(invoices.status, 'issued'),
        gt(invoices.total, sql`${invoices.reversed} + ${invoices.allocated}`),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.id))
    .limit(2);
  const [first, second] = owed;
  if (!first || !second) return;

  const today = businessDate(new Date());
  /** The weekday on or before `offset` days from today. */
  const workday = (offset: number) => {
    const day = addDays(today, offset);
    const weekday = weekdayOf(day);
    return addDays(day, weekday === 6 ? -1 : weekday === 0 ? -2 : 0);
  };
  const serial = (on: string, n: number) =>
    `${on.replaceAll('-', '')}${String(620_000_000 + n).padStart(10, '0')}`;
  /** A fifth of what is owed, in whole yuan: never all of it. */
  const part = (open: number) => Math.max(100, Math.floor(open / 5 / 100) * 100);
  const yuan = (fen: number) => (fen / 100).toFixed(2);
  const [d1, d2, d3] = [workday(-3), workday(-2), workday(-1)];
  const row = (
    on: string,
    time: string,
    debit: number,
    credit: number,
    payer: string,
    account: string,
    summary: string,
    note: string,
    n: number,
  ) =>
    [
      entity.account,
      entity.name,
      `${on.replaceAll('-', '')} ${time}`,
      yuan(debit),
      yuan(credit),
      '',
      '人民币',
      payer,
      account,
      '',
      on,
      summary,
      note,
      serial(on, n),
    ].join(',');
  const csv = [
    '中国建设银行单位账户明细',
    `账号：${entity.account},户名：${entity.name}`,
    HEADER,
    row(
      d1,
      '10:12:31',
      0,
      part(first.open),
      first.buyerName,
      '6227001234560001',
      '转账存入',
      `支付发票${first.number?.slice(-8) ?? ''}款项`,
      1,
    ),
    row(d1, '14:40:02', 86_000, 0, '上海顺丰速运有限公司', '31001500400050001', '转账支取', '快递费', 2),
    row(d2, '09:55:17', 0, part(second.open), second.buyerName, '6227001234560002', '转账存入', '服务费', 3),
    row(d2, '16:20:45', 0, 500_000, '王晓梅', '6217000010002003', '网银转入', '定金 春季拍摄', 4),
    row(d3, '00:30:00', 0, 1_234, '中国建设银行', '', '结息', '第四季度存款利息', 5),
  ].join('\r\n');

  const deps = { db, clock: () => new Date() };
  const result = await importBankStatement(deps, author, {
    file: Readable.from([Buffer.from(csv, 'utf8')]),
    query: { team_recipient_id: entity.id, file_name: '建设银行账户明细.csv' },
  });
  const importId = result.import?.id;
  if (!importId) return;
  const { items } = await listBankLines(deps, author, {
    page: 1,
    per_page: 20,
    status: 'open',
    import_id: importId,
  });
  for (const [line, invoice] of [
    [items.find((item) => item.serial === serial(d1, 1)), first],
    [items.find((item) => item.serial === serial(d2, 3)), second],
  ] as const) {
    if (!line) continue;
    await recordBankLine(
      deps,
      author,
      line.id,
      { company_id: invoice.companyId, allocations: [{ invoice_id: invoice.id, amount: line.amount }] },
      origin,
    );
  }
  const interest = items.find((item) => item.serial === serial(d3, 5));
  if (interest) await ignoreBankLine(deps, author, interest.id, { reason: '存款利息，不是客户付款' });
}

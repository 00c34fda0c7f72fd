import { FEE_STATEMENT_KINDS } from '@trackit/contract/fee-statement.schema';
import { INVOICE_TYPES } from '@trackit/contract/finance-enums';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference } from '../../db/columns';
import { companies } from '../company/company.tables';
import { feeLines, orders } from '../order/order.tables';
import { memberships } from '../organization/organization.tables';
import { teams } from '../team/team.tables';
import { teamRecipients } from '../team-recipient/team-recipient.tables';

/**
 * A fee statement (对账单, docs/product.md "Fee statements"): what staff asked to share (a billed order, or
 * a client company over a period for one payee entity), who and when, and the client's confirmation. Its
 * figures are never stored: the share page works them out from the records when it is opened. Its link
 * is a share link of kind `fee_statement` (share.tables.ts) whose `record_id` is this row.
 */
export const feeStatements = pgTable(
  'fee_statements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    kind: enumColumn('kind', FEE_STATEMENT_KINDS, 16).notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }),
    periodTo: date('period_to', { mode: 'string' }),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedName: varchar('confirmed_name', { length: 50 }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    teamKey('fee_statements', t),
    teamReference('fee_statements_order_team_fk', t.teamId, t.orderId, orders),
    teamReference('fee_statements_company_team_fk', t.teamId, t.companyId, companies),
    teamReference('fee_statements_team_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference('fee_statements_created_by_team_fk', t.teamId, t.createdByMembershipId, memberships),
    // The lists of an order's and of a company's statements, newest first.
    index('fee_statements_team_order_idx').on(t.teamId, t.orderId, t.id.desc()),
    index('fee_statements_team_company_idx').on(t.teamId, t.companyId, t.id.desc()),
    enumCheck('fee_statements_kind_check', t.kind, FEE_STATEMENT_KINDS),
    check(
      'fee_statements_what_check',
      sql`(${t.kind} = 'order' and ${t.orderId} is not null and ${t.periodFrom} is null and ${t.periodTo} is null) or (${t.kind} = 'period' and ${t.orderId} is null and ${t.periodFrom} <= ${t.periodTo})`,
    ),
    check('fee_statements_confirmed_check', sql`(${t.confirmedName} is null) = (${t.confirmedAt} is null)`),
  ],
);

/**
 * A client's query (疑问) on a statement, or on one of its lines, and staff's answer: a reply the client
 * reads on the statement page, and when it was resolved (open until then: shown beside 已确认 and counted on
 * the finance dashboard).
 */
export const feeStatementQueries = pgTable(
  'fee_statement_queries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    statementId: bigint('statement_id', { mode: 'number' }).notNull(),
    feeLineId: bigint('fee_line_id', { mode: 'number' }),
    comment: text('comment').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    reply: text('reply'),
    repliedByMembershipId: bigint('replied_by_membership_id', { mode: 'number' }),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    resolvedByMembershipId: bigint('resolved_by_membership_id', { mode: 'number' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    teamKey('fee_statement_queries', t),
    teamReference('fee_statement_queries_statement_team_fk', t.teamId, t.statementId, feeStatements),
    teamReference('fee_statement_queries_fee_line_team_fk', t.teamId, t.feeLineId, feeLines),
    teamReference('fee_statement_queries_replied_by_team_fk', t.teamId, t.repliedByMembershipId, memberships),
    teamReference(
      'fee_statement_queries_resolved_by_team_fk',
      t.teamId,
      t.resolvedByMembershipId,
      memberships,
    ),
    index('fee_statement_queries_statement_idx').on(t.teamId, t.statementId, t.id),
    // The finance dashboard's open queries, oldest first.
    index('fee_statement_queries_open_idx').on(t.teamId, t.id).where(sql`${t.resolvedAt} is null`),
    check('fee_statement_queries_reply_check', sql`(${t.reply} is null) = (${t.repliedAt} is null)`),
  ],
);

/**
 * 开票信息 a client submitted on a statement (validated as an invoice request's buyer); the latest of a
 * client company prefills its next invoice request.
 */
export const feeStatementInvoiceInfos = pgTable(
  'fee_statement_invoice_infos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    statementId: bigint('statement_id', { mode: 'number' }).notNull(),
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    type: enumColumn('type', INVOICE_TYPES, 16).notNull(),
    buyerName: varchar('buyer_name', { length: 100 }).notNull(),
    buyerTaxId: varchar('buyer_tax_id', { length: 20 }).notNull(),
    buyerAddressPhone: varchar('buyer_address_phone', { length: 200 }).notNull().default(''),
    buyerBankAccount: varchar('buyer_bank_account', { length: 200 }).notNull().default(''),
    name: varchar('name', { length: 50 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    teamKey('fee_statement_invoice_infos', t),
    teamReference('fee_statement_invoice_infos_statement_team_fk', t.teamId, t.statementId, feeStatements),
    teamReference('fee_statement_invoice_infos_company_team_fk', t.teamId, t.companyId, companies),
    index('fee_statement_invoice_infos_statement_idx').on(t.teamId, t.statementId, t.id),
    // The latest of a client company (the invoice request's prefill).
    index('fee_statement_invoice_infos_company_idx').on(t.teamId, t.companyId, t.id.desc()),
    enumCheck('fee_statement_invoice_infos_type_check', t.type, INVOICE_TYPES),
  ],
);

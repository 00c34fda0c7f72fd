import { BANK_FORMATS, BANK_LINE_STATUSES } from '@trackit/contract/bank-statement.schema';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { enumCheck, enumColumn, teamKey, teamReference, timestamps } from '../../../db/columns';
import { memberships } from '../../organization/organization.tables';
import { teams } from '../../team/team.tables';
import { teamRecipients } from '../../team-recipient/team-recipient.tables';
import { receipts } from '../receipt.tables';

/**
 * One uploaded bank statement (docs/product.md "Bank statement import"): of one payee entity's account,
 * with what was found in it. The file itself is not kept; its credits are the lines.
 */
export const bankStatementImports = pgTable(
  'bank_statement_imports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    format: enumColumn('format', BANK_FORMATS, 16).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull().default(''),
    credits: integer('credits').notNull(),
    newLines: integer('new_lines').notNull(),
    duplicates: integer('duplicates').notNull(),
    skipped: integer('skipped').notNull(),
    createdByMembershipId: bigint('created_by_membership_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    teamKey('bank_statement_imports', t),
    teamReference('bank_statement_imports_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference(
      'bank_statement_imports_created_by_team_fk',
      t.teamId,
      t.createdByMembershipId,
      memberships,
    ),
    index('bank_statement_imports_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc()),
    enumCheck('bank_statement_imports_format_check', t.format, BANK_FORMATS),
  ],
);

/**
 * A credit of a bank statement: money into the entity's account, open until a person records it as a
 * receipt (`receipt_id`) or ignores it. `dedupe_key` is the bank's serial when the export has one, else the
 * date, amount, payer and summary (with the occurrence within its file); unique per account, so a line
 * imported twice is kept once whoever uploads it, racing uploads included.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: bigint('team_id', { mode: 'number' })
      .notNull()
      .references(() => teams.id),
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    teamRecipientId: bigint('team_recipient_id', { mode: 'number' }).notNull(),
    transactedOn: date('transacted_on', { mode: 'string' }).notNull(),
    /** In fen. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    payerName: varchar('payer_name', { length: 100 }).notNull().default(''),
    payerAccount: varchar('payer_account', { length: 64 }).notNull().default(''),
    summary: varchar('summary', { length: 200 }).notNull().default(''),
    serial: varchar('serial', { length: 64 }).notNull().default(''),
    dedupeKey: varchar('dedupe_key', { length: 400 }).notNull(),
    status: enumColumn('status', BANK_LINE_STATUSES, 16).notNull().default('open'),
    receiptId: bigint('receipt_id', { mode: 'number' }),
    ignoreReason: text('ignore_reason'),
    decidedByMembershipId: bigint('decided_by_membership_id', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    teamKey('bank_statement_lines', t),
    teamReference('bank_statement_lines_import_team_fk', t.teamId, t.importId, bankStatementImports),
    teamReference('bank_statement_lines_recipient_team_fk', t.teamId, t.teamRecipientId, teamRecipients),
    teamReference('bank_statement_lines_receipt_team_fk', t.teamId, t.receiptId, receipts),
    teamReference('bank_statement_lines_decided_by_team_fk', t.teamId, t.decidedByMembershipId, memberships),
    uniqueIndex('bank_statement_lines_dedupe_key').on(t.teamId, t.teamRecipientId, t.dedupeKey),
    // A receipt records one line at most.
    uniqueIndex('bank_statement_lines_receipt_key')
      .on(t.teamId, t.receiptId)
      .where(sql`receipt_id is not null`),
    index('bank_statement_lines_team_status_idx').on(t.teamId, t.status, t.transactedOn.desc(), t.id.desc()),
    index('bank_statement_lines_team_import_idx').on(t.teamId, t.importId),
    enumCheck('bank_statement_lines_status_check', t.status, BANK_LINE_STATUSES),
    check(
      'bank_statement_lines_amount_check',
      sql`${t.amount} between 1 and ${sql.raw(String(MAX_AMOUNT_FEN))}`,
    ),
    check(
      'bank_statement_lines_recorded_check',
      sql`(${t.status} = 'recorded') = (${t.receiptId} is not null) and (${t.status} = 'ignored') = (${t.ignoreReason} is not null)`,
    ),
  ],
);

/**
 * The one drizzle schema, for PGlite and PostgreSQL alike. Each domain's tables live in its own
 * `<domain>.tables.ts` beside its repository; this file gathers them for drizzle and drizzle-kit.
 */
export * from '../domains/approval/approval.tables';
export * from '../domains/calendar/calendar.tables';
export * from '../domains/company/company.tables';
export * from '../domains/contact/contact.tables';
export * from '../domains/fee-statement/fee-statement.tables';
export * from '../domains/folder/folder.tables';
export * from '../domains/invoice/invoice.tables';
export * from '../domains/model/model.tables';
export * from '../domains/notify/notify.tables';
export * from '../domains/operation-log/operation-log.tables';
export * from '../domains/order/order.tables';
export * from '../domains/organization/organization.tables';
export * from '../domains/package/package.tables';
export * from '../domains/payment/payment.tables';
export * from '../domains/receipt/bank/bank-statement.tables';
export * from '../domains/receipt/receipt.tables';
export * from '../domains/session/session.tables';
export * from '../domains/settlement/settlement.tables';
export * from '../domains/share/share.tables';
export * from '../domains/system/system.tables';
export * from '../domains/team/team.tables';
export * from '../domains/team-recipient/team-recipient.tables';
export * from '../domains/upload/upload.tables';
export * from '../domains/user/user.tables';
export * from '../jobs/job.tables';
export * from '../limits/rate-limit.tables';

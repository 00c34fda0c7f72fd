/**
 * One team with one record of each kind the endpoint map names by id, made the way the app makes them
 * (over HTTP as the owner), for the cross-team probe (test/cross-team.ts).
 */
import type { BankImportResult } from '@trackit/contract/bank-statement.schema';
import { NOTIFICATION_TYPES } from '@trackit/contract/enums';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { calendarEntries } from '../domains/calendar/calendar.tables';
import { notifications } from '../domains/notify/notify.tables';
import { feeLines, orders } from '../domains/order/order.tables';
import { userSessions } from '../domains/session/session.tables';
import { files } from '../domains/upload/upload.tables';
import type { TestApp } from './build-test-app';
import type { TeamRecords } from './cross-team';
import {
  bearer,
  createDepartment,
  createMember,
  createMembership,
  createRole,
  createUser,
  modelFee,
  signIn,
} from './factories';
import { pollUntil } from './poll';
import { postFile } from './spreadsheets';
import { uploadBlob, uploadToFolder } from './uploads';

export interface TeamFixture {
  records: TeamRecords;
  headers: Record<string, string>;
  userId: number;
}

/** A team whose every record carries `label` in its name (so an answer showing one is recognised). */
export async function createTeamWithRecords(t: TestApp, label: string): Promise<TeamFixture> {
  const db = t.database.db;
  const owner = await createMember(db, { nickname: `${label}店长` });
  const teamId = owner.team.id;
  const headers = bearer((await signIn(t, owner.mobile)).token);
  const api = async <T extends { id: number }>(method: string, path: string, body?: unknown) => {
    const res = await t.request<T>(method, `/storm_api/v1${path}`, { body, headers });
    expect(res.body.code, `${method} ${path}: ${res.body.message}`).toBe(0);
    return res.body.data;
  };

  const department = await createDepartment(db, teamId, `${label}部门`);
  const role = await createRole(db, teamId, [], `${label}角色`);
  const user = await createUser(db);
  const member = await createMembership(db, {
    teamId,
    userId: user.id,
    roleId: role.id,
    nickname: `${label}成员`,
  });
  const company = await api('POST', '/companies', { name: `${label}公司` });
  const contact = await api('POST', '/contacts', { name: `${label}联系人`, company_id: company.id });
  const model = await api('POST', '/models', { name: `${label}模特`, gender: 'female' });
  const trip = await api('POST', `/models/${model.id}/trips`, {
    kind: 'vacation',
    start_date: '2027-01-04',
    end_date: '2027-01-05',
    place: `${label}地点`,
  });
  const deduction = await api('POST', `/models/${model.id}/deductions`, {
    kind: 'advance',
    occurred_on: '2026-01-02',
    amount: 50_000,
    note: `${label}预支`,
  });
  const folder = await api('POST', '/folders', { name: `${label}画册`, kind: 'book', model_id: model.id });
  const png = await sharp({ create: { width: 20, height: 30, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const uploaded = await uploadToFolder(t, headers, folder.id, png, {
    name: `${label}.png`,
    type: 'image/png',
  });
  expect(uploaded.body.code, uploaded.body.message).toBe(0);
  const pkg = await api('POST', '/packages', { title: `${label}套餐`, models: [{ model_id: model.id }] });
  const teamRecipient = await api('POST', '/team_recipients', {
    name: `${label}收款主体有限公司`,
    short_name: `${label}主体`,
    credit_code: label === '乙队' ? '91310115MA1H7R2Q5C' : '91310106MA1FY4XK3E',
    taxpayer_type: 'general',
    bank: 'cmb',
    branch: `${label}支行`,
    account_number: '6222021234567890',
    is_default: true,
  });
  const order = await api('POST', '/orders', {
    title: `${label}订单`,
    company_id: company.id,
    contact_id: contact.id,
    days: [{ date: '2027-01-11', start_time: '09:00', end_time: '18:00' }],
    models: [{ model_id: model.id }],
  });
  // A billed order's fee line, invoiced, issued and under a red-letter correction (marked billed in the
  // database: billing waits for the order's last day).
  const billed = await api('POST', '/orders', {
    title: `${label}出账订单`,
    company_id: company.id,
    contact_id: contact.id,
    team_recipient_id: teamRecipient.id,
    days: [{ date: '2027-01-12', start_time: '09:00', end_time: '18:00' }],
    models: [{ model_id: model.id, fees: [modelFee(10_000)] }],
  });
  await db.update(orders).set({ status: 'billed', billedAt: new Date() }).where(eq(orders.id, billed.id));
  const [feeLine] = await db
    .select({ id: feeLines.id })
    .from(feeLines)
    .where(eq(feeLines.orderId, billed.id));
  if (!feeLine) throw new Error('fixture: no fee line');
  const invoice = await api<{ id: number; lines: { id: number }[] }>('POST', '/invoices', {
    team_recipient_id: teamRecipient.id,
    company_id: company.id,
    type: 'ordinary',
    buyer: { name: `${label}购方`, tax_id: '91310115MA1H7R2Q5C' },
    fee_line_ids: [feeLine.id],
  });
  await api('POST', `/invoices/${invoice.id}/issue`, {
    number: '26312000000000000001',
    issued_on: '2026-01-05',
  });
  const reversed = await api<{ id: number; corrections: { id: number }[] }>(
    'POST',
    `/invoices/${invoice.id}/reverse`,
    { lines: [{ invoice_line_id: invoice.lines[0]?.id ?? 0, amount: 100 }], reason: `${label}红冲` },
  );
  const correction = reversed.corrections[0];
  if (!correction) throw new Error('fixture: no correction');
  // Receipts (issue 23): a receipt with one allocation to the invoice.
  const receipt = await api<{ id: number; allocations: { id: number }[] }>('POST', '/receipts', {
    received_on: '2026-01-06',
    amount: 5_000,
    payer_name: `${label}购方`,
    team_recipient_id: teamRecipient.id,
  });
  const allocated = await api<{ id: number; allocations: { id: number }[] }>(
    'POST',
    `/receipts/${receipt.id}/allocations`,
    [{ invoice_id: invoice.id, amount: 1_000 }],
  );
  const allocation = allocated.allocations[0];
  if (!allocation) throw new Error('fixture: no allocation');
  // A fee statement of the billed order, answered by its client with invoice details.
  const statement = await api<{ id: number; share_id: string }>('POST', '/fee_statements', {
    order_id: billed.id,
  });
  const answered = await t.request(
    'POST',
    `/storm_api/v1/public/fee_statements/${statement.share_id}/invoice_info`,
    {
      body: {
        type: 'ordinary',
        name: `${label}财务`,
        buyer: { name: `${label}购方`, tax_id: '91310115MA1H7R2Q5C' },
      },
    },
  );
  expect(answered.body.code, answered.body.message).toBe(0);
  // …and with a query on it (staff answer it by its id).
  const queried = await t.request<{ queries: { id: number }[] }>(
    'POST',
    `/storm_api/v1/public/fee_statements/${statement.share_id}/queries`,
    { body: { comment: `${label}的疑问`, name: `${label}财务` } },
  );
  expect(queried.body.code, queried.body.message).toBe(0);
  const statementQuery = queried.body.data.queries[0];
  if (!statementQuery) throw new Error('fixture: no statement query');
  // A draft settlement of the model (issue 24): what the allocation paid of the billed order's fee line.
  await api('PATCH', `/models/${model.id}`, { commission_rate: 2_000 });
  const settlement = await api('POST', '/settlements', { model_id: model.id });
  // Changes waiting for a second member (issue 34): the model's payout account and the entity's account,
  // asked by the owner while the team reviews bank changes (the default).
  await api('PATCH', `/models/${model.id}`, {
    payout_account_name: `${label}模特`,
    payout_bank: 'cib',
    payout_account_number: '6229081234567890',
  });
  const modelPending = await t.request<{ payout: { id: number } | null }>(
    'GET',
    `/storm_api/v1/models/${model.id}/pending_changes`,
    { headers },
  );
  const modelChange = modelPending.body.data.payout;
  const bankChanged = await api<{ id: number; pending_bank_change: { id: number } | null }>(
    'PATCH',
    `/team_recipients/${teamRecipient.id}`,
    { account_number: '6214830212345678' },
  );
  const bankChange = bankChanged.pending_bank_change;
  if (!modelChange || !bankChange) throw new Error('fixture: no waiting change');
  // A bank statement's credit (issue 35): a line of an imported export, not yet recorded.
  const imported = await postFile<BankImportResult>(
    t,
    `/v1/bank_statements?team_recipient_id=${teamRecipient.id}&file_name=${encodeURIComponent(`${label}.csv`)}`,
    [
      '交易时间,借方发生额（支取）,贷方发生额（收入）,对方户名,摘要',
      `2026-12-01,0,100.00,${label}客户,货款`,
    ].join('\n'),
    headers,
    'text/csv',
  );
  expect(imported.body.code, imported.body.message).toBe(0);
  const listed = await t.request<{ id: number }[]>(
    'GET',
    `/storm_api/v1/bank_statement_lines?import_id=${imported.body.data.import?.id}`,
    { headers },
  );
  const [bankLine] = listed.body.data;
  if (!bankLine) throw new Error('fixture: no bank statement line');
  const attachmentBlob = await uploadBlob(t, headers, Buffer.from(`%PDF-1.4 ${label}`), {
    name: `${label}.pdf`,
    type: 'application/pdf',
  });
  const attachment = await api('POST', `/orders/${order.id}/attachments`, { signed_id: attachmentBlob });
  const signedBlob = await uploadBlob(t, headers, png, { name: `${label}头像.png`, type: 'image/png' });
  const [notification] = await db
    .insert(notifications)
    .values({
      teamId,
      recipientMembershipId: owner.membership.id,
      type: NOTIFICATION_TYPES[0],
      title: `${label}通知`,
    })
    .returning();
  const [entry] = await db
    .select({ id: calendarEntries.id })
    .from(calendarEntries)
    .where(and(eq(calendarEntries.teamId, teamId), eq(calendarEntries.orderId, order.id)));
  const [session] = await db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, owner.user.id));
  // The thumbnail queue writes the file once more: wait until it has, so the tables hold still.
  const file = await pollUntil(async () => {
    const [row] = await db.select().from(files).where(eq(files.folderId, folder.id));
    return row && row.thumbnailState !== 'pending' ? row : undefined;
  });
  if (!notification || !entry || !session) throw new Error('fixture incomplete');
  return {
    headers,
    userId: owner.user.id,
    records: {
      team: teamId,
      member: member.id,
      role: role.id,
      department: department.id,
      company: company.id,
      contact: contact.id,
      model: model.id,
      trip: trip.id,
      deduction: deduction.id,
      folder: folder.id,
      file: file.id,
      package: pkg.id,
      order: order.id,
      attachment: attachment.id,
      calendarEntry: entry.id,
      notification: notification.id,
      teamRecipient: teamRecipient.id,
      feeLine: feeLine.id,
      invoice: invoice.id,
      invoiceLine: invoice.lines[0]?.id ?? 0,
      invoiceCorrection: correction.id,
      receipt: receipt.id,
      allocation: allocation.id,
      feeStatement: statement.id,
      feeStatementQuery: statementQuery.id,
      bankStatementLine: bankLine.id,
      settlement: settlement.id,
      modelChange: modelChange.id,
      teamRecipientBankChange: bankChange.id,
      signedBlob,
      session: session.id,
    },
  };
}

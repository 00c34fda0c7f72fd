import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { addDays } from '@trackit/contract/business-time';
import type { Company } from '@trackit/contract/company.schema';
import { ERROR_CATALOGUE } from '@trackit/contract/error-codes';
import { FINANCE_PATTERN_MESSAGES, FINANCE_REFUSAL_MESSAGES } from '@trackit/contract/finance-enums';
import { invoiceFigures, lineReversalFigures, refusalMessage } from '@trackit/contract/finance-rules';
import {
  INVOICE_MESSAGES,
  INVOICE_NOTICES,
  type Invoice,
  type InvoiceCreateInput,
  type InvoiceDetail,
  type InvoiceTotals,
  type ReadyGroup,
} from '@trackit/contract/invoice.schema';
import type { TeamRecipient } from '@trackit/contract/team-recipient.schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, noticesOf, type SignedInMember, usageFee } from '../../test/factories';
import {
  createFinanceTeam,
  type FeeLineRow,
  type FinanceTeam,
  INVOICE_BUYER,
  reversalLines,
  STUDIO_ENTITY,
} from '../../test/finance-factory';
import { download, readWorkbook, sheetRows } from '../../test/spreadsheets';
import { uploadBlob } from '../../test/uploads';
import { operationLogs } from '../operation-log/operation-log.tables';
import { orders } from '../order/order.tables';
import { invoiceLines } from './invoice.tables';

/** Invoices end to end over HTTP (docs/product.md "Invoices"), against the contract's figures. */
describe('invoices (发票)', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let teamId: number;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let client: Company;
  let otherClient: Company;
  let general: TeamRecipient;
  let studio: TeamRecipient;

  /** An order of the client and entity with the fees, made over the API and then marked billed. */
  const billedOrder = async (
    companyId: number,
    recipientId: number,
    fees: unknown[],
    status: 'billed' | 'confirmed' = 'billed',
  ): Promise<FeeLineRow[]> =>
    (await finance.billedOrder(fees, { companyId, teamRecipientId: recipientId, title: '开票测试', status }))
      .lines;
  const buyer = INVOICE_BUYER;
  const request = (lines: FeeLineRow[], extra: Partial<InvoiceCreateInput> = {}, headers = editor.headers) =>
    api<InvoiceDetail>(
      'POST',
      '/invoices',
      {
        team_recipient_id: general.id,
        company_id: client.id,
        type: 'ordinary',
        buyer,
        fee_line_ids: lines.map((line) => line.id),
        ...extra,
      },
      headers,
    );
  const asInvoiceable = (line: FeeLineRow, portion?: number) => ({
    id: line.id,
    kind: line.kind,
    tax_rate: line.taxRate,
    totals: { subtotal: line.subtotal, tax: line.tax, total: line.total },
    ...(portion === undefined ? {} : { portion }),
  });
  const ready = async (filter = `?company_id=${client.id}&team_recipient_id=${general.id}`) =>
    ok(api<ReadyGroup[]>('GET', `/finance/ready_to_invoice${filter}`, undefined, reader.headers));
  const remainingOf = async (feeLineId: number) =>
    (await ready()).flatMap((group) => group.lines).find((line) => line.fee_line_id === feeLineId)
      ?.remaining ?? 0;
  const issue = (id: number, headers = manager.headers, number = finance.nextInvoiceNumber()) =>
    api<InvoiceDetail>('POST', `/invoices/${id}/issue`, { number, issued_on: today }, headers);

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
    ({ api, teamId, reader, editor, manager, stranger, today, client, general } = finance);
    otherClient = await finance.company({ name: '别的客户' });
    studio = await finance.entity(STUDIO_ENTITY);
  });
  afterAll(() => t.close());

  it('requests an invoice of billed lines of one client and entity, with the contract’s figures', async () => {
    const lines = await billedOrder(client.id, general.id, [
      modelFee(150_055, 1.5, 6),
      modelFee(80_001, 1, 13),
      usageFee(333_333, '2026-12-01', '2027-11-30'),
    ]);
    await refused(request(lines, {}, reader.headers), 403);
    const invoice = await ok(request(lines));
    const expected = invoiceFigures(lines.map((line) => asInvoiceable(line)));
    expect(invoice).toMatchObject({
      status: 'requested',
      number: null,
      type: 'ordinary',
      amount: expected.amount,
      tax: expected.tax,
      total: expected.total,
      reversed: 0,
      company: { id: client.id, name: '某某服饰' },
      team_recipient: { id: general.id, short_name: '星辰经纪' },
      buyer: { ...buyer, address_phone: '', bank_account: '' },
      created_by: { id: editor.membershipId, nickname: 'edit' },
      can: { issue: false, reverse: false },
    });
    // Whole lines: the invoice carries exactly the order's taxes.
    expect(invoice.tax).toBe(lines.reduce((sum, line) => sum + line.tax, 0));
    expect(invoice.groups).toEqual(expected.groups);
    expect(invoice.lines.map((line) => [line.fee_line_id, line.total, line.model_name, line.item])).toEqual(
      lines.map((line) => [
        line.id,
        line.total,
        '林晓',
        line.kind === 'UsageFee' ? 'portrait_fee' : 'service_fee',
      ]),
    );
    expect(invoice.lines[0]?.order_number).toMatch(/\d{11}$/);
    for (const line of lines) expect(await remainingOf(line.id)).toBe(0);
    const seen = await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`, undefined, manager.headers));
    expect(seen).toMatchObject({ id: invoice.id, total: expected.total, can: { issue: true } });
    const [entry] = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, teamId), eq(operationLogs.action, 'invoice_request')));
    expect(entry?.targetId).toBe(String(invoice.id));
  });

  it('lists 待开票 by client and entity with the contract’s remainders', async () => {
    const lines = await billedOrder(client.id, studio.id, [modelFee(10_000, 1, 1), modelFee(20_000, 2, 3)]);
    await billedOrder(client.id, studio.id, [modelFee(5_000)], 'confirmed');
    const groups = await ready(`?company_id=${client.id}&team_recipient_id=${studio.id}`);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      company: { id: client.id },
      team_recipient: { id: studio.id, short_name: '星光工作室' },
      line_count: 2,
      order_count: 1,
      remaining: lines.reduce((sum, line) => sum + line.total, 0),
    });
    expect(groups[0]?.lines.map((line) => [line.fee_line_id, line.remaining])).toEqual(
      lines.map((line) => [line.id, line.total]),
    );
    await refused(api('GET', '/finance/ready_to_invoice', undefined, {}), 401);
    const strangers = await ok(
      api<ReadyGroup[]>('GET', '/finance/ready_to_invoice', undefined, stranger.headers),
    );
    expect(strangers.flatMap((group) => group.lines)).toEqual([]);
  });

  it('refuses mixed clients or entities, unbilled orders, incomplete special invoices and other teams’ ids', async () => {
    const mine = await billedOrder(client.id, general.id, [modelFee(10_000)]);
    const ofStudio = await billedOrder(client.id, studio.id, [modelFee(10_000)]);
    const ofOther = await billedOrder(otherClient.id, general.id, [modelFee(10_000)]);
    const unbilled = await billedOrder(client.id, general.id, [modelFee(10_000)], 'confirmed');
    for (const wrong of [ofStudio, ofOther, unbilled]) {
      await refused(request([...mine, ...wrong]), 400, INVOICE_MESSAGES.lineNotInvoiceable);
    }
    const special = await request(mine, { type: 'special' });
    expect(special.status).toBe(400);
    expect(special.body.data).toMatchObject({
      fields: { 'buyer.address_phone': INVOICE_MESSAGES.specialNeedsBuyerDetails },
    });
    await refused(request([...mine, ...mine]), 400, FINANCE_REFUSAL_MESSAGES.duplicate_line);
    await refused(request([{ ...mine[0], id: 987_654_321 } as FeeLineRow]), 404);
    // Another team's owner with this team's ids: not found, nothing written.
    const theirs = { team_recipient_id: general.id, company_id: client.id };
    const before = await t.database.db.select().from(invoiceLines);
    await refused(request(mine, theirs, stranger.headers), 404);
    expect(await t.database.db.select().from(invoiceLines)).toEqual(before);
    // A special invoice with the buyer's details passes.
    const ok1 = await ok(
      request(mine, {
        type: 'special',
        buyer: { ...buyer, address_phone: '上海市 021-12345678', bank_account: '招商银行 6222 0000' },
      }),
    );
    expect(ok1).toMatchObject({ type: 'special', buyer: { address_phone: '上海市 021-12345678' } });
    await refused(request(mine), 409, FINANCE_REFUSAL_MESSAGES.nothing_to_invoice);
    await refused(api('GET', `/invoices/${ok1.id}`, undefined, stranger.headers), 404);
    await refused(issue(ok1.id, stranger.headers), 404);
  });

  it('lets exactly the allowed of 20 racing requests win, and refuses the rest with 409', async () => {
    const lines = await billedOrder(
      client.id,
      general.id,
      Array.from({ length: 10 }, (_, index) => modelFee(10_000 + index)),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => request([lines[index % 10] as FeeLineRow])),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    for (const res of answers.filter((answer) => answer.status === 409)) {
      expect(res.body.code).toBe(ERROR_CATALOGUE.conflict.code);
    }
    // 20 requests of one line: exactly one passes.
    const [single] = await billedOrder(client.id, general.id, [modelFee(77_777)]);
    if (!single) throw new Error('no line');
    const raced = await Promise.all(Array.from({ length: 20 }, () => request([single])));
    expect(raced.map((res) => res.status).sort()).toEqual([200, ...Array.from({ length: 19 }, () => 409)]);
    for (const line of [...lines, single]) {
      const covering = await t.database.db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.feeLineId, line.id));
      expect(covering.map((row) => row.total)).toEqual([line.total]);
    }
  });

  it('issues a requested invoice once, with a unique 20-digit number and its PDF, and tells the requester', async () => {
    const lines = await billedOrder(client.id, general.id, [modelFee(99_999)]);
    const invoice = await ok(request(lines));
    await refused(issue(invoice.id, editor.headers), 403);
    const bad = await api(
      'POST',
      `/invoices/${invoice.id}/issue`,
      { number: '1234', issued_on: today },
      manager.headers,
    );
    expect(bad.status).toBe(400);
    await refused(
      api(
        'POST',
        `/invoices/${invoice.id}/issue`,
        { number: finance.nextInvoiceNumber(), issued_on: '2099-12-31' },
        manager.headers,
      ),
      400,
      INVOICE_MESSAGES.issuedInFuture,
    );
    const signedId = await uploadBlob(t, manager.headers, Buffer.from('%PDF-1.4 发票'), {
      name: '发票.pdf',
      type: 'application/pdf',
    });
    const number = finance.nextInvoiceNumber();
    const spaced = number.replace(/(\d{4})/g, '$1 ').trim();
    const issued = await ok(
      api<InvoiceDetail>(
        'POST',
        `/invoices/${invoice.id}/issue`,
        { number: spaced, issued_on: today, file_signed_id: signedId },
        manager.headers,
      ),
    );
    expect(issued).toMatchObject({ status: 'issued', number, issued_on: today, file: { name: '发票.pdf' } });
    await refused(issue(invoice.id), 409, INVOICE_MESSAGES.notIssuable);
    const other = await ok(request(await billedOrder(client.id, general.id, [modelFee(1_000)])));
    await refused(issue(other.id, manager.headers, number), 409, INVOICE_MESSAGES.numberTaken(number));
    expect(await noticesOf(t.database.db, editor.membershipId)).toContainEqual({
      title: INVOICE_NOTICES.issued(number),
      body: expect.stringContaining(buyer.name),
      link: ADMIN_PATHS.invoice(invoice.id),
    });
    const listed = await ok(
      api<Invoice[]>('GET', `/invoices?keyword=${number.slice(5, 15)}`, undefined, reader.headers),
    );
    expect(listed.map((row) => row.id)).toEqual([invoice.id]);
    const byDate = await ok(
      api<Invoice[]>(
        'GET',
        `/invoices?status=issued&issued_from=${today}&issued_to=${today}`,
        undefined,
        reader.headers,
      ),
    );
    expect(byDate.map((row) => row.id)).toContain(invoice.id);
    expect(byDate.every((row) => row.status === 'issued')).toBe(true);
  });

  it('corrects an issued invoice by line through approved red-letter invoices, recorded with their own numbers', async () => {
    const lines = await billedOrder(client.id, general.id, [modelFee(100_001, 1, 6), modelFee(33_333, 3, 6)]);
    const invoice = await ok(request(lines));
    const [one, two] = invoice.lines;
    if (!one || !two) throw new Error('two lines expected');
    const reverse = (
      id: number,
      asked: { invoice_line_id: number; amount: number }[],
      headers = editor.headers,
    ) => api<InvoiceDetail>('POST', `/invoices/${id}/reverse`, { lines: asked, reason: '金额有误' }, headers);
    await refused(
      reverse(invoice.id, [{ invoice_line_id: one.id, amount: 100 }]),
      409,
      INVOICE_MESSAGES.notReversible,
    );
    const issued = await ok(issue(invoice.id));
    await refused(reverse(invoice.id, [{ invoice_line_id: one.id, amount: 100 }], reader.headers), 403);
    // More than a line holds: the answer says how much can be taken from it.
    const over = await reverse(invoice.id, [{ invoice_line_id: one.id, amount: one.total + 1 }]);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: refusalMessage({ reason: 'reversal_exceeds_line', max: one.total }),
      data: { invoice_line_id: one.id, max: one.total },
    });
    expect(over.body.message).toContain('该行最多可红冲');
    await refused(reverse(invoice.id, []), 400);
    await refused(reverse(invoice.id, [{ invoice_line_id: 999_999_999, amount: 1 }]), 404);
    // A part of the first line only (部分红冲): the second line is untouched.
    const part = Math.floor(one.total / 3);
    const asked = await ok(reverse(invoice.id, [{ invoice_line_id: one.id, amount: part }]));
    const expected = lineReversalFigures(
      [{ invoice_line_id: one.id, amount: part }],
      invoice.lines.map((line) => ({
        id: line.id,
        kind: line.kind,
        tax_rate: line.tax_rate,
        totals: { subtotal: line.amount, tax: line.tax, total: line.total },
      })),
    );
    const [first] = asked.corrections;
    expect(first).toMatchObject({
      status: 'init',
      scope: 'partial',
      total: part,
      amount: expected.amount,
      tax: expected.tax,
      red_invoice: null,
      can_issue: false,
    });
    expect(first?.lines.map((line) => [line.invoice_line_id, line.total])).toEqual([[one.id, part]]);
    expect(asked).toMatchObject({ correction_pending: true, can: { reverse: false } });
    await refused(
      reverse(invoice.id, [{ invoice_line_id: two.id, amount: 1 }]),
      409,
      INVOICE_MESSAGES.correctionPending,
    );
    expect(await noticesOf(t.database.db, manager.membershipId)).toContainEqual(
      expect.objectContaining({ link: ADMIN_PATHS.invoice(invoice.id) }),
    );
    const decide = (id: number, body: unknown, headers = manager.headers) =>
      api<InvoiceDetail>('POST', `/invoice_corrections/${id}/approval`, body, headers);
    const correctionId = first?.id ?? 0;
    await refused(decide(correctionId, { result: 'passed' }, editor.headers), 403);
    await refused(decide(correctionId, { result: 'rejected' }), 400);
    const rejected = await ok(decide(correctionId, { result: 'rejected', comment: '金额无误' }));
    expect(rejected).toMatchObject({
      status: 'issued',
      reversed: 0,
      correction_pending: false,
      red_letter: 'none',
    });
    expect(rejected.corrections[0]?.approvals.map((step) => step.status)).toEqual(['init', 'rejected']);
    for (const line of lines) expect(await remainingOf(line.id)).toBe(0);
    await refused(decide(correctionId, { result: 'passed' }), 409, APPROVAL_MESSAGES.alreadyDecided);
    expect(await noticesOf(t.database.db, editor.membershipId)).toContainEqual(
      expect.objectContaining({
        title: INVOICE_NOTICES.correctionRejected(invoice.number ?? rejected.number ?? ''),
      }),
    );
    const issueRed = (id: number, body: Record<string, string>, headers = manager.headers) =>
      api<InvoiceDetail>('POST', `/invoice_corrections/${id}/issue`, body, headers);
    const redNumber = finance.nextInvoiceNumber();
    const confirmation = '31011226120700000001';
    // A rejected correction has no red-letter invoice.
    await refused(
      issueRed(correctionId, { number: redNumber, issued_on: today, confirmation_number: confirmation }),
      409,
      INVOICE_MESSAGES.correctionNotIssuable,
    );

    const second = await ok(reverse(invoice.id, [{ invoice_line_id: one.id, amount: part }]));
    const secondId = second.corrections[1]?.id ?? 0;
    const passed = await ok(decide(secondId, { result: 'passed' }));
    expect(passed).toMatchObject({ status: 'issued', reversed: part, red_letter: 'partial' });
    // Only the chosen line goes back to 待开票, by the part asked.
    expect(await remainingOf(one.fee_line_id)).toBe(part);
    expect(await remainingOf(two.fee_line_id)).toBe(0);
    expect(passed.lines.map((line) => line.given_back)).toEqual([part, 0]);
    expect(passed.corrections[1]).toMatchObject({ can_issue: true, red_invoice: null });
    // The red-letter invoice as issued: its own number, date and 确认单 number; checked as the blue one's.
    await refused(
      issueRed(
        secondId,
        { number: redNumber, issued_on: today, confirmation_number: confirmation },
        editor.headers,
      ),
      403,
    );
    await refused(
      issueRed(secondId, {
        number: issued.number ?? '',
        issued_on: today,
        confirmation_number: confirmation,
      }),
      409,
      INVOICE_MESSAGES.numberTaken(issued.number ?? ''),
    );
    await refused(
      issueRed(secondId, { number: redNumber, issued_on: today, confirmation_number: '123' }),
      400,
      FINANCE_PATTERN_MESSAGES.confirmationNumberInvalid,
    );
    const recorded = await ok(
      issueRed(secondId, { number: redNumber, issued_on: today, confirmation_number: confirmation }),
    );
    expect(recorded.corrections[1]).toMatchObject({
      can_issue: false,
      red_invoice: { number: redNumber, issued_on: today, confirmation_number: confirmation },
    });
    await refused(
      issueRed(secondId, {
        number: finance.nextInvoiceNumber(),
        issued_on: today,
        confirmation_number: confirmation,
      }),
      409,
      INVOICE_MESSAGES.correctionNotIssuable,
    );
    // The red number is the team's once: no blue invoice takes it.
    const other = await ok(request(await billedOrder(client.id, general.id, [modelFee(1_000)])));
    await refused(issue(other.id, manager.headers, redNumber), 409, INVOICE_MESSAGES.numberTaken(redNumber));

    // The rest of every line (全额红冲 of what remained): the invoice is 已全额红冲, its lines back whole.
    const rest = await ok(
      reverse(invoice.id, [
        { invoice_line_id: one.id, amount: one.total - part },
        { invoice_line_id: two.id, amount: two.total },
      ]),
    );
    expect(rest.corrections[2]).toMatchObject({ scope: 'full', total: invoice.total - part });
    const done = await ok(decide(rest.corrections[2]?.id ?? 0, { result: 'passed' }));
    expect(done).toMatchObject({ status: 'reversed', reversed: invoice.total, red_letter: 'full' });
    for (const line of lines) expect(await remainingOf(line.id)).toBe(line.total);
    await refused(
      reverse(invoice.id, [{ invoice_line_id: one.id, amount: 1 }]),
      409,
      INVOICE_MESSAGES.notReversible,
    );
    // The lines given back are invoiced again, whole.
    const again = await ok(request(lines));
    expect(again.total).toBe(invoiceFigures(lines.map((line) => asInvoiceable(line))).total);
    await refused(
      api('POST', `/invoice_corrections/${secondId}/approval`, { result: 'passed' }, stranger.headers),
      404,
    );
  });

  it('offers the decision of a 红冲 to its requester only where the team lets requesters decide their own', async () => {
    const lines = await billedOrder(client.id, general.id, [modelFee(10_000)]);
    const invoice = await finance.issuedInvoice(lines.map((line) => line.id));
    const asked = await ok(
      api<InvoiceDetail>(
        'POST',
        `/invoices/${invoice.id}/reverse`,
        { lines: reversalLines(invoice, 1_000), reason: '折让' },
        manager.headers,
      ),
    );
    expect(asked.corrections[0]?.can_decide).toBe(true);
    await ok(api('PATCH', '/approval_settings', { forbid_self_approval: true }, manager.headers));
    try {
      const mine = await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`, undefined, manager.headers));
      expect(mine.corrections[0]?.can_decide).toBe(false);
      // The owner, another approver, may decide it.
      const theirs = await ok(
        api<InvoiceDetail>('GET', `/invoices/${invoice.id}`, undefined, finance.owner.headers),
      );
      expect(theirs.corrections[0]?.can_decide).toBe(true);
    } finally {
      await ok(api('PATCH', '/approval_settings', { forbid_self_approval: false }, manager.headers));
    }
  });

  it('lists invoices by status, type, client, payee entity, dates and keyword, paged', async () => {
    const ofStudio = await billedOrder(otherClient.id, studio.id, [modelFee(12_345, 1, 3)]);
    const special = await ok(
      request(ofStudio, {
        team_recipient_id: studio.id,
        company_id: otherClient.id,
        type: 'special',
        buyer: {
          name: '别的客户有限公司',
          tax_id: '91310000MA1K000000',
          address_phone: '北京',
          bank_account: '工行 1',
        },
      }),
    );
    const list = (query: string) => api<Invoice[]>('GET', `/invoices?${query}`, undefined, reader.headers);
    const ids = async (query: string) => (await ok(list(query))).map((row) => row.id);
    expect(await ids(`type=special&company_id=${otherClient.id}`)).toEqual([special.id]);
    expect(await ids(`team_recipient_id=${studio.id}&status=requested`)).toEqual([special.id]);
    expect(await ids(`keyword=${encodeURIComponent('别的客户有限')}`)).toEqual([special.id]);
    expect(await ids(`created_from=${today}&created_to=${today}&type=special`)).toContain(special.id);
    expect(await ids('created_to=2000-01-01')).toEqual([]);
    expect(await ids(`company_id=${otherClient.id}&status=issued`)).toEqual([]);
    const paged = await list('per_page=1&page=2');
    expect(paged.body.data).toHaveLength(1);
    expect(Number(paged.headers.get('x-total'))).toBeGreaterThan(2);
    const [newest] = await ok(list('per_page=1'));
    expect(newest).toMatchObject({
      id: special.id,
      tax: invoiceFigures(ofStudio.map((line) => asInvoiceable(line))).tax,
    });
    await refused(list('type=red'), 400);
  });

  it('answers what receipts pay of each invoice, and lists the issued ones still open to receive', async () => {
    const payer = await ok(api<Company>('POST', '/companies', { name: '核销客户' }));
    const invoiceOf = async (fen: number) => {
      const lines = await billedOrder(payer.id, general.id, [modelFee(fen, 1, 6)]);
      return ok(request(lines, { company_id: payer.id }));
    };
    const paid = await invoiceOf(10_000);
    const part = await invoiceOf(20_000);
    const untouched = await invoiceOf(30_000);
    const requested = await invoiceOf(40_000);
    for (const invoice of [paid, part, untouched]) await ok(issue(invoice.id));
    const undone = await finance.receipt({
      amount: paid.total + 5_000,
      allocations: [
        { invoice_id: paid.id, amount: paid.total },
        { invoice_id: part.id, amount: 2_000 },
        { invoice_id: part.id, amount: 3_000 },
      ],
    });
    // An undone allocation pays nothing.
    const third = undone.allocations.find((allocation) => allocation.amount === 3_000);
    if (!third) throw new Error('the allocation of 3,000 fen is answered');
    await ok(api('DELETE', `/allocations/${third.id}`, undefined, editor.headers));

    const list = (query: string) =>
      ok(api<Invoice[]>('GET', `/invoices?company_id=${payer.id}&${query}`, undefined, reader.headers));
    const allocatedOf = Object.fromEntries((await list('')).map((row) => [row.id, row.allocated]));
    expect(allocatedOf).toEqual({
      [paid.id]: paid.total,
      [part.id]: 2_000,
      [untouched.id]: 0,
      [requested.id]: 0,
    });
    expect((await list('open=true')).map((row) => row.id)).toEqual([untouched.id, part.id]);
    expect((await list('open=false')).map((row) => row.id)).toEqual([requested.id, paid.id]);
    expect((await list(`open=true&keyword=${encodeURIComponent(buyer.name)}`)).length).toBe(2);
    const detail = await ok(api<InvoiceDetail>('GET', `/invoices/${part.id}`, undefined, reader.headers));
    expect(detail.allocated).toBe(2_000);
    await refused(api('GET', '/invoices?open=yes', undefined, reader.headers), 400);
  });

  it('keeps the 发票 register: overdue by the client’s terms, the totals of the filter, the export with a totals row', async () => {
    const termed = await ok(api<Company>('POST', '/companies', { name: '账期客户', payment_terms_days: 30 }));
    const invoiceOn = async (fen: number, issuedOn: string) => {
      const lines = await billedOrder(termed.id, general.id, [modelFee(fen, 1, 6)]);
      return finance.issuedInvoice(
        lines.map((line) => line.id),
        { companyId: termed.id, issuedOn },
      );
    };
    const old = await invoiceOn(50_000, addDays(today, -40));
    const recent = await invoiceOn(20_000, addDays(today, -10));
    await finance.receipt({ amount: 5_000, allocations: [{ invoice_id: old.id, amount: 5_000 }] });
    const rows = async (query: string) =>
      ok(api<Invoice[]>('GET', `/invoices?company_id=${termed.id}&${query}`, undefined, reader.headers));
    const [oldRow] = await rows('overdue=true');
    expect(oldRow).toMatchObject({
      id: old.id,
      due_on: addDays(today, -10),
      allocated: 5_000,
      outstanding: old.total - 5_000,
      red_letter: 'none',
    });
    expect((await rows('overdue=true')).map((row) => row.id)).toEqual([old.id]);
    expect((await rows('overdue=false')).map((row) => row.id)).toEqual([recent.id]);
    const totals = await ok(
      api<InvoiceTotals>('GET', `/invoices/totals?company_id=${termed.id}`, undefined, reader.headers),
    );
    expect(totals).toEqual({
      count: 2,
      total: old.total + recent.total,
      reversed: 0,
      allocated: 5_000,
      outstanding: old.total + recent.total - 5_000,
    });
    expect(
      await ok(
        api<InvoiceTotals>(
          'GET',
          `/invoices/totals?company_id=${termed.id}&overdue=true`,
          undefined,
          reader.headers,
        ),
      ),
    ).toMatchObject({ count: 1, outstanding: old.total - 5_000 });
    const file = await download(t, `/v1/invoices/export?company_id=${termed.id}`, reader.headers);
    expect(file.status).toBe(200);
    const sheet = (await readWorkbook(file.bytes)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cells = sheetRows(sheet);
    expect(cells[0]?.slice(0, 3)).toEqual(['发票号码', '发票类型', '客户']);
    expect(cells).toHaveLength(4);
    expect(cells.slice(1, 3).map((row) => row[0])).toEqual([recent.number, old.number]);
    const last = cells[3];
    expect(last?.slice(0, 2)).toEqual(['合计', '2 张']);
    const at = (header: string) => cells[0]?.indexOf(header) ?? -1;
    expect(Number(last?.[at('价税合计')])).toBeCloseTo((old.total + recent.total) / 100, 2);
    expect(Number(last?.[at('未收')])).toBeCloseTo((old.total + recent.total - 5_000) / 100, 2);
    await refused(api('GET', '/invoices/totals?overdue=maybe', undefined, reader.headers), 400);
    expect(
      await ok(
        api<InvoiceTotals>('GET', `/invoices/totals?company_id=${termed.id}`, undefined, stranger.headers),
      ),
    ).toMatchObject({ count: 0 });
  });

  it('gives the entity it names to an order billed before the team had one, in its history, and to no other', async () => {
    const [line] = await billedOrder(client.id, general.id, [modelFee(20_000, 1, 6)]);
    const [kept] = await billedOrder(client.id, studio.id, [modelFee(30_000, 1, 6)]);
    if (!line || !kept) throw new Error('two fee lines are needed');
    // Billed before the team had a payee entity (orders made before issue 23 have none).
    await t.database.db.update(orders).set({ teamRecipientId: null }).where(eq(orders.id, line.orderId));
    const groups = await ready(`?company_id=${client.id}`);
    expect(
      groups.find((group) => group.team_recipient === null)?.lines.map((row) => row.fee_line_id),
    ).toEqual([line.id]);
    // An order that has an entity still refuses another one's invoice.
    await refused(request([kept]), 400, INVOICE_MESSAGES.lineNotInvoiceable);
    const invoice = await ok(request([line]));
    expect(invoice.team_recipient.id).toBe(general.id);
    const [order] = await t.database.db
      .select({ teamRecipientId: orders.teamRecipientId })
      .from(orders)
      .where(eq(orders.id, line.orderId));
    expect(order?.teamRecipientId).toBe(general.id);
    const entries = await t.database.db
      .select({ action: operationLogs.action, detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'order'), eq(operationLogs.targetId, String(line.orderId))))
      .orderBy(asc(operationLogs.id));
    expect(entries.map((row) => row.action)).toEqual(['order_create', 'order_update']);
    const entry = entries[1];
    expect(entry?.action).toBe('order_update');
    expect(JSON.stringify(entry?.detail)).toContain('收款主体');
    expect(JSON.stringify(entry?.detail)).toContain('"before":"--"');
    expect(JSON.stringify(entry?.detail)).toContain(general.short_name);
  });
});

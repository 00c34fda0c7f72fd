import {
  BANK_STATEMENT_MESSAGES,
  type BankImportResult,
  type BankLine,
  type PayerCompany,
  type SuggestedInvoice,
} from '@trackit/contract/bank-statement.schema';
import type { CompanyAccount } from '@trackit/contract/company-account.schema';
import type { InvoiceDetail } from '@trackit/contract/invoice.schema';
import { RECEIPT_MESSAGES, type ReceiptDetail } from '@trackit/contract/receipt.schema';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../../test/api-answers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { modelFee, orderDay } from '../../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../../test/finance-factory';
import { postFile } from '../../../test/spreadsheets';

/**
 * Receipts of a client, its account, and the bank statement import end to end over HTTP (docs/product.md
 * "Receipts belong to a client", "A client's account", "Bank statement import").
 */
describe('receipts of a client and the bank statement import', () => {
  let t: TestApp;
  let finance: FinanceTeam;
  let api: FinanceTeam['api'];
  let today: string;

  const upload = (query: string, bytes: Buffer | string, headers = finance.editor.headers) =>
    postFile<BankImportResult>(t, `/v1/bank_statements?${query}`, bytes, headers, 'text/csv');
  const lines = (query = 'status=open') =>
    ok(api<BankLine[]>('GET', `/bank_statement_lines?${query}`, undefined, finance.reader.headers));

  beforeAll(async () => {
    t = await buildTestApp();
    finance = await createFinanceTeam(t);
    ({ api, today } = finance);
  });
  afterAll(() => t.close());

  /** A billed order of the client, invoiced and issued: the invoice. */
  const invoiced = async (amount: number): Promise<InvoiceDetail> => {
    const { lines: feeLines } = await finance.billedOrder([modelFee(amount)], {
      companyId: finance.client.id,
      teamRecipientId: finance.general.id,
      days: [orderDay(today)],
    });
    return finance.issuedInvoice(
      feeLines.map((line) => line.id),
      { companyId: finance.client.id },
    );
  };

  it('names the client on a receipt, suggests it from the payer, and shows the client’s account', async () => {
    const { client, general, editor, reader, stranger } = finance;
    const suggestions = await ok(
      api<PayerCompany[]>(
        'GET',
        `/receipts/payer_companies?payer_name=${encodeURIComponent('上海某某服饰有限公司')}`,
        undefined,
        reader.headers,
      ),
    );
    expect(suggestions[0]).toMatchObject({ id: client.id, reason: 'similar' });
    const other = await finance.company({ name: '杭州另一家' });
    await refused(
      api(
        'POST',
        '/receipts',
        {
          received_on: today,
          amount: 1_000,
          payer_name: '外队',
          team_recipient_id: general.id,
          company_id: 987_654_321,
        },
        editor.headers,
      ),
      404,
      RECEIPT_MESSAGES.companyNotFound,
    );
    const invoice = await invoiced(120_000);
    const receipt = await ok(
      api<ReceiptDetail>(
        'POST',
        '/receipts',
        {
          received_on: today,
          amount: 150_000,
          payer_name: '上海某某服饰有限公司',
          team_recipient_id: general.id,
          company_id: client.id,
        },
        editor.headers,
      ),
    );
    expect(receipt.company).toEqual({ id: client.id, name: client.name });
    await ok(
      api(
        'POST',
        `/receipts/${receipt.id}/allocations`,
        [{ invoice_id: invoice.id, amount: 100_000 }],
        editor.headers,
      ),
    );
    // Named once, the payer is the client from then on.
    const again = await ok(
      api<PayerCompany[]>(
        'GET',
        `/receipts/payer_companies?payer_name=${encodeURIComponent('上海某某服饰有限公司')}`,
        undefined,
        reader.headers,
      ),
    );
    expect(again[0]).toMatchObject({ id: client.id, reason: 'history' });
    const filtered = await ok(
      api<ReceiptDetail[]>('GET', `/receipts?company_id=${client.id}`, undefined, reader.headers),
    );
    expect(filtered.map((item) => item.id)).toEqual([receipt.id]);

    const account = await ok(
      api<CompanyAccount>('GET', `/companies/${client.id}/account`, undefined, reader.headers),
    );
    expect(account).toMatchObject({
      orders: 1,
      billed: invoice.total,
      invoiced: invoice.total,
      received: 100_000,
      outstanding: invoice.total - 100_000,
      receipts: 1,
      receipts_total: 150_000,
      credit: 50_000,
      credit_receipts: 1,
    });
    expect(account.buckets.reduce((sum, bucket) => sum + bucket.outstanding, 0)).toBe(account.outstanding);
    await refused(api('GET', `/companies/${client.id}/account`, undefined, stranger.headers), 404);
    const empty = await ok(
      api<CompanyAccount>('GET', `/companies/${other.id}/account`, undefined, reader.headers),
    );
    expect(empty).toMatchObject({ billed: 0, outstanding: 0, credit: 0, receipts: 0 });
    // A client with receipts is kept: deleting it is refused with what refers to it.
    const deletion = await ok(
      api<RecordDeletion>('GET', `/companies/${client.id}/deletion`, undefined, finance.owner.headers),
    );
    expect(deletion.reason).toContain('笔收款');
  });

  it('imports a 建设银行 export, suggests the client and the invoice named in 摘要, records in one step, once', async () => {
    const invoice = await invoiced(80_000);
    const number = invoice.number ?? '';
    const csv = [
      '中国建设银行 账户明细',
      `账号,121909876510201`,
      '账号,账户名称,交易时间,借方发生额（支取）,贷方发生额（收入）,余额,币种,对方户名,对方账号,对方开户机构,记账日期,摘要,备注,账户明细编号-交易流水号',
      `121909876510201,星辰经纪,${today.replaceAll('-', '')} 10:22:01,0.00,"${(invoice.total / 100).toFixed(2)}",1000.00,人民币,上海某某服饰有限公司,6222000011112222,建行上海分行,${today},货款,发票${number.slice(-8)},1-0001`,
      `121909876510201,星辰经纪,${today.replaceAll('-', '')} 11:00:00,"1,200.00",0.00,900.00,人民币,某供应商,6222000099998888,建行,${today},付款,,1-0002`,
      `121909876510201,星辰经纪,${today.replaceAll('-', '')} 15:00:00,0.00,3.21,903.21,人民币,中国建设银行,,建行,${today},结息,,1-0003`,
      '合计,,,"1,200.00",,,,,,,,,,',
    ].join('\r\n');
    await refused(upload(`team_recipient_id=${finance.general.id}`, csv, finance.reader.headers), 403);
    const first = await ok(upload(`team_recipient_id=${finance.general.id}&file_name=ccb.csv`, csv));
    expect(first.import).toMatchObject({
      format: 'ccb',
      credits: 2,
      new_lines: 2,
      duplicates: 0,
      skipped: 2,
    });
    const open = await lines(`status=open&import_id=${first.import?.id}`);
    const payment = open.find((line) => line.amount === invoice.total);
    expect(payment).toMatchObject({
      transacted_on: today,
      payer_name: '上海某某服饰有限公司',
      payer_account: '6222000011112222',
      serial: '1-0001',
      companies: [expect.objectContaining({ id: finance.client.id })],
    });
    expect(payment?.invoices[0]).toMatchObject({
      id: invoice.id,
      reason: 'number',
      suggested: invoice.total,
    });
    const interest = open.find((line) => line.amount === 321);
    if (!payment || !interest) throw new Error('lines not imported');

    // Over what the invoice holds: refused, and nothing is recorded.
    await refused(
      api(
        'POST',
        `/bank_statement_lines/${payment.id}/record`,
        {
          company_id: finance.client.id,
          allocations: [{ invoice_id: invoice.id, amount: invoice.total + 1 }],
        },
        finance.editor.headers,
      ),
      409,
    );
    expect((await lines(`status=recorded&import_id=${first.import?.id}`)).length).toBe(0);
    const recorded = await ok(
      api<BankLine>(
        'POST',
        `/bank_statement_lines/${payment.id}/record`,
        { company_id: finance.client.id, allocations: [{ invoice_id: invoice.id, amount: invoice.total }] },
        finance.editor.headers,
      ),
    );
    expect(recorded).toMatchObject({ status: 'recorded', companies: [], invoices: [] });
    const receipt = await ok(api<ReceiptDetail>('GET', `/receipts/${recorded.receipt_id}`));
    expect(receipt).toMatchObject({
      amount: invoice.total,
      payer_name: '上海某某服饰有限公司',
      reference: '1-0001',
      company: { id: finance.client.id },
      allocated: invoice.total,
      received_on: today,
    });
    const paid = await ok(api<InvoiceDetail>('GET', `/invoices/${invoice.id}`));
    expect(paid.allocated).toBe(invoice.total);
    await refused(
      api(
        'POST',
        `/bank_statement_lines/${payment.id}/record`,
        { company_id: finance.client.id, allocations: [] },
        finance.editor.headers,
      ),
      409,
      BANK_STATEMENT_MESSAGES.notOpen,
    );
    const ignored = await ok(
      api<BankLine>(
        'POST',
        `/bank_statement_lines/${interest.id}/ignore`,
        { reason: '存款利息' },
        finance.editor.headers,
      ),
    );
    expect(ignored).toMatchObject({ status: 'ignored', ignore_reason: '存款利息' });

    // The same file again: every credit recognised, nothing kept or recorded twice.
    const second = await ok(upload(`team_recipient_id=${finance.general.id}&file_name=ccb.csv`, csv));
    expect(second.import).toMatchObject({ credits: 2, new_lines: 0, duplicates: 2 });
    expect(await lines(`import_id=${second.import?.id}`)).toEqual([]);
    const receipts = await ok(
      api<ReceiptDetail[]>('GET', `/receipts?keyword=1-0001`, undefined, finance.reader.headers),
    );
    expect(receipts.length).toBe(1);
    // Another team's member sees none of it.
    expect(
      await ok(api<BankLine[]>('GET', '/bank_statement_lines', undefined, finance.stranger.headers)),
    ).toEqual([]);
  });

  it('reads 工商银行 and 招商银行 exports (.xlsx) and offers a mapping for any other bank', async () => {
    const workbook = async (rows: (string | number)[][]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('明细');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const icbc = await workbook([
      [
        '凭证号',
        '本方账号',
        '对方账号',
        '交易时间',
        '借/贷',
        '借方发生额',
        '贷方发生额',
        '对方行号',
        '摘要',
        '用途',
        '对方单位名称',
        '余额',
        '个性化信息',
      ],
      [
        'ICBC0001',
        '1001',
        '6212',
        `${today} 09:12:00`,
        '贷',
        '',
        5000,
        '102',
        '转账',
        '服务费',
        '北京甲公司',
        5000,
        '',
      ],
    ]);
    const icbcResult = await ok(upload(`team_recipient_id=${finance.general.id}`, icbc));
    expect(icbcResult.import).toMatchObject({ format: 'icbc', credits: 1, new_lines: 1 });
    const cmb = await workbook([
      ['户名：星辰经纪'],
      [
        '交易日',
        '交易时间',
        '起息日',
        '交易类型',
        '借方金额',
        '贷方金额',
        '余额',
        '摘要',
        '流水号',
        '用途',
        '收(付)方名称',
        '收(付)方帐号',
      ],
      [
        today.replaceAll('-', ''),
        '10:00:00',
        today.replaceAll('-', ''),
        '汇入汇款',
        '',
        '2,345.60',
        '9,000.00',
        '货款',
        'CMB777',
        '',
        '广州乙公司',
        '6225',
      ],
    ]);
    const cmbResult = await ok(upload(`team_recipient_id=${finance.general.id}`, cmb));
    expect(cmbResult.import).toMatchObject({ format: 'cmb', credits: 1, new_lines: 1 });
    const cmbLine = (await lines(`import_id=${cmbResult.import?.id}`))[0];
    expect(cmbLine).toMatchObject({
      amount: 234_560,
      serial: 'CMB777',
      payer_name: '广州乙公司',
      payer_account: '6225',
    });

    const other = [
      '日期,金额,对方名称,附言',
      `${today},"¥6,000.00",深圳丙公司,定金`,
      `${today},-100,深圳丁公司,退款`,
    ].join('\n');
    const needs = await ok(upload(`team_recipient_id=${finance.general.id}`, other));
    expect(needs).toMatchObject({
      import: null,
      needs_mapping: true,
      headers: ['日期', '金额', '对方名称', '附言'],
    });
    expect(needs.sample[0]).toEqual([today, '¥6,000.00', '深圳丙公司', '定金']);
    await refused(
      upload(`team_recipient_id=${finance.general.id}&map_date=日期&map_amount=金额`, other),
      400,
      BANK_STATEMENT_MESSAGES.mappingIncomplete,
    );
    await refused(
      upload(
        `team_recipient_id=${finance.general.id}&map_date=日期&map_amount=金额&map_payer_name=户名`,
        other,
      ),
      400,
      BANK_STATEMENT_MESSAGES.mappingUnknown('户名'),
    );
    const mapped = await ok(
      upload(
        `team_recipient_id=${finance.general.id}&map_date=${encodeURIComponent('日期')}&map_amount=${encodeURIComponent('金额')}&map_payer_name=${encodeURIComponent('对方名称')}&map_remark=${encodeURIComponent('附言')}`,
        other,
      ),
    );
    expect(mapped.import).toMatchObject({ format: 'mapped', credits: 1, new_lines: 1, skipped: 1 });
  });

  it('refuses what is no statement, clearly, and stays within its bounds', async () => {
    const at = `team_recipient_id=${finance.general.id}`;
    await refused(
      upload(at, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0, 0, 0])),
      400,
      BANK_STATEMENT_MESSAGES.unreadable,
    );
    await refused(
      upload(at, Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
      400,
      BANK_STATEMENT_MESSAGES.unreadable,
    );
    await refused(upload(at, Buffer.alloc(0)), 400);
    // No body at all (not even an empty file): the same clear answer, never a 500.
    await refused(
      t.request('POST', `/storm_api/v1/bank_statements?${at}`, { headers: finance.editor.headers }),
      400,
      BANK_STATEMENT_MESSAGES.empty,
    );
    await refused(upload(at, Buffer.alloc(5 * 1024 * 1024 + 1, 0x41)), 413, BANK_STATEMENT_MESSAGES.tooLarge);
    const header = '交易时间,借方发生额（支取）,贷方发生额（收入）,对方户名';
    const many = [header, ...Array.from({ length: 5_001 }, (_, i) => `${today},0,${i + 1},某公司`)].join(
      '\n',
    );
    await refused(upload(at, many), 400, BANK_STATEMENT_MESSAGES.tooManyRows);
    const bad = [header, `${today},0,一千元,某公司`].join('\n');
    await refused(upload(at, bad), 400, BANK_STATEMENT_MESSAGES.badAmount(2, '一千元'));
    await refused(upload('team_recipient_id=987654', [header].join('\n')), 404);
  });

  it('suggests another client’s open invoices for a line when a person picks it', async () => {
    const invoice = await invoiced(45_000);
    const csv = [
      '交易时间,借方发生额（支取）,贷方发生额（收入）,对方户名,摘要',
      `${today},0,${(invoice.total / 100).toFixed(2)},个人张三,代付`,
    ].join('\n');
    const result = await ok(upload(`team_recipient_id=${finance.general.id}`, csv));
    const [line] = await lines(`import_id=${result.import?.id}`);
    if (!line) throw new Error('no line');
    expect(line.companies).toEqual([]);
    const offered = await ok(
      api<SuggestedInvoice[]>(
        'GET',
        `/bank_statement_lines/${line.id}/invoices?company_id=${finance.client.id}`,
        undefined,
        finance.reader.headers,
      ),
    );
    expect(offered.find((item) => item.id === invoice.id)).toMatchObject({
      reason: 'amount',
      suggested: invoice.total,
    });
  });
});

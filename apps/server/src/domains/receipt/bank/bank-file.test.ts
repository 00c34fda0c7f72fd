import { describe, expect, it } from 'vitest';
import {
  decodeText,
  dedupeKeys,
  readCredits,
  readCsvRows,
  readStatementAmount,
  readStatementDate,
  recogniseBank,
} from './bank-file';

describe('reading a bank statement', () => {
  it('decodes UTF-8 (with or without its BOM) and, failing that, GB18030 as Chinese banks write', () => {
    expect(decodeText(Buffer.from('\uFEFF摘要', 'utf8'))).toBe('摘要');
    // 交易日期 in GBK.
    expect(decodeText(Buffer.from('bdbbd2d7c8d5c6da', 'hex'))).toBe('交易日期');
  });

  it('reads quoted cells, doubled quotes, line breaks in quotes, tabs, and Excel’s ="…"', () => {
    expect(readCsvRows('a,"b,1","c ""x"""\r\n"d\ne",="0012",f')).toEqual([
      ['a', 'b,1', 'c "x"'],
      ['d\ne', '0012', 'f'],
    ]);
    expect(readCsvRows('交易日\t贷方金额\n20261203\t1.00')).toEqual([
      ['交易日', '贷方金额'],
      ['20261203', '1.00'],
    ]);
    expect(() => readCsvRows('\0\0\0binary')).toThrow();
  });

  it('reads dates and amounts as the banks write them', () => {
    expect(readStatementDate('2026-12-03 10:22:01')).toBe('2026-12-03');
    expect(readStatementDate('20261203')).toBe('2026-12-03');
    expect(readStatementDate('2026/1/5')).toBe('2026-01-05');
    expect(readStatementDate('2026年12月3日')).toBe('2026-12-03');
    expect(readStatementDate('2026-02-30')).toBeUndefined();
    expect(readStatementDate('合计')).toBeUndefined();
    expect(readStatementAmount('1,234.56')).toBe(123_456);
    expect(readStatementAmount('¥6,000.00')).toBe(600_000);
    expect(readStatementAmount('-35.5')).toBe(-3_550);
    expect(readStatementAmount('+12')).toBe(1_200);
    expect(readStatementAmount('')).toBe(0);
    expect(readStatementAmount('一千')).toBeUndefined();
  });

  it('finds the header under the bank’s preamble and recognises the bank; half- and full-width alike', () => {
    const rows = [
      ['招商银行交易明细'],
      ['交易日', '借方金额', '贷方金额', '摘要', '流水号', '收（付）方名称', '收(付)方帐号'],
      ['20261203', '', '100.00', '货款 发票12345678', 'S1', '甲公司', '6225 0001'],
      ['20261203', '50.00', '', '付款', 'S2', '乙公司', '6225'],
    ];
    const layout = recogniseBank(rows);
    expect(layout).toMatchObject({ format: 'cmb', headerIndex: 1 });
    if (!layout) return;
    const { credits, skipped } = readCredits(rows, layout);
    expect(skipped).toBe(1);
    expect(credits).toEqual([
      {
        row: 3,
        transactedOn: '2026-12-03',
        amount: 10_000,
        payerName: '甲公司',
        payerAccount: '62250001',
        summary: '货款 发票12345678',
        serial: 'S1',
      },
    ]);
  });

  it('keys a line by its serial, else by its fields and its occurrence in the file', () => {
    const credit = {
      row: 2,
      transactedOn: '2026-12-03',
      amount: 100,
      payerName: '甲',
      payerAccount: '',
      summary: '',
      serial: '',
    };
    const keys = dedupeKeys([credit, { ...credit, row: 3 }, { ...credit, serial: 'X' }]);
    expect(keys[0]).not.toBe(keys[1]);
    expect(dedupeKeys([credit, { ...credit, row: 3 }])).toEqual(keys.slice(0, 2));
    expect(keys[2]).toBe('serial:X|2026-12-03|100');
  });
});

import type { Model } from '@trackit/contract/model.schema';
import { MODEL_SHEET_LIMITS } from '@trackit/contract/model-sheet.schema';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../../../test/spreadsheets';
import { checkRow } from './model-import.service';
import {
  asDate,
  asPercent,
  asTags,
  headerKey,
  IMPORT_COLUMNS,
  MODEL_SHEET_COLUMNS,
  templateColumns,
  visibleColumns,
} from './model-sheet';
import { buildTemplate, cellText, readModelSheet } from './model-workbook';

const column = (key: string) => {
  const found = IMPORT_COLUMNS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no column ${key}`);
  return found;
};
const read = (key: string, text: string) => column(key).import.read(text);

describe('the model sheet columns', () => {
  it('declares each column once, with a header of its own, and each importable field once', () => {
    const headers = MODEL_SHEET_COLUMNS.map((entry) => headerKey(entry.header));
    expect(new Set(headers).size).toBe(headers.length);
    const fields = IMPORT_COLUMNS.map((entry) => entry.import.field);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).toEqual(
      expect.arrayContaining(['name', 'gender', 'height', 'mobile', 'id_number', 'status']),
    );
  });

  it('shows the national ID only at manage, in the export and the template alike', () => {
    expect(visibleColumns(true).map((entry) => entry.key)).toContain('id_number');
    expect(visibleColumns(false).map((entry) => entry.key)).not.toContain('id_number');
    expect(templateColumns(false).map((entry) => entry.key)).not.toContain('id_number');
    // The import reads the column at every level, to report a filled cell below manage.
    expect(IMPORT_COLUMNS.map((entry) => entry.key)).toContain('id_number');
  });

  it('names a column by its header, whatever the brackets, stars and spaces', () => {
    expect(headerKey('身高（厘米）')).toBe('身高');
    expect(headerKey(' 身高(cm) ')).toBe('身高');
    expect(headerKey('姓名*')).toBe('姓名');
    expect(headerKey('佣金比例（%）')).toBe('佣金比例');
  });

  it('writes labels, days and percentages as a person reads them', () => {
    const model = {
      gender: 'male',
      status: 'left',
      clothing_size: 'xxl',
      nationality: 'JP',
      birthday: '1999-12-31',
      commission_rate: 1250,
      tags: [],
      created_at: '2026-11-23T16:30:00.000Z',
    } as unknown as Model;
    const write = (key: string) => MODEL_SHEET_COLUMNS.find((entry) => entry.key === key)?.write(model);
    expect(write('gender')).toBe('男');
    expect(write('status')).toBe('已解约');
    expect(write('clothing_size')).toBe('XXL');
    expect(write('nationality')).toBe('日本');
    expect(write('birthday')).toEqual(new Date('1999-12-31T00:00:00Z'));
    expect(write('commission_rate')).toBe(0.125);
    expect(write('tags')).toBeNull();
    // 16:30 UTC is half past midnight the next day in China.
    expect(write('created_at')).toEqual(new Date('2026-11-24T00:30:00.000Z'));
  });
});

describe('reading a cell', () => {
  it('reads labels or wire values of an enumeration, and refuses anything else naming the labels', () => {
    expect(read('gender', '女')).toEqual({ value: 'female' });
    expect(read('gender', 'MALE')).toEqual({ value: 'male' });
    expect(read('gender', '女士')).toEqual({ error: '*请从下拉选项中选择：女、男' });
    expect(read('clothing_size', 'xl')).toEqual({ value: 'xl' });
    expect(read('cup', 'b')).toEqual({ value: 'B' });
    expect(read('status', '暂停合作')).toEqual({ value: 'paused' });
  });

  it('reads a country by its Chinese name or its code', () => {
    expect(read('nationality', '中国')).toEqual({ value: 'CN' });
    expect(read('nationality', 'fr')).toEqual({ value: 'FR' });
    expect(read('nationality', '火星')).toEqual({ error: '*请选择正确的国籍' });
  });

  it('reads the usual ways of writing a day, and leaves others to the schema', () => {
    expect(asDate('2001-2-3')).toEqual({ value: '2001-02-03' });
    expect(asDate('2001/02/03')).toEqual({ value: '2001-02-03' });
    expect(asDate('2001.2.3')).toEqual({ value: '2001-02-03' });
    expect(asDate('2001年2月3日')).toEqual({ value: '2001-02-03' });
    expect(asDate('昨天')).toEqual({ value: '昨天' });
  });

  it('reads percentages to basis points and tags split on the usual separators', () => {
    expect(asPercent('20')).toEqual({ value: 2000 });
    expect(asPercent('12.5%')).toEqual({ value: 1250 });
    expect(asPercent('0')).toEqual({ value: 0 });
    // By its digits: 4.35 × 100 is 434.99999999999994 in floating point.
    expect(asPercent('4.35%')).toEqual({ value: 435 });
    expect(asPercent('0.29')).toEqual({ value: 29 });
    for (const bad of ['101', '-1', '二十', '12.345']) {
      expect(asPercent(bad)).toEqual({ error: '*请输入0-100之间的百分比，如 20 或 20%' });
    }
    expect(asTags('时装、广告,泳装；走秀\n平面')).toEqual({
      value: ['时装', '广告', '泳装', '走秀', '平面'],
    });
  });

  it('turns every kind of exceljs cell into the text a person sees', () => {
    expect(cellText(null)).toBe('');
    expect(cellText('  刘晓阳 ')).toBe('刘晓阳');
    expect(cellText(178)).toBe('178');
    expect(cellText(13812345678)).toBe('13812345678');
    expect(cellText(0.145, '0.00%')).toBe('14.5%');
    expect(cellText(new Date('2001-02-03T00:00:00Z'))).toBe('2001-02-03');
    expect(cellText({ richText: [{ text: '刘' }, { text: '晓阳' }] })).toBe('刘晓阳');
    expect(cellText({ text: 'Sunny', hyperlink: 'mailto:a@b.c' })).toBe('Sunny');
    expect(cellText({ formula: 'A1+1', result: 179 })).toBe('179');
    expect(cellText({ error: '#N/A' })).toBe('#N/A');
  });
});

describe('checking a row', () => {
  const context = { manage: false, today: '2026-11-23' };
  const row = (cells: Record<string, string>) => ({ row: 5, cells: new Map(Object.entries(cells)) });

  it('gives the model the form would send when every cell is right', () => {
    const checked = checkRow(
      row({ name: ' 刘晓阳 ', gender: '女', height: '178', tags: '时装、时装', birthday: '2001/2/3' }),
      IMPORT_COLUMNS,
      context,
    );
    expect(checked.errors).toEqual({});
    expect(checked.input).toEqual({
      name: '刘晓阳',
      gender: 'female',
      height: 178,
      tags: ['时装'],
      birthday: '2001-02-03',
    });
  });

  it('puts each message on its cell: the schema’s, the reader’s and the rules’', () => {
    const checked = checkRow(
      row({
        gender: '女',
        height: '178.5',
        weight: '重',
        birthday: '2099-01-01',
        id_number: '1',
        status: '已解约',
      }),
      IMPORT_COLUMNS,
      context,
    );
    expect(checked.input).toBeUndefined();
    expect(checked.values.height).toBe('178.5');
    expect(checked.errors).toEqual({
      name: '*请输入内容',
      height: '*请输入50-250之间的整数（厘米）',
      weight: '*请输入20-200之间的整数（公斤）',
      birthday: '*出生日期不能晚于今天',
      id_number: '没有权限查看或修改模特的证件与纳税身份',
      status: '只有管理权限可以将模特设为已解约或恢复合作',
    });
  });

  it('reports a missing gender with the labels to choose from', () => {
    expect(checkRow(row({ name: '无性别' }), IMPORT_COLUMNS, context).errors).toEqual({
      gender: '*请从下拉选项中选择：女、男',
    });
  });
});

describe('the columns an upload is read by', () => {
  it('looks at the first 100 columns only', async () => {
    const filler = Array.from({ length: MODEL_SHEET_LIMITS.columns - 2 }, () => '备用');
    const within = await xlsxOf([...filler, '姓名', '性别'], [[...filler, '王芳', '女']]);
    expect((await readModelSheet(within, IMPORT_COLUMNS)).rows).toHaveLength(1);
    const beyond = await xlsxOf([...filler, '备用', '姓名', '性别'], [[...filler, '备用', '王芳', '女']]);
    await expect(readModelSheet(beyond, IMPORT_COLUMNS)).rejects.toThrow('缺少必填列：性别');
  });
});

describe('the template', () => {
  it('reads back as the columns it offers, and refuses a sheet without data', async () => {
    const template = await buildTemplate(templateColumns(true));
    await expect(readModelSheet(template, IMPORT_COLUMNS)).rejects.toThrow('文件中没有模特数据');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      template.buffer.slice(template.byteOffset, template.byteOffset + template.length) as ArrayBuffer,
    );
    workbook.worksheets[0]?.addRow(['王芳', null, '女']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const sheet = await readModelSheet(filled, IMPORT_COLUMNS);
    expect(sheet.columns.map((entry) => entry.key)).toEqual(templateColumns(true).map((entry) => entry.key));
    expect(sheet.rows).toEqual([
      {
        row: 2,
        cells: new Map([
          ['name', '王芳'],
          ['gender', '女'],
        ]),
      },
    ]);
  });
});

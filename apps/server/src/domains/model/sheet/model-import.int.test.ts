import type { Model } from '@trackit/contract/model.schema';
import { MODEL_MESSAGES } from '@trackit/contract/model.schema';
import { MODEL_SHEET_LIMITS, type ModelImportResult } from '@trackit/contract/model-sheet.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import { and, count, eq, sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInTeamByLevel } from '../../../test/factories';
import { download, postFile, readWorkbook, sheetRows, xlsxOf } from '../../../test/spreadsheets';
import { operationLogs } from '../../operation-log/operation-log.tables';
import { modelCommissionRates, modelMeasurements, models } from '../model.tables';

type Headers = Record<string, string>;

const idNumber = (seq: number) => {
  const first17 = `11010519950307${String(seq).padStart(3, '0')}`;
  return `${first17}${nationalIdCheckChar(first17)}`;
};

const HEADER = [
  '姓名',
  '性别',
  '身高（厘米）',
  '手机号',
  '身份证号',
  '出生日期',
  '状态',
  '标签',
  '佣金比例（%）',
];

describe('model import', () => {
  let t: TestApp;
  let teamId: number;
  let owner: Headers;
  let edit: Headers;
  let read: Headers;

  const preview = (file: Buffer | string, headers = owner) =>
    postFile<ModelImportResult>(t, '/v1/models/import?dry_run=true', file, headers);
  const commit = (file: Buffer | string, headers = owner) =>
    postFile<ModelImportResult>(t, '/v1/models/import', file, headers);
  const teamCount = async (table: typeof models | typeof operationLogs) =>
    (await t.database.db.select({ total: count() }).from(table).where(eq(table.teamId, teamId)))[0]?.total;

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    owner = team.owner.headers;
    edit = team.levels.edit.headers;
    read = team.levels.read.headers;
  });
  afterAll(() => t.close());

  it('hands out a template: the headers, instructions and dropdowns; the national ID only at manage', async () => {
    const res = await download(t, '/v1/models/import_template', owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('模特导入模板.xlsx')}`,
    );
    const workbook = await readWorkbook(res.bytes);
    const data = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(data.name).toBe('模特');
    const header = sheetRows(data)[0];
    expect(header?.slice(0, 4)).toEqual(['姓名', '英文名', '性别', '出生日期']);
    expect(header).toContain('身份证号');
    expect(header).toContain('佣金比例（%）');
    // The gender column offers 女 / 男 from the hidden list sheet.
    const genderColumn = (header?.indexOf('性别') ?? 0) + 1;
    expect(data.getCell(2, genderColumn).dataValidation).toMatchObject({
      type: 'list',
      formulae: [expect.stringMatching(/^'选项'!\$[A-Z]+\$1:\$[A-Z]+\$2$/)],
    });
    const guide = sheetRows(workbook.getWorksheet('填写说明') as ExcelJS.Worksheet);
    expect(guide[1]).toEqual(['姓名', '是', '必填，1-50个字符', '刘晓阳']);
    expect(guide.flat().join()).toContain('女 或 男');

    const editTemplate = await readWorkbook((await download(t, '/v1/models/import_template', edit)).bytes);
    expect(sheetRows(editTemplate.worksheets[0] as ExcelJS.Worksheet)[0]).not.toContain('身份证号');
    // Uploaded as it is, a template holds no model yet.
    const empty = await preview(res.bytes);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('文件中没有模特数据，请从第 2 行开始填写');
  });

  it('reads a filled-in template back', async () => {
    const template = await readWorkbook((await download(t, '/v1/models/import_template', owner)).bytes);
    const data = template.worksheets[0] as ExcelJS.Worksheet;
    const header = sheetRows(data)[0] ?? [];
    const at = (title: string) => header.indexOf(title) + 1;
    data.getCell(2, at('姓名')).value = '模板填写';
    data.getCell(2, at('性别')).value = '女';
    data.getCell(2, at('出生日期')).value = new Date('2001-02-03T00:00:00Z');
    data.getCell(2, at('国籍')).value = '法国';
    data.getCell(2, at('身高（厘米）')).value = 176;
    data.getCell(2, at('服装尺码')).value = 'M';
    const res = await preview(Buffer.from(await template.xlsx.writeBuffer()));
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ total: 1, valid: 1, invalid: 0, imported: 0 });
    expect(res.body.data.rows[0]).toEqual({
      row: 2,
      values: {
        name: '模板填写',
        gender: '女',
        birthday: '2001-02-03',
        nationality: '法国',
        height: '176',
        clothing_size: 'M',
      },
      errors: {},
    });
  });

  it('previews every row with its errors per cell, and writes nothing', async () => {
    const taken = await t.request<Model>('POST', '/storm_api/v1/models', {
      body: { name: '已有模特', gender: 'female', mobile: '13600000001' },
      headers: owner,
    });
    expect(taken.body.code).toBe(0);
    const before = await teamCount(models);
    const file = await xlsxOf(HEADER, [
      ['张好', '女', 175, '13600000010', null, '2000/1/2', null, '时装、广告', '20%'],
      ['身高错', '女', 300, null, null, null, null, null, null],
      [null, '男', 180, null, null, null, null, null, null],
      ['性别错', '女士', null, null, null, null, null, null, null],
      ['号码已有', '男', null, '13600000001', null, null, null, null, null],
      ['号码重复甲', '男', null, '13600000020', null, null, null, null, null],
      ['号码重复乙', '男', null, '13600000020', null, null, null, null, null],
      ['有身份证', '男', null, null, idNumber(1), null, null, null, null],
      ['已解约', '男', null, null, null, '2099-01-01', '已解约', null, '120'],
      [null, null, null, null, null, null, null, null, null],
    ]);
    const res = await preview(file, edit);
    expect(res.body.code, res.body.message).toBe(0);
    const { rows, ...counts } = res.body.data;
    expect(counts).toMatchObject({ total: 9, valid: 2, invalid: 7, imported: 0 });
    expect(res.body.data.columns.map((column) => column.header)).toEqual(HEADER);
    const errorsOf = (row: number) => rows.find((entry) => entry.row === row)?.errors;
    expect(errorsOf(2)).toEqual({});
    expect(rows[0]?.values).toMatchObject({ name: '张好', birthday: '2000/1/2', height: '175' });
    expect(errorsOf(3)).toEqual({ height: '*请输入50-250之间的整数（厘米）' });
    expect(errorsOf(4)).toEqual({ name: '*请输入内容' });
    expect(errorsOf(5)).toEqual({ gender: '*请从下拉选项中选择：女、男' });
    expect(errorsOf(6)).toEqual({ mobile: MODEL_MESSAGES.mobileTaken('已有模特') });
    expect(errorsOf(7)).toEqual({});
    expect(errorsOf(8)).toEqual({ mobile: '手机号与第 7 行重复' });
    expect(errorsOf(9)).toEqual({ id_number: MODEL_MESSAGES.idNumberForbidden });
    expect(errorsOf(10)).toEqual({
      birthday: MODEL_MESSAGES.birthdayInFuture,
      status: MODEL_MESSAGES.archiveForbidden,
      commission_rate: '*请输入0-100之间的百分比，如 20 或 20%',
    });
    // The empty row 11 is no row at all.
    expect(errorsOf(11)).toBeUndefined();
    expect(await teamCount(models)).toBe(before);
  });

  it('imports the valid rows only, through the model creation (pinyin, measurements, log)', async () => {
    const logsBefore = await teamCount(operationLogs);
    const file = await xlsxOf(HEADER, [
      ['欧阳娜娜', '女', 172, '13600000100', idNumber(2), '1998-08-08', '暂停合作', '时装，泳装', 25],
      ['无身高', '男', null, null, null, null, null, null, null],
      ['坏身高', '男', 20, null, null, null, null, null, null],
    ]);
    const res = await commit(file);
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.body.data).toMatchObject({ total: 3, valid: 2, invalid: 1, imported: 2 });
    const found = await t.request<Model[]>('GET', '/storm_api/v1/models?keyword=oyn', { headers: owner });
    expect(found.body.data).toHaveLength(1);
    const nana = found.body.data[0] as Model;
    expect(nana).toMatchObject({
      height: 172,
      mobile: '13600000100',
      id_number: idNumber(2),
      birthday: '1998-08-08',
      status: 'paused',
      tags: ['时装', '泳装'],
      commission_rate: 2500,
    });
    expect(nana.last_measured_at).not.toBeNull();
    const measured = await t.database.db
      .select({ total: count() })
      .from(modelMeasurements)
      .where(eq(modelMeasurements.modelId, nana.id));
    expect(measured[0]?.total).toBe(1);
    // The rate starts its history (settlements read a line's rate as of its order's first day).
    const rates = await t.database.db
      .select({ rate: modelCommissionRates.rateBp })
      .from(modelCommissionRates)
      .where(eq(modelCommissionRates.modelId, nana.id));
    expect(rates).toEqual([{ rate: 2500 }]);
    expect(await teamCount(operationLogs)).toBe((logsBefore ?? 0) + 2);
    const log = await t.request<{ sentence: string }[]>(
      'GET',
      '/storm_api/v1/operation_logs?action=model_create',
      {
        headers: owner,
      },
    );
    expect(log.body.data.map((entry) => entry.sentence)).toContain('通过 Excel 导入了模特「欧阳娜娜」');
    // The same file again: every row is now a duplicate or still wrong.
    const again = await commit(file);
    expect(again.body.data).toMatchObject({ valid: 1, imported: 1 });
    expect(again.body.data.rows[0]?.errors).toEqual({
      mobile: MODEL_MESSAGES.mobileTaken('欧阳娜娜'),
      id_number: MODEL_MESSAGES.idNumberTaken('欧阳娜娜'),
    });
  });

  it('writes all the valid rows or none: a failure mid-import leaves nothing behind', async () => {
    // A database failure on the 1,100th model, in the second INSERT of the batch.
    await t.database.db.execute(sql`
      create function refuse_model() returns trigger language plpgsql as $$
      begin
        if new.name = '第1100位' then raise exception 'simulated failure'; end if;
        return new;
      end $$`);
    await t.database.db.execute(
      sql`create trigger refuse_model before insert on models for each row execute function refuse_model()`,
    );
    try {
      const [modelsBefore, logsBefore] = [await teamCount(models), await teamCount(operationLogs)];
      const rows = Array.from({ length: 1200 }, (_, i) => [`第${i + 1}位`, i % 2 ? '男' : '女', 170]);
      const res = await commit(await xlsxOf(['姓名', '性别', '身高'], rows));
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('系统异常');
      expect(await teamCount(models)).toBe(modelsBefore);
      expect(await teamCount(operationLogs)).toBe(logsBefore);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_model on models`);
      await t.database.db.execute(sql`drop function refuse_model()`);
    }
  });

  it('imports national IDs at manage; at edit a filled ID cell keeps its row out', async () => {
    const file = await xlsxOf(
      ['姓名', '性别', '身份证号'],
      [['管理导入', '女', idNumber(3).replace('X', 'x')]],
    );
    expect((await commit(file, edit)).body.data).toMatchObject({ valid: 0, imported: 0 });
    expect((await commit(file, owner)).body.data).toMatchObject({ valid: 1, imported: 1 });
    const [stored] = await t.database.db
      .select({ idNumber: models.idNumber })
      .from(models)
      .where(and(eq(models.teamId, teamId), eq(models.name, '管理导入')));
    expect(stored?.idNumber).toBe(idNumber(3));
  });

  it('refuses readers, files that are not .xlsx, missing columns, too many rows and too large a file', async () => {
    const file = await xlsxOf(['姓名', '性别'], [['只读', '女']]);
    for (const res of [await preview(file, read), await commit(file, read)]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await download(t, '/v1/models/import_template', read)).status).toBe(403);

    const cases: [Buffer | string, number, string][] = [
      ['not a spreadsheet at all', 400, '无法读取该文件，请上传 Excel 文件（.xlsx）'],
      [
        Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]),
        400,
        '无法读取该文件，请上传 Excel 文件（.xlsx）',
      ],
      [
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1]),
        400,
        '暂不支持 .xls 格式，请在 Excel 中另存为 .xlsx 后上传',
      ],
      ['', 400, '无法读取该文件，请上传 Excel 文件（.xlsx）'],
      [await xlsxOf(['姓名', '城市'], [['缺列', '上海']]), 400, '缺少必填列：性别，请使用导入模板'],
      [
        await xlsxOf(
          ['姓名', '性别'],
          Array.from({ length: MODEL_SHEET_LIMITS.rows + 1 }, (_, i) => [`超量${i}`, '女']),
        ),
        400,
        `一次最多导入 ${MODEL_SHEET_LIMITS.rows} 行，该文件有 ${MODEL_SHEET_LIMITS.rows} 行以上，请分批导入`,
      ],
      [Buffer.alloc(MODEL_SHEET_LIMITS.bytes + 1), 413, '文件不能超过 5 MB'],
    ];
    const before = await teamCount(models);
    for (const [body, status, message] of cases) {
      const res = await commit(body);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
      expect(res.body.data).toBeNull();
    }
    expect(await teamCount(models)).toBe(before);
  });
  it('reads the payout type and the mother agency’s share, never a payout account', async () => {
    const template = sheetRows(
      (await readWorkbook((await download(t, '/v1/models/import_template', owner)).bytes))
        .worksheets[0] as ExcelJS.Worksheet,
    )[0];
    expect(template).toEqual(
      expect.arrayContaining(['母公司', '母公司分成比例（%）', '母公司分成方式', '结算类型']),
    );
    for (const account of ['开户名', '开户银行', '银行账号']) expect(template).not.toContain(account);

    const header = [
      '姓名',
      '性别',
      '母公司',
      '母公司分成比例（%）',
      '母公司分成方式',
      '结算类型',
      '银行账号',
    ];
    const file = await xlsxOf(header, [
      ['母公司甲', '女', 'Elite Paris', '12.5%', '按佣金', '工作室', '6222021234567890'],
      ['无方式', '女', 'Elite Paris', '10', null, null, null],
      ['无母公司', '女', null, '10', '按总额', null, null],
      ['方式错', '女', 'Elite Paris', '10', '按净额', '公司', null],
    ]);
    const res = await commit(file);
    expect(res.body.code, res.body.message).toBe(0);
    // The account column is not one the import reads: its cells are neither shown nor kept.
    expect(res.body.data.columns.map((column) => column.header)).not.toContain('银行账号');
    const errorsOf = (row: number) => res.body.data.rows.find((entry) => entry.row === row)?.errors;
    expect(errorsOf(2)).toEqual({});
    expect(errorsOf(3)).toEqual({ mother_agency_basis: MODEL_MESSAGES.motherAgencyBasisMissing });
    expect(errorsOf(4)).toEqual({ mother_agency: MODEL_MESSAGES.motherAgencyMissing });
    expect(errorsOf(5)).toEqual({
      mother_agency_basis: '*请从下拉选项中选择：按总额、按佣金',
      payout_type: '*请从下拉选项中选择：个人、工作室',
    });
    expect(res.body.data).toMatchObject({ valid: 1, imported: 1 });
    const [imported] = await t.database.db
      .select()
      .from(models)
      .where(and(eq(models.teamId, teamId), eq(models.name, '母公司甲')));
    expect(imported).toMatchObject({
      motherAgency: 'Elite Paris',
      motherAgencyRate: 1250,
      motherAgencyBasis: 'commission',
      payoutType: 'studio',
      payoutAccountNumber: null,
    });
  });
});

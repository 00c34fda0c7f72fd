import { businessDate } from '@trackit/contract/business-time';
import type { Model } from '@trackit/contract/model.schema';
import type { ModelImportResult } from '@trackit/contract/model-sheet.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signInTeamByLevel } from '../../../test/factories';
import { download, postFile, readWorkbook, sheetRows } from '../../../test/spreadsheets';

type Headers = Record<string, string>;

const ID_FIRST17 = '11010519920815001';
const ID_NUMBER = `${ID_FIRST17}${nationalIdCheckChar(ID_FIRST17)}`;

describe('model export', () => {
  let t: TestApp;
  let owner: Headers;
  let read: Headers;
  let stranger: Headers;

  const create = async (body: Record<string, unknown>, headers = owner) => {
    const res = await t.request<Model>('POST', '/storm_api/v1/models', { body, headers });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  /** The exported sheet as rows of cell values keyed by header. */
  const exported = async (query: string, headers = owner) => {
    const res = await download(t, `/v1/models/export${query}`, headers);
    expect(res.status).toBe(200);
    const [header = [], ...rows] = sheetRows(
      (await readWorkbook(res.bytes)).worksheets[0] as ExcelJS.Worksheet,
    );
    return {
      res,
      header,
      rows: rows.map((row) => Object.fromEntries(header.map((title, i) => [String(title), row[i] ?? null]))),
    };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    owner = team.owner.headers;
    read = team.levels.read.headers;
    stranger = team.stranger.headers;
    await create({
      name: '导出甲',
      gender: 'female',
      birthday: '2000-02-29',
      nationality: 'FR',
      city: '导出城',
      height: 178,
      clothing_size: 's',
      tags: ['时装', '广告'],
      mobile: '13500000001',
      id_number: ID_NUMBER,
      socials: [{ platform: '小红书', handle: 'jia', followers: 1200 }],
      commission_rate: 2050,
      contract_start: '2026-01-01',
      status: 'paused',
      manager_member_id: team.owner.membershipId,
    });
    await create({ name: '导出乙', gender: 'male', city: '导出城', height: 165 });
    await create({ name: '导出丙', gender: 'female', city: '别的城', height: 181 });
    await create({ name: '导出外队', gender: 'female', city: '导出城', height: 190 }, stranger);
  });
  afterAll(() => t.close());

  it('streams the filtered list, in its order, as an .xlsx named in Chinese', async () => {
    const { res, rows } = await exported('?city=导出城&sort=-height');
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const filename = `模特-${businessDate(t.clock.now())}.xlsx`;
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(filename)}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(rows.map((row) => row.姓名)).toEqual(['导出甲', '导出乙']);
    const listed = await t.request<Model[]>('GET', '/storm_api/v1/models?city=导出城&sort=-height', {
      headers: owner,
    });
    expect(rows.map((row) => row.编号)).toEqual(listed.body.data.map((model) => model.id));
    expect((await exported('?height=170-&sort=name')).rows.map((row) => row.姓名)).toEqual([
      '导出丙',
      '导出甲',
    ]);
    expect((await exported('?keyword=nobody')).rows).toEqual([]);
    const bad = await t.request('GET', '/storm_api/v1/models/export?height=abc', { headers: owner });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('范围格式');
  });

  it('writes Chinese headers and labels, real dates and percentages', async () => {
    const { header, rows } = await exported('?keyword=导出甲');
    expect(header.slice(0, 6)).toEqual(['编号', '姓名', '英文名', '性别', '出生日期', '年龄']);
    expect(rows[0]).toMatchObject({
      性别: '女',
      出生日期: new Date('2000-02-29T00:00:00Z'),
      国籍: '法国',
      '身高（厘米）': 178,
      服装尺码: 'S',
      标签: '时装、广告',
      手机号: '13500000001',
      身份证号: ID_NUMBER,
      社交账号: '小红书 jia（1200）',
      经纪人: '林晓',
      '佣金比例（%）': 0.205,
      合同开始日期: new Date('2026-01-01T00:00:00Z'),
      合同结束日期: null,
      状态: '暂停合作',
    });
    expect(rows[0]?.创建时间).toBeInstanceOf(Date);
  });

  it('leaves the national ID column out below manage', async () => {
    const { header, rows } = await exported('?city=导出城', read);
    expect(header).not.toContain('身份证号');
    expect(header).toContain('手机号');
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(ID_NUMBER);
  });

  it('never shows another team’s models', async () => {
    expect((await exported('?city=导出城')).rows.map((row) => row.姓名)).not.toContain('导出外队');
    expect((await exported('', stranger)).rows.map((row) => row.姓名)).toEqual(['导出外队']);
    expect((await download(t, '/v1/models/export', {})).status).toBe(401);
  });

  it('exports a file the import reads back: every exported model is then a duplicate', async () => {
    const { res } = await exported('?city=导出城');
    const again = await postFile<ModelImportResult>(t, '/v1/models/import?dry_run=true', res.bytes, owner);
    expect(again.body.code, again.body.message).toBe(0);
    expect(again.body.data).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    const jia = again.body.data.rows.find((row) => row.values.name === '导出甲');
    expect(jia?.errors).toEqual({
      mobile: '手机号已被模特「导出甲」使用',
      id_number: '证件号码已被模特「导出甲」使用',
    });
    expect(jia?.values).toMatchObject({
      birthday: '2000-02-29',
      commission_rate: '20.5%',
      status: '暂停合作',
    });
  });
});

import { businessDate } from '@trackit/contract/business-time';
import type { PermissionLevel } from '@trackit/contract/enums';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Measurement, Model, Trip } from '@trackit/contract/model.schema';
import { yearsBefore } from '@trackit/contract/model-age';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';
import { operationLogs } from '../operation-log/operation-log.tables';
import { modelMeasurements, models, modelTrips } from './model.tables';

type Headers = Record<string, string>;

/** A valid national ID, distinct per `seq`. */
const idNumber = (seq: number) => {
  const first17 = `11010519900307${String(seq).padStart(3, '0')}`;
  return `${first17}${nationalIdCheckChar(first17)}`;
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('models', () => {
  let t: TestApp;
  let owner: Headers;
  let teamId: number;
  let ownerMembershipId: number;
  let editMembershipId: number;
  const as: Partial<Record<PermissionLevel, Headers>> = {};
  let stranger: Headers;
  let strangerMembershipId: number;
  let mobileSeq = 0;
  const mobile = () => {
    mobileSeq += 1;
    return `1370000${String(mobileSeq).padStart(4, '0')}`;
  };

  const api = <T>(method: string, path: string, body?: unknown, headers = owner) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const create = (body: Record<string, unknown>, headers = owner) =>
    api<Model>('POST', '/v1/models', body, headers);
  const list = (query: string, headers = owner) =>
    api<Model[]>('GET', `/v1/models${query}`, undefined, headers);
  const names = async (query: string) => (await list(query)).body.data.map((model) => model.name).sort();
  const modelCount = async (team = teamId) =>
    (await t.database.db.select({ total: count() }).from(models).where(eq(models.teamId, team)))[0]?.total;

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    ownerMembershipId = team.owner.membershipId;
    owner = team.owner.headers;
    for (const level of ['read', 'edit', 'manage'] as const) as[level] = team.levels[level].headers;
    editMembershipId = team.levels.edit.membershipId;
    strangerMembershipId = team.stranger.membershipId;
    stranger = team.stranger.headers;
  });
  afterAll(() => t.close());

  it('creates a model with every field, its first measurements and a log entry', async () => {
    const birthday = yearsBefore(businessDate(t.clock.now()), 25);
    const res = await create({
      name: '  刘晓阳 ',
      english_name: 'Sunny Liu',
      gender: 'female',
      birthday,
      nationality: 'CN',
      city: '上海',
      height: 178,
      weight: 52,
      bust: 82,
      waist: 60,
      hips: 88,
      shoe_size: 39,
      clothing_size: 's',
      cup: 'B',
      hair_color: '黑色',
      eye_color: '棕色',
      tags: ['时装', '广告', '时装'],
      mobile: mobile(),
      wechat: 'sunny_liu',
      id_number: idNumber(1).replace('X', 'x'),
      socials: [{ platform: '小红书', handle: 'sunny', followers: 12000 }],
      manager_member_id: ownerMembershipId,
      mother_agency: 'Elite Paris',
      commission_rate: 2000,
      contract_start: '2026-01-01',
      contract_end: '2027-12-31',
      notes: '第一行\n第二行',
    });
    expect(res.body.code, res.body.message).toBe(0);
    const model = res.body.data;
    expect(model).toMatchObject({
      name: '刘晓阳',
      age: 25,
      tags: ['时装', '广告'],
      id_number: idNumber(1),
      manager_nickname: '林晓',
      status: 'active',
      commission_rate: 2000,
      cover_file_id: null,
      cover_thumb_url: null,
    });
    expect(model.last_measured_at).toBe(t.clock.now().toISOString());
    const logged = await t.database.db
      .select({ total: count() })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetId, String(model.id)), eq(operationLogs.action, 'model_create')));
    expect(logged[0]?.total).toBe(1);
    const history = await api<Measurement[]>('GET', `/v1/models/${model.id}/measurements`);
    expect(history.body.data).toMatchObject([
      { height: 178, weight: 52, shoe_size: 39, member: { nickname: '林晓' } },
    ]);
  });

  it('answers a Chinese message per invalid field, and writes nothing', async () => {
    const before = await modelCount();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '' }, 'name', /请/],
      [{ name: '名'.repeat(51) }, 'name', /1-50/],
      [{ gender: 'other' }, 'gender', /./],
      [{ birthday: '2001-02-30' }, 'birthday', /日期/],
      [{ nationality: 'cn' }, 'nationality', /国籍/],
      [{ nationality: 'ZZ' }, 'nationality', /国籍/],
      [{ height: 49 }, 'height', /50-250/],
      [{ height: 170.5 }, 'height', /整数/],
      [{ weight: 201 }, 'weight', /20-200/],
      [{ shoe_size: 51 }, 'shoe_size', /欧码/],
      [{ clothing_size: 'xxxxl' }, 'clothing_size', /./],
      [{ cup: 'AA' }, 'cup', /./],
      [{ tags: Array.from({ length: 21 }, (_, i) => `标签${i}`) }, 'tags', /20个标签/],
      [{ mobile: '2380000000' }, 'mobile', /手机号/],
      [
        { id_number: `${idNumber(2).slice(0, 17)}${idNumber(2).endsWith('0') ? '1' : '0'}` },
        'id_number',
        /身份证/,
      ],
      [{ socials: [{ platform: '抖音', handle: 'x', followers: -1 }] }, 'socials.0.followers', /粉丝/],
      [{ commission_rate: 10001 }, 'commission_rate', /万分比/],
      [{ contract_start: '2026-05-01', contract_end: '2026-04-30' }, 'contract_end', /结束日期/],
      [{ birthday: '2099-01-01' }, 'birthday', /晚于今天/],
      [{ birthday: '0000-01-01' }, 'birthday', /1900-01-01/],
      [{ notes: 'x'.repeat(2001) }, 'notes', /2000/],
      [{ status: 'deleted' }, 'status', /./],
      [{ english_name: 'a'.repeat(51) }, 'english_name', /50/],
      [{ city: '城'.repeat(51) }, 'city', /50/],
      [{ wechat: 'w'.repeat(51) }, 'wechat', /50/],
      [{ hair_color: '黑'.repeat(21) }, 'hair_color', /20/],
      [{ mother_agency: 'm'.repeat(101) }, 'mother_agency', /100/],
      [{ contract_start: '2026-13-01' }, 'contract_start', /日期/],
      [{ tags: [' '] }, 'tags.0', /1-20/],
      [{ socials: [{ platform: '', handle: 'x' }] }, 'socials.0.platform', /请/],
      [{ manager_member_id: 0 }, 'manager_member_id', /./],
      [{ name: '名\u0000字' }, 'name', /无效字符/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await create({ name: '校验', gender: 'male', ...fields });
      expect(res.status, field).toBe(400);
      const data = res.body.data as unknown as { fields: Record<string, string> };
      expect(data.fields[field], JSON.stringify(data)).toMatch(message);
      expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await modelCount()).toBe(before);
  });

  it('refuses a second model with the same mobile or national ID, naming the first (409)', async () => {
    const phone = mobile();
    const first = (await create({ name: '王芳', gender: 'female', mobile: phone, id_number: idNumber(3) }))
      .body.data;
    const sameMobile = await create({ name: '李娜', gender: 'female', mobile: phone });
    expect(sameMobile.status).toBe(409);
    expect(sameMobile.body.message).toBe('手机号已被模特「王芳」使用');
    const sameId = await create({ name: '李娜', gender: 'female', id_number: idNumber(3) });
    expect(sameId.status).toBe(409);
    expect(sameId.body.message).toBe('证件号码已被模特「王芳」使用');
    const other = (await create({ name: '李娜', gender: 'female' })).body.data;
    const patched = await api('PATCH', `/v1/models/${other.id}`, { mobile: phone });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toContain('王芳');
    // Saving the first model with its own mobile is no duplicate; another team may use the same number.
    expect((await api('PATCH', `/v1/models/${first.id}`, { mobile: phone, city: '北京' })).body.code).toBe(0);
    expect((await create({ name: '王芳', gender: 'female', mobile: phone }, stranger)).body.code).toBe(0);
  });

  it('lets read view only, edit write but neither see nor write the national ID nor archive, manage all', async () => {
    const model = (await create({ name: '权限', gender: 'male', id_number: idNumber(4) })).body.data;
    const read = as.read as Headers;
    const edit = as.edit as Headers;
    const manage = as.manage as Headers;
    const seen = await api<Model>('GET', `/v1/models/${model.id}`, undefined, read);
    expect(seen.body.code).toBe(0);
    expect('id_number' in seen.body.data).toBe(false);
    const listed = (await list('?keyword=权限', read)).body.data[0];
    expect(listed && 'id_number' in listed).toBe(false);
    expect((await create({ name: '只读', gender: 'male' }, read)).status).toBe(403);
    expect((await api('PATCH', `/v1/models/${model.id}`, { city: '杭州' }, read)).status).toBe(403);

    const edited = await api<Model>('PATCH', `/v1/models/${model.id}`, { city: '杭州' }, edit);
    expect(edited.body.code, edited.body.message).toBe(0);
    expect('id_number' in edited.body.data).toBe(false);
    const before = await modelCount();
    for (const res of [
      await create({ name: '编辑', gender: 'male', id_number: idNumber(5) }, edit),
      await api('PATCH', `/v1/models/${model.id}`, { id_number: idNumber(6) }, edit),
      await api('PATCH', `/v1/models/${model.id}`, { id_number: null }, edit),
      await api('PATCH', `/v1/models/${model.id}`, { status: 'left' }, edit),
      await create({ name: '编辑', gender: 'male', status: 'left' }, edit),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/证件与纳税身份|已解约/);
    }
    expect(await modelCount()).toBe(before);
    expect((await api<Model>('GET', `/v1/models/${model.id}`, undefined, manage)).body.data.id_number).toBe(
      idNumber(4),
    );
    expect((await api('PATCH', `/v1/models/${model.id}`, { status: 'paused' }, edit)).body.code).toBe(0);

    const archived = await api<Model>('PATCH', `/v1/models/${model.id}`, { status: 'left' }, manage);
    expect(archived.body.data.status).toBe('left');
    // Bringing an archived model back is a manager's too.
    expect((await api('PATCH', `/v1/models/${model.id}`, { status: 'active' }, edit)).status).toBe(403);
    expect(
      (await api<Model>('PATCH', `/v1/models/${model.id}`, { id_number: idNumber(7) }, manage)).body.data
        .id_number,
    ).toBe(idNumber(7));
    // Deleting a model created by mistake is a manager's (model-deletion.int.test.ts).
    expect((await api('DELETE', `/v1/models/${model.id}`, undefined, edit)).status).toBe(403);
    const logs = await api<
      { sentence: string; changes: { field: string; before: string; after: string }[] }[]
    >('GET', '/v1/operation_logs?action=model_update&per_page=100');
    const entries = logs.body.data;
    expect(entries.some((entry) => entry.sentence === '将模特「权限」设为已解约')).toBe(true);
    const idChange = entries.flatMap((entry) => entry.changes).find((change) => change.field === '证件号码');
    expect(idChange).toEqual({ field: '证件号码', before: '已填写', after: '已填写' });
    expect(JSON.stringify(entries)).not.toContain(idNumber(7));
  });

  it('finds a model by pinyin in full or initials, name, English name or mobile (prefix)', async () => {
    const phone = '13912340000';
    await create({ name: '刘晓阳', gender: 'male', english_name: 'Xiao Yang', mobile: phone });
    await create({ name: '欧阳娜娜', gender: 'female' });
    await create({ name: '刘德', gender: 'male' });
    expect(await names('?keyword=lxy')).toEqual(['刘晓阳', '刘晓阳']);
    expect(await names('?keyword=liuxiaoyang')).toEqual(['刘晓阳', '刘晓阳']);
    expect(await names('?keyword=LIU%20xiao')).toEqual(['刘晓阳', '刘晓阳']);
    expect(await names('?keyword=liu')).toEqual(['刘德', '刘晓阳', '刘晓阳']);
    expect(await names('?keyword=oyn')).toEqual(['欧阳娜娜']);
    expect(await names('?keyword=刘晓')).toEqual(['刘晓阳', '刘晓阳']);
    expect(await names('?keyword=xiaoyang')).toEqual(['刘晓阳']);
    expect(await names('?keyword=1391234')).toEqual(['刘晓阳']);
    expect(await names('?keyword=%25')).toEqual([]);
    expect((await list('?keyword=lxy')).headers.get('x-total')).toBe('2');
    // Renaming recomputes the pinyin.
    const dede = (await list('?keyword=刘德')).body.data[0] as Model;
    await api('PATCH', `/v1/models/${dede.id}`, { name: '张德' });
    expect(await names('?keyword=zd')).toEqual(['张德']);
    expect(await names('?keyword=ld')).toEqual([]);
  });

  it('filters by height, weight and age ranges at their edges, ranges of a field ORed', async () => {
    const today = businessDate(t.clock.now());
    const made: Record<string, number> = {};
    const rows: [string, number, number, number][] = [
      ['边界167', 167, 44, 17],
      ['边界168', 168, 45, 18],
      ['边界173', 173, 50, 21],
      ['边界174', 174, 51, 22],
      ['边界198', 198, 76, 38],
    ];
    for (const [name, height, weight, age] of rows) {
      const res = await create({
        name,
        gender: 'female',
        height,
        weight,
        birthday: yearsBefore(today, age),
        city: '边界城',
      });
      expect(res.body.code, res.body.message).toBe(0);
      made[name] = res.body.data.id;
      expect(res.body.data.age).toBe(age);
    }
    // A birthday tomorrow, 18 years ago: still 17.
    const tomorrow = new Date(Date.parse(`${yearsBefore(today, 18)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    await create({ name: '边界明天18', gender: 'female', birthday: tomorrow, city: '边界城' });
    const q = (filters: string) => names(`?city=边界城&per_page=100&${filters}`);
    expect(await q('height=168-173')).toEqual(['边界168', '边界173']);
    expect(await q('height[]=-167&height[]=198-')).toEqual(['边界167', '边界198']);
    expect(await q('height=174-179')).toEqual(['边界174']);
    expect(await q('weight=45-50&weight=76-')).toEqual(['边界168', '边界173', '边界198']);
    expect(await q('age=18-21')).toEqual(['边界168', '边界173']);
    expect(await q('age=-17')).toEqual(['边界167', '边界明天18']);
    expect(await q('age=38-')).toEqual(['边界198']);
    expect(await q('age=18-21&height=173-')).toEqual(['边界173']);
    for (const bad of ['height=abc', 'height=-', 'height=180-170', 'age=1-2-3', 'weight=1234-']) {
      const res = await list(`?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toContain('范围格式');
    }
  });

  it('filters by gender, size, cup, city, nationality, tags, status and manager', async () => {
    const base = { gender: 'female', city: '筛选城' };
    await create({
      ...base,
      name: '甲',
      clothing_size: 's',
      cup: 'B',
      nationality: 'CN',
      tags: ['时装', '泳装'],
      manager_member_id: null,
    });
    await create({
      ...base,
      name: '乙',
      clothing_size: 'm',
      cup: 'C',
      nationality: 'FR',
      tags: ['广告'],
      manager_member_id: ownerMembershipId,
    });
    await create({
      ...base,
      name: '丙',
      gender: 'male',
      status: 'paused',
      nationality: 'JP',
      manager_member_id: null,
    });
    const q = (filters: string) => names(`?city=筛选城&${filters}`);
    expect(await q('gender=male')).toEqual(['丙']);
    expect(await q('clothing_size=s&clothing_size=m')).toEqual(['乙', '甲']);
    expect(await q('cup=C')).toEqual(['乙']);
    expect(await q('nationality[]=CN&nationality[]=JP')).toEqual(['丙', '甲']);
    expect(await q('tags=泳装&tags=广告')).toEqual(['乙', '甲']);
    expect(await q('tags=时装')).toEqual(['甲']);
    expect(await q('status=paused')).toEqual(['丙']);
    expect(await q(`manager_member_id=${ownerMembershipId}`)).toEqual(['乙']);
  });

  it('sorts and pages in the database with an exact total', async () => {
    const all = await list('?per_page=100');
    const total = Number(all.headers.get('x-total'));
    expect(total).toBe(await modelCount());
    const ids = all.body.data.map((model) => model.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const pageOne = await list('?per_page=3&sort=name');
    const pageTwo = await list('?per_page=3&page=2&sort=name');
    const byName = await list('?per_page=6&sort=name');
    expect([...pageOne.body.data, ...pageTwo.body.data].map((m) => m.id)).toEqual(
      byName.body.data.map((m) => m.id),
    );
    const byHeight = (await list('?per_page=100&sort=-height&city=边界城')).body.data.map((m) => m.height);
    expect(byHeight.slice(0, 5)).toEqual([198, 174, 173, 168, 167]);
    const byAge = (await list('?per_page=100&sort=age&city=边界城')).body.data.map((m) => m.age);
    expect(byAge.slice(0, 3)).toEqual([17, 17, 18]);
    expect((await list('?sort=weight')).status).toBe(400);
  });

  it('logs only what changed: resending the stored values writes nothing', async () => {
    const socials = [{ platform: '抖音', handle: 'same', followers: 5 }];
    const model = (await create({ name: '不变', gender: 'female', socials, tags: ['甲'] })).body.data;
    const logged = async () =>
      (
        await t.database.db
          .select({ total: count() })
          .from(operationLogs)
          .where(eq(operationLogs.targetId, String(model.id)))
      )[0]?.total;
    const before = await logged();
    t.clock.advance(1000);
    const same = await api<Model>('PATCH', `/v1/models/${model.id}`, { socials, tags: ['甲'], name: '不变' });
    expect(same.body.data.updated_at).toBe(model.updated_at);
    expect(await logged()).toBe(before);
    // An optional text sent empty is cleared to null.
    const cleared = await api<Model>('PATCH', `/v1/models/${model.id}`, { english_name: '  ', city: '' });
    expect(cleared.body.data).toMatchObject({ english_name: null, city: null });
  });

  it('adds a dated measurement entry on each change of a measurement, and only then', async () => {
    const model = (await create({ name: '量体', gender: 'female' })).body.data;
    expect(model.last_measured_at).toBeNull();
    const path = `/v1/models/${model.id}`;
    t.clock.advance(60_000);
    await api('PATCH', path, { height: 175, bust: 80 });
    await api('PATCH', path, { city: '成都', height: 175 });
    t.clock.advance(60_000);
    const latest = await api<Model>('PATCH', path, { waist: 61 });
    expect(latest.body.data.last_measured_at).toBe(t.clock.now().toISOString());
    const history = await api<Measurement[]>('GET', `${path}/measurements`);
    expect(history.headers.get('x-total')).toBe('2');
    expect(history.body.data).toMatchObject([
      { height: 175, bust: 80, waist: 61, measured_on: businessDate(t.clock.now()) },
      { height: 175, bust: 80, waist: null },
    ]);
  });

  it('sets the cover only from the model’s own files, with a signed thumbnail address', async () => {
    const model = (await create({ name: '封面', gender: 'female' })).body.data;
    const other = (await create({ name: '别的模特', gender: 'female' })).body.data;
    const folderOf = async (modelId: number, headers = owner) =>
      (await api<Folder>('POST', '/v1/folders', { name: '画册', model_id: modelId }, headers)).body.data;
    const upload = async (folderId: number, headers = owner) =>
      (
        await uploadToFolder(t, headers, folderId, Buffer.concat([PNG, Buffer.from([folderId % 256])]), {
          name: 'a.png',
          type: 'image/png',
        })
      ).body.data.id;
    const mine = await upload((await folderOf(model.id)).id);
    const notMine = await upload((await folderOf(other.id)).id);
    const theirModel = (await create({ name: '外队', gender: 'female' }, stranger)).body.data;
    const theirs = await upload((await folderOf(theirModel.id, stranger)).id, stranger);
    for (const fileId of [notMine, theirs, 999_999]) {
      const res = await api('PATCH', `/v1/models/${model.id}`, { cover_file_id: fileId });
      expect(res.status).toBe(404);
      expect(res.body.message).toContain('封面');
    }
    const set = await api<Model>('PATCH', `/v1/models/${model.id}`, { cover_file_id: mine });
    expect(set.body.data.cover_file_id).toBe(mine);
    expect(set.body.data.cover_thumb_url).toMatch(/^\/storm_api\/|^https?:/);
    const listed = (await list('?keyword=封面')).body.data[0];
    expect(listed?.cover_thumb_url).toBeTruthy();
  });

  it('keeps trips: add, list, change and remove, end on or after start', async () => {
    const model = (await create({ name: '行程', gender: 'female' })).body.data;
    const path = `/v1/models/${model.id}/trips`;
    const bad = await api('POST', path, { kind: 'work', start_date: '2026-05-02', end_date: '2026-05-01' });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { fields: Record<string, string> }).fields.end_date).toBe(
      '*结束日期不能早于开始日期',
    );
    expect(
      (await api('POST', path, { kind: 'travel', start_date: '2026-05-01', end_date: '2026-05-01' })).status,
    ).toBe(400);
    const first = await api<Trip>('POST', path, {
      kind: 'vacation',
      start_date: '2026-05-01',
      end_date: '2026-05-01',
      place: '三亚',
    });
    expect(first.body.code, first.body.message).toBe(0);
    await api<Trip>('POST', path, {
      kind: 'expatriate',
      start_date: '2026-07-01',
      end_date: '2026-09-30',
      place: '巴黎',
    });
    const trips = await api<Trip[]>('GET', path);
    expect(trips.body.data.map((trip) => trip.place)).toEqual(['巴黎', '三亚']);
    const tripPath = `/v1/trips/${first.body.data.id}`;
    const wrong = await api('PATCH', tripPath, { end_date: '2026-04-30' });
    expect(wrong.status).toBe(400);
    const moved = await api<Trip>('PATCH', tripPath, { end_date: '2026-05-03', kind: 'work' });
    expect(moved.body.data).toMatchObject({ kind: 'work', start_date: '2026-05-01', end_date: '2026-05-03' });
    expect((await api('PATCH', tripPath, { place: '海口' }, as.read)).status).toBe(403);
    expect((await api('DELETE', tripPath)).body.code).toBe(0);
    expect((await api('DELETE', tripPath)).status).toBe(404);
    const logs = await api<{ sentence: string }[]>('GET', '/v1/operation_logs?per_page=100');
    const sentences = logs.body.data.map((entry) => entry.sentence);
    expect(sentences).toContain('为模特「行程」添加了休假行程（2026-05-01 至 2026-05-01）');
    expect(sentences).toContain('修改了模特「行程」的行程');
    expect(sentences).toContain('删除了模特「行程」的工作行程（2026-05-01 至 2026-05-03）');
  });

  it('makes the creator the manager of a new model unless another member (or nobody) is named', async () => {
    const mine = await create({ name: '默认经纪人', gender: 'female' }, as.edit);
    expect(mine.body.code, mine.body.message).toBe(0);
    expect(mine.body.data).toMatchObject({ manager_member_id: editMembershipId, manager_nickname: 'edit' });
    const named = await create({
      name: '指定经纪人',
      gender: 'female',
      manager_member_id: ownerMembershipId,
    });
    expect(named.body.data).toMatchObject({ manager_member_id: ownerMembershipId, manager_nickname: '林晓' });
    const nobody = await create({ name: '无经纪人', gender: 'female', manager_member_id: null });
    expect(nobody.body.data).toMatchObject({ manager_member_id: null, manager_nickname: null });
  });

  it('finds the team’s namesakes born the same day before a model is created, without refusing one', async () => {
    const namesakes = (query: string, headers = owner) =>
      api<Model[]>('GET', `/v1/models/duplicates?${query}`, undefined, headers);
    const first = (await create({ name: '同名同生日', gender: 'female', birthday: '2001-03-04' })).body.data;
    await create({ name: '同名同生日', gender: 'female', birthday: '2001-03-05' });
    // Another team's namesake is neither found by us nor finds ours.
    const theirs = (await create({ name: '同名同生日', gender: 'female', birthday: '2001-03-04' }, stranger))
      .body.data;
    const query = `name=${encodeURIComponent(' 同名同生日 ')}&birthday=2001-03-04`;
    const found = await namesakes(query, as.edit);
    expect(found.body.code, found.body.message).toBe(0);
    expect(found.body.data.map((model) => model.id)).toEqual([first.id]);
    expect((await namesakes(query, stranger)).body.data.map((model) => model.id)).toEqual([theirs.id]);
    expect((await namesakes('name=同名同生日&birthday=2001-03-06')).body.data).toEqual([]);
    // A warning, not a refusal: the second one is created when the member says so, and found next time.
    const second = await create({ name: '同名同生日', gender: 'female', birthday: '2001-03-04' });
    expect(second.body.code, second.body.message).toBe(0);
    expect((await namesakes(query)).body.data.map((model) => model.id)).toEqual([
      first.id,
      second.body.data.id,
    ]);
    for (const bad of [
      'name=同名同生日',
      'birthday=2001-03-04',
      'name=&birthday=2001-03-04',
      'name=甲&birthday=2001-02-30',
    ]) {
      const res = await namesakes(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/\p{Script=Han}/u);
    }
    expect((await namesakes(query, as.read)).status).toBe(403);
  });

  it('treats every id of another team, in a path or a body, as not found, and writes nothing', async () => {
    const theirs = (await create({ name: '外队模特', gender: 'male' }, stranger)).body.data;
    const theirTrip = (
      await api<Trip>(
        'POST',
        `/v1/models/${theirs.id}/trips`,
        { kind: 'work', start_date: '2026-01-01', end_date: '2026-01-02' },
        stranger,
      )
    ).body.data;
    const mine = (await create({ name: '本队模特', gender: 'male' })).body.data;
    const tripsBefore = (await t.database.db.select({ total: count() }).from(modelTrips))[0]?.total;
    const measuresBefore = (await t.database.db.select({ total: count() }).from(modelMeasurements))[0]?.total;
    const modelsBefore = await modelCount();
    const calls: [string, string, unknown?][] = [
      ['GET', `/v1/models/${theirs.id}`],
      ['PATCH', `/v1/models/${theirs.id}`, { height: 180 }],
      ['GET', `/v1/models/${theirs.id}/measurements`],
      ['GET', `/v1/models/${theirs.id}/trips`],
      [
        'POST',
        `/v1/models/${theirs.id}/trips`,
        { kind: 'work', start_date: '2026-01-01', end_date: '2026-01-02' },
      ],
      ['PATCH', `/v1/trips/${theirTrip.id}`, { place: '别处' }],
      ['DELETE', `/v1/trips/${theirTrip.id}`],
      ['PATCH', `/v1/models/${mine.id}`, { manager_member_id: strangerMembershipId, height: 181 }],
      [
        'POST',
        '/v1/models',
        { name: '新', gender: 'male', manager_member_id: strangerMembershipId, height: 170 },
      ],
      ['POST', '/v1/folders', { name: '外队的画册', model_id: theirs.id }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toMatch(/模特不存在|行程不存在|经纪人不存在/);
    }
    expect((await list('?keyword=外队')).body.data).toEqual([]);
    expect(await modelCount()).toBe(modelsBefore);
    expect((await t.database.db.select({ total: count() }).from(modelTrips))[0]?.total).toBe(tripsBefore);
    expect((await t.database.db.select({ total: count() }).from(modelMeasurements))[0]?.total).toBe(
      measuresBefore,
    );
    const [stored] = await t.database.db.select().from(models).where(eq(models.id, theirs.id));
    expect(stored?.height).toBeNull();
  });
});

import type { Company } from '@trackit/contract/company.schema';
import type { Contact } from '@trackit/contract/contact.schema';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Package } from '@trackit/contract/package.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import { DEFAULT_SHARE_FIELDS, SHARE_ID_PATTERN } from '@trackit/contract/share';
import type { FileItem } from '@trackit/contract/upload.schema';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';
import { operationLogs } from '../operation-log/operation-log.tables';
import { shareLinks } from '../share/share.tables';
import { packages } from './package.tables';

type Headers = Record<string, string>;
const DAY_MS = 86_400_000;

let shade = 0;
const photo = () => {
  shade += 1;
  return sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: (shade * 41) % 256, g: 80, b: 140 } },
  })
    .jpeg()
    .toBuffer();
};

const ID_BASE = '11010119900307123';
const ID_NUMBER = `${ID_BASE}${nationalIdCheckChar(ID_BASE)}`;

describe('packages (staff side)', () => {
  let t: TestApp;
  let owner: Headers;
  let reader: Headers;
  let editor: Headers;
  let stranger: Headers;
  let sunny: Model;
  let anna: Model;
  let mia: Model;
  let left: Model;
  let strangerModel: Model;
  let book: Folder;
  let polaroids: Folder;
  let papers: Folder;
  let annaBook: Folder;
  let bookPhotos: FileItem[];
  let polaroid: FileItem;
  let annaPhoto: FileItem;
  let company: Company;
  let contact: Contact;
  let otherCompany: Company;

  const api = <T>(method: string, path: string, body?: unknown, headers = owner) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const upload = async (folderId: number, headers = owner) => {
    const res = await uploadToFolder(t, headers, folderId, await photo(), {
      name: `照片${shade}.jpg`,
      type: 'image/jpeg',
    });
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };
  const packageCount = async () => {
    const [row] = await t.database.db.select({ total: count() }).from(packages);
    return row?.total ?? 0;
  };
  const logsOf = async (id: number) => {
    const rows = await t.database.db
      .select({ action: operationLogs.action })
      .from(operationLogs)
      .where(and(eq(operationLogs.targetType, 'package'), eq(operationLogs.targetId, String(id))));
    return rows.map((row) => row.action);
  };
  const create = (body: unknown, headers = owner) => api<Package>('POST', '/v1/packages', body, headers);
  // Moving the clock days ahead would end the sessions too: the package's expiry moves back instead.
  const expire = (id: number) =>
    t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(and(eq(shareLinks.kind, 'package'), eq(shareLinks.recordId, id)));

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    owner = team.owner.headers;
    reader = team.levels.read.headers;
    editor = team.levels.edit.headers;
    stranger = team.stranger.headers;
    sunny = await ok(
      api<Model>('POST', '/v1/models', {
        name: '刘晓阳',
        english_name: 'Sunny Liu',
        gender: 'female',
        birthday: '2000-05-01',
        height: 178,
        bust: 84,
        waist: 60,
        hips: 88,
        shoe_size: 39,
        mobile: '13912345678',
        wechat: 'sunny_wx_88',
        id_number: ID_NUMBER,
        notes: '私密备注：不接内衣广告',
        mother_agency: 'Elite Paris',
        commission_rate: 3000,
        socials: [{ platform: '小红书', handle: 'sunny_redbook', followers: 12000 }],
      }),
    );
    anna = await ok(api<Model>('POST', '/v1/models', { name: '安娜', gender: 'female', height: 175 }));
    mia = await ok(api<Model>('POST', '/v1/models', { name: '米娅', gender: 'female' }));
    left = await ok(api<Model>('POST', '/v1/models', { name: '离开', gender: 'male' }));
    await ok(api<Model>('PATCH', `/v1/models/${left.id}`, { status: 'left' }));
    strangerModel = await ok(
      api<Model>('POST', '/v1/models', { name: '外人模特', gender: 'male' }, stranger),
    );
    book = await ok(api<Folder>('POST', '/v1/folders', { name: '画册', kind: 'book', model_id: sunny.id }));
    bookPhotos = [await upload(book.id), await upload(book.id)];
    polaroids = await ok(
      api<Folder>('POST', '/v1/folders', { name: '拍立得', kind: 'polaroid', model_id: sunny.id }),
    );
    polaroid = await upload(polaroids.id);
    papers = await ok(api<Folder>('POST', '/v1/folders', { name: '合同资料', model_id: sunny.id }));
    await upload(papers.id);
    annaBook = await ok(
      api<Folder>('POST', '/v1/folders', { name: '安娜画册', kind: 'book', model_id: anna.id }),
    );
    annaPhoto = await upload(annaBook.id);
    company = await ok(api<Company>('POST', '/v1/companies', { name: '上海星河传媒有限公司' }));
    otherCompany = await ok(api<Company>('POST', '/v1/companies', { name: '北京光影文化有限公司' }));
    contact = await ok(
      api<Contact>('POST', '/v1/contacts', { name: '王珊', company_id: company.id, mobile: '13800138000' }),
    );
  });
  afterAll(() => t.close());

  it('creates a package with a 144-bit share id, the links, a 30-day expiry and the default fields, logged once', async () => {
    const before = t.clock.now().getTime();
    const pkg = await ok(
      create({
        title: '  春季新品拍摄 ',
        message: '您好，这是为您挑选的模特。',
        contact_id: contact.id,
        models: [
          { model_id: anna.id },
          { model_id: sunny.id, folder_ids: [book.id], file_ids: [polaroid.id] },
        ],
      }),
    );
    expect(pkg.share_id).toMatch(SHARE_ID_PATTERN);
    expect(pkg).toMatchObject({
      title: '春季新品拍摄',
      mobile_url: `/h5/s/${pkg.share_id}`,
      desktop_url: `/web/s/${pkg.share_id}`,
      status: 'active',
      // A contact alone brings its company.
      company_id: company.id,
      company_name: company.name,
      contact_name: '王珊',
      fields: [...DEFAULT_SHARE_FIELDS],
      view_count: 0,
      pick_count: 0,
      created_by: { nickname: '林晓' },
    });
    expect(pkg.models.map((m) => [m.model_id, m.folder_ids, m.file_ids])).toEqual([
      [anna.id, [], []],
      [sunny.id, [book.id], [polaroid.id]],
    ]);
    expect(new Date(pkg.expires_at).getTime() - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(new Date(pkg.expires_at).getTime() - before).toBeLessThanOrEqual(30 * DAY_MS + 1000);
    expect(await logsOf(pkg.id)).toEqual(['package_create']);
    // Ids differ every time.
    const again = await ok(create({ title: '第二个', models: [{ model_id: mia.id }] }, editor));
    expect(again.share_id).not.toBe(pkg.share_id);
  });

  it('refuses what may not be sent, writing nothing', async () => {
    const before = await packageCount();
    const cases: [unknown, number, string?][] = [
      [{ title: '空', models: [] }, 400, '请至少选择一位模特'],
      [{ title: '重复', models: [{ model_id: anna.id }, { model_id: anna.id }] }, 400, '模特不能重复'],
      [{ title: '外队', models: [{ model_id: strangerModel.id }] }, 404, '模特不存在'],
      [{ title: '解约', models: [{ model_id: left.id }] }, 400, '模特「离开」已解约，不能加入套餐'],
      [
        { title: '别人的夹', models: [{ model_id: anna.id, folder_ids: [book.id] }] },
        400,
        '所选资源夹不属于模特「安娜」',
      ],
      [
        { title: '别人的照片', models: [{ model_id: anna.id, file_ids: [bookPhotos[0]?.id] }] },
        400,
        '所选照片不属于模特「安娜」',
      ],
      [
        {
          title: '过去',
          expires_at: new Date(t.clock.now().getTime() - 1000).toISOString(),
          models: [{ model_id: anna.id }],
        },
        400,
        '*有效期须晚于现在',
      ],
      [
        {
          title: '太远',
          expires_at: new Date(t.clock.now().getTime() + 400 * DAY_MS).toISOString(),
          models: [{ model_id: anna.id }],
        },
        400,
      ],
      [
        {
          title: '错配',
          company_id: otherCompany.id,
          contact_id: contact.id,
          models: [{ model_id: anna.id }],
        },
        400,
        '*联系人不属于所选公司',
      ],
      [{ title: '私密字段', fields: ['mobile'], models: [{ model_id: anna.id }] }, 400],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    const refused = await create({ title: '只读', models: [{ model_id: anna.id }] }, reader);
    expect(refused.status).toBe(403);
    expect(await packageCount()).toBe(before);
  });

  it('lists the team’s packages with filters and status; another team’s package is not found', async () => {
    const expiring = await ok(
      create({
        title: '明天过期',
        company_id: otherCompany.id,
        expires_at: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
        models: [{ model_id: mia.id }],
      }),
    );
    const all = await api<Package[]>('GET', '/v1/packages?per_page=50', undefined, reader);
    expect(all.headers.get('x-total')).toBe(String(all.body.data.length));
    expect(all.body.data.map((p) => p.title)).toContain('明天过期');
    const byCompany = await ok(api<Package[]>('GET', `/v1/packages?company_id=${otherCompany.id}`));
    expect(byCompany.map((p) => p.id)).toEqual([expiring.id]);
    const byModel = await ok(api<Package[]>('GET', `/v1/packages?model_id=${sunny.id}`));
    expect(byModel.map((p) => p.title)).toEqual(['春季新品拍摄']);
    const byKeyword = await ok(api<Package[]>('GET', `/v1/packages?keyword=${encodeURIComponent('新品')}`));
    expect(byKeyword.map((p) => p.title)).toEqual(['春季新品拍摄']);

    await expire(expiring.id);
    const expired = await ok(api<Package[]>('GET', '/v1/packages?status=expired'));
    expect(expired.map((p) => p.id)).toEqual([expiring.id]);
    expect(expired[0]?.status).toBe('expired');
    const active = await ok(api<Package[]>('GET', '/v1/packages?status=active'));
    expect(active.map((p) => p.id)).not.toContain(expiring.id);
    // Extending reopens it.
    const extended = await ok(
      api<Package>('PATCH', `/v1/packages/${expiring.id}`, {
        expires_at: new Date(t.clock.now().getTime() + 7 * DAY_MS).toISOString(),
      }),
    );
    expect(extended.status).toBe('active');

    expect((await api<Package[]>('GET', '/v1/packages', undefined, stranger)).body.data).toEqual([]);
    for (const [method, path] of [
      ['GET', `/v1/packages/${expiring.id}`],
      ['PATCH', `/v1/packages/${expiring.id}`],
      ['POST', `/v1/packages/${expiring.id}/revoke`],
      ['GET', `/v1/packages/${expiring.id}/activity`],
    ] as const) {
      const res = await api(method, path, method === 'PATCH' ? { title: '改' } : undefined, stranger);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe('套餐不存在');
    }
  });

  it('changes a package, logging each change; a revoked one cannot change and revoking is for good', async () => {
    const pkg = await ok(create({ title: '待修改', models: [{ model_id: anna.id }, { model_id: mia.id }] }));
    const changed = await ok(
      api<Package>('PATCH', `/v1/packages/${pkg.id}`, {
        title: '已修改',
        fields: ['height', 'age'],
        models: [{ model_id: mia.id }, { model_id: anna.id, folder_ids: [annaBook.id] }],
      }),
    );
    expect(changed.title).toBe('已修改');
    expect(changed.fields).toEqual(['age', 'height']);
    expect(changed.models.map((m) => m.model_id)).toEqual([mia.id, anna.id]);
    const history = await ok(
      api<{ sentence: string; changes: { field: string }[] }[]>(
        'GET',
        '/v1/operation_logs?action=package_update',
      ),
    );
    expect(history[0]?.sentence).toBe('修改了套餐「已修改」');
    expect(history[0]?.changes.map((c) => c.field)).toEqual(['标题', '可见字段', '模特']);
    // Nothing changed: nothing written.
    await ok(api<Package>('PATCH', `/v1/packages/${pkg.id}`, { title: '已修改' }));
    expect(await logsOf(pkg.id)).toEqual(['package_create', 'package_update']);

    const revoked = await ok(api<Package>('POST', `/v1/packages/${pkg.id}/revoke`, undefined, editor));
    expect(revoked.status).toBe('revoked');
    expect(revoked.revoked_at).not.toBeNull();
    expect((await api('POST', `/v1/packages/${pkg.id}/revoke`)).status).toBe(409);
    const refused = await api('PATCH', `/v1/packages/${pkg.id}`, {
      expires_at: new Date(t.clock.now().getTime() + DAY_MS).toISOString(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('套餐已撤销，不能再修改');
    expect((await api('POST', `/v1/packages/${pkg.id}/revoke`, undefined, reader)).status).toBe(403);
    expect(await logsOf(pkg.id)).toEqual(['package_create', 'package_update', 'package_revoke']);
  });

  describe('the client’s side', () => {
    let pkg: Package;
    const visitor = 'visitor-aaaaaaaaaaaaaaaa';
    const pub = <T>(method: string, path: string, body?: unknown, headers: Headers = {}) =>
      t.request<T>(method, `/storm_api/v1/public${path}`, {
        headers,
        ...(body === undefined ? {} : { body }),
      });

    beforeAll(async () => {
      pkg = await ok(
        create({
          title: '夏季大片',
          message: '请挑选',
          company_id: company.id,
          fields: ['english_name', 'age', 'height', 'measurements'],
          models: [
            { model_id: sunny.id, folder_ids: [polaroids.id, book.id] },
            { model_id: anna.id },
            { model_id: mia.id },
          ],
        }),
      );
    });

    it('answers the package and its models in public shapes that carry no private field', async () => {
      const res = await pub<Record<string, unknown>>(
        'GET',
        `/packages/${pkg.share_id}?visitor_id=${visitor}`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toContain('noindex');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const data = res.body.data as {
        team_name: string;
        models: {
          id: number;
          name: string;
          facts: Record<string, unknown>;
          photo_count: number;
          cover: unknown;
        }[];
      };
      expect(data).toMatchObject({ title: '夏季大片', message: '请挑选', picks: [] });
      expect(data.models.map((m) => m.name)).toEqual(['刘晓阳', '安娜', '米娅']);
      expect(data.models[0]?.facts).toEqual({
        english_name: 'Sunny Liu',
        age: expect.any(Number),
        height: 178,
        bust: 84,
        waist: 60,
        hips: 88,
      });
      // Anna chose nothing: her portfolio folders (not 其他) are shown; Mia has no photos and no cover.
      expect(data.models.map((m) => m.photo_count)).toEqual([3, 1, 0]);
      expect(data.models[2]?.cover).toBeNull();

      const detail = await pub<{
        photos: FileItem[];
        files: unknown[];
        previous_model_id: number | null;
        next_model_id: number | null;
      }>('GET', `/packages/${pkg.share_id}/models/${sunny.id}`);
      expect(detail.status).toBe(200);
      // Folders in the order chosen: the polaroid first, then the book in its own order.
      expect(detail.body.data.photos.map((p) => p.id)).toEqual([polaroid.id, ...bookPhotos.map((p) => p.id)]);
      expect(detail.body.data).toMatchObject({ previous_model_id: null, next_model_id: anna.id, files: [] });

      // Every private value of the models, the company, the contact and the staff is absent.
      const full = await ok(api<Model>('GET', `/v1/models/${sunny.id}`));
      const privateValues = [
        full.mobile,
        full.wechat,
        full.id_number,
        full.notes,
        full.mother_agency,
        full.birthday,
        'sunny_redbook',
        company.name,
        contact.name,
        '13800138000',
        '林晓',
        pkg.created_by?.nickname,
      ].filter((value): value is string => typeof value === 'string' && value.length > 0);
      expect(privateValues.length).toBeGreaterThanOrEqual(10);
      const forbiddenKeys = [
        'mobile',
        'wechat',
        'id_number',
        'notes',
        'mother_agency',
        'commission_rate',
        'socials',
        'manager_member_id',
        'manager_nickname',
        'company_id',
        'contact_id',
        'created_by',
        'birthday',
        'team_id',
        'blob_key',
        'checksum',
      ];
      for (const answer of [res.body, detail.body]) {
        const text = JSON.stringify(answer);
        for (const value of privateValues) expect(text, value).not.toContain(value);
        const keys = new Set<string>();
        const walk = (value: unknown) => {
          if (Array.isArray(value)) value.forEach(walk);
          else if (value && typeof value === 'object') {
            for (const [key, inner] of Object.entries(value)) {
              keys.add(key);
              walk(inner);
            }
          }
        };
        walk(answer);
        for (const key of forbiddenKeys) expect(keys.has(key), key).toBe(false);
      }
    });

    it('answers not found for unknown, malformed, revoked and expired ids, and models not in the package', async () => {
      const gone = await ok(create({ title: '将撤销', models: [{ model_id: anna.id }] }));
      const short = await ok(create({ title: '将过期', models: [{ model_id: anna.id }] }));
      expect((await pub('GET', `/packages/${gone.share_id}`)).status).toBe(200);
      await ok(api('POST', `/v1/packages/${gone.id}/revoke`));
      await expire(short.id);
      const answers = [
        await pub('GET', `/packages/${gone.share_id}`),
        await pub('GET', `/packages/${short.share_id}`),
        await pub('GET', `/packages/${short.share_id}/models/${anna.id}`),
        await pub('GET', '/packages/AAAAAAAAAAAAAAAAAAAAAAAA'),
        await pub('GET', '/packages/not-a-share-id'),
        // Malformed: too long, not ASCII, a control character, a model id that is no id.
        await pub('GET', `/packages/${'A'.repeat(65)}`),
        await pub('GET', `/packages/${'A'.repeat(2000)}`),
        await pub('GET', `/packages/${encodeURIComponent('夏季大片分享')}`),
        await pub('GET', '/packages/AAAAAAAAAAAAAAAAAAAAAAA%00'),
        await pub('GET', `/packages/${pkg.share_id}/models/abc`),
        await pub('GET', `/packages/${pkg.share_id}/models/0`),
        await pub('GET', `/packages/${pkg.share_id}/models/1.5`),
        await pub('GET', `/packages/${pkg.share_id}/models/99999999999999999999`),
        await pub('GET', `/packages/${pkg.share_id}/models/9007199254740991`),
        await pub('GET', `/folders/${'A'.repeat(65)}`),
        await pub('GET', `/folders/${encodeURIComponent('资源夹')}`),
        await pub('POST', `/packages/${encodeURIComponent('中')}/picks`, {
          model_id: anna.id,
          picked: true,
          visitor_id: visitor,
        }),
        await pub('POST', `/packages/${'A'.repeat(100)}/views`, {
          view_id: 'view-xxxxxxxxxxxxxxxxxx',
          visitor_id: visitor,
          page: 'package',
          app: 'h5',
        }),
        await pub('GET', `/packages/${pkg.share_id}/models/${left.id}`),
        await pub('GET', `/packages/${pkg.share_id}/models/${strangerModel.id}`),
        await pub('POST', `/packages/${gone.share_id}/picks`, {
          model_id: anna.id,
          picked: true,
          visitor_id: visitor,
        }),
        await pub('POST', `/packages/${pkg.share_id}/picks`, {
          model_id: left.id,
          picked: true,
          visitor_id: visitor,
        }),
        await pub('POST', `/packages/${pkg.share_id}/views`, {
          view_id: 'view-xxxxxxxxxxxxxxxxxx',
          visitor_id: visitor,
          page: 'model',
          model_id: strangerModel.id,
          app: 'h5',
        }),
      ];
      for (const [index, answer] of answers.entries()) {
        expect(answer.status, `answer ${index}`).toBe(404);
        expect(answer.body).toEqual({ code: 40400, message: '抱歉，页面未找到', data: null });
      }
    });

    it('signs file addresses for minutes only', async () => {
      const detail = await pub<{ photos: FileItem[] }>('GET', `/packages/${pkg.share_id}/models/${anna.id}`);
      // Anna was added with nothing chosen: her book (a portfolio folder) is shown.
      expect(detail.body.data.photos.map((p) => p.id)).toEqual([annaPhoto.id]);
      const url = detail.body.data.photos[0]?.thumb_url ?? detail.body.data.photos[0]?.url ?? '';
      expect(url).not.toBe('');
      const expires = Number(new URL(url, t.baseUrl).searchParams.get('expires'));
      const seconds = expires - Math.floor(t.clock.now().getTime() / 1000);
      expect(seconds).toBeGreaterThanOrEqual(300);
      expect(seconds).toBeLessThanOrEqual(600);
      expect((await fetch(new URL(url, t.baseUrl))).status).toBe(200);
      t.clock.advance(601_000);
      expect((await fetch(new URL(url, t.baseUrl))).status).not.toBe(200);
    });

    it('records picks without an account, one per device and model, and tells the creator', async () => {
      const unreadBefore = await ok(api<{ unread_count: number }>('GET', '/v1/notifies/unread_count'));
      const picked = await pub('POST', `/packages/${pkg.share_id}/picks`, {
        model_id: anna.id,
        picked: true,
        comment: '  很适合这次的主题 ',
        name: '王珊',
        visitor_id: visitor,
      });
      expect(picked.body).toEqual({
        code: 0,
        message: '成功',
        data: { model_id: anna.id, picked: true, comment: '很适合这次的主题' },
      });
      await ok(
        pub('POST', `/packages/${pkg.share_id}/picks`, {
          model_id: sunny.id,
          picked: true,
          visitor_id: visitor,
        }),
      );
      await ok(
        pub('POST', `/packages/${pkg.share_id}/picks`, {
          model_id: sunny.id,
          picked: false,
          visitor_id: visitor,
        }),
      );
      await ok(
        pub('POST', `/packages/${pkg.share_id}/picks`, {
          model_id: mia.id,
          picked: true,
          visitor_id: 'another-visitor-bbbbbbbb',
        }),
      );
      const mine = await ok(
        pub<{ picks: unknown[] }>('GET', `/packages/${pkg.share_id}?visitor_id=${visitor}`),
      );
      expect(mine.picks).toEqual([
        { model_id: anna.id, picked: true, comment: '很适合这次的主题' },
        { model_id: sunny.id, picked: false, comment: '' },
      ]);
      const seen = await ok(api<Package>('GET', `/v1/packages/${pkg.id}`));
      expect(seen.pick_count).toBe(2);
      expect(seen.models.map((m) => m.pick_count)).toEqual([0, 1, 1]);
      const unread = await ok(api<{ unread_count: number }>('GET', '/v1/notifies/unread_count'));
      // Anna picked by this device (Sunny too, within the same 10 minutes: one notice per device), Mia by
      // another device; un-picking tells nobody.
      expect(unread.unread_count - unreadBefore.unread_count).toBe(2);
      const notices = await ok(
        api<{ title: string; body: string; link: string; type: string }[]>('GET', '/v1/notifies'),
      );
      expect(notices.find((n) => n.title.includes('安娜'))).toMatchObject({
        type: 'event_notice',
        title: '客户在套餐「夏季大片」中选中了模特「安娜」',
        body: '王珊：很适合这次的主题',
        link: `/admin/information/packages?package=${pkg.id}`,
      });
      const invalid = await pub('POST', `/packages/${pkg.share_id}/picks`, {
        model_id: anna.id,
        picked: true,
        visitor_id: 'x',
      });
      expect(invalid.status).toBe(400);
    });

    it('tells the creator of one device’s picks and comments at most once per package in 10 minutes, even sent at once', async () => {
      const extra = await Promise.all(
        ['林一', '林二', '林三'].map((name) =>
          ok(api<Model>('POST', '/v1/models', { name, gender: 'female' })),
        ),
      );
      const shown = [sunny, anna, mia, ...extra];
      const flood = await ok(
        create({ title: '留言测试', models: shown.map((model) => ({ model_id: model.id })) }),
      );
      const other = await ok(create({ title: '另一套餐', models: [{ model_id: anna.id }] }));
      const device = 'flood-device-aaaaaaaaaaaa';
      const comment = (modelId: number, text: string, visitorId = device, shareId = flood.share_id) =>
        pub('POST', `/packages/${shareId}/picks`, {
          model_id: modelId,
          picked: false,
          comment: text,
          name: '王珊',
          visitor_id: visitorId,
        });
      const notices = async () =>
        (await ok(api<{ title: string }[]>('GET', '/v1/notifies?per_page=100'))).filter((notice) =>
          notice.title.includes('留言测试'),
        ).length;
      const received = async () => ({ flood: await notices(), all: await unread() });
      const unread = async () =>
        (await ok(api<{ unread_count: number }>('GET', '/v1/notifies/unread_count'))).unread_count;
      const start = await unread();

      // Six comments at once, each on its own model: one notice.
      const answers = await Promise.all(shown.map((model, i) => comment(model.id, `第${i + 1}条留言`)));
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(await received()).toEqual({ flood: 1, all: start + 1 });
      // Every comment is in the package's activity all the same.
      const activity = await ok(
        api<{ picks: { comment: string }[] }>('GET', `/v1/packages/${flood.id}/activity`),
      );
      expect(activity.picks.map((pick) => pick.comment).sort()).toEqual(
        shown.map((_, i) => `第${i + 1}条留言`).sort(),
      );

      // A heart and more comments from the device within the 10 minutes: nothing more.
      t.clock.advance(9 * 60_000);
      await ok(
        pub('POST', `/packages/${flood.share_id}/picks`, {
          model_id: mia.id,
          picked: true,
          visitor_id: device,
        }),
      );
      await ok(comment(sunny.id, '补充一句'));
      expect(await received()).toEqual({ flood: 1, all: start + 1 });
      // Another device, and the same device on another package, are told of on their own.
      await ok(comment(anna.id, '我也喜欢', 'flood-device-bbbbbbbbbbbb'));
      await ok(comment(anna.id, '这套也不错', device, other.share_id));
      expect(await received()).toEqual({ flood: 2, all: start + 3 });
      // Ten minutes after the device's notice, the next comment is told of again.
      t.clock.advance(60_000);
      await ok(comment(anna.id, '最后确认'));
      expect(await received()).toEqual({ flood: 3, all: start + 4 });
    });

    it('records views with their device and visible time, tells the creator of the first open, and lists the activity', async () => {
      const iphone = {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40',
      };
      const before = await ok(api<{ title: string }[]>('GET', '/v1/notifies'));
      const view = { view_id: 'view-aaaaaaaaaaaaaaaaaaaa', visitor_id: visitor, page: 'package', app: 'h5' };
      await ok(pub('POST', `/packages/${pkg.share_id}/views`, view, iphone));
      await ok(
        pub('POST', `/packages/${pkg.share_id}/views`, { ...view, visible_ms: 5000, name: '王珊' }, iphone),
      );
      await ok(pub('POST', `/packages/${pkg.share_id}/views`, { ...view, visible_ms: 3000 }, iphone));
      await ok(
        pub('POST', `/packages/${pkg.share_id}/views`, {
          view_id: 'view-bbbbbbbbbbbbbbbbbbbb',
          visitor_id: visitor,
          page: 'model',
          model_id: anna.id,
          app: 'web',
          visible_ms: 12_000,
        }),
      );
      const seen = await ok(api<Package>('GET', `/v1/packages/${pkg.id}`));
      expect(seen.view_count).toBe(2);
      expect(seen.last_viewed_at).not.toBeNull();
      const after = await ok(api<{ title: string; body: string }[]>('GET', '/v1/notifies'));
      const opened = after.filter((n) => n.title === '客户打开了套餐「夏季大片」');
      expect(opened).toHaveLength(1);
      expect(opened[0]?.body).toBe('首次打开于手机');
      expect(after.length - before.length).toBe(1);

      const activity = await ok(
        api<{
          view_count: number;
          visitor_count: number;
          pick_count: number;
          models: { model_id: number; view_count: number; visible_ms: number; pick_count: number }[];
          views: {
            page: string;
            device: string;
            visible_ms: number;
            name: string | null;
            visitor: string;
            model_name: string | null;
          }[];
          picks: { model_name: string; comment: string; name: string | null; picked: boolean }[];
        }>('GET', `/v1/packages/${pkg.id}/activity`, undefined, reader),
      );
      expect(activity).toMatchObject({ view_count: 2, visitor_count: 1, pick_count: 2 });
      expect(activity.views).toEqual([
        expect.objectContaining({ page: 'model', model_name: '安娜', device: 'desktop', visible_ms: 12_000 }),
        expect.objectContaining({ page: 'package', device: 'mobile', visible_ms: 5000, name: '王珊' }),
      ]);
      expect(activity.views[0]?.visitor).toMatch(/^[0-9a-f]{6}$/);
      expect(JSON.stringify(activity)).not.toContain(visitor);
      expect(activity.models.find((m) => m.model_id === anna.id)).toEqual({
        model_id: anna.id,
        model_name: '安娜',
        view_count: 1,
        visible_ms: 12_000,
        pick_count: 1,
      });
      expect(activity.picks.find((p) => p.model_name === '安娜')).toMatchObject({
        comment: '很适合这次的主题',
        name: '王珊',
        picked: true,
      });
    });
  });

  describe('folder sharing', () => {
    it('shares a folder by a link that lists its files, once, and revokes it at once', async () => {
      const shared = await ok(
        api<{ share_id: string; mobile_url: string; desktop_url: string }>(
          'POST',
          `/v1/folders/${book.id}/share`,
          undefined,
          editor,
        ),
      );
      expect(shared.share_id).toMatch(SHARE_ID_PATTERN);
      expect(shared.mobile_url).toBe(`/h5/f/${shared.share_id}`);
      expect(shared.desktop_url).toBe(`/web/f/${shared.share_id}`);
      const again = await ok(api<{ share_id: string }>('POST', `/v1/folders/${book.id}/share`));
      expect(again.share_id).toBe(shared.share_id);
      expect((await ok(api<Folder>('GET', `/v1/folders/${book.id}`))).share?.share_id).toBe(shared.share_id);

      const open = await t.request<{
        name: string;
        model_name: string;
        photos: FileItem[];
        team_name: string;
      }>('GET', `/storm_api/v1/public/folders/${shared.share_id}`);
      expect(open.body.data).toMatchObject({ name: '画册', model_name: '刘晓阳' });
      expect(open.body.data.photos.map((p) => p.id)).toEqual(bookPhotos.map((p) => p.id));
      expect(JSON.stringify(open.body)).not.toContain('13912345678');

      expect((await api('POST', `/v1/folders/${book.id}/share`, undefined, stranger)).status).toBe(404);
      expect((await api('POST', `/v1/folders/${book.id}/share`, undefined, reader)).status).toBe(403);
      await ok(api('POST', `/v1/folders/${book.id}/share/revoke`));
      expect((await t.request('GET', `/storm_api/v1/public/folders/${shared.share_id}`)).status).toBe(404);
      expect((await ok(api<Folder>('GET', `/v1/folders/${book.id}`))).share).toBeNull();
      const fresh = await ok(api<{ share_id: string }>('POST', `/v1/folders/${book.id}/share`));
      expect(fresh.share_id).not.toBe(shared.share_id);
      const actions = await t.database.db
        .select({ action: operationLogs.action })
        .from(operationLogs)
        .where(and(eq(operationLogs.targetType, 'folder'), eq(operationLogs.targetId, String(book.id))));
      expect(actions.map((a) => a.action).filter((a) => a.startsWith('folder_share'))).toEqual([
        'folder_share',
        'folder_share_revoke',
        'folder_share',
      ]);
    });
  });
});

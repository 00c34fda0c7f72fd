import type { PermissionLevel } from '@trackit/contract/enums';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { RecordHistoryEntry } from '@trackit/contract/operation-log.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInTeamByLevel } from '../../test/factories';
import { uploadToFolder } from '../../test/uploads';

type Headers = Record<string, string>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe("a model's history", () => {
  let t: TestApp;
  let owner: Headers;
  let stranger: Headers;
  const as: Partial<Record<PermissionLevel, Headers>> = {};

  const api = <T>(method: string, path: string, body?: unknown, headers = owner) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const history = (modelId: number, headers = owner, query = '') =>
    api<RecordHistoryEntry[]>('GET', `/v1/models/${modelId}/history${query}`, undefined, headers);
  const newModel = async (name: string, headers = owner) => {
    const res = await api<Model>('POST', '/v1/models', { name, gender: 'female' }, headers);
    expect(res.body.code, res.body.message).toBe(0);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    owner = team.owner.headers;
    stranger = team.stranger.headers;
    for (const level of ['read', 'edit', 'manage'] as const) as[level] = team.levels[level].headers;
  });
  afterAll(() => t.close());

  it("lists what was done to the model, its trips and its folders, newest first, and nobody else's", async () => {
    const model = await newModel('林小雨');
    const other = await newModel('周一一');
    t.clock.advance(1_000);
    expect((await api('PATCH', `/v1/models/${model.id}`, { height: 176 })).body.code).toBe(0);
    t.clock.advance(1_000);
    const trip = await api('POST', `/v1/models/${model.id}/trips`, {
      kind: 'vacation',
      start_date: '2026-12-01',
      end_date: '2026-12-05',
      place: '三亚',
    });
    expect(trip.body.code, trip.body.message).toBe(0);
    t.clock.advance(1_000);
    const folder = await api<Folder>('POST', '/v1/folders', {
      name: '画册',
      kind: 'book',
      model_id: model.id,
    });
    expect(folder.body.code, folder.body.message).toBe(0);
    t.clock.advance(1_000);
    const upload = await uploadToFolder(t, owner, folder.body.data.id, PNG, {
      name: 'a.png',
      type: 'image/png',
    });
    expect(upload.body.code, upload.body.message).toBe(0);
    // Another model's change stays out of this history.
    expect((await api('PATCH', `/v1/models/${other.id}`, { height: 170 })).body.code).toBe(0);

    const res = await history(model.id);
    expect(res.body.code, res.body.message).toBe(0);
    expect(res.headers.get('x-total')).toBe('5');
    expect(res.body.data.map((entry) => entry.action)).toEqual([
      'file_upload',
      'folder_create',
      'model_trip_create',
      'model_update',
      'model_create',
    ]);
    expect(res.body.data[3]?.changes).toEqual([{ field: '身高', before: '--', after: '176' }]);
    expect(res.body.data[4]?.sentence).toBe('新建了模特「林小雨」');
    expect(res.body.data[4]?.member?.nickname).toBe('林晓');
    // The member's address is the operation log's, not the record's readers'.
    expect(res.body.data.every((entry) => !('ip' in entry))).toBe(true);

    const paged = await history(model.id, owner, '?page=2&per_page=2');
    expect(paged.body.data.map((entry) => entry.action)).toEqual(['model_trip_create', 'model_update']);
  });

  it('is readable at read level, and another team\'s model is "not found"', async () => {
    const model = await newModel('陈可');
    const read = await history(model.id, as.read);
    expect(read.body.code, read.body.message).toBe(0);
    expect(read.body.data.map((entry) => entry.action)).toEqual(['model_create']);

    const foreign = await history(model.id, stranger);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('模特不存在');
    expect((await history(999_999)).status).toBe(404);
  });
});

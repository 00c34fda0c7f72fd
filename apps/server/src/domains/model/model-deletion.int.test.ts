import { addDays, businessDate } from '@trackit/contract/business-time';
import type { Folder } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { OperationLog } from '@trackit/contract/operation-log.schema';
import type { OrderCreated } from '@trackit/contract/order.schema';
import type { Package } from '@trackit/contract/package.schema';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import { and, count, eq, isNotNull, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, orderDay, type SignedInMember, signInTeamByLevel } from '../../test/factories';
import { folders } from '../folder/folder.tables';
import { operationLogs } from '../operation-log/operation-log.tables';
import { packageModels, packageViews } from '../package/package.tables';
import { modelMeasurements, models, modelTrips } from './model.tables';

type Headers = Record<string, string>;

describe('deleting a model created by mistake', () => {
  let t: TestApp;
  let teamId: number;
  let owner: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;

  const api = <T>(method: string, path: string, body?: unknown, headers: Headers = owner.headers) =>
    t.request<T>(method, `/storm_api${path}`, { headers, ...(body === undefined ? {} : { body }) });
  const newModel = (name: string, extra: Record<string, unknown> = {}, headers = owner.headers) =>
    ok(api<Model>('POST', '/v1/models', { name, gender: 'female', ...extra }, headers));
  const remove = (id: number, headers = manager.headers) =>
    api<null>('DELETE', `/v1/models/${id}`, undefined, headers);
  const deletion = (id: number, headers = manager.headers) =>
    api<RecordDeletion>('GET', `/v1/models/${id}/deletion`, undefined, headers);
  const stored = async (id: number) =>
    (await t.database.db.select({ total: count() }).from(models).where(eq(models.id, id)))[0]?.total ?? 0;
  const logged = async (id: number, action: 'model_delete') =>
    (
      await t.database.db
        .select({ total: count() })
        .from(operationLogs)
        .where(and(eq(operationLogs.targetId, String(id)), eq(operationLogs.action, action)))
    )[0]?.total ?? 0;
  const order = (modelId: number) =>
    ok(
      api<OrderCreated>('POST', '/v1/orders', {
        title: '误建测试',
        days: [orderDay(addDays(today, 20))],
        models: [{ model_id: modelId, fees: [modelFee(100_000)] }],
      }),
    );
  const sharePackage = (modelId: number) =>
    api<Package>('POST', '/v1/packages', { title: '误建测试套餐', models: [{ model_id: modelId }] });

  beforeAll(async () => {
    t = await buildTestApp();
    const team = await signInTeamByLevel(t, 'data_management');
    teamId = team.teamId;
    owner = team.owner;
    editor = team.levels.edit;
    manager = team.levels.manage;
    stranger = team.stranger;
    today = businessDate(t.clock.now());
  });
  afterAll(() => t.close());

  it('deletes a model nothing refers to, with its trips and measurements, for a manager, logged without a link', async () => {
    const model = await newModel('误建模特', { height: 170 });
    await ok(
      api('POST', `/v1/models/${model.id}/trips`, {
        kind: 'work',
        start_date: '2026-05-01',
        end_date: '2026-05-02',
      }),
    );
    expect(await ok(deletion(model.id))).toEqual({ can: true, reason: null });

    // Below manage: refused, nothing written.
    expect((await remove(model.id, editor.headers)).status).toBe(403);
    expect((await deletion(model.id, editor.headers)).status).toBe(403);
    expect(await stored(model.id)).toBe(1);

    const res = await remove(model.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: null });
    expect(await stored(model.id)).toBe(0);
    const own = async (table: typeof modelTrips | typeof modelMeasurements) =>
      (await t.database.db.select({ total: count() }).from(table).where(eq(table.modelId, model.id)))[0]
        ?.total;
    expect(await own(modelTrips)).toBe(0);
    expect(await own(modelMeasurements)).toBe(0);
    expect((await api('GET', `/v1/models/${model.id}`)).status).toBe(404);
    expect((await remove(model.id)).status).toBe(404);

    const [entry] = await ok(api<OperationLog[]>('GET', '/v1/operation_logs?action=model_delete'));
    expect(entry).toMatchObject({
      sentence: '删除了误建的模特「误建模特」',
      link: null,
      member: { id: manager.membershipId },
    });
  });

  it('refuses a model an order, a package or a folder refers to, saying what refers to it (409)', async () => {
    const booked = await newModel('有订单的模特');
    await order(booked.id);
    await order(booked.id);
    await ok(sharePackage(booked.id));
    const expected = '该模特已有 2 个订单、1 个套餐，不能删除，可以归档';
    expect(await ok(deletion(booked.id))).toEqual({ can: false, reason: expected });
    const refused = await remove(booked.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(expected);
    expect(await stored(booked.id)).toBe(1);
    expect(await logged(booked.id, 'model_delete')).toBe(0);

    const withFolder = await newModel('有资源夹的模特');
    await ok(api<Folder>('POST', '/v1/folders', { name: '有资源夹的模特 画册', model_id: withFolder.id }));
    const folderRefusal = await remove(withFolder.id);
    expect(folderRefusal.status).toBe(409);
    expect(folderRefusal.body.message).toBe('该模特已有 1 个资源夹，不能删除，可以归档');

    // Taken out of its package, a model the client already viewed is still named by the package's views.
    const viewed = await newModel('被看过的模特');
    const pkg = await ok(sharePackage(viewed.id));
    await t.database.db.delete(packageModels).where(eq(packageModels.packageId, pkg.id));
    const at = t.clock.now();
    await t.database.db.insert(packageViews).values({
      teamId,
      packageId: pkg.id,
      viewKey: 'view-1',
      visitorId: 'visitor-1',
      page: 'model',
      modelId: viewed.id,
      app: 'h5',
      device: 'mobile',
      openedAt: at,
      updatedAt: at,
    });
    expect(await ok(deletion(viewed.id))).toEqual({
      can: false,
      reason: '该模特已有 1 个套餐，不能删除，可以归档',
    });
    expect((await remove(viewed.id)).status).toBe(409);
  });

  it('answers "not found" for another team’s model, writing nothing', async () => {
    const theirs = await newModel('外队误建', {}, stranger.headers);
    for (const res of [await remove(theirs.id), await deletion(theirs.id)]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('模特不存在');
    }
    expect(await stored(theirs.id)).toBe(1);
    expect(await logged(theirs.id, 'model_delete')).toBe(0);
    for (const bad of ['abc', '0', '1.5']) {
      expect((await api('DELETE', `/v1/models/${bad}`, undefined, manager.headers)).status, bad).toBe(400);
    }
  });

  it('never orphans a folder or a package made while the model is being deleted', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const model = await newModel(`并发${round}`);
      const [deleted, folder, shared] = await Promise.all([
        remove(model.id),
        api<Folder>('POST', '/v1/folders', { name: `并发${round} 画册`, model_id: model.id }),
        sharePackage(model.id),
      ]);
      outcomes.add(`${deleted.status}/${folder.status}/${shared.status}`);
      // Either the deletion came first and the others found no model, or it saw what they made.
      if (deleted.status === 200) {
        expect([folder.status, shared.status]).toEqual([404, 404]);
      } else {
        expect(deleted.status).toBe(409);
        expect(deleted.body.message).toMatch(/^该模特已有 .+，不能删除，可以归档$/);
        expect([folder.status, shared.status].every((status) => status === 200 || status === 404)).toBe(true);
        expect(await stored(model.id)).toBe(1);
      }
    }
    // No folder of the team names a model that is not there.
    const [orphans] = await t.database.db
      .select({ total: count() })
      .from(folders)
      .where(
        and(
          eq(folders.teamId, teamId),
          isNotNull(folders.modelId),
          notExists(
            t.database.db.select({ id: models.id }).from(models).where(eq(models.id, folders.modelId)),
          ),
        ),
      );
    expect(orphans?.total, [...outcomes].join(', ')).toBe(0);
  });
});

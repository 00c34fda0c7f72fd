import type { FeeStatement } from '@trackit/contract/fee-statement.schema';
import type { Model } from '@trackit/contract/model.schema';
import type { Package } from '@trackit/contract/package.schema';
import type { SettlementDetail } from '@trackit/contract/settlement.schema';
import type { SettlementShare } from '@trackit/contract/settlement-share.schema';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, signInAgain, uniqueIdNumber } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam } from '../../test/finance-factory';

const DAY_MS = 86_400_000;
const notFound = { code: 40400, message: SHARE_MESSAGES.notFound, data: null };

/**
 * Share links expire by the server's clock (docs/product.md "Share links"): each kind open 30 days from
 * when it is shared (a package until the date its sharer chose), open a minute before its expiry, then
 * answered exactly as an unknown link. The test clock is moved to each edge; nothing in the database is
 * rewritten to fake an expiry.
 */
describe('share links expire by the clock', () => {
  let t: TestApp;
  let team: FinanceTeam;

  const publicGet = (path: string) => t.request('GET', `/storm_api/v1/public/${path}`);
  /** The public answer just before the link's expiry and just after it. */
  const aroundExpiry = async (expiresAt: string, path: string) => {
    const expiry = new Date(expiresAt).getTime();
    t.clock.set(new Date(expiry - 60_000));
    const before = await publicGet(path);
    t.clock.set(new Date(expiry));
    const after = await publicGet(path);
    return { before: before.status, after: { status: after.status, body: after.body } };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    t.clock.set('2026-03-02T10:00:00+08:00');
    team = await createFinanceTeam(t);
  });
  afterAll(() => t.close());

  it('closes a settlement’s link 30 days after it is shared; staff see it expired and share anew', async () => {
    const model = await ok(
      team.api<Model>('POST', '/models', {
        name: '分享',
        gender: 'female',
        commission_rate: 2_000,
        id_number: uniqueIdNumber(),
      }),
    );
    const order = await team.billedOrder([modelFee(100_000)], { modelId: model.id });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    const settlement = await ok(
      team.api<SettlementDetail>('POST', '/settlements', { model_id: model.id }, team.editor.headers),
    );
    const sharedAt = t.clock.now().getTime();
    const link = await ok(
      team.api<SettlementShare>(
        'POST',
        `/settlements/${settlement.id}/share`,
        undefined,
        team.editor.headers,
      ),
    );
    expect(new Date(link.expires_at ?? '').getTime()).toBe(sharedAt + 30 * DAY_MS);
    const edges = await aroundExpiry(link.expires_at ?? '', `settlements/${link.share_id}`);
    expect(edges).toEqual({ before: 200, after: { status: 404, body: notFound } });

    await signInAgain(t, team.reader, team.editor);
    const seen = await ok(
      team.api<SettlementShare>('GET', `/settlements/${settlement.id}/share`, undefined, team.reader.headers),
    );
    expect(seen).toMatchObject({ share_id: link.share_id, status: 'expired' });
    const renewed = await ok(
      team.api<SettlementShare>(
        'POST',
        `/settlements/${settlement.id}/share`,
        undefined,
        team.editor.headers,
      ),
    );
    expect(renewed.share_id).not.toBe(link.share_id);
    expect((await publicGet(`settlements/${renewed.share_id}`)).status).toBe(200);
  });

  it('closes a fee statement’s link 30 days after it is shared', async () => {
    // The clock only moves forward (a code asked for "later" would hold the next one back).
    await signInAgain(t, team.owner, team.editor);
    const order = await team.billedOrder([modelFee(100_000)]);
    const sharedAt = t.clock.now().getTime();
    const statement = await ok(
      team.api<FeeStatement>('POST', '/fee_statements', { order_id: order.id }, team.editor.headers),
    );
    expect(new Date(statement.expires_at ?? '').getTime()).toBe(sharedAt + 30 * DAY_MS);
    expect(await aroundExpiry(statement.expires_at ?? '', `fee_statements/${statement.share_id}`)).toEqual({
      before: 200,
      after: { status: 404, body: notFound },
    });
  });

  it('closes a package’s link at the expiry its sharer chose', async () => {
    t.clock.set('2026-05-04T10:00:00+08:00');
    await signInAgain(t, team.owner);
    const chosen = '2026-05-11T18:00:00+08:00';
    const pkg = await ok(
      team.api<Package>('POST', '/packages', {
        title: '春季新面孔',
        models: [{ model_id: team.model.id }],
        expires_at: chosen,
      }),
    );
    expect(new Date(pkg.expires_at).getTime()).toBe(new Date(chosen).getTime());
    expect(await aroundExpiry(pkg.expires_at, `packages/${pkg.share_id}`)).toEqual({
      before: 200,
      after: { status: 404, body: notFound },
    });
  });
});

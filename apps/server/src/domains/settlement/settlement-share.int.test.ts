import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Model } from '@trackit/contract/model.schema';
import { nationalIdCheckChar } from '@trackit/contract/patterns';
import type { SettlementDetail } from '@trackit/contract/settlement.schema';
import { DEFAULT_INCOME_CATEGORIES } from '@trackit/contract/settlement-enums';
import type {
  FinanceSettings,
  PublicSettlement,
  SettlementShare,
} from '@trackit/contract/settlement-share.schema';
import { SHARE_MESSAGES } from '@trackit/contract/share';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { fakeIndexHtml, makeAppsFolder } from '../../test/apps-folder';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, type SignedInMember } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { pdfPages, squeeze } from '../../test/pdf-text';
import { download } from '../../test/spreadsheets';
import { operationLogs } from '../operation-log/operation-log.tables';
import { shareLinks } from '../share/share.tables';

const ID_NUMBER = (() => {
  const first17 = '11010519900307123';
  return `${first17}${nationalIdCheckChar(first17)}`;
})();
const ACCOUNT = '6222020200112233445';

/**
 * A settlement as the model's statement over HTTP (docs/product.md "Model settlements"): the PDF, the share
 * link to the model, the model's page with the team's setting off and on, what it never shows, and tenancy.
 */
describe('settlement statement and share (结算单 PDF 与分享)', () => {
  let t: TestApp;
  let appsDir: string;
  let team: FinanceTeam;
  let owner: SignedInMember;
  let reader: SignedInMember;
  let editor: SignedInMember;
  let manager: SignedInMember;
  let stranger: SignedInMember;
  let today: string;
  let model: Model;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  const publicApi = <T>(path: string) => t.request<T>('GET', `/storm_api/v1/public/settlements/${path}`);
  const step = (id: number, what: string, body?: unknown, headers = manager.headers) =>
    api<SettlementDetail>('POST', `/settlements/${id}/${what}`, body, headers);
  const setShowFees = (on: boolean) =>
    ok(
      api<FinanceSettings>('PATCH', '/finance/settings', { show_client_fees_to_models: on }, manager.headers),
    );

  /** A paid settlement of the model: one fee line (12,500 yuan before VAT) the client paid whole. */
  const paidSettlement = async () => {
    const order = await team.billedOrder([modelFee(1_250_000)], { modelId: model.id, title: '春季大片' });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await team.receipt({
      amount: line.total,
      reference: 'CLIENT-BANK-REF-9911',
      allocations: [{ fee_line_id: line.id, amount: line.total }],
    });
    const draft = await ok(
      api<SettlementDetail>('POST', '/settlements', { model_id: model.id }, editor.headers),
    );
    await ok(step(draft.id, 'submit', undefined, editor.headers));
    await ok(step(draft.id, 'approval', { result: 'passed' }));
    const paid = await ok(
      step(draft.id, 'pay', {
        paid_on: today,
        reference: 'PAY-REF-0001',
        team_recipient_id: team.general.id,
      }),
    );
    return { settlement: paid, line, order };
  };

  beforeAll(async () => {
    appsDir = await makeAppsFolder();
    await mkdir(path.join(appsDir, 'share-desktop', 'dist'), { recursive: true });
    await writeFile(path.join(appsDir, 'share-desktop', 'dist', 'index.html'), fakeIndexHtml('/web'));
    t = await buildTestApp({ APPS_DIR: appsDir, LOG_LEVEL: 'error' });
    team = await createFinanceTeam(t, {
      client: { name: '某某服饰', notes: '公司内部备注：信用一般' },
      model: {
        name: '林晓',
        gender: 'female',
        mobile: '13911112222',
        wechat: 'linxiao_private_wx',
        commission_rate: 2_000,
        mother_agency: '米兰母公司经纪',
        mother_agency_rate: 1_000,
        mother_agency_basis: 'gross',
        // A new model's account takes effect at once (a later change waits for its checker).
        payout_bank: 'cmb',
        payout_account_name: '林晓',
        payout_account_number: ACCOUNT,
      },
    });
    ({ owner, reader, editor, manager, stranger, today, model } = team);
    await ok(api('PATCH', `/models/${model.id}`, { id_number: ID_NUMBER }, owner.headers));
  });
  afterAll(async () => {
    await t.close();
    await rm(appsDir, { recursive: true, force: true });
  });

  it('serves the settlement PDF to accounting read, named in Chinese; another team’s is not found', async () => {
    const { settlement } = await paidSettlement();
    const res = await download(t, `/v1/settlements/${settlement.id}/pdf`, reader.headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const fileName = `结算单_林晓_${settlement.number}.pdf`;
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(fileName)}`,
    );
    const text = squeeze((await pdfPages(res.bytes)).join(''));
    for (const expected of ['模特结算单', settlement.number, '林晓', '已付款', 'PAY-REF-0001', '尾号3445']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain(ID_NUMBER);
    expect(text).not.toContain(ACCOUNT);
    expect((await download(t, `/v1/settlements/${settlement.id}/pdf`, stranger.headers)).status).toBe(404);
    expect((await download(t, '/v1/settlements/987654321/pdf', reader.headers)).status).toBe(404);
  });

  it('shares a settlement with its model: the figures only when the setting is off, client fees when on', async () => {
    expect(await ok(api<FinanceSettings>('GET', '/finance/settings', undefined, reader.headers))).toEqual({
      show_client_fees_to_models: false,
      income_categories: DEFAULT_INCOME_CATEGORIES,
    });
    const { settlement, line, order } = await paidSettlement();
    expect(await ok(api('GET', `/settlements/${settlement.id}/share`, undefined, reader.headers))).toBeNull();
    await refused(api('POST', `/settlements/${settlement.id}/share`, undefined, reader.headers), 403);
    const link = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share`, undefined, editor.headers),
    );
    expect(link).toMatchObject({ status: 'live', url: `/web/settlements/${link.share_id}` });
    // Sharing again answers the same live link.
    const again = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share`, undefined, editor.headers),
    );
    expect(again.share_id).toBe(link.share_id);

    const off = await ok(publicApi<PublicSettlement>(link.share_id));
    expect(off).toMatchObject({
      number: settlement.number,
      model_name: '林晓',
      status: 'paid',
      agency: team.general.name,
      paid: { on: today, reference: 'PAY-REF-0001' },
      payout_account: '招商银行 尾号 3445',
      show_client_fees: false,
      corrects: null,
      tax_residency: 'resident',
      taxes: [
        { category: 'labour', income: settlement.income, taxable: settlement.taxable, tax: settlement.tax },
      ],
    });
    expect(off.lines).toHaveLength(1);
    expect(off.lines[0]).toEqual({
      order_number: order.number,
      order_title: '春季大片',
      date: expect.any(String),
      kind: 'ModelFee',
      income_category: 'labour',
      gross: settlement.lines[0]?.gross,
      commission: settlement.lines[0]?.commission,
      // This model's mother agency is reckoned on the gross: all of it from the model, none in the commission.
      mother_agency_in_commission: 0,
      mother_agency: settlement.lines[0]?.mother_agency_from_model,
      income: settlement.lines[0]?.income,
    });
    // The model's share before commission, never the client's price with VAT.
    expect(off.lines[0]?.gross).toBe(line.subtotal);
    expect(off.totals).toEqual({
      gross: settlement.gross,
      commission: settlement.commission,
      mother_agency_in_commission: 0,
      mother_agency: settlement.mother_agency_from_model,
      income: settlement.income,
      taxable: settlement.taxable,
      tax: settlement.tax,
      deductions: settlement.deductions,
      net: settlement.net,
    });
    expect(off.totals.gross - off.totals.commission - off.totals.mother_agency).toBe(off.totals.income);
    expect(off.totals.income - off.totals.tax - off.totals.deductions).toBe(off.totals.net);
    const offJson = JSON.stringify(off);
    expect(offJson).not.toContain('client_total');
    expect(offJson).not.toContain(String(line.total));
    for (const secret of [
      ID_NUMBER,
      ACCOUNT,
      '13911112222',
      'linxiao_private_wx',
      '米兰母公司经纪',
      '某某服饰',
      '公司内部备注',
      'CLIENT-BANK-REF-9911',
    ]) {
      expect(offJson).not.toContain(secret);
    }

    await refused(
      api('PATCH', '/finance/settings', { show_client_fees_to_models: true }, editor.headers),
      403,
    );
    expect(await setShowFees(true)).toEqual({
      show_client_fees_to_models: true,
      income_categories: DEFAULT_INCOME_CATEGORIES,
    });
    const on = await ok(publicApi<PublicSettlement>(link.share_id));
    expect(on.show_client_fees).toBe(true);
    expect(on.lines[0]?.client_total).toBe(line.total);
    expect(on.totals.client_total).toBe(line.total);
    expect(on.totals.net).toBe(settlement.net);
    const logged = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, team.teamId), eq(operationLogs.action, 'finance_settings_update')));
    expect(logged.map((entry) => entry.detail)).toEqual([
      { show_client_fees_to_models: { before: false, after: true } },
    ]);
    expect((await setShowFees(false)).show_client_fees_to_models).toBe(false);
    expect(JSON.stringify(await ok(publicApi<PublicSettlement>(link.share_id)))).not.toContain(
      'client_total',
    );

    // The public PDF prints the same statement.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/storm_api/v1/public/settlements/${link.share_id}/pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(squeeze((await pdfPages(pdf.rawPayload)).join(''))).toContain(settlement.number);

    // The share page, with a preview naming no amount; /h5 sends a phone to it.
    const page = await fetch(`${t.baseUrl}/web/settlements/${link.share_id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<title>结算单 · ${settlement.number}</title>`);
    const moved = await fetch(`${t.baseUrl}/h5/settlements/${link.share_id}?from=wechat`, {
      redirect: 'manual',
    });
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(`/web/settlements/${link.share_id}?from=wechat`);
    const shared = await t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, team.teamId), eq(operationLogs.action, 'settlement_share')));
    expect(shared).toHaveLength(1);
  });

  it('answers the share’s not found for revoked and expired links; another team cannot share or read', async () => {
    const { settlement } = await paidSettlement();
    await refused(api('POST', `/settlements/${settlement.id}/share`, undefined, stranger.headers), 404);
    await refused(api('GET', `/settlements/${settlement.id}/share`, undefined, stranger.headers), 404);
    await refused(
      api('POST', `/settlements/${settlement.id}/share/revoke`, undefined, stranger.headers),
      404,
    );
    const revoked = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share`, undefined, editor.headers),
    );
    await refused(api('POST', `/settlements/${settlement.id}/share/revoke`, undefined, reader.headers), 403);
    const after = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share/revoke`, undefined, editor.headers),
    );
    expect(after).toMatchObject({ share_id: revoked.share_id, status: 'revoked' });
    await refused(publicApi(revoked.share_id), 404, SHARE_MESSAGES.notFound);
    await refused(publicApi(`${revoked.share_id}/pdf`), 404, SHARE_MESSAGES.notFound);

    // Sharing again makes a new link; once past its expiry it is not found either, and sharing renews it.
    const expired = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share`, undefined, editor.headers),
    );
    expect(expired.share_id).not.toBe(revoked.share_id);
    await t.database.db
      .update(shareLinks)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1_000) })
      .where(eq(shareLinks.id, expired.share_id));
    expect(
      await ok(api<SettlementShare>('GET', `/settlements/${settlement.id}/share`, undefined, reader.headers)),
    ).toMatchObject({
      status: 'expired',
    });
    for (const id of [expired.share_id, 'A'.repeat(24), 'not-a-share-id']) {
      await refused(publicApi(id), 404, SHARE_MESSAGES.notFound);
      await refused(publicApi(`${id}/pdf`), 404, SHARE_MESSAGES.notFound);
    }
    expect((await fetch(`${t.baseUrl}/web/settlements/${expired.share_id}`)).status).toBe(404);
    const renewed = await ok(
      api<SettlementShare>('POST', `/settlements/${settlement.id}/share`, undefined, editor.headers),
    );
    expect(renewed.status).toBe('live');
    expect(renewed.share_id).not.toBe(expired.share_id);
    // A settlement's share id opens no fee statement, nor a package.
    await refused(t.request('GET', `/storm_api/v1/public/fee_statements/${renewed.share_id}`), 404);
    await refused(t.request('GET', `/storm_api/v1/public/packages/${renewed.share_id}`), 404);
  });

  it('deletes a draft’s link with the draft', async () => {
    const order = await team.billedOrder([modelFee(300_000)], { modelId: model.id });
    const [line] = order.lines;
    if (!line) throw new Error('no fee line');
    await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    const draft = await ok(
      api<SettlementDetail>('POST', '/settlements', { model_id: model.id }, editor.headers),
    );
    const link = await ok(
      api<SettlementShare>('POST', `/settlements/${draft.id}/share`, undefined, editor.headers),
    );
    expect((await ok(publicApi<PublicSettlement>(link.share_id))).status).toBe('draft');
    await ok(api('DELETE', `/settlements/${draft.id}`, undefined, editor.headers));
    await refused(publicApi(link.share_id), 404, SHARE_MESSAGES.notFound);
    const left = await t.database.db.select().from(shareLinks).where(eq(shareLinks.id, link.share_id));
    expect(left).toEqual([]);
  });
});

import { addDays } from '@trackit/contract/business-time';
import { incomeTax } from '@trackit/contract/income-tax';
import { MODEL_MESSAGES, type Model } from '@trackit/contract/model.schema';
import type { SettlementDetail, SettlementPaymentPreview } from '@trackit/contract/settlement.schema';
import { DEFAULT_INCOME_CATEGORIES } from '@trackit/contract/settlement-enums';
import type { FinanceSettings } from '@trackit/contract/settlement-share.schema';
import { TAX_IDENTITY_MESSAGES } from '@trackit/contract/tax-identity';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, refused } from '../../test/api-answers';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { modelFee, signInMemberWith, uniqueIdNumber, usageFee } from '../../test/factories';
import { createFinanceTeam, type FinanceTeam, type Headers } from '../../test/finance-factory';
import { operationLogs } from '../operation-log/operation-log.tables';

/**
 * A model's tax identity and the income item of each fee kind (docs/product.md "Models", "Paying models:
 * money rules"): an individual is paid only with the identity complete, a non-resident is withheld on the
 * monthly table, a usage licence is 特许权使用费 unless the team says otherwise.
 */
describe('tax identity and income items of settlements', () => {
  let t: TestApp;
  let team: FinanceTeam;

  const api = <T>(method: string, path: string, body?: unknown, headers?: Headers) =>
    team.api<T>(method, path, body, headers);
  const newModel = (body: Record<string, unknown>) =>
    ok(api<Model>('POST', '/models', { gender: 'female', commission_rate: 2_000, ...body }));
  const patchModel = (id: number, body: Record<string, unknown>, headers?: Headers) =>
    api<Model>('PATCH', `/models/${id}`, body, headers);
  /** A billed order of the model with the fees, paid whole by the client. */
  const paidOrder = async (modelId: number, fees: unknown[]) => {
    const order = await team.billedOrder(fees, { modelId });
    for (const line of order.lines) {
      await team.receipt({ amount: line.total, allocations: [{ fee_line_id: line.id, amount: line.total }] });
    }
    return order;
  };
  const draft = (modelId: number) =>
    ok(api<SettlementDetail>('POST', '/settlements', { model_id: modelId }, team.editor.headers));
  const approved = async (modelId: number) => {
    const drafted = await draft(modelId);
    await ok(api('POST', `/settlements/${drafted.id}/submit`, undefined, team.editor.headers));
    await ok(api('POST', `/settlements/${drafted.id}/approval`, { result: 'passed' }, team.manager.headers));
    return drafted;
  };
  const pay = (id: number) =>
    api<SettlementDetail>(
      'POST',
      `/settlements/${id}/pay`,
      { paid_on: team.today, reference: `CMB${id}`, team_recipient_id: team.general.id },
      team.manager.headers,
    );
  const preview = (id: number) =>
    ok(
      api<SettlementPaymentPreview>(
        'GET',
        `/settlements/${id}/payment_preview?paid_on=${team.today}`,
        undefined,
        team.manager.headers,
      ),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    team = await createFinanceTeam(t);
  });
  afterAll(() => t.close());

  it('refuses to pay an individual whose identity is incomplete, naming what is missing', async () => {
    const model = await newModel({ name: 'Anna Berg', nationality: 'SE' });
    await paidOrder(model.id, [modelFee(1_250_000)]);
    const settlement = await approved(model.id);
    expect(settlement.tax_identity_missing).toEqual(['证件类型', '证件号码', '纳税身份']);
    expect((await preview(settlement.id)).tax_identity_missing).toEqual(['证件类型', '证件号码', '纳税身份']);
    await refused(
      pay(settlement.id),
      409,
      TAX_IDENTITY_MESSAGES.incomplete('Anna Berg', ['证件类型', '证件号码', '纳税身份']),
    );

    // A passport and a residency are not enough from abroad: the stay in China too.
    await ok(
      patchModel(model.id, { id_type: 'passport', id_number: 'p1234567', tax_residency: 'non_resident' }),
    );
    const missing = ['出生日期', '首次入境日期', '预计离境日期'];
    expect(
      (await ok(api<SettlementDetail>('GET', `/settlements/${settlement.id}`))).tax_identity_missing,
    ).toEqual(missing);
    await refused(pay(settlement.id), 409, TAX_IDENTITY_MESSAGES.incomplete('Anna Berg', missing));
    const complete = await ok(
      patchModel(model.id, {
        birthday: '1999-04-02',
        first_entry_date: addDays(team.today, -20),
        expected_departure_date: addDays(team.today, 40),
      }),
    );
    expect(complete).toMatchObject({
      id_type: 'passport',
      id_number: 'P1234567',
      tax_residency: 'non_resident',
    });

    // Drafted as a resident's estimate (1,600 yuan on 10,000); paid as a non-resident: 8,000 × 10 % − 210.
    expect(settlement.tax).toBe(160_000);
    const paid = await ok(pay(settlement.id));
    expect(paid).toMatchObject({
      status: 'paid',
      tax_residency: 'non_resident',
      income: 1_000_000,
      taxable: 800_000,
      tax: 59_000,
      net: 1_000_000 - 59_000,
      tax_identity_missing: [],
    });
    expect(paid.tax).toBe(incomeTax(1_000_000, { category: 'labour', residency: 'non_resident' }).tax);
  });

  it('pays a studio without an identity: it files its own taxes', async () => {
    const model = await newModel({ name: '某工作室模特', payout_type: 'studio' });
    await paidOrder(model.id, [modelFee(100_000)]);
    const settlement = await approved(model.id);
    expect(settlement.tax_identity_missing).toEqual([]);
    expect(await ok(pay(settlement.id))).toMatchObject({ status: 'paid', tax: 0, tax_residency: null });
  });

  it('checks each document’s number, keeps a 居民身份证 holder resident, and the identity for managers', async () => {
    const model = await newModel({ name: '证件' });
    const invalid = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await patchModel(model.id, body);
      expect(res.status, res.body.message).toBe(400);
      expect(res.body.message).toBe(message);
      expect((res.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
        [field]: message,
      });
    };
    await invalid(
      { id_type: 'passport', id_number: 'AB12' },
      'id_number',
      TAX_IDENTITY_MESSAGES.idNumberInvalid.passport,
    );
    await invalid(
      { id_type: 'hk_macao_permit', id_number: 'X12345678' },
      'id_number',
      TAX_IDENTITY_MESSAGES.idNumberInvalid.hk_macao_permit,
    );
    await invalid(
      { id_type: 'resident_id_card', id_number: '110105199001011235' },
      'id_number',
      TAX_IDENTITY_MESSAGES.idNumberInvalid.resident_id_card,
    );
    await invalid(
      { id_number: uniqueIdNumber(), tax_residency: 'non_resident' },
      'tax_residency',
      TAX_IDENTITY_MESSAGES.residentIdIsResident,
    );
    await invalid(
      { first_entry_date: '2026-03-01', expected_departure_date: '2026-02-01' },
      'expected_departure_date',
      TAX_IDENTITY_MESSAGES.departureBeforeEntry,
    );
    // A number alone is a 居民身份证's, its holder a resident.
    const id = uniqueIdNumber();
    expect(await ok(patchModel(model.id, { id_number: id }))).toMatchObject({
      id_type: 'resident_id_card',
      id_number: id,
      tax_residency: 'resident',
    });
    // Changing the document checks the stored number against it.
    await invalid(
      { id_type: 'taiwan_permit' },
      'id_number',
      TAX_IDENTITY_MESSAGES.idNumberInvalid.taiwan_permit,
    );
    expect(await ok(patchModel(model.id, { id_type: 'taiwan_permit', id_number: '12345678' }))).toMatchObject(
      {
        id_type: 'taiwan_permit',
        id_number: '12345678',
      },
    );

    // Below data_management manage the identity is absent and unwritable.
    const editor = await signInMemberWith(t, team.teamId, [{ key: 'data_management', level: 'edit' }]);
    const seen = await ok(api<Model>('GET', `/models/${model.id}`, undefined, editor.headers));
    for (const field of [
      'id_type',
      'id_number',
      'tax_residency',
      'first_entry_date',
      'expected_departure_date',
    ]) {
      expect(field in seen).toBe(false);
    }
    for (const body of [{ tax_residency: 'resident' }, { id_type: 'passport' }, { first_entry_date: null }]) {
      await refused(patchModel(model.id, body, editor.headers), 403, MODEL_MESSAGES.idNumberForbidden);
    }
  });

  it('taxes a usage licence as 特许权使用费 and a day fee as 劳务报酬, by the team’s setting', async () => {
    expect(
      await ok(api<FinanceSettings>('GET', '/finance/settings', undefined, team.reader.headers)),
    ).toEqual({
      show_client_fees_to_models: false,
      income_categories: DEFAULT_INCOME_CATEGORIES,
    });
    const model = await newModel({ name: '肖像', id_number: uniqueIdNumber() });
    // 37,500 yuan each before VAT at 20 %: 30,000 yuan of income from the day and from the licence.
    const order = await paidOrder(model.id, [
      modelFee(3_750_000),
      usageFee(3_750_000, team.today, addDays(team.today, 364)),
    ]);
    const ready = (
      await ok(
        api<{ lines: { kind: string; income_category: string }[] }[]>(
          'GET',
          `/settlements/ready?model_id=${model.id}`,
        ),
      )
    )[0];
    expect(ready?.lines.map((line) => [line.kind, line.income_category])).toEqual([
      ['ModelFee', 'labour'],
      ['UsageFee', 'royalty'],
    ]);
    const settlement = await approved(model.id);
    expect(settlement.lines.map((line) => line.income_category)).toEqual(['labour', 'royalty']);
    // Two payments of one job: 劳务报酬 24,000 × 30 % − 2,000 = 5,200; 特许权使用费 24,000 × 20 % = 4,800.
    expect(settlement.jobs).toEqual([
      expect.objectContaining({
        order_id: order.id,
        income_category: 'labour',
        taxable: 2_400_000,
        tax: 520_000,
      }),
      expect.objectContaining({
        order_id: order.id,
        income_category: 'royalty',
        taxable: 2_400_000,
        tax: 480_000,
      }),
    ]);
    expect(settlement.tax).toBe(1_000_000);
    await ok(pay(settlement.id));

    // The team may tax licences as 劳务报酬: settlements drafted from then on, logged; the paid one keeps its item.
    await refused(
      api('PATCH', '/finance/settings', { income_categories: { UsageFee: 'labour' } }, team.editor.headers),
      403,
    );
    await refused(
      api('PATCH', '/finance/settings', { income_categories: { UsageFee: 'salary' } }, team.manager.headers),
      400,
    );
    await refused(api('PATCH', '/finance/settings', {}, team.manager.headers), 400);
    expect(
      await ok(
        api<FinanceSettings>(
          'PATCH',
          '/finance/settings',
          { income_categories: { UsageFee: 'labour' } },
          team.manager.headers,
        ),
      ),
    ).toEqual({
      show_client_fees_to_models: false,
      income_categories: { ModelFee: 'labour', UsageFee: 'labour' },
    });
    const logged = await t.database.db
      .select({ detail: operationLogs.detail })
      .from(operationLogs)
      .where(and(eq(operationLogs.teamId, team.teamId), eq(operationLogs.action, 'finance_settings_update')));
    expect(logged.map((entry) => entry.detail)).toEqual([
      { income_categories: [{ kind: 'UsageFee', before: 'royalty', after: 'labour' }] },
    ]);
    const other = await newModel({ name: '肖像二', id_number: uniqueIdNumber() });
    await paidOrder(other.id, [usageFee(3_750_000, team.today, addDays(team.today, 364))]);
    const later = await draft(other.id);
    expect(later.lines.map((line) => line.income_category)).toEqual(['labour']);
    expect(later.tax).toBe(520_000);
    const before = await ok(api<SettlementDetail>('GET', `/settlements/${settlement.id}`));
    expect(before.lines.map((line) => line.income_category)).toEqual(['labour', 'royalty']);
  });
});

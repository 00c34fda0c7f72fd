import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { describe, expect, it } from 'vitest';
import { orderFixture } from './order.fixtures';
import {
  editorExceedsOrderLimit,
  editorSnapshot,
  editorTotals,
  type FeeDraft,
  feeLineTotals,
  fieldMessages,
  missingForSubmit,
  modelFeeDraft,
  nextDayDraft,
  type OrderEditorValues,
  orderEditorValues,
  orderSaveBody,
  usageFeeDraft,
} from './order-editor-values';

const fee = (patch: Partial<FeeDraft>): FeeDraft => ({ ...modelFeeDraft(1), ...patch });

describe('feeLineTotals', () => {
  it('works out subtotal, tax and total per line from the fen held', () => {
    expect(feeLineTotals(fee({ amount: 150_050, quantity: 2, tax_rate: 6 }))).toEqual({
      subtotal: 300_100,
      tax: 18_006,
      total: 318_106,
    });
    // 0.1 + 0.2 in yuan is exactly 30 fen here.
    expect(feeLineTotals(fee({ amount: 10, quantity: 3, tax_rate: 0 }))?.subtotal).toBe(30);
  });

  it('takes a licence as one lump sum whatever its quantity', () => {
    expect(
      feeLineTotals({ ...usageFeeDraft('2026-03-05', '2026-03-01'), amount: 500_000, quantity: 7 }),
    ).toEqual({
      subtotal: 500_000,
      tax: 30_000,
      total: 530_000,
    });
  });

  it('has no figures while the amount or the quantity is not a valid one', () => {
    expect(feeLineTotals(fee({ amount: null }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: Number.NaN }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: -100 }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: 10_000_000_100 }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: 1_000, quantity: 1.234 }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: 1_000, quantity: 5e-9 }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: 1_000, quantity: 0 }))).toBeUndefined();
    expect(feeLineTotals(fee({ amount: 1_000, quantity: null }))).toBeUndefined();
  });
});

describe('editorTotals', () => {
  it('adds the lines per model and for the order, leaving unfinished lines out', () => {
    const { byModel, totals } = editorTotals([
      {
        model_id: 7,
        name: '刘晓阳',
        english_name: null,
        fees: [
          fee({ amount: 150_000, quantity: 2, tax_rate: 6 }),
          { ...usageFeeDraft('2026-03-05', '2026-03-01'), amount: 500_000, tax_rate: 6 },
          fee({ amount: null }),
        ],
      },
      {
        model_id: 8,
        name: '王珊',
        english_name: null,
        fees: [fee({ amount: 120_000, quantity: 2, tax_rate: 3 })],
      },
    ]);
    expect(byModel.get(7)).toEqual({
      subtotal: 800_000,
      tax: 48_000,
      total: 848_000,
      model_fees: 300_000,
      usage_fees: 500_000,
    });
    expect(byModel.get(8)?.total).toBe(247_200);
    expect(totals).toEqual({
      subtotal: 1_040_000,
      tax: 55_200,
      total: 1_095_200,
      model_fees: 540_000,
      usage_fees: 500_000,
    });
  });
});

describe('editorExceedsOrderLimit', () => {
  const model = (modelId: number, lines: number, amount: number) => ({
    model_id: modelId,
    name: `模特${modelId}`,
    english_name: null,
    fees: Array.from({ length: lines }, () => fee({ amount, quantity: 1, tax_rate: 0 })),
  });

  it('judges the order as the server does: ¥10,000,000,000 with tax at most', () => {
    const full = [1, 2, 3, 4, 5].map((id) => model(id, 20, 10_000_000_000));
    expect(editorExceedsOrderLimit(full)).toBe(false);
    expect(editorExceedsOrderLimit([...full, model(6, 1, 1)])).toBe(true);
    // A line beyond its own limit is refused on its amount, and is not counted again here.
    expect(
      editorExceedsOrderLimit([
        { ...model(1, 1, 10_000_000_000), fees: [fee({ amount: 10_000_000_000, quantity: 2 })] },
      ]),
    ).toBe(false);
  });
});

describe('orderSaveBody', () => {
  const stored = orderFixture();

  it('sends the whole draft with amounts in fen and only the fields of each line’s kind', () => {
    const values = orderEditorValues(stored);
    values.title = '  春夏女装 Lookbook（改） ';
    const body = orderSaveBody(values, stored);
    expect(body).toEqual({
      company_id: 3,
      contact_id: 5,
      brand: '青禾',
      job_type: 'lookbook',
      title: '春夏女装 Lookbook（改）',
      place: '杭州市西湖区文三路 100 号',
      notes: '请提前 30 分钟到场',
      days: [
        { date: '2026-03-05', start_time: '09:00', end_time: '18:00' },
        { date: '2026-03-06', start_time: '10:00', end_time: '16:00' },
      ],
      models: [
        {
          model_id: 7,
          fees: [
            { kind: 'ModelFee', amount: 150_000, unit: 'day', quantity: 2, tax_rate: 6, note: '' },
            {
              kind: 'UsageFee',
              amount: 500_000,
              tax_rate: 6,
              media: '电商',
              territory: '中国大陆',
              start_date: '2026-03-05',
              end_date: '2027-03-04',
              renewal: 'automatically',
              note: '',
            },
          ],
        },
        {
          model_id: 8,
          fees: [{ kind: 'ModelFee', amount: 120_000, unit: 'day', quantity: 2, tax_rate: 3, note: '' }],
        },
      ],
    });
  });

  it('sends the owner and the hold only when they changed, and no contact without a company', () => {
    const values: OrderEditorValues = {
      ...orderEditorValues(stored),
      company_id: null,
      owner_member_id: 2,
      hold_until: '2026-03-04T10:00:00.000Z',
    };
    const body = orderSaveBody(values, stored);
    expect(body).toMatchObject({
      company_id: null,
      contact_id: null,
      owner_member_id: 2,
      hold_until: '2026-03-04T10:00:00.000Z',
    });
  });

  it('sends the amount held exactly (123456 fen)', () => {
    const values = orderEditorValues(stored);
    const first = values.models[0]?.fees[0];
    if (!first) throw new Error('fixture has a fee');
    first.amount = 123_456;
    first.quantity = 1.5;
    expect(orderSaveBody(values, stored).models?.[0]?.fees[0]).toMatchObject({
      amount: 123_456,
      quantity: 1.5,
    });
  });
});

describe('missingForSubmit', () => {
  it('names what a submission lacks in the server’s words, or nothing', () => {
    expect(missingForSubmit(orderEditorValues(orderFixture()))).toBeNull();
    const empty = orderEditorValues(
      orderFixture({ company: null, contact: null, job_type: null, title: '', days: [], models: [] }),
    );
    expect(missingForSubmit(empty)).toBe(
      ORDER_MESSAGES.incomplete('客户公司、工作类型、订单标题、工作日期、模特'),
    );
  });
});

describe('fieldMessages', () => {
  it('turns the server’s dotted paths into the form’s name paths', () => {
    expect(
      fieldMessages({
        fields: {
          'models.0.fees.1.amount': ORDER_MESSAGES.amountInvalid,
          title: '*最多100个字符',
          body: 'x',
        },
      }),
    ).toEqual([
      { name: ['models', 0, 'fees', 1, 'amount'], errors: [ORDER_MESSAGES.amountInvalid] },
      { name: ['title'], errors: ['*最多100个字符'] },
    ]);
    expect(fieldMessages(null)).toEqual([]);
  });
});

describe('nextDayDraft', () => {
  it('adds the day after the latest one with its hours, or today', () => {
    expect(
      nextDayDraft(
        [
          { date: '2026-03-06', start_time: '10:00', end_time: '16:00' },
          { date: '2026-02-28', start_time: '09:00', end_time: '18:00' },
        ],
        '2026-03-01',
      ),
    ).toEqual({ date: '2026-03-07', start_time: '10:00', end_time: '16:00' });
    expect(
      nextDayDraft([{ date: '2026-02-28', start_time: '08:00', end_time: '12:00' }], '2026-03-01').date,
    ).toBe('2026-03-01');
    expect(nextDayDraft([], '2026-03-01')).toEqual({
      date: '2026-03-01',
      start_time: '09:00',
      end_time: '18:00',
    });
  });
});

describe('editorSnapshot', () => {
  it('is the same for the same content, and differs when anything changes', () => {
    const values = orderEditorValues(orderFixture());
    const reordered = JSON.parse(JSON.stringify(values)) as OrderEditorValues;
    expect(editorSnapshot(reordered)).toBe(editorSnapshot(values));
    const first = reordered.models[0]?.fees[0];
    if (first) first.amount = 150_100;
    expect(editorSnapshot(reordered)).not.toBe(editorSnapshot(values));
  });
});

describe('the payee entity in the editor', () => {
  it('starts new fee lines at the order entity’s rate, and sends the entity only when changed', () => {
    const studio = {
      id: 4,
      short_name: '星光',
      taxpayer_type: 'small_scale' as const,
      default_tax_rate: null,
    };
    const stored = orderFixture({ team_recipient_id: 4, team_recipient: studio });
    const values = orderEditorValues(stored);
    expect(values.new_fee_tax_rate).toBe(3);
    expect(modelFeeDraft(2, values.new_fee_tax_rate).tax_rate).toBe(3);
    expect(usageFeeDraft('2026-03-05', '2026-03-01', 1).tax_rate).toBe(1);
    expect(orderEditorValues(orderFixture()).new_fee_tax_rate).toBe(6);
    expect(orderSaveBody(values, stored)).not.toHaveProperty('team_recipient_id');
    const changed = { ...values, team_recipient_id: 9 };
    expect(orderSaveBody(changed, stored).team_recipient_id).toBe(9);
    expect(orderSaveBody({ ...values, team_recipient_id: null }, stored).team_recipient_id).toBeNull();
    expect(editorSnapshot(changed)).not.toBe(editorSnapshot(values));
  });
});

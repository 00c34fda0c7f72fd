/** Test data of the order feature: orders, fee lines and list rows as the API answers them. */
import { lineTotals, sumTotals } from '@trackit/contract/money';
import type {
  FeeLine,
  Order,
  OrderAbilities,
  OrderListItem,
  OrderModel,
} from '@trackit/contract/order.schema';

/** A 费用 line: `amount` fen per day × `quantity`, its figures from the contract. */
export const modelFeeFixture = (
  id: number,
  amount: number,
  quantity = 1,
  taxRate: FeeLine['tax_rate'] = 6,
): FeeLine => ({
  id,
  kind: 'ModelFee',
  amount,
  unit: 'day',
  quantity,
  tax_rate: taxRate,
  note: '',
  media: null,
  territory: null,
  start_date: null,
  end_date: null,
  renewal: null,
  payment_status: 'unpaid',
  ...lineTotals({ kind: 'ModelFee', amount, quantity, tax_rate: taxRate }),
});

/** A 肖像授权 line for a year of e-commerce use in mainland China. */
export const usageFeeFixture = (id: number, amount: number, taxRate: FeeLine['tax_rate'] = 6): FeeLine => ({
  id,
  kind: 'UsageFee',
  amount,
  unit: null,
  quantity: null,
  tax_rate: taxRate,
  note: '',
  media: '电商',
  territory: '中国大陆',
  start_date: '2026-03-05',
  end_date: '2027-03-04',
  renewal: 'automatically',
  payment_status: 'unpaid',
  ...lineTotals({ kind: 'UsageFee', amount, tax_rate: taxRate }),
});

export const orderModelFixture = (modelId: number, name: string, fees: FeeLine[] = []): OrderModel => ({
  model_id: modelId,
  name,
  english_name: null,
  cover_thumb_url: null,
  fees,
  totals: sumTotals(fees),
});

export const NO_ABILITIES: OrderAbilities = {
  edit: false,
  submit: false,
  approve: false,
  confirm: false,
  cancel: false,
  bill: false,
  attach: false,
  export: false,
};

/** What the owner of a draft may do. */
export const DRAFT_ABILITIES: OrderAbilities = {
  ...NO_ABILITIES,
  edit: true,
  submit: true,
  cancel: true,
  attach: true,
  export: true,
};

/** A draft with two days and two models, one with both kinds of fee; `overrides` changes what a test is about. */
export const orderFixture = (overrides: Partial<Order> = {}): Order => {
  const models = overrides.models ?? [
    orderModelFixture(7, '刘晓阳', [modelFeeFixture(1, 150_000, 2), usageFeeFixture(2, 500_000)]),
    orderModelFixture(8, '王珊', [modelFeeFixture(3, 120_000, 2, 3)]),
  ];
  return {
    id: 31,
    number: 'XC20260305001',
    status: 'draft',
    approval_status: null,
    company: { id: 3, name: '杭州青禾服饰有限公司' },
    contact: { id: 5, name: '陈静' },
    brand: '青禾',
    job_type: 'lookbook',
    title: '春夏女装 Lookbook',
    first_date: '2026-03-05',
    last_date: '2026-03-06',
    owner: { id: 1, nickname: '林晓' },
    fees_visible: true,
    totals: sumTotals(models.flatMap((model) => model.fees)),
    created_at: '2026-03-01T02:00:00Z',
    updated_at: '2026-03-01T02:00:00Z',
    place: '杭州市西湖区文三路 100 号',
    notes: '请提前 30 分钟到场',
    days: [
      { date: '2026-03-05', start_time: '09:00', end_time: '18:00' },
      { date: '2026-03-06', start_time: '10:00', end_time: '16:00' },
    ],
    models,
    hold_until: null,
    cancel_reason: null,
    team_recipient_id: null,
    team_recipient: null,
    renewal_of: null,
    attachments: [],
    approvals: [],
    entries: [],
    can: DRAFT_ABILITIES,
    submitted_at: null,
    confirmed_at: null,
    billed_at: null,
    cancelled_at: null,
    payment_state: null,
    ...overrides,
  };
};

/** A row of the order list. */
export const orderListItemFixture = (id: number, overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id,
  number: `XC20260305${String(id).padStart(3, '0')}`,
  status: 'completed',
  approval_status: 'passed',
  company: { id: 3, name: '杭州青禾服饰有限公司' },
  contact: { id: 5, name: '陈静' },
  brand: '青禾',
  job_type: 'lookbook',
  title: `订单 ${id}`,
  first_date: '2026-03-05',
  last_date: '2026-03-06',
  owner: { id: 1, nickname: '林晓' },
  fees_visible: true,
  totals: sumTotals([{ kind: 'ModelFee', amount: 150_000, quantity: 2, tax_rate: 6 }]),
  created_at: '2026-03-01T02:00:00Z',
  updated_at: '2026-03-01T02:00:00Z',
  day_count: 2,
  models: [
    { model_id: 7, name: '刘晓阳' },
    { model_id: 8, name: '王珊' },
    { model_id: 9, name: '李想' },
  ],
  ...overrides,
});

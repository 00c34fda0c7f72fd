/**
 * Finance's operation-log actions (docs/product.md "Invoice and payment"), part of the catalogue
 * (./operation-catalogue.ts): invoices and their red-letter corrections, receipts and their allocations,
 * fee statements, and models' settlements.
 */
import { z } from 'zod';
import { FEE_KIND_LABELS, feeKindSchema } from './enums';
import {
  INVOICE_TYPE_LABELS,
  invoiceTypeSchema,
  REVERSAL_SCOPE_LABELS,
  reversalScopeSchema,
} from './finance-enums';
import { formatYuan } from './money';
import { action, changeOf } from './operation-action';
import { formatRate } from './rates';
import { INCOME_CATEGORY_LABELS, incomeCategorySchema } from './settlement-enums';

const onOff = (on: boolean) => (on ? '开启' : '关闭');

export const FINANCE_OPERATIONS = {
  // Invoices: `name` is the buyer (购方名称), `number` the tax platform's number once issued.
  invoice_request: action({
    label: '申请开票',
    inTeamLog: true,
    target: 'invoice',
    detail: z.object({
      name: z.string(),
      type: invoiceTypeSchema,
      total: z.number().int(),
      lines: z.number().int(),
    }),
    sentence: ({ name, type, total, lines }) =>
      `申请为「${name}」开具${INVOICE_TYPE_LABELS[type]}，价税合计 ${formatYuan(total)}（${lines} 条费用）`,
  }),
  invoice_issue: action({
    label: '登记开票',
    inTeamLog: true,
    target: 'invoice',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      issued_on: z.string(),
      /** Direct payments of its lines moved onto it (docs/product.md "Payments received"); absent: none. */
      moved: z.number().int().optional(),
    }),
    sentence: ({ name, number, issued_on, moved }) =>
      `登记了「${name}」的发票 ${number}（开票日期 ${issued_on}）${
        moved ? `，开票前直接核销到费用的 ${formatYuan(moved)} 转入该发票` : ''
      }`,
  }),
  invoice_reverse: action({
    label: '申请发票红冲',
    inTeamLog: true,
    target: 'invoice',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      amount: z.number().int(),
      reason: z.string(),
      /** 全额红冲 / 部分红冲 and the lines chosen (issue 35); absent on corrections asked before. */
      scope: reversalScopeSchema.optional(),
      lines: z.number().int().optional(),
    }),
    sentence: ({ name, number, amount, reason, scope, lines }) =>
      `申请${scope ? REVERSAL_SCOPE_LABELS[scope] : '红冲'}「${name}」的发票 ${number}${
        lines ? `（${lines} 行）` : ''
      }，金额 ${formatYuan(amount)}：${reason}`,
  }),
  invoice_correction_issue: action({
    label: '登记红字发票',
    inTeamLog: true,
    target: 'invoice',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      red_number: z.string(),
      confirmation_number: z.string(),
      amount: z.number().int(),
    }),
    sentence: ({ name, number, red_number, confirmation_number, amount }) =>
      `登记了「${name}」的发票 ${number} 的红字发票 ${red_number}，金额 -${formatYuan(amount)}（确认单 ${confirmation_number}）`,
  }),
  invoice_correction_approve: action({
    label: '审批发票红冲',
    inTeamLog: true,
    target: 'invoice',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      amount: z.number().int(),
      result: z.enum(['passed', 'rejected']),
      comment: z.string(),
    }),
    sentence: ({ name, number, amount, result, comment }) =>
      `${result === 'passed' ? '同意' : '拒绝'}了「${name}」的发票 ${number} 红冲 ${formatYuan(amount)}${comment ? `：${comment}` : ''}`,
  }),
  // Receipts (收款): `name` is the payer (付款方), `target` what an allocation paid (an invoice number or
  // buyer, or an order number).
  receipt_create: action({
    label: '登记收款',
    inTeamLog: true,
    target: 'receipt',
    detail: z.object({ name: z.string(), amount: z.number().int(), received_on: z.string() }),
    sentence: ({ name, amount, received_on }) =>
      `登记了「${name}」${received_on} 的收款 ${formatYuan(amount)}`,
  }),
  receipt_allocate: action({
    label: '核销收款',
    inTeamLog: true,
    target: 'receipt',
    detail: z.object({
      name: z.string(),
      amount: z.number().int(),
      targets: z.array(z.object({ target: z.string(), amount: z.number().int() })),
    }),
    sentence: ({ name, amount, targets }) =>
      `把「${name}」的收款核销 ${formatYuan(amount)}：${targets.map((t) => `${t.target} ${formatYuan(t.amount)}`).join('、')}`,
  }),
  allocation_undo: action({
    label: '撤销核销',
    inTeamLog: true,
    target: 'receipt',
    detail: z.object({ name: z.string(), amount: z.number().int(), target: z.string() }),
    sentence: ({ name, amount, target }) =>
      `撤销了「${name}」的收款对 ${target} 的核销 ${formatYuan(amount)}`,
  }),
  receipt_void: action({
    label: '作废收款',
    inTeamLog: true,
    target: 'receipt',
    detail: z.object({ name: z.string(), amount: z.number().int(), reason: z.string() }),
    sentence: ({ name, amount, reason }) => `作废了「${name}」的收款 ${formatYuan(amount)}：${reason}`,
  }),
  // Fee statements (对账单): `name` is the client company, `what` the order number or the period; the entry
  // concerns the client company, whose page lists its statements.
  fee_statement_share: action({
    label: '分享对账单',
    inTeamLog: true,
    target: 'company',
    detail: z.object({ name: z.string(), what: z.string() }),
    sentence: ({ name, what }) => `分享了「${name}」的对账单（${what}）`,
  }),
  fee_statement_revoke: action({
    label: '撤销对账单分享',
    inTeamLog: true,
    target: 'company',
    detail: z.object({ name: z.string(), what: z.string() }),
    sentence: ({ name, what }) => `撤销了「${name}」的对账单（${what}）的分享链接`,
  }),
  // A client's query on a statement answered: `reply` as sent (empty when only resolved), `resolved` when closed.
  fee_statement_query_answer: action({
    label: '回复对账单疑问',
    inTeamLog: true,
    target: 'company',
    detail: z.object({ name: z.string(), what: z.string(), reply: z.string(), resolved: z.boolean() }),
    sentence: ({ name, what, reply, resolved }) =>
      `${reply ? `回复了「${name}」对对账单（${what}）的疑问：${reply}` : `处理了「${name}」对对账单（${what}）的疑问`}${resolved ? '，标记为已解决' : ''}`,
  }),
  // Model settlements (结算单): `name` is the model, `number` the settlement's.
  settlement_create: action({
    label: '生成结算单',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      net: z.number().int(),
      lines: z.number().int(),
      advance: z.boolean(),
    }),
    sentence: ({ name, number, net, lines, advance }) =>
      `为「${name}」生成了结算单 ${number}，实付 ${formatYuan(net)}（${lines} 条费用${advance ? '，含客户付款前预付' : ''}）`,
  }),
  settlement_submit: action({
    label: '提交结算单审批',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({ name: z.string(), number: z.string(), net: z.number().int() }),
    sentence: ({ name, number, net }) => `提交了「${name}」的结算单 ${number} 审批，实付 ${formatYuan(net)}`,
  }),
  settlement_approve: action({
    label: '审批结算单',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      result: z.enum(['passed', 'rejected']),
      comment: z.string(),
    }),
    sentence: ({ name, number, result, comment }) =>
      `${result === 'passed' ? '同意' : '驳回'}了「${name}」的结算单 ${number}${comment ? `：${comment}` : ''}`,
  }),
  settlement_pay: action({
    label: '登记结算单付款',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      net: z.number().int(),
      paid_on: z.string(),
      payer: z.string(),
      /** The tax withheld, worked out for the month paid (absent on entries before issue 34). */
      tax: z.number().int().optional(),
    }),
    sentence: ({ name, number, net, paid_on, payer, tax }) =>
      `登记了「${name}」的结算单 ${number} 付款 ${formatYuan(net)}（${paid_on}，${payer}）${tax ? `，代扣个税 ${formatYuan(tax)}` : ''}`,
  }),
  settlement_correct: action({
    label: '冲正结算单',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({
      name: z.string(),
      number: z.string(),
      corrected: z.string(),
      net: z.number().int(),
      reason: z.string(),
    }),
    sentence: ({ name, number, corrected, net, reason }) =>
      `为「${name}」的结算单 ${corrected} 生成了冲正结算单 ${number}，实付 ${formatYuan(net)}：${reason}`,
  }),
  settlement_share: action({
    label: '分享结算单',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({ name: z.string(), number: z.string() }),
    sentence: ({ name, number }) => `把结算单 ${number} 分享给了「${name}」`,
  }),
  settlement_share_revoke: action({
    label: '撤销结算单分享',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({ name: z.string(), number: z.string() }),
    sentence: ({ name, number }) => `撤销了「${name}」的结算单 ${number} 的分享链接`,
  }),
  // The team's finance settings (GET/PATCH /v1/finance/settings).
  finance_settings_update: action({
    label: '修改财务设置',
    inTeamLog: true,
    target: null,
    detail: z.object({
      show_client_fees_to_models: changeOf(z.boolean()).optional(),
      /** Each fee kind whose income item (所得项目) changed. */
      income_categories: z
        .array(z.object({ kind: feeKindSchema, ...changeOf(incomeCategorySchema).shape }))
        .optional(),
    }),
    sentence: ({ show_client_fees_to_models, income_categories }) =>
      [
        show_client_fees_to_models
          ? `${onOff(show_client_fees_to_models.after)}了「向模特显示客户费用」`
          : null,
        ...(income_categories ?? []).map(
          ({ kind, after }) => `将「${FEE_KIND_LABELS[kind]}」的所得项目改为${INCOME_CATEGORY_LABELS[after]}`,
        ),
      ]
        .filter(Boolean)
        .join('，'),
    changes: ({ show_client_fees_to_models, income_categories }) => [
      ...(show_client_fees_to_models
        ? [
            {
              field: '向模特显示客户费用',
              before: onOff(show_client_fees_to_models.before),
              after: onOff(show_client_fees_to_models.after),
            },
          ]
        : []),
      ...(income_categories ?? []).map(({ kind, before, after }) => ({
        field: `${FEE_KIND_LABELS[kind]}的所得项目`,
        before: INCOME_CATEGORY_LABELS[before],
        after: INCOME_CATEGORY_LABELS[after],
      })),
    ],
  }),
  /** A fee line's commission rate set by hand before it is settled; `after` null: the override removed. */
  settlement_rate_override: action({
    label: '调整费用佣金比例',
    inTeamLog: true,
    target: 'model',
    detail: z.object({
      name: z.string(),
      order: z.string(),
      before: z.number().int().nullable(),
      after: z.number().int().nullable(),
      reason: z.string(),
    }),
    sentence: ({ name, order, before, after, reason }) =>
      after === null
        ? `取消了「${name}」在订单 ${order} 的费用佣金比例调整${before === null ? '' : `（原 ${formatRate(before)}）`}`
        : `将「${name}」在订单 ${order} 的费用佣金比例调整为 ${formatRate(after)}${before === null ? '' : `（原 ${formatRate(before)}）`}：${reason}`,
  }),
  settlement_delete: action({
    label: '删除结算单',
    inTeamLog: true,
    target: 'settlement',
    detail: z.object({ name: z.string(), number: z.string() }),
    sentence: ({ name, number }) => `删除了「${name}」的结算单 ${number}`,
    linked: false,
  }),
} as const;

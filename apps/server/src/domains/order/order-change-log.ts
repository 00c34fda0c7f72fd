/**
 * What an order's change writes in its history (operation-log/change-log.ts): the draft's fields, its
 * models and their fee lines, with the label and display of each.
 */
import { JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import type { OrderDay } from '@trackit/contract/order.schema';
import { ORDER_REQUIRED_LABELS } from '@trackit/contract/order-messages';
import { type ChangeLogField, shown } from '../operation-log/change-log';
import type { FeeLineRecord, FeeLineValues, OrderRecord } from './order.repository';
import { feeSignature } from './order-input';

/** An order as its log compares it: its columns, and its models with their fee lines (kept in other tables). */
export type LoggedOrder = Pick<
  OrderRecord,
  | 'ownerMembershipId'
  | 'companyId'
  | 'contactId'
  | 'teamRecipientId'
  | 'title'
  | 'brand'
  | 'jobType'
  | 'place'
  | 'notes'
  | 'days'
  | 'holdUntil'
> & {
  models: { modelId: number; name: string }[];
  fees: LoggedFees;
};

/** The fee lines of an order's models: what tells a change (every figure), and what the log shows. */
export interface LoggedFees {
  signature: string;
  text: string;
}

/** Fee lines as the log shows them: their kinds per model, never the amounts (the log is the team's). */
export function loggedFees(
  models: { modelId: number; name: string; fees: (FeeLineValues | FeeLineRecord)[] }[],
): LoggedFees {
  return {
    signature: models
      .map((model) => `${model.modelId}:${model.fees.map(feeSignature).join('\n')}`)
      .join('\n\n'),
    text:
      models
        .map((model) => {
          const modelFees = model.fees.filter((fee) => fee.kind === 'ModelFee').length;
          const usageFees = model.fees.length - modelFees;
          return `${model.name}：费用×${modelFees}、肖像授权×${usageFees}`;
        })
        .join('；') || MESSAGES.empty,
  };
}

/** Field by field: jsonb gives the stored days' keys back in an order of its own. */
export const sameDays = (a: OrderDay[], b: OrderDay[]) =>
  a.length === b.length &&
  a.every((day, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      day.date === other.date &&
      day.start_time === other.start_time &&
      day.end_time === other.end_time
    );
  });

const sameModels = (a: LoggedOrder['models'], b: LoggedOrder['models']) =>
  a.map((model) => model.modelId).join() === b.map((model) => model.modelId).join();

/** The fields a draft's PATCH may change, in the order its history lists them. */
export const ORDER_CHANGE_LOG: ChangeLogField<LoggedOrder>[] = [
  { field: 'ownerMembershipId', label: '负责人', show: shown.member },
  { field: 'companyId', label: ORDER_REQUIRED_LABELS.company_id, show: shown.company },
  { field: 'contactId', label: '联系人', show: shown.contact },
  { field: 'teamRecipientId', label: '收款主体', show: shown.teamRecipient },
  { field: 'title', label: ORDER_REQUIRED_LABELS.title },
  { field: 'brand', label: '品牌' },
  { field: 'jobType', label: ORDER_REQUIRED_LABELS.job_type, show: shown.label(JOB_TYPE_LABELS) },
  { field: 'place', label: '地点' },
  { field: 'notes', label: '备注' },
  {
    field: 'days',
    label: ORDER_REQUIRED_LABELS.days,
    show: (days) => days.map((day) => `${day.date} ${day.start_time}-${day.end_time}`).join('、'),
    same: sameDays,
  },
  { field: 'holdUntil', label: '保留期限', show: shown.time },
  {
    field: 'models',
    label: ORDER_REQUIRED_LABELS.models,
    show: (models) => models.map((model) => model.name).join('、'),
    same: sameModels,
  },
  {
    field: 'fees',
    label: '费用',
    show: (fees) => fees.text,
    same: (a, b) => a.signature === b.signature,
    // A fee's amount changed: the kinds per model read the same, the log says it changed.
    markSameLooking: true,
  },
];

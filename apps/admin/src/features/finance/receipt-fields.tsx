import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import {
  RECEIPT_LIMITS,
  type ReceiptCreateInput,
  receiptCreateSchema,
} from '@trackit/contract/receipt.schema';
import { DatePicker, Flex, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { MoneyInput } from '../../components/money/money-input';
import { schemaRule } from '../../components/schema-rule';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';

/** The receipt's fields as a form holds them. */
export interface ReceiptFieldValues {
  received_on: Dayjs;
  amount: number | null;
  payer_name: string;
  reference?: string;
  team_recipient_id: number;
  notes?: string;
}

/** The form's values as POST /v1/receipts takes them. */
export const receiptCreateBody = (values: ReceiptFieldValues): ReceiptCreateInput => ({
  received_on: values.received_on.format(DATE_FORMATS.date),
  amount: values.amount ?? 0,
  payer_name: values.payer_name,
  reference: values.reference ?? '',
  team_recipient_id: values.team_recipient_id,
  notes: values.notes ?? '',
});

/**
 * 登记收款's fields, inside the caller's form (财务详情's drawer, the receipts page's): the date (not after
 * today), the amount, the payer, 流水号, the receiving entity (the team's active ones, plus `entity` when it
 * is not among them) and notes.
 */
export function ReceiptFields({
  disabled = false,
  entity,
}: {
  disabled?: boolean;
  /** An entity to offer even when it is not active (the order's). */
  entity?: { id: number; short_name: string } | null | undefined;
}) {
  const entities = useQuery(teamRecipientOptionsQuery);
  const today = businessDate(new Date());
  const entityOptions = (entities.data?.data ?? []).map((option) => ({
    value: option.id,
    label: option.short_name,
  }));
  if (entity && !entityOptions.some((option) => option.value === entity.id))
    entityOptions.unshift({ value: entity.id, label: entity.short_name });
  return (
    <>
      <Flex gap={16}>
        <Form.Item
          name="received_on"
          label="收款日期"
          style={{ flex: 1 }}
          rules={[{ required: true, message: '*请选择收款日期' }]}
        >
          <DatePicker
            style={{ width: '100%' }}
            disabled={disabled}
            disabledDate={(value) => value.format(DATE_FORMATS.date) > today}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="收款金额"
          style={{ flex: 1 }}
          rules={[schemaRule(receiptCreateSchema.shape.amount)]}
        >
          <MoneyInput
            style={{ width: '100%' }}
            max={MAX_AMOUNT_FEN}
            disabled={disabled}
            data-testid="receipt-amount"
          />
        </Form.Item>
      </Flex>
      <Form.Item name="payer_name" label="付款方" rules={[schemaRule(receiptCreateSchema.shape.payer_name)]}>
        <Input maxLength={RECEIPT_LIMITS.payerName} disabled={disabled} />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="reference" label="流水号" style={{ flex: 1 }}>
          <Input maxLength={RECEIPT_LIMITS.reference} disabled={disabled} />
        </Form.Item>
        <Form.Item
          name="team_recipient_id"
          label="收款主体"
          style={{ flex: 1 }}
          rules={[{ required: true, message: '*请选择收款主体' }]}
        >
          <Select options={entityOptions} loading={entities.isLoading} disabled={disabled} />
        </Form.Item>
      </Flex>
      <Form.Item name="notes" label="备注">
        <Input.TextArea rows={2} maxLength={RECEIPT_LIMITS.notes} showCount disabled={disabled} />
      </Form.Item>
    </>
  );
}

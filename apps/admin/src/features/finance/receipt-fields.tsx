import { useQuery } from '@tanstack/react-query';
import { PAYER_MATCH_REASON_LABELS } from '@trackit/contract/bank-statement.schema';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MAX_AMOUNT_FEN } from '@trackit/contract/money';
import {
  RECEIPT_LIMITS,
  type ReceiptCreateInput,
  receiptCreateSchema,
} from '@trackit/contract/receipt.schema';
import { Button, DatePicker, Flex, Form, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDeferredValue, useState } from 'react';
import { MoneyInput } from '../../components/money/money-input';
import { schemaRule } from '../../components/schema-rule';
import { CompanySelect } from '../company/company-select';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import { payerCompaniesQuery } from './receipts.queries';

/** The receipt's fields as a form holds them. */
export interface ReceiptFieldValues {
  received_on: Dayjs;
  amount: number | null;
  payer_name: string;
  reference?: string;
  team_recipient_id: number;
  company_id?: number | null;
  notes?: string;
}

/** The form's values as POST /v1/receipts takes them. */
export const receiptCreateBody = (values: ReceiptFieldValues): ReceiptCreateInput => ({
  received_on: values.received_on.format(DATE_FORMATS.date),
  amount: values.amount ?? 0,
  payer_name: values.payer_name,
  reference: values.reference ?? '',
  team_recipient_id: values.team_recipient_id,
  company_id: values.company_id ?? null,
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
  company,
}: {
  disabled?: boolean;
  /** An entity to offer even when it is not active (the order's). */
  entity?: { id: number; short_name: string } | null | undefined;
  /** The client company chosen already (the order's), shown before any search. */
  company?: { id: number; name: string } | null | undefined;
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
      <Form.Item
        name="payer_name"
        label="付款方"
        extra="按银行回单填写付款方户名"
        rules={[schemaRule(receiptCreateSchema.shape.payer_name)]}
      >
        <Input maxLength={RECEIPT_LIMITS.payerName} disabled={disabled} data-testid="receipt-payer" />
      </Form.Item>
      <ClientCompanyField disabled={disabled} company={company} />
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

/**
 * 客户公司 of the receipt (docs/product.md "Receipts belong to a client"): picked, or taken from the
 * companies the payer's name suggests (shown while none is chosen, or another is); empty for money from no
 * client company.
 */
function ClientCompanyField({
  disabled,
  company,
}: {
  disabled: boolean;
  company: { id: number; name: string } | null | undefined;
}) {
  const form = Form.useFormInstance<ReceiptFieldValues>();
  const payer = useDeferredValue((Form.useWatch('payer_name', form) ?? '').trim());
  const chosen = Form.useWatch('company_id', form);
  const suggested = useQuery(payerCompaniesQuery(payer));
  // The name of a company taken from a suggestion, so the select shows it before any search.
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(company ?? null);
  const offers = (suggested.data ?? []).filter((option) => option.id !== chosen);
  return (
    <Form.Item label="客户公司" style={{ marginBottom: 16 }}>
      <Form.Item name="company_id" noStyle>
        <CompanySelect current={picked} testId="receipt-company" />
      </Form.Item>
      {offers.length > 0 && !disabled ? (
        <Space size={4} wrap style={{ marginTop: 6 }} data-testid="receipt-company-suggestions">
          <Typography.Text type="secondary">按付款方建议：</Typography.Text>
          {offers.slice(0, 3).map((option) => (
            <Button
              key={option.id}
              size="small"
              onClick={() => {
                setPicked({ id: option.id, name: option.name });
                form.setFieldValue('company_id', option.id);
              }}
            >
              {option.name}（{PAYER_MATCH_REASON_LABELS[option.reason]}）
            </Button>
          ))}
        </Space>
      ) : null}
    </Form.Item>
  );
}

import {
  COMPANY_LIMITS,
  type Company,
  type CompanyCreate,
  companyCreateSchema,
} from '@trackit/contract/company.schema';
import {
  COMPANY_INDUSTRIES,
  COMPANY_INDUSTRY_LABELS,
  COMPANY_TIER_LABELS,
  COMPANY_TIERS,
} from '@trackit/contract/enums';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { emptyToNull, optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { MemberSelect } from '../organization/member-select';

const shape = companyCreateSchema.shape;

const INDUSTRY_OPTIONS = COMPANY_INDUSTRIES.map((value) => ({
  value,
  label: COMPANY_INDUSTRY_LABELS[value],
}));
const TIER_OPTIONS = COMPANY_TIERS.map((value) => ({ value, label: COMPANY_TIER_LABELS[value] }));

/** What the form holds: texts as typed, choices and numbers as picked (null when cleared). */
export interface CompanyFormValues {
  name: string;
  short_name?: string;
  credit_code?: string;
  industry?: Company['industry'];
  tier: Company['tier'];
  invoice_title?: string;
  invoice_address?: string;
  bank_name?: string;
  bank_account?: string;
  payment_terms_days?: number | null;
  owner_member_id?: number | null;
  notes?: string;
}

/** A member as the owner picker names them. */
type OwnerRef = NonNullable<Company['owner']>;

/**
 * The form's values of a stored company (edit), or of a new one (create), owned by `defaultOwner` (the
 * member creating it) unless they pick someone else.
 */
export const companyFormValues = (company?: Company, defaultOwner?: OwnerRef): CompanyFormValues =>
  company
    ? {
        name: company.name,
        short_name: company.short_name ?? '',
        credit_code: company.credit_code ?? '',
        industry: company.industry,
        tier: company.tier,
        invoice_title: company.invoice_title ?? '',
        invoice_address: company.invoice_address ?? '',
        bank_name: company.bank_name ?? '',
        bank_account: company.bank_account ?? '',
        payment_terms_days: company.payment_terms_days,
        owner_member_id: company.owner?.id ?? null,
        notes: company.notes ?? '',
      }
    : { name: '', tier: 'regular', ...(defaultOwner ? { owner_member_id: defaultOwner.id } : {}) };

/**
 * The request body of the form's values, parsed by the contract schema (trimmed, code upper-cased, empties
 * null). An owner never set is left out, so the server makes the creator the owner; a cleared one is null.
 */
export const companyBody = ({ owner_member_id, ...values }: CompanyFormValues): CompanyCreate =>
  companyCreateSchema.parse({
    ...emptyToNull(values),
    name: values.name,
    tier: values.tier,
    ...(owner_member_id === undefined ? {} : { owner_member_id }),
  });

export interface CompanyFormProps {
  company?: Company;
  /** Who owns a new company unless another member is picked: the member creating it. */
  defaultOwner?: OwnerRef;
  submitting: boolean;
  submitText: string;
  onSubmit: (values: CompanyCreate) => void;
  onCancel?: () => void;
}

/** One form for creating and editing a company, checked with the schema the server uses. */
export function CompanyForm({
  company,
  defaultOwner,
  submitting,
  submitText,
  onSubmit,
  onCancel,
}: CompanyFormProps) {
  return (
    <RecordForm<CompanyFormValues>
      layout="vertical"
      initialValues={companyFormValues(company, defaultOwner)}
      onFinish={(values) => onSubmit(companyBody(values))}
      data-testid="company-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="公司名称" required rules={[schemaRule(shape.name)]}>
            <Input
              placeholder="营业执照上的全称"
              count={textCount(50)}
              autoComplete="off"
              data-testid="company-name-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="short_name" label="简称" rules={[optionalRule(shape.short_name)]}>
            <Input
              count={textCount(COMPANY_LIMITS.shortName)}
              autoComplete="off"
              data-testid="company-short-name-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="credit_code"
            label="统一社会信用代码"
            rules={[optionalRule(shape.credit_code)]}
            validateTrigger="onBlur"
          >
            <Input
              placeholder="18 位，如 91350100M000100Y43"
              autoComplete="off"
              data-testid="company-credit-code-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="industry" label="行业">
            <Select
              allowClear
              options={INDUSTRY_OPTIONS}
              placeholder="请选择"
              data-testid="company-industry-select"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="tier" label="客户等级" required>
            <Select options={TIER_OPTIONS} data-testid="company-tier-select" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="invoice_title" label="发票抬头" rules={[optionalRule(shape.invoice_title)]}>
            <Input count={textCount(COMPANY_LIMITS.invoiceTitle, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="invoice_address" label="开票地址" rules={[optionalRule(shape.invoice_address)]}>
            <Input count={textCount(COMPANY_LIMITS.invoiceAddress, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bank_name" label="开户银行" rules={[optionalRule(shape.bank_name)]}>
            <Input count={textCount(COMPANY_LIMITS.bankName, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="bank_account" label="银行账号" rules={[optionalRule(shape.bank_account)]}>
            <Input autoComplete="off" data-testid="company-bank-account-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="payment_terms_days"
            label="账期（天）"
            rules={[optionalRule(shape.payment_terms_days)]}
          >
            <InputNumber
              min={0}
              max={COMPANY_LIMITS.paymentTermsDays}
              precision={0}
              style={{ width: '100%' }}
              data-testid="company-payment-terms-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="owner_member_id" label="负责人">
            <MemberSelect
              current={company?.owner}
              placeholder="选择负责该客户的成员"
              testId="company-owner-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="notes" label="备注" rules={[optionalRule(shape.notes)]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={textCount(COMPANY_LIMITS.notes)} />
          </Form.Item>
        </Col>
      </Row>
      <Flex gap={12} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="company-submit">
          {submitText}
        </Button>
      </Flex>
    </RecordForm>
  );
}

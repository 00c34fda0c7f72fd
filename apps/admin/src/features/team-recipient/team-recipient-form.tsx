import { BANK_LIMITS, BANK_MESSAGES } from '@trackit/contract/banks';
import { formatTaxRate } from '@trackit/contract/money';
import { formatAccountNumber } from '@trackit/contract/patterns';
import { PENDING_CHANGE_HINTS } from '@trackit/contract/pending-change.schema';
import {
  defaultFeeTaxRate,
  TAXPAYER_TYPE_LABELS,
  TAXPAYER_TYPES,
  TEAM_RECIPIENT_LIMITS,
  TEAM_RECIPIENT_STATUS_LABELS,
  TEAM_RECIPIENT_STATUSES,
  type TeamRecipient,
  type TeamRecipientCreate,
  type TeamRecipientUpdate,
  teamRecipientCreateSchema,
  teamRecipientUpdateSchema,
} from '@trackit/contract/team-recipient.schema';
import type { FormInstance } from 'antd';
import { Alert, Col, Form, type FormRule, Input, Radio, Row, Switch } from 'antd';
import { BankSelect } from '../../components/bank-select';
import { TaxRateSelect } from '../../components/money/tax-rate-select';
import { optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';

const shape = teamRecipientCreateSchema.shape;

const TAXPAYER_OPTIONS = TAXPAYER_TYPES.map((value) => ({ value, label: TAXPAYER_TYPE_LABELS[value] }));
const STATUS_OPTIONS = TEAM_RECIPIENT_STATUSES.map((value) => ({
  value,
  label: TEAM_RECIPIENT_STATUS_LABELS[value],
}));

/** What the form holds: texts as typed, choices as picked (a cleared default rate is null: by type). */
export interface TeamRecipientFormValues {
  name: string;
  short_name: string;
  credit_code: string;
  taxpayer_type: TeamRecipient['taxpayer_type'];
  address?: string;
  phone?: string;
  bank?: TeamRecipient['bank'];
  /** The name of a bank outside the list (`other`). */
  bank_name?: string;
  branch: string;
  account_number: string;
  default_tax_rate?: TeamRecipient['default_tax_rate'];
  is_default: boolean;
  status: TeamRecipient['status'];
}

export const teamRecipientFormValues = (entity?: TeamRecipient): TeamRecipientFormValues =>
  entity
    ? {
        name: entity.name,
        short_name: entity.short_name,
        credit_code: entity.credit_code,
        taxpayer_type: entity.taxpayer_type,
        address: entity.address,
        phone: entity.phone,
        bank: entity.bank,
        bank_name: entity.bank_name ?? '',
        branch: entity.branch,
        account_number: formatAccountNumber(entity.account_number),
        default_tax_rate: entity.default_tax_rate,
        is_default: entity.is_default,
        status: entity.status,
      }
    : {
        name: '',
        short_name: '',
        credit_code: '',
        taxpayer_type: 'general',
        branch: '',
        account_number: '',
        default_tax_rate: null,
        is_default: false,
        status: 'active',
      };

/** A listed bank's name is its label: a name typed for 其他银行 before another bank was chosen goes. */
const bankNameOf = (values: Pick<TeamRecipientFormValues, 'bank' | 'bank_name'>) =>
  values.bank === 'other' ? values.bank_name?.trim() || null : null;

/** The body of a new entity: parsed by the contract schema (trimmed, code upper-cased, digits only). */
export const teamRecipientCreateBody = (
  { status: _status, ...values }: TeamRecipientFormValues,
  manage: boolean,
): TeamRecipientCreate =>
  teamRecipientCreateSchema.parse({
    ...values,
    bank_name: bankNameOf(values),
    default_tax_rate: values.default_tax_rate ?? null,
    ...(manage ? {} : { is_default: undefined }),
  });

/** The body of a change: the bank fields and the default only for who may change them (manage). */
export const teamRecipientUpdateBody = (
  { bank, bank_name, branch, account_number, is_default, ...values }: TeamRecipientFormValues,
  manage: boolean,
): TeamRecipientUpdate =>
  teamRecipientUpdateSchema.parse({
    ...values,
    default_tax_rate: values.default_tax_rate ?? null,
    ...(manage
      ? { bank, bank_name: bankNameOf({ bank, bank_name }), branch, account_number, is_default }
      : {}),
  });

/** Another bank (其他银行) is named, as the server checks. */
const bankNameRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    if (getFieldValue('bank') === 'other' && !value?.trim()) throw new Error(BANK_MESSAGES.nameMissing);
  },
});

export interface TeamRecipientFormProps {
  form: FormInstance<TeamRecipientFormValues>;
  entity?: TeamRecipient;
  /** `team_recipient` manage: bank details and the default can be changed (and set on a new entity). */
  manage: boolean;
  /** The team's 银行账户修改需复核: a change of the account waits for a second member. */
  bankReview?: boolean;
  onFinish: (values: TeamRecipientFormValues) => void;
}

/**
 * One form for creating and editing a payee entity, checked with the schemas the server uses. Bank,
 * branch, account number and the default are disabled below manage once the entity exists; a new entity
 * gets its account from whoever creates it, but only a manager makes it the default.
 */
export function TeamRecipientForm({ form, entity, manage, bankReview, onFinish }: TeamRecipientFormProps) {
  const bankLocked = entity !== undefined && !manage;
  const otherBank = Form.useWatch('bank', form) === 'other';
  const taxpayerType = Form.useWatch('taxpayer_type', form) ?? entity?.taxpayer_type ?? 'general';
  const byType = formatTaxRate(defaultFeeTaxRate({ taxpayer_type: taxpayerType, default_tax_rate: null }));
  return (
    <RecordForm<TeamRecipientFormValues>
      form={form}
      layout="vertical"
      initialValues={teamRecipientFormValues(entity)}
      onFinish={onFinish}
      data-testid="team-recipient-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={16}>
          <Form.Item name="name" label="企业名称" required rules={[schemaRule(shape.name)]}>
            <Input
              placeholder="营业执照上的全称，开票与收款均用此名称"
              count={textCount(TEAM_RECIPIENT_LIMITS.name, false)}
              autoComplete="off"
              data-testid="team-recipient-name-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="short_name" label="简称" required rules={[schemaRule(shape.short_name)]}>
            <Input
              count={textCount(TEAM_RECIPIENT_LIMITS.shortName)}
              autoComplete="off"
              data-testid="team-recipient-short-name-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="credit_code"
            label="统一社会信用代码"
            required
            rules={[schemaRule(shape.credit_code)]}
            validateTrigger="onBlur"
          >
            <Input placeholder="18 位" autoComplete="off" data-testid="team-recipient-credit-code-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="taxpayer_type" label="纳税人类型" required>
            <Radio.Group options={TAXPAYER_OPTIONS} optionType="button" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="address" label="注册地址" rules={[optionalRule(shape.address)]}>
            <Input count={textCount(TEAM_RECIPIENT_LIMITS.address, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="phone" label="电话" rules={[optionalRule(shape.phone)]}>
            <Input placeholder="如 021-6288 1234" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {bankLocked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="开户银行、支行、账号和默认主体只有收款主体的管理权限可以修改"
          data-testid="team-recipient-bank-locked"
        />
      )}
      {entity && manage && bankReview && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={PENDING_CHANGE_HINTS.entityAccountReviewed}
          data-testid="team-recipient-bank-review"
        />
      )}
      <Row gutter={24}>
        <Col xs={24} md={8}>
          <Form.Item name="bank" label="开户银行" required rules={[schemaRule(shape.bank)]}>
            <BankSelect allowClear={false} disabled={bankLocked} data-testid="team-recipient-bank-select" />
          </Form.Item>
        </Col>
        {otherBank && (
          <Col xs={24} md={8}>
            <Form.Item
              name="bank_name"
              label="银行名称"
              required
              dependencies={['bank']}
              rules={[bankNameRule, optionalRule(shape.bank_name)]}
            >
              <Input
                placeholder="如：上海银行、北京农商银行"
                count={textCount(BANK_LIMITS.name, false)}
                autoComplete="off"
                disabled={bankLocked}
                data-testid="team-recipient-bank-name-input"
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={otherBank ? 8 : 16}>
          <Form.Item name="branch" label="开户支行" required rules={[schemaRule(shape.branch)]}>
            <Input
              placeholder="如 上海静安支行"
              count={textCount(TEAM_RECIPIENT_LIMITS.branch, false)}
              autoComplete="off"
              disabled={bankLocked}
              data-testid="team-recipient-branch-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="account_number"
            label="银行账号"
            required
            rules={[schemaRule(shape.account_number)]}
            validateTrigger="onBlur"
          >
            <Input
              placeholder="8-30 位数字，可用空格分组"
              autoComplete="off"
              disabled={bankLocked}
              data-testid="team-recipient-account-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="default_tax_rate"
            label="服务费默认税率"
            tooltip="订单中新增费用行时的默认税率"
            extra={`不选则按纳税人类型：${byType}`}
          >
            <TaxRateSelect allowClear placeholder={byType} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="is_default" label="默认收款主体" valuePropName="checked">
            <Switch disabled={!manage} data-testid="team-recipient-default-switch" />
          </Form.Item>
        </Col>
        {entity && (
          <Col xs={12} md={8}>
            <Form.Item name="status" label="状态">
              <Radio.Group options={STATUS_OPTIONS} optionType="button" data-testid="team-recipient-status" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </RecordForm>
  );
}

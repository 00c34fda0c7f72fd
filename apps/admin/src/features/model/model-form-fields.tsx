/**
 * The sections of the model form that stand on their own: measurements, contact and ID, social accounts,
 * payout details.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { BANK_LIMITS, BANK_MESSAGES } from '@trackit/contract/banks';
import { LETTERS } from '@trackit/contract/constants';
import { SIZE_LABELS, SIZES } from '@trackit/contract/enums';
import {
  MODEL_FIELD_LABELS as LABELS,
  MODEL_LIMITS,
  MODEL_MESSAGES,
  MODEL_PAYOUT_REQUIRED_FIELDS,
  MODEL_PAYOUT_TYPE_LABELS,
  MODEL_PAYOUT_TYPES,
  MODEL_TEXT_LIMITS,
  modelCreateSchema,
  socialAccountSchema,
} from '@trackit/contract/model.schema';
import { toOptions } from '@trackit/contract/options';
import { PENDING_CHANGE_HINTS } from '@trackit/contract/pending-change.schema';
import {
  ID_TYPE_LABELS,
  ID_TYPES,
  type IdType,
  idNumberIssue,
  isMainlandIdType,
  TAX_IDENTITY_MESSAGES,
  TAX_RESIDENCIES,
  TAX_RESIDENCY_LABELS,
} from '@trackit/contract/tax-identity';
import {
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { BankSelect } from '../../components/bank-select';
import { optionalRule } from '../../components/optional-rule';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { useCan } from '../../layouts/use-permission-level';
import { approvalSettingsQuery } from '../approval/approval.queries';
import styles from './model-form.module.css';

const shape = modelCreateSchema.shape;
const socialShape = socialAccountSchema.shape;

const SIZE_OPTIONS = toOptions(SIZES, SIZE_LABELS);
const PAYOUT_TYPE_OPTIONS = toOptions(MODEL_PAYOUT_TYPES, MODEL_PAYOUT_TYPE_LABELS);
const CUP_OPTIONS = LETTERS.map((letter) => ({ value: letter, label: letter }));
const ID_TYPE_OPTIONS = toOptions(ID_TYPES, ID_TYPE_LABELS);
const RESIDENCY_OPTIONS = toOptions(TAX_RESIDENCIES, TAX_RESIDENCY_LABELS);

/** The number right for the chosen document (a number without one is a 居民身份证's, as the server reads it). */
const idNumberRule = (type: IdType | null | undefined): FormRule => ({
  validator: async (_, value: string | undefined) => {
    const number = value?.trim();
    if (!number) return;
    const issue = idNumberIssue(type ?? 'resident_id_card', number);
    if (issue) throw new Error(issue);
  },
});

/**
 * 证件与纳税身份 (manage only): the document and its number checked per type, the residency (a 居民身份证
 * holder is a resident), and for a document from outside the mainland the first entry and the expected
 * departure, which the withholding return asks with the nationality and birth date.
 */
function TaxIdentityFields() {
  const form = Form.useFormInstance();
  const type = Form.useWatch<IdType | null | undefined>('id_type', form);
  const abroad = Boolean(type && !isMainlandIdType(type));
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item name="id_type" label={LABELS.id_type} extra="敏感信息，仅管理权限可见">
          <Select
            allowClear
            placeholder="请选择证件类型"
            options={ID_TYPE_OPTIONS}
            onChange={(next: IdType | undefined) => {
              if (next === 'resident_id_card') form.setFieldValue('tax_residency', 'resident');
              if (form.getFieldValue('id_number')) void form.validateFields(['id_number']);
            }}
            data-testid="model-id-type-input"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="id_number"
          label={LABELS.id_number}
          rules={[optionalRule(shape.id_number), idNumberRule(type)]}
          validateTrigger="onBlur"
        >
          <Input
            placeholder={type ? `${ID_TYPE_LABELS[type]}号码` : '18 位身份证号'}
            maxLength={20}
            autoComplete="off"
            data-testid="model-id-number-input"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="tax_residency"
          label={LABELS.tax_residency}
          extra={
            type === 'resident_id_card'
              ? '持居民身份证的个人为居民个人'
              : '境内有住所或一年内居住满183天为居民个人'
          }
        >
          <Radio.Group
            options={RESIDENCY_OPTIONS}
            disabled={type === 'resident_id_card'}
            data-testid="model-tax-residency-input"
          />
        </Form.Item>
      </Col>
      {abroad && (
        <>
          <Col xs={24} md={8}>
            <Form.Item name="first_entry_date" label={LABELS.first_entry_date}>
              <DatePicker style={{ width: '100%' }} data-testid="model-first-entry-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="expected_departure_date"
              label={LABELS.expected_departure_date}
              dependencies={['first_entry_date']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, value) => {
                    const entry = getFieldValue('first_entry_date');
                    if (value && entry && value.isBefore(entry, 'day')) {
                      throw new Error(TAX_IDENTITY_MESSAGES.departureBeforeEntry);
                    }
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} data-testid="model-expected-departure-input" />
            </Form.Item>
          </Col>
        </>
      )}
    </>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <Typography.Title level={5} style={{ marginBottom: 16 }}>
        {title}
      </Typography.Title>
      <Row gutter={24}>{children}</Row>
    </section>
  );
}

/** A whole-number measurement with its unit, checked by the contract's range. */
function MeasureItem({
  name,
  unit,
  testId,
}: {
  name: 'height' | 'weight' | 'bust' | 'waist' | 'hips' | 'shoe_size';
  unit: string;
  testId: string;
}) {
  return (
    <Col xs={12} md={8} xl={4}>
      <Form.Item name={name} label={LABELS[name]} rules={[optionalRule(shape[name])]}>
        <InputNumber precision={0} suffix={unit} style={{ width: '100%' }} data-testid={testId} />
      </Form.Item>
    </Col>
  );
}

/** 身材数据: the measurements, the clothing size and the cup. */
export function MeasurementsSection() {
  return (
    <Section title="身材数据">
      <MeasureItem name="height" unit="cm" testId="model-height-input" />
      <MeasureItem name="weight" unit="kg" testId="model-weight-input" />
      <MeasureItem name="bust" unit="cm" testId="model-bust-input" />
      <MeasureItem name="waist" unit="cm" testId="model-waist-input" />
      <MeasureItem name="hips" unit="cm" testId="model-hips-input" />
      <MeasureItem name="shoe_size" unit="码" testId="model-shoe-input" />
      <Col xs={12} md={8} xl={4}>
        <Form.Item name="clothing_size" label={LABELS.clothing_size}>
          <Select allowClear placeholder="请选择" options={SIZE_OPTIONS} data-testid="model-size-input" />
        </Form.Item>
      </Col>
      <Col xs={12} md={8} xl={4}>
        <Form.Item name="cup" label={LABELS.cup}>
          <Select
            allowClear
            showSearch
            placeholder="A-Z"
            options={CUP_OPTIONS}
            data-testid="model-cup-input"
          />
        </Form.Item>
      </Col>
    </Section>
  );
}

/** 联系与证件: mobile and WeChat; the tax identity (证件与纳税身份) at manage level only. */
export function ContactSection({ canManage }: { canManage: boolean }) {
  return (
    <Section title="联系与证件">
      <Col xs={24} md={8}>
        <Form.Item
          name="mobile"
          label={LABELS.mobile}
          rules={[optionalRule(shape.mobile)]}
          validateTrigger="onBlur"
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="off" data-testid="model-mobile-input" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="wechat" label={LABELS.wechat} rules={[optionalRule(shape.wechat)]}>
          <Input count={textCount(50, false)} autoComplete="off" />
        </Form.Item>
      </Col>
      {canManage && <TaxIdentityFields />}
    </Section>
  );
}

/** 社交账号: up to MODEL_LIMITS.socials platform, handle and followers rows. */
export function SocialAccountsField() {
  return (
    <section className={styles.section}>
      <Typography.Title level={5} style={{ marginBottom: 16 }}>
        社交账号
      </Typography.Title>
      <Form.List name="socials">
        {(fields, { add, remove }) => (
          <Flex vertical gap={0}>
            {fields.map((field) => (
              <Row gutter={16} key={field.key} align="top" data-testid="model-social-row">
                <Col xs={8} md={6}>
                  <Form.Item
                    name={[field.name, 'platform']}
                    rules={[schemaRule(socialShape.platform)]}
                    messageVariables={{ label: '平台' }}
                    aria-label="平台"
                  >
                    <Input placeholder="平台，如 小红书" count={textCount(20, false)} />
                  </Form.Item>
                </Col>
                <Col xs={8} md={8}>
                  <Form.Item
                    name={[field.name, 'handle']}
                    rules={[schemaRule(socialShape.handle)]}
                    messageVariables={{ label: '账号' }}
                  >
                    <Input placeholder="账号" count={textCount(50, false)} />
                  </Form.Item>
                </Col>
                <Col xs={6} md={6}>
                  <Form.Item name={[field.name, 'followers']} rules={[optionalRule(socialShape.followers)]}>
                    <InputNumber placeholder="粉丝数" min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={2} md={2}>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label="删除账号"
                  />
                </Col>
              </Row>
            ))}
            {fields.length < MODEL_LIMITS.socials && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ platform: '', handle: '', followers: null })}
                className={styles.addSocial}
                data-testid="model-add-social"
              >
                添加社交账号
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </section>
  );
}

/** Whether the member sees and writes a model's payout account: data_management or accounting at manage. */
export function useCanPayout(): boolean {
  const manageModels = useCan('data_management', 'manage');
  const manageFinance = useCan('accounting', 'manage');
  return manageModels || manageFinance;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The account's three fields go together: one left empty while another is filled is the server's 400. */
const payoutTogetherRule =
  (field: (typeof MODEL_PAYOUT_REQUIRED_FIELDS)[number]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const others = MODEL_PAYOUT_REQUIRED_FIELDS.filter((other) => other !== field);
      if (blank(value) && others.some((other) => !blank(getFieldValue(other))))
        throw new Error(MODEL_MESSAGES.payoutIncomplete);
    },
  });

/** Another bank (其他银行) is named, with its branch, as the server checks. */
const otherBankRule =
  (message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (getFieldValue('payout_bank') === 'other' && blank(value)) throw new Error(message);
    },
  });

/** What the payout section says under the account: who sees it, and what a change does. */
function payoutHint(editing: boolean, review: boolean | undefined): string {
  return `${PENDING_CHANGE_HINTS.payoutSight}${
    editing && review ? PENDING_CHANGE_HINTS.accountReviewed : PENDING_CHANGE_HINTS.accountNotified(!editing)
  }`;
}

/**
 * 结算信息: how the model is paid (个人 or 工作室) and, for those who may see it (data_management or
 * accounting manage), the account: 开户名, 开户银行 (searchable; 其他银行 with its name), 开户支行, 银行账号.
 * On an existing model it says whether a change waits for a second member (the team's setting).
 */
export function PayoutSection({ canPayout, editing = false }: { canPayout: boolean; editing?: boolean }) {
  const settings = useQuery({ ...approvalSettingsQuery, enabled: canPayout && editing });
  const dependencies = (field: (typeof MODEL_PAYOUT_REQUIRED_FIELDS)[number]) =>
    MODEL_PAYOUT_REQUIRED_FIELDS.filter((other) => other !== field);
  const otherBank = Form.useWatch('payout_bank', Form.useFormInstance()) === 'other';
  return (
    <Section title="结算信息">
      <Col xs={24} md={canPayout ? 12 : 24} xl={canPayout ? 6 : 24}>
        <Form.Item
          name="payout_type"
          label={LABELS.payout_type}
          required
          extra={
            canPayout ? undefined : (
              <span data-testid="model-payout-hidden">
                收款账户（开户名、开户银行、银行账号）仅信息管理或财务的管理权限可见和修改
              </span>
            )
          }
        >
          <Radio.Group
            options={PAYOUT_TYPE_OPTIONS}
            optionType="button"
            data-testid="model-payout-type-input"
          />
        </Form.Item>
      </Col>
      {canPayout && (
        <>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="payout_account_name"
              label={LABELS.payout_account_name}
              dependencies={dependencies('payout_account_name')}
              rules={[optionalRule(shape.payout_account_name), payoutTogetherRule('payout_account_name')]}
            >
              <Input
                placeholder="个人姓名或工作室名称"
                count={textCount(MODEL_TEXT_LIMITS.payout_account_name, false)}
                autoComplete="off"
                data-testid="model-payout-name-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="payout_bank"
              label={LABELS.payout_bank}
              dependencies={dependencies('payout_bank')}
              rules={[payoutTogetherRule('payout_bank')]}
            >
              <BankSelect data-testid="model-payout-bank-input" />
            </Form.Item>
          </Col>
          {otherBank && (
            <Col xs={24} md={12} xl={6}>
              <Form.Item
                name="payout_bank_name"
                label={LABELS.payout_bank_name}
                required
                dependencies={['payout_bank']}
                rules={[otherBankRule(BANK_MESSAGES.nameMissing), optionalRule(shape.payout_bank_name)]}
              >
                <Input
                  placeholder="如：上海银行、北京农商银行"
                  count={textCount(BANK_LIMITS.name, false)}
                  autoComplete="off"
                  data-testid="model-payout-bank-name-input"
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="payout_bank_branch"
              label={LABELS.payout_bank_branch}
              required={otherBank}
              dependencies={['payout_bank']}
              rules={[otherBankRule(BANK_MESSAGES.branchMissing), optionalRule(shape.payout_bank_branch)]}
            >
              <Input
                placeholder="如：上海静安支行"
                count={textCount(BANK_LIMITS.branch, false)}
                autoComplete="off"
                data-testid="model-payout-branch-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="payout_account_number"
              label={LABELS.payout_account_number}
              dependencies={dependencies('payout_account_number')}
              rules={[optionalRule(shape.payout_account_number), payoutTogetherRule('payout_account_number')]}
              validateTrigger="onBlur"
            >
              <Input
                placeholder="8-30 位数字，可用空格分组"
                autoComplete="off"
                inputMode="numeric"
                data-testid="model-payout-account-input"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Typography.Paragraph type="secondary" className={styles.hint} data-testid="model-payout-hint">
              {payoutHint(editing, settings.data?.bank_change_review)}
            </Typography.Paragraph>
          </Col>
        </>
      )}
    </Section>
  );
}

/**
 * Under 合约与佣金 of an existing model: what a change of the terms does for this member (below accounting
 * manage it waits for approval, or takes effect and finance is told, as the team decides).
 */
export function TermsHint() {
  const direct = useCan('accounting', 'manage');
  const settings = useQuery({ ...approvalSettingsQuery, enabled: !direct });
  if (direct || !settings.data) return null;
  return (
    <Col xs={24}>
      <Typography.Paragraph type="secondary" className={styles.hint} data-testid="model-terms-hint">
        {settings.data.commission_change_control === 'approval'
          ? PENDING_CHANGE_HINTS.termsToApproval
          : PENDING_CHANGE_HINTS.termsToNotify}
      </Typography.Paragraph>
    </Col>
  );
}

import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { GENDER_LABELS, GENDERS, MODEL_STATUS_LABELS, MODEL_STATUSES } from '@trackit/contract/enums';
import {
  MODEL_FIELD_LABELS as LABELS,
  MODEL_LIMITS,
  MODEL_MESSAGES,
  MODEL_TEXT_LIMITS,
  MOTHER_AGENCY_BASES,
  MOTHER_AGENCY_BASIS_LABELS,
  type Model,
  type ModelCreate,
  modelCreateSchema,
} from '@trackit/contract/model.schema';
import { recordToOptions, toOptions } from '@trackit/contract/options';
import { Button, Col, DatePicker, Flex, Form, type FormRule, Input, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type DuplicateMatch, DuplicateWarning, useDuplicateCheck } from '../../components/duplicate-warning';
import { RateInput, rateRule } from '../../components/money/rate-input';
import { optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { MemberSelect } from '../organization/member-select';
import { findModelNamesakes } from './model.queries';
import {
  ContactSection,
  MeasurementsSection,
  PayoutSection,
  Section,
  SocialAccountsField,
  TermsHint,
} from './model-form-fields';
import {
  type ManagerRef,
  type ModelFormValues,
  modelBody,
  modelFormValues,
  statusOptions,
} from './model-form-values';

const shape = modelCreateSchema.shape;

const GENDER_OPTIONS = toOptions(GENDERS, GENDER_LABELS);
const BASIS_OPTIONS = toOptions(MOTHER_AGENCY_BASES, MOTHER_AGENCY_BASIS_LABELS);

const filled = (value: unknown) => value !== null && value !== undefined && value !== '';

/** The mother agency's share: a rate with how it is reckoned, and a mother agency (as the server checks). */
const motherAgencyRateRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: number | null | undefined) => {
    if (!filled(value) && filled(getFieldValue('mother_agency_basis')))
      throw new Error(MODEL_MESSAGES.motherAgencyRateMissing);
  },
});
const motherAgencyBasisRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    if (!filled(value) && filled(getFieldValue('mother_agency_rate')))
      throw new Error(MODEL_MESSAGES.motherAgencyBasisMissing);
  },
});
const motherAgencyRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: string | undefined) => {
    if (!value?.trim() && filled(getFieldValue('mother_agency_rate')))
      throw new Error(MODEL_MESSAGES.motherAgencyMissing);
  },
});

const birthdayRule: FormRule = {
  validator: async (_rule, value: Dayjs | null | undefined) => {
    if (value?.isAfter(dayjs(), 'day')) throw new Error(MODEL_MESSAGES.birthdayInFuture);
  },
};

const contractEndRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: Dayjs | null | undefined) => {
    const start = getFieldValue('contract_start') as Dayjs | null | undefined;
    if (value && start && value.isBefore(start, 'day'))
      throw new Error(MODEL_MESSAGES.contractEndBeforeStart);
  },
});

/** The team's models a new one may duplicate (same name, same birthday), as the warning lists them. */
async function namesakes(body: ModelCreate): Promise<DuplicateMatch[]> {
  if (!body.birthday) return [];
  const found = await findModelNamesakes({ name: body.name, birthday: body.birthday });
  return found.map((model) => ({
    id: model.id,
    name: model.name,
    details: [
      model.english_name,
      GENDER_LABELS[model.gender],
      model.birthday,
      MODEL_STATUS_LABELS[model.status],
      model.manager_nickname && `经纪人 ${model.manager_nickname}`,
    ].filter((detail): detail is string => Boolean(detail)),
    href: ADMIN_PATHS.model(model.id),
  }));
}

export interface ModelFormProps {
  model?: Model;
  /** Who looks after a new model unless another member is picked: the member creating it. */
  defaultManager?: ManagerRef;
  /** Manage level: the national ID and 已解约 are offered. */
  canManage: boolean;
  /** data_management or accounting manage: the payout account is offered. */
  canPayout?: boolean;
  countries?: Readonly<Record<string, string>>;
  submitting: boolean;
  submitText: string;
  onSubmit: (values: ModelCreate) => void;
  onCancel?: () => void;
}

/**
 * One form for creating and editing a model, in sections, each field checked with the schema the server
 * uses.
 */
export function ModelForm({
  model,
  defaultManager,
  canManage,
  canPayout = false,
  countries,
  submitting,
  submitText,
  onSubmit,
  onCancel,
}: ModelFormProps) {
  const lockedStatus = !canManage && model?.status === 'left';
  const countryOptions = countries ? recordToOptions(countries) : [];
  // A new model is checked against the team's namesakes born the same day first (a warning, not a refusal).
  const duplicates = useDuplicateCheck<ModelCreate>({
    find: (body) => (model || !body.birthday ? null : namesakes(body)),
    create: onSubmit,
  });
  return (
    <RecordForm<ModelFormValues>
      layout="vertical"
      initialValues={modelFormValues(model, defaultManager)}
      onFinish={(values) => duplicates.submit(modelBody(values, canManage, canPayout))}
      onValuesChange={duplicates.clear}
      scrollToFirstError
      data-testid="model-form"
    >
      <Section title="基本信息">
        <Col xs={24} md={8}>
          <Form.Item name="name" label={LABELS.name} required rules={[schemaRule(shape.name)]}>
            <Input
              placeholder="中文姓名"
              count={textCount(50)}
              autoComplete="off"
              data-testid="model-name-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="english_name"
            label={LABELS.english_name}
            rules={[optionalRule(shape.english_name)]}
          >
            <Input placeholder="英文名或艺名" count={textCount(50, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gender" label={LABELS.gender} required>
            <Radio.Group options={GENDER_OPTIONS} optionType="button" data-testid="model-gender-input" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="birthday" label={LABELS.birthday} rules={[birthdayRule]}>
            <DatePicker
              style={{ width: '100%' }}
              disabledDate={(value) => value.isAfter(dayjs(), 'day')}
              data-testid="model-birthday-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="nationality" label={LABELS.nationality} rules={[optionalRule(shape.nationality)]}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="请选择"
              options={countryOptions}
              data-testid="model-nationality-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="city" label={LABELS.city} rules={[optionalRule(shape.city)]}>
            <Input
              placeholder="常驻城市"
              count={textCount(50, false)}
              autoComplete="off"
              data-testid="model-city-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="status"
            label={LABELS.status}
            required
            extra={lockedStatus ? '已解约的模特只有管理权限可以恢复合作' : undefined}
          >
            <Select
              options={
                lockedStatus ? toOptions(MODEL_STATUSES, MODEL_STATUS_LABELS) : statusOptions(canManage)
              }
              disabled={lockedStatus}
              data-testid="model-status-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="tags" label={LABELS.tags} rules={[optionalRule(shape.tags)]}>
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              placeholder={`风格标签，回车添加，最多${MODEL_LIMITS.tags}个`}
              tokenSeparators={[',', '，']}
              data-testid="model-tags-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="hair_color" label={LABELS.hair_color} rules={[optionalRule(shape.hair_color)]}>
            <Input count={textCount(20, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="eye_color" label={LABELS.eye_color} rules={[optionalRule(shape.eye_color)]}>
            <Input count={textCount(20, false)} autoComplete="off" />
          </Form.Item>
        </Col>
      </Section>

      <MeasurementsSection />

      <ContactSection canManage={canManage} />

      <SocialAccountsField />

      <Section title="合约与佣金">
        <Col xs={24} md={8}>
          <Form.Item name="manager_member_id" label={LABELS.manager_member_id}>
            <MemberSelect
              current={
                model
                  ? model.manager_member_id && model.manager_nickname
                    ? { id: model.manager_member_id, nickname: model.manager_nickname }
                    : null
                  : (defaultManager ?? null)
              }
              placeholder="选择负责的经纪人"
              testId="model-manager-input"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="commission_rate" label={LABELS.commission_rate} rules={[rateRule]}>
            <RateInput data-testid="model-commission-input" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="contract_start" label={LABELS.contract_start}>
            <DatePicker style={{ width: '100%' }} data-testid="model-contract-start-input" />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item
            name="contract_end"
            label={LABELS.contract_end}
            dependencies={['contract_start']}
            rules={[contractEndRule]}
          >
            <DatePicker style={{ width: '100%' }} data-testid="model-contract-end-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="mother_agency"
            label={LABELS.mother_agency}
            dependencies={['mother_agency_rate']}
            rules={[optionalRule(shape.mother_agency), motherAgencyRule]}
          >
            <Input
              count={textCount(MODEL_TEXT_LIMITS.mother_agency, false)}
              autoComplete="off"
              data-testid="model-mother-agency-input"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="mother_agency_rate"
            label={LABELS.mother_agency_rate}
            dependencies={['mother_agency_basis']}
            rules={[rateRule, motherAgencyRateRule]}
          >
            <RateInput data-testid="model-mother-agency-rate-input" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="mother_agency_basis"
            label={LABELS.mother_agency_basis}
            dependencies={['mother_agency_rate']}
            rules={[motherAgencyBasisRule]}
          >
            <Select
              allowClear
              placeholder="请选择"
              options={BASIS_OPTIONS}
              data-testid="model-mother-agency-basis-input"
            />
          </Form.Item>
        </Col>
        {model && <TermsHint />}
      </Section>

      <PayoutSection canPayout={canPayout} editing={model !== undefined} />

      <Section title="备注">
        <Col xs={24}>
          <Form.Item name="notes" rules={[optionalRule(shape.notes)]} aria-label={LABELS.notes}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} count={textCount(MODEL_LIMITS.notes)} />
          </Form.Item>
        </Col>
      </Section>

      {duplicates.matches && (
        <DuplicateWarning
          title={MODEL_MESSAGES.namesakeWarning}
          matches={duplicates.matches}
          busy={submitting}
          onConfirm={duplicates.confirm}
          testId="model-duplicates"
        />
      )}
      <Flex gap={12} justify="flex-end">
        {onCancel && <Button onClick={onCancel}>取消</Button>}
        <Button
          type="primary"
          htmlType="submit"
          loading={submitting || duplicates.checking}
          data-testid="model-submit"
        >
          {submitText}
        </Button>
      </Flex>
    </RecordForm>
  );
}

import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@trackit/client/format';
import { ADMIN_PATHS } from '@trackit/contract/admin-paths';
import { DATE_FORMATS, LETTERS, type Letter } from '@trackit/contract/constants';
import {
  GENDER_LABELS,
  GENDERS,
  type Gender,
  MODEL_STATUS_LABELS,
  MODEL_STATUSES,
  type ModelStatus,
  SIZE_LABELS,
  SIZES,
  type Size,
} from '@trackit/contract/enums';
import {
  MODEL_FIELD_LABELS as LABELS,
  MODEL_LIMITS,
  MODEL_MESSAGES,
  type Model,
  type ModelCreate,
  modelCreateSchema,
  socialAccountSchema,
} from '@trackit/contract/model.schema';
import { type Option, recordToOptions, toOptions } from '@trackit/contract/options';
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
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { type DuplicateMatch, DuplicateWarning, useDuplicateCheck } from '../../components/duplicate-warning';
import { emptyToNull, optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { MemberSelect } from '../organization/member-select';
import { findModelNamesakes } from './model.queries';
import styles from './model-form.module.css';

const shape = modelCreateSchema.shape;
const socialShape = socialAccountSchema.shape;

const GENDER_OPTIONS = toOptions(GENDERS, GENDER_LABELS);
const SIZE_OPTIONS = toOptions(SIZES, SIZE_LABELS);
const CUP_OPTIONS = LETTERS.map((letter) => ({ value: letter, label: letter }));

export const COMMISSION_MESSAGE = '*请输入0-100之间的数字，最多两位小数';

/** What the form holds: texts as typed, dates as picked, the commission in percent. */
export interface ModelFormValues {
  name: string;
  english_name?: string;
  gender: Gender;
  birthday?: Dayjs | null;
  nationality?: string | null;
  city?: string;
  status: ModelStatus;
  tags?: string[];
  hair_color?: string;
  eye_color?: string;
  height?: number | null;
  weight?: number | null;
  bust?: number | null;
  waist?: number | null;
  hips?: number | null;
  shoe_size?: number | null;
  clothing_size?: Size | null;
  cup?: Letter | null;
  mobile?: string;
  wechat?: string;
  id_number?: string;
  socials?: { platform?: string; handle?: string; followers?: number | null }[];
  manager_member_id?: number | null;
  mother_agency?: string;
  /** Percent (20 = 20 %); the API takes basis points. */
  commission_percent?: number | null;
  contract_start?: Dayjs | null;
  contract_end?: Dayjs | null;
  notes?: string;
}

const day = (value: string | null | undefined) => (value ? dayjs(value) : null);

/** A member as the manager picker names them. */
type ManagerRef = { id: number; nickname: string };

/**
 * The form's values of a stored model (edit), or of a new one (create), looked after by `defaultManager`
 * (the member creating it) unless they pick someone else, as a new company is owned by its creator.
 */
export const modelFormValues = (model?: Model, defaultManager?: ManagerRef): ModelFormValues =>
  model
    ? {
        name: model.name,
        english_name: model.english_name ?? '',
        gender: model.gender,
        birthday: day(model.birthday),
        nationality: model.nationality,
        city: model.city ?? '',
        status: model.status,
        tags: model.tags,
        hair_color: model.hair_color ?? '',
        eye_color: model.eye_color ?? '',
        height: model.height,
        weight: model.weight,
        bust: model.bust,
        waist: model.waist,
        hips: model.hips,
        shoe_size: model.shoe_size,
        clothing_size: model.clothing_size,
        cup: model.cup,
        mobile: model.mobile ?? '',
        wechat: model.wechat ?? '',
        id_number: model.id_number ?? '',
        socials: model.socials.map((social) => ({ ...social })),
        manager_member_id: model.manager_member_id,
        mother_agency: model.mother_agency ?? '',
        commission_percent: model.commission_rate === null ? null : model.commission_rate / 100,
        contract_start: day(model.contract_start),
        contract_end: day(model.contract_end),
        notes: model.notes ?? '',
      }
    : {
        name: '',
        gender: 'female',
        status: 'active',
        tags: [],
        socials: [],
        ...(defaultManager ? { manager_member_id: defaultManager.id } : {}),
      };

const dateText = (value: Dayjs | null | undefined) => (value ? formatDate(value, DATE_FORMATS.date) : null);

/**
 * The request body of the form's values, parsed by the contract schema (trimmed, empties null, the ID's
 * x upper-cased). Without manage level the national ID is left out altogether: the server refuses a
 * request that so much as mentions it.
 */
export const modelBody = (values: ModelFormValues, canManage: boolean): ModelCreate => {
  const {
    commission_percent,
    birthday,
    contract_start,
    contract_end,
    id_number,
    socials,
    tags,
    manager_member_id,
    ...rest
  } = values;
  return modelCreateSchema.parse({
    ...emptyToNull(rest),
    // Never set: left out, so the server makes the creator the manager; cleared: null (nobody).
    ...(manager_member_id === undefined ? {} : { manager_member_id }),
    name: values.name,
    birthday: dateText(birthday),
    contract_start: dateText(contract_start),
    contract_end: dateText(contract_end),
    commission_rate:
      commission_percent === null || commission_percent === undefined
        ? null
        : Math.round(commission_percent * 100),
    tags: (tags ?? []).map((tag) => tag.trim()).filter(Boolean),
    socials: (socials ?? []).map((social) => ({
      platform: social.platform ?? '',
      handle: social.handle ?? '',
      followers: social.followers ?? null,
    })),
    ...(canManage ? { id_number: id_number?.trim() ? id_number : null } : {}),
  });
};

/** The statuses a member may pick: 已解约 only at manage (archiving and restoring are manage's). */
export const statusOptions = (canManage: boolean): Option<ModelStatus>[] =>
  toOptions(MODEL_STATUSES, MODEL_STATUS_LABELS).filter((option) => canManage || option.value !== 'left');

const commissionRule: FormRule = {
  validator: async (_rule, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (value < 0 || value > 100 || Math.round(value * 100) !== value * 100)
      throw new Error(COMMISSION_MESSAGE);
  },
};

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

function Section({ title, children }: { title: string; children: ReactNode }) {
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
      onFinish={(values) => duplicates.submit(modelBody(values, canManage))}
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
        {canManage && (
          <Col xs={24} md={8}>
            <Form.Item
              name="id_number"
              label={LABELS.id_number}
              rules={[optionalRule(shape.id_number)]}
              validateTrigger="onBlur"
              extra="敏感信息，仅管理权限可见"
            >
              <Input
                placeholder="18 位身份证号"
                maxLength={18}
                autoComplete="off"
                data-testid="model-id-number-input"
              />
            </Form.Item>
          </Col>
        )}
      </Section>

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
                      aria-label="平台"
                    >
                      <Input placeholder="平台，如 小红书" count={textCount(20, false)} />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={8}>
                    <Form.Item name={[field.name, 'handle']} rules={[schemaRule(socialShape.handle)]}>
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
          <Form.Item
            name="mother_agency"
            label={LABELS.mother_agency}
            rules={[optionalRule(shape.mother_agency)]}
          >
            <Input count={textCount(100, false)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="commission_percent" label={LABELS.commission_rate} rules={[commissionRule]}>
            <InputNumber
              min={0}
              max={100}
              precision={2}
              suffix="%"
              style={{ width: '100%' }}
              data-testid="model-commission-input"
            />
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
      </Section>

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

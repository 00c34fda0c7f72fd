import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import {
  FEE_KIND_LABELS,
  FEE_KINDS,
  MODEL_TRIP_KIND_LABELS,
  RENEWAL_OPTION_LABELS,
  RENEWAL_OPTIONS,
} from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { isFenAmount, isValidQuantity, lineExceedsLimit, MAX_FEE_QUANTITY } from '@trackit/contract/money';
import { toOptions } from '@trackit/contract/options';
import {
  FEE_UNIT_LABELS,
  FEE_UNITS,
  modelFeeInputSchema,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  orderRoom,
  usageFeeInputSchema,
} from '@trackit/contract/order.schema';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Empty,
  Flex,
  Form,
  type FormRule,
  Input,
  InputNumber,
  Select,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyInput } from '../../components/money/money-input';
import { MoneyTotals } from '../../components/money/money-totals';
import { TaxRateSelect } from '../../components/money/tax-rate-select';
import { optionalRule } from '../../components/optional-rule';
import { schemaRule } from '../../components/schema-rule';
import { textCount } from '../../components/text-count';
import { useCan } from '../../layouts/use-permission-level';
import { FolderModelSelect } from '../folder/folder-model-select';
import { modelDaysQuery, useFetchModel } from './order.queries';
import styles from './order-editor.module.css';
import {
  type DayDraft,
  editorExceedsOrderLimit,
  editorTotals,
  type FeeDraft,
  feeFigures,
  feeLineTotals,
  type ModelDraft,
  modelFeeDraft,
  type OrderEditorValues,
  usageFeeDraft,
} from './order-editor-values';
import { kindParts } from './order-fees';
import { dateWithWeekday } from './order-labels';
import { type ModelDayNotice, modelDayNotices, modelDaysRequest } from './order-model-days';

const KIND_OPTIONS = toOptions(FEE_KINDS, FEE_KIND_LABELS);
const UNIT_OPTIONS = toOptions(FEE_UNITS, FEE_UNIT_LABELS);
const RENEWAL_SELECT_OPTIONS = toOptions(RENEWAL_OPTIONS, RENEWAL_OPTION_LABELS);

const dateProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMATS.date) : null),
};

/**
 * An amount (fen, held by MoneyInput): required, one the server takes (whole fen, up to MAX_FEE_FEN), and
 * keeping its line within MAX_LINE_FEN with its quantity and tax (the line at `path`).
 */
const amountRule =
  (path: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: number | null | undefined) => {
      if (value === null || value === undefined) throw new Error('*请填写金额');
      if (!isFenAmount(value)) throw new Error(ORDER_MESSAGES.amountInvalid);
      const figures = feeFigures(getFieldValue(path) as FeeDraft | undefined);
      if (figures && lineExceedsLimit(figures)) throw new Error(ORDER_MESSAGES.lineTooLarge);
    },
  });

/** The whole order within MAX_ORDER_FEN: shown under the models, where the server's refusal lands too. */
const orderLimitRule: { validator: (rule: unknown, models: ModelDraft[] | undefined) => Promise<void> } = {
  validator: async (_rule, models) => {
    if (editorExceedsOrderLimit(models)) throw new Error(ORDER_MESSAGES.orderTooLarge);
  },
};

const quantityRule: FormRule = {
  validator: async (_rule, value: number | null | undefined) => {
    if (value === null || value === undefined) throw new Error('*请填写数量');
    if (!isValidQuantity(value)) {
      const result = modelFeeInputSchema.shape.quantity.safeParse(value);
      throw new Error(
        result.success ? ORDER_MESSAGES.quantityDecimals : (result.error.issues[0]?.message ?? ''),
      );
    }
  },
};

const requiredDate: FormRule = { required: true, message: '*请选择日期' };

const usageEndRule =
  (path: (string | number)[]): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | null) => {
      const start = getFieldValue([...path, 'start_date']) as string | null;
      if (value && start && value < start) throw new Error(ORDER_MESSAGES.usageEndBeforeStart);
    },
  });

/** `小计 ¥1,500.00 · 税 ¥90.00 · ¥1,590.00`, or dashes while the line is incomplete. */
function LineFigures({ fee }: { fee: FeeDraft | undefined }) {
  const figures = feeLineTotals(fee);
  return (
    <div className={styles.lineFigures} data-testid="fee-line-figures">
      <span>
        小计 <MoneyCell fen={figures?.subtotal} /> · 税 <MoneyCell fen={figures?.tax} />
      </span>
      <strong data-testid="fee-line-total">
        <MoneyCell fen={figures?.total} />
      </strong>
    </div>
  );
}

interface FeeLineProps {
  /** The line's place in the form: ['models', m, 'fees', f]. */
  path: (string | number)[];
  /** Its name inside the fees list. */
  name: number;
  fee: FeeDraft | undefined;
  firstDate: string | null;
  onRemove: () => void;
}

/** One fee line: 费用 (amount per unit × quantity) or 肖像授权 (a lump sum with its terms), and its figures. */
function FeeLineRow({ path, name, fee, firstDate, onRemove }: FeeLineProps) {
  // Untyped: the line's fields are named by a path built at run time.
  const form = Form.useFormInstance();
  const usage = fee?.kind === 'UsageFee';
  const handleKind = (kind: FeeDraft['kind']) => {
    // A licence needs its period: a line switched to 肖像授权 gets the usual one if it has none.
    if (kind !== 'UsageFee' || fee?.start_date) return;
    const defaults = usageFeeDraft(firstDate, businessDate(new Date()));
    form.setFieldValue([...path, 'start_date'], defaults.start_date);
    form.setFieldValue([...path, 'end_date'], defaults.end_date);
  };
  return (
    <div className={styles.feeLine} data-testid={`fee-line-${path.join('-')}`}>
      <div className={styles.feeFields}>
        <Form.Item name={[name, 'kind']} label="类型" className={styles.feeItem}>
          <Select options={KIND_OPTIONS} style={{ width: 108 }} onChange={handleKind} aria-label="费用类型" />
        </Form.Item>
        <Form.Item
          name={[name, 'amount']}
          label={usage ? '授权费（元）' : '单价（元）'}
          rules={[amountRule(path)]}
          dependencies={[
            [...path, 'kind'],
            [...path, 'quantity'],
            [...path, 'tax_rate'],
          ]}
          className={styles.feeItem}
        >
          <MoneyInput style={{ width: 136 }} aria-label="金额" />
        </Form.Item>
        {usage ? (
          <>
            <Form.Item
              name={[name, 'media']}
              label="授权媒介"
              rules={[schemaRule(usageFeeInputSchema.shape.media)]}
              className={styles.feeItem}
            >
              <Input placeholder="如：电商、户外广告" count={textCount(100, false)} style={{ width: 170 }} />
            </Form.Item>
            <Form.Item
              name={[name, 'territory']}
              label="授权地区"
              rules={[schemaRule(usageFeeInputSchema.shape.territory)]}
              className={styles.feeItem}
            >
              <Input placeholder="如：中国大陆" count={textCount(50, false)} style={{ width: 120 }} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              name={[name, 'quantity']}
              label="数量"
              rules={[quantityRule]}
              className={styles.feeItem}
            >
              <InputNumber
                min={0.01}
                max={MAX_FEE_QUANTITY}
                step={1}
                style={{ width: 96 }}
                aria-label="数量"
              />
            </Form.Item>
            <Form.Item name={[name, 'unit']} label="单位" className={styles.feeItem}>
              <Select options={UNIT_OPTIONS} style={{ width: 78 }} aria-label="单位" />
            </Form.Item>
          </>
        )}
        <Form.Item name={[name, 'tax_rate']} label="税率" className={styles.feeItem}>
          <TaxRateSelect aria-label="税率" />
        </Form.Item>
        {!usage && (
          <Form.Item
            name={[name, 'note']}
            label="备注"
            rules={[optionalRule(modelFeeInputSchema.shape.note)]}
            className={`${styles.feeItem} ${styles.grow}`}
          >
            <Input placeholder="如：含妆发" count={textCount(100, false)} />
          </Form.Item>
        )}
      </div>
      {usage && (
        <div className={styles.feeFields}>
          <Form.Item
            name={[name, 'start_date']}
            label="授权开始"
            rules={[requiredDate]}
            className={styles.feeItem}
            {...dateProps}
          >
            <DatePicker allowClear={false} style={{ width: 136 }} />
          </Form.Item>
          <Form.Item
            name={[name, 'end_date']}
            label="授权结束"
            rules={[requiredDate, usageEndRule(path)]}
            dependencies={[[...path, 'start_date']]}
            className={styles.feeItem}
            {...dateProps}
          >
            <DatePicker allowClear={false} style={{ width: 136 }} />
          </Form.Item>
          <Form.Item name={[name, 'renewal']} label="到期续约" className={styles.feeItem}>
            <Select options={RENEWAL_SELECT_OPTIONS} style={{ width: 110 }} />
          </Form.Item>
          <Form.Item
            name={[name, 'note']}
            label="备注"
            rules={[optionalRule(usageFeeInputSchema.shape.note)]}
            className={`${styles.feeItem} ${styles.grow}`}
          >
            <Input count={textCount(100, false)} />
          </Form.Item>
        </div>
      )}
      <div className={styles.feeSide}>
        <LineFigures fee={fee} />
        <Tooltip title="删除该费用">
          <Button type="text" danger icon={<DeleteOutlined />} onClick={onRemove} aria-label="删除该费用" />
        </Tooltip>
      </div>
    </div>
  );
}

/** What else is on a model's chosen days: trips (a warning), other confirmed orders, other options. */
function ModelDayNotices({ notices }: { notices: readonly ModelDayNotice[] }) {
  return (
    <Flex vertical gap={6} className={styles.notices}>
      {notices.map((notice) => {
        const parts = [
          ...notice.trips.map(
            (trip) => `有${MODEL_TRIP_KIND_LABELS[trip.kind]}行程${trip.place ? `（${trip.place}）` : ''}`,
          ),
          ...(notice.lockedBy.length > 0 ? [`已被订单 ${notice.lockedBy.join('、')} 确认`] : []),
          ...(notice.options > 0 ? [`该日已有 ${notice.options} 个预留`] : []),
        ];
        const warning = notice.trips.length > 0 || notice.lockedBy.length > 0;
        return (
          <Alert
            key={notice.date}
            type={warning ? 'warning' : 'info'}
            showIcon
            title={`${dateWithWeekday(notice.date)}：${parts.join('；')}`}
            data-testid={`model-day-notice-${notice.date}`}
          />
        );
      })}
    </Flex>
  );
}

/** Adds a model found by name or pinyin at the end of the order. */
function AddModel({
  models,
  most,
  onAdd,
}: {
  models: readonly ModelDraft[];
  /** The most models the order may have with its days (`orderRoom`). */
  most: number;
  onAdd: (model: ModelDraft) => void;
}) {
  const fetchModel = useFetchModel();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const handleChoose = async (id: number | null) => {
    if (id === null) return;
    if (models.some((model) => model.model_id === id)) {
      void message.info('该模特已在订单中');
      return;
    }
    if (models.length >= most) {
      const full =
        most < ORDER_LIMITS.models ? ORDER_MESSAGES.tooManyModelDays : ORDER_MESSAGES.tooManyModels;
      void message.error(full.replace(/^\*/, ''));
      return;
    }
    setAdding(true);
    try {
      const model = await fetchModel(id);
      if (model.status === 'left') {
        void message.error(ORDER_MESSAGES.modelLeft(model.name));
        return;
      }
      onAdd({ model_id: model.id, name: model.name, english_name: model.english_name, fees: [] });
    } catch (error) {
      void message.error((error as Error).message || MESSAGES.networkError);
    } finally {
      setAdding(false);
    }
  };
  return (
    <Flex align="center" gap={12}>
      <FolderModelSelect
        value={null}
        onChange={(id) => void handleChoose(id)}
        placeholder={adding ? '正在添加…' : '添加模特：搜索姓名或拼音'}
        aria-label="添加模特"
        style={{ width: 280 }}
        testId="order-add-model"
      />
      <Typography.Text type="secondary">
        共 {models.length} 位，最多 {most} 位
        {most < ORDER_LIMITS.models && `（${ORDER_MESSAGES.modelDaysHint}）`}
      </Typography.Text>
    </Flex>
  );
}

export interface OrderModelsFieldProps {
  /** The order edited: its own entries are not warned about. */
  orderId: number;
}

const NO_CALENDAR = { from: '2000-01-01', to: '2000-01-01' } as const;
const NO_NOTICES: ReadonlyMap<number, readonly ModelDayNotice[]> = new Map();

/** What else is on the chosen models' chosen days, for members who may read the calendar. */
function useModelDayNotices(orderId: number, models: readonly ModelDraft[], days: readonly DayDraft[]) {
  const canSeeCalendar = useCan('calendar', 'read');
  const dates = days.map((day) => day?.date).filter((date): date is string => Boolean(date));
  const modelIds = models.map((model) => model?.model_id).filter((id): id is number => id !== undefined);
  const request = canSeeCalendar ? modelDaysRequest(dates, modelIds) : null;
  const calendar = useQuery({ ...modelDaysQuery(request ?? NO_CALENDAR), enabled: request !== null });
  return calendar.data && request ? modelDayNotices(calendar.data, orderId, modelIds, dates) : NO_NOTICES;
}

/**
 * The models of the order, each with its fee lines (费用 or 肖像授权) and their figures, worked out as the
 * member types with the contract's money functions: per line, per model and for the whole order. Under
 * each model, what else is on its chosen days (a trip warns; holding over it is still allowed).
 */
export function OrderModelsField({ orderId }: OrderModelsFieldProps) {
  const form = Form.useFormInstance<OrderEditorValues>();
  const models = (Form.useWatch('models', { form, preserve: true }) ?? []) as ModelDraft[];
  const days = (Form.useWatch('days', { form, preserve: true }) ?? []) as DayDraft[];
  const totals = editorTotals(models);
  const notices = useModelDayNotices(orderId, models, days);
  const most = orderRoom({ models: models.length, days: days.length }).models;
  const feeLinesFull =
    models.reduce((lines, model) => lines + (model?.fees?.length ?? 0), 0) >= ORDER_LIMITS.feeLines;
  const firstDate =
    days
      .map((day) => day?.date)
      .filter((date): date is string => Boolean(date))
      .sort()[0] ?? null;

  return (
    <Form.List name="models" rules={[orderLimitRule]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={16} data-testid="order-models-field">
          {fields.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="还没有模特：在下方搜索添加"
              style={{ margin: '4px 0' }}
            />
          )}
          {fields.map((field) => {
            const model = models[field.name];
            const modelTotals = model ? totals.byModel.get(model.model_id) : undefined;
            const modelNotices = model ? notices.get(model.model_id) : undefined;
            return (
              <div
                key={field.key}
                className={styles.modelBlock}
                data-testid={`order-model-block-${model?.model_id ?? field.key}`}
              >
                <Flex align="center" justify="space-between" gap={12} className={styles.modelBlockHead}>
                  <Flex align="baseline" gap={8}>
                    <Typography.Text strong style={{ fontSize: 15 }}>
                      {model?.name}
                    </Typography.Text>
                    {model?.english_name && (
                      <Typography.Text type="secondary">{model.english_name}</Typography.Text>
                    )}
                  </Flex>
                  <Flex align="center" gap={16}>
                    {modelTotals && (
                      <span
                        className={styles.modelTotal}
                        data-testid={`order-model-total-${model?.model_id}`}
                      >
                        合计 <MoneyCell fen={modelTotals.total} />
                      </span>
                    )}
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={`移除 ${model?.name ?? ''}`}
                    >
                      移除
                    </Button>
                  </Flex>
                </Flex>
                {modelNotices && <ModelDayNotices notices={modelNotices} />}
                <Form.List name={[field.name, 'fees']}>
                  {(feeFields, fees) => (
                    <Flex vertical gap={8}>
                      {feeFields.map((feeField) => (
                        <FeeLineRow
                          key={feeField.key}
                          path={['models', field.name, 'fees', feeField.name]}
                          name={feeField.name}
                          fee={model?.fees?.[feeField.name]}
                          firstDate={firstDate}
                          onRemove={() => fees.remove(feeField.name)}
                        />
                      ))}
                      <Flex gap={8}>
                        <Button
                          size="small"
                          icon={<PlusOutlined />}
                          disabled={feeFields.length >= ORDER_LIMITS.feesPerModel || feeLinesFull}
                          onClick={() => fees.add(modelFeeDraft(days.length))}
                          data-testid={`order-add-fee-${model?.model_id}`}
                        >
                          费用
                        </Button>
                        <Button
                          size="small"
                          icon={<PlusOutlined />}
                          disabled={feeFields.length >= ORDER_LIMITS.feesPerModel || feeLinesFull}
                          onClick={() => fees.add(usageFeeDraft(firstDate, businessDate(new Date())))}
                          data-testid={`order-add-usage-${model?.model_id}`}
                        >
                          肖像授权
                        </Button>
                      </Flex>
                    </Flex>
                  )}
                </Form.List>
              </div>
            );
          })}
          <AddModel models={models} most={most} onAdd={(model) => add(model)} />
          {feeLinesFull && (
            <Typography.Text type="secondary" data-testid="order-fee-lines-full">
              {ORDER_MESSAGES.tooManyFeeLines.replace(/^\*/, '')}
            </Typography.Text>
          )}
          {models.length > 0 && (
            <div className={styles.orderTotals}>
              <MoneyTotals
                totals={totals.totals}
                label="订单合计"
                parts={kindParts(totals.totals)}
                testId="order-editor-totals"
              />
            </div>
          )}
          {errors.length > 0 && (
            // In a Form.Item, the message takes the form's error colour like every field's.
            <Form.Item style={{ marginBottom: 0 }}>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

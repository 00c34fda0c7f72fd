import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { businessDate } from '@trackit/contract/business-time';
import type { TaxRate } from '@trackit/contract/constants';
import { MODEL_TRIP_KIND_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { orderRoom } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { Alert, App, Button, Empty, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyTotals } from '../../components/money/money-totals';
import { useCan } from '../../layouts/use-permission-level';
import { FolderModelSelect } from '../folder/folder-model-select';
import { modelDaysQuery, useFetchModel } from './order.queries';
import styles from './order-editor.module.css';
import {
  type DayDraft,
  DEFAULT_TAX_RATE,
  editorExceedsOrderLimit,
  editorTotals,
  type ModelDraft,
  modelFeeDraft,
  type OrderEditorValues,
  usageFeeDraft,
} from './order-editor-values';
import { FeeLineRow } from './order-fee-line';
import { kindParts } from './order-fees';
import { dateWithWeekday } from './order-labels';
import { type ModelDayNotice, modelDayNotices, modelDaysRequest } from './order-model-days';

/** The whole order within MAX_ORDER_FEN: shown under the models, where the server's refusal lands too. */
const orderLimitRule: { validator: (rule: unknown, models: ModelDraft[] | undefined) => Promise<void> } = {
  validator: async (_rule, models) => {
    if (editorExceedsOrderLimit(models)) throw new Error(ORDER_MESSAGES.orderTooLarge);
  },
};

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
  // New lines start at the order's payee entity's rate.
  const taxRate =
    (Form.useWatch('new_fee_tax_rate', { form, preserve: true }) as TaxRate | undefined) ?? DEFAULT_TAX_RATE;
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
                          onClick={() => fees.add(modelFeeDraft(days.length, taxRate))}
                          data-testid={`order-add-fee-${model?.model_id}`}
                        >
                          费用
                        </Button>
                        <Button
                          size="small"
                          icon={<PlusOutlined />}
                          disabled={feeFields.length >= ORDER_LIMITS.feesPerModel || feeLinesFull}
                          onClick={() =>
                            fees.add(usageFeeDraft(firstDate, businessDate(new Date()), taxRate))
                          }
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

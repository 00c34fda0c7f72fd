import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { businessDate, weekdayName } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { orderRoom } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { Button, DatePicker, Empty, Flex, Form, type FormRule, TimePicker, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import styles from './order-editor.module.css';
import {
  type DayDraft,
  DEFAULT_DAY_HOURS,
  nextDayDraft,
  type OrderEditorValues,
} from './order-editor-values';

/** A date text in the form, a Day.js value in the picker. */
const dateProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMATS.date) : null),
};

/** An HH:mm text in the form, a Day.js value in the picker (on any day: only the time counts). */
const timeProps = {
  getValueProps: (value: string | null | undefined) => ({
    value: value ? dayjs(`2000-01-01T${value}`) : null,
  }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format(DATE_FORMATS.time) : null),
};

const required = (message: string): FormRule => ({ required: true, message });

/** A date used by another row is refused, as the server would. */
const uniqueDateRule =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | null) => {
      const days = (getFieldValue('days') ?? []) as DayDraft[];
      if (value && days.some((day, at) => at !== index && day?.date === value)) {
        throw new Error(ORDER_MESSAGES.daysRepeated);
      }
    },
  });

/** The end after the start (the server's rule, on the end field). */
const endAfterStartRule =
  (index: number): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | null) => {
      const start = getFieldValue(['days', index, 'start_time']) as string | null;
      if (value && start && value <= start) throw new Error(ORDER_MESSAGES.dayEndBeforeStart);
    },
  });

/**
 * The working days: each a date with its start and end time, the weekday beside it; added one by one
 * (the next day after the latest in one click) and removed. Two rows may not share a date; no more days
 * than the order's models leave room for (`orderRoom`).
 */
export function OrderDaysField() {
  const form = Form.useFormInstance<OrderEditorValues>();
  const days = Form.useWatch('days', { form, preserve: true }) as DayDraft[] | undefined;
  const models = (Form.useWatch('models', { form, preserve: true }) ?? []) as unknown[];
  const most = orderRoom({ models: models.length, days: days?.length ?? 0 }).days;
  return (
    <Form.List name="days">
      {(fields, { add, remove }) => (
        <Flex vertical gap={8} data-testid="order-days-field">
          {fields.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="还没有工作日期"
              style={{ margin: '4px 0' }}
            />
          )}
          {fields.map((field, index) => {
            const date = days?.[field.name]?.date;
            return (
              <Flex
                key={field.key}
                align="flex-start"
                gap={8}
                wrap
                className={styles.dayRow}
                data-testid={`order-day-${index}`}
              >
                <span className={styles.dayIndex}>{index + 1}</span>
                <Form.Item
                  name={[field.name, 'date']}
                  rules={[required('*请选择日期'), uniqueDateRule(field.name)]}
                  dependencies={fields
                    .filter((other) => other.key !== field.key)
                    .map((other) => ['days', other.name, 'date'])}
                  className={styles.inlineItem}
                  {...dateProps}
                >
                  <DatePicker
                    allowClear={false}
                    placeholder="日期"
                    style={{ width: 150 }}
                    aria-label={`第 ${index + 1} 天日期`}
                  />
                </Form.Item>
                <span className={styles.weekday}>{date ? weekdayName(date) : ''}</span>
                <Form.Item
                  name={[field.name, 'start_time']}
                  rules={[required('*请选择开始时间')]}
                  className={styles.inlineItem}
                  {...timeProps}
                >
                  <TimePicker
                    format={DATE_FORMATS.time}
                    minuteStep={15}
                    needConfirm={false}
                    allowClear={false}
                    placeholder="开始"
                    style={{ width: 100 }}
                    aria-label={`第 ${index + 1} 天开始时间`}
                  />
                </Form.Item>
                <span className={styles.timeDash}>–</span>
                <Form.Item
                  name={[field.name, 'end_time']}
                  rules={[required('*请选择结束时间'), endAfterStartRule(field.name)]}
                  dependencies={[['days', field.name, 'start_time']]}
                  className={styles.inlineItem}
                  {...timeProps}
                >
                  <TimePicker
                    format={DATE_FORMATS.time}
                    minuteStep={15}
                    needConfirm={false}
                    allowClear={false}
                    placeholder="结束"
                    style={{ width: 100 }}
                    aria-label={`第 ${index + 1} 天结束时间`}
                  />
                </Form.Item>
                <Tooltip title="移除该日">
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    aria-label={`移除第 ${index + 1} 天`}
                  />
                </Tooltip>
              </Flex>
            );
          })}
          <Flex gap={8} align="center">
            <Button
              icon={<PlusOutlined />}
              disabled={fields.length >= most}
              onClick={() => add(nextDayDraft(form.getFieldValue('days') ?? [], businessDate(new Date())))}
              data-testid="order-day-next"
            >
              {fields.length === 0 ? '添加日期' : '添加下一天'}
            </Button>
            {fields.length > 0 && (
              <Button
                type="dashed"
                disabled={fields.length >= most}
                onClick={() => add({ date: null, ...DEFAULT_DAY_HOURS })}
                data-testid="order-day-add"
              >
                添加其他日期
              </Button>
            )}
            <Typography.Text type="secondary">
              共 {fields.length} 天，最多 {most} 天
              {most < ORDER_LIMITS.days && `（${ORDER_MESSAGES.modelDaysHint}）`}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}

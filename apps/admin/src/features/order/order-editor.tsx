import { isApiError } from '@trackit/client/api-client';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { JOB_TYPE_LABELS, JOB_TYPES } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { toOptions } from '@trackit/contract/options';
import { type Order, orderCreateSchema } from '@trackit/contract/order.schema';
import { OPTION_DEFAULT_HOURS, OPTION_MAX_DAYS, ORDER_LIMITS } from '@trackit/contract/order-constants';
import { ORDER_MESSAGES } from '@trackit/contract/order-messages';
import { defaultFeeTaxRate } from '@trackit/contract/team-recipient.schema';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  type FormRule,
  Input,
  Row,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { optionalRule } from '../../components/optional-rule';
import { RecordForm } from '../../components/record-form';
import { textCount } from '../../components/text-count';
import { useCan } from '../../layouts/use-permission-level';
import { CompanySelect } from '../company/company-select';
import { ContactSelect } from '../contact/contact-select';
import { MemberSelect } from '../organization/member-select';
import { TeamRecipientSelect } from '../team-recipient/team-recipient-select';
import { useCancelOrder, useSaveOrder, useSubmitOrder } from './order.queries';
import { OrderAttachments } from './order-attachments';
import { OrderDaysField } from './order-days-field';
import styles from './order-editor.module.css';
import { UnsavedChanges } from './order-editor-guard';
import {
  editorSnapshot,
  fieldMessages,
  missingForSubmit,
  type OrderEditorValues,
  orderEditorValues,
  orderSaveBody,
} from './order-editor-values';
import { OrderTags, orderPath } from './order-labels';
import { OrderModelsField } from './order-models-field';
import { OrderPlaceInput } from './order-place-input';
import { OrderReasonModal } from './order-reason-modal';

const shape = orderCreateSchema.shape;
const JOB_TYPE_OPTIONS = toOptions(JOB_TYPES, JOB_TYPE_LABELS);

/** The hold: later than now and at most OPTION_MAX_DAYS ahead, unless left as stored (it may have passed). */
const holdUntilRule = (stored: string | null): FormRule => ({
  validator: async (_rule, value: string | null | undefined) => {
    if (!value || value === stored) return;
    const at = dayjs(value);
    if (!at.isAfter(dayjs())) throw new Error(ORDER_MESSAGES.holdUntilInPast);
    if (at.isAfter(dayjs().add(OPTION_MAX_DAYS, 'day'))) throw new Error(ORDER_MESSAGES.holdUntilTooFar);
  },
});

const holdUntilProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) =>
    value ? value.second(0).millisecond(0).toISOString() : null,
};

const isHoldDayDisabled = (day: Dayjs) =>
  day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(OPTION_MAX_DAYS, 'day'), 'day');

/**
 * The editor of a draft order (/admin/order/new/{id}): the job (client, brand, type, title, place, owner,
 * hold), its days, the models with their fee lines and live totals, notes and attachments. 保存 sends the
 * whole form (the server's messages land beside their fields); 提交审批 saves, then submits; 取消订单
 * asks why. What else is on the models' chosen days is shown under each model; leaving with unsaved
 * changes asks first.
 */
export function OrderEditor({ order }: { order: Order }) {
  const [form] = Form.useForm<OrderEditorValues>();
  const [initialValues] = useState(() => orderEditorValues(order));
  const [savedSnapshot, setSavedSnapshot] = useState(() => editorSnapshot(initialValues));
  const [cancelling, setCancelling] = useState(false);
  // Set before a navigation the page makes itself once saved (submit, cancel): nothing to ask then.
  const leaving = useRef(false);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCan('my_bill', 'manage');
  const save = useSaveOrder(order.id);
  const submit = useSubmitOrder();
  const cancel = useCancelOrder();
  const companyId =
    (Form.useWatch('company_id', form) as number | null | undefined) ?? initialValues.company_id;
  const allowLeaving = () => {
    leaving.current = true;
  };

  /**
   * Checks and saves the form; resolves the saved values, or null when it was not saved (and why is
   * shown). Values unchanged since the last save are not sent again (no empty change in the history).
   */
  const saveForm = async (): Promise<OrderEditorValues | null> => {
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      void message.error('请检查填写的内容');
      return null;
    }
    const current = form.getFieldsValue(true) as OrderEditorValues;
    if (editorSnapshot(current) === savedSnapshot) return current;
    try {
      await save.mutateAsync(orderSaveBody(current, order));
      setSavedSnapshot(editorSnapshot(current));
      return current;
    } catch (error) {
      // The server's paths follow the form's names (models.0.fees.1.amount), whatever their type says.
      const fields = fieldMessages(isApiError(error) ? error.data : undefined) as Parameters<
        typeof form.setFields
      >[0];
      form.setFields(fields);
      if (fields[0]?.name) form.scrollToField(fields[0].name, { block: 'center' });
      void message.error((error as Error).message || MESSAGES.networkError);
      return null;
    }
  };

  const handleSave = async () => {
    if (await saveForm()) void message.success('已保存');
  };

  const handleSubmit = async () => {
    const saved = await saveForm();
    if (!saved) return;
    const missing = missingForSubmit(saved);
    if (missing) {
      void message.error(missing);
      return;
    }
    submit.mutate(order.id, {
      onSuccess: () => {
        allowLeaving();
        void message.success('已提交审批');
        navigate(orderPath(order.id));
      },
    });
  };

  const busy = save.isPending || submit.isPending || cancel.isPending;

  return (
    <RecordForm<OrderEditorValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onValuesChange={(changed: Partial<OrderEditorValues>) => {
        // Another company's contact is not this one's.
        if ('company_id' in changed) form.setFieldValue('contact_id', null);
      }}
      className={styles.editor}
      data-testid="order-editor"
    >
      <Flex vertical gap={16}>
        <Card
          title={
            <Flex align="center" gap={12}>
              <span>基本信息</span>
              <OrderTags status={order.status} approval={order.approval_status} />
            </Flex>
          }
        >
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Form.Item name="company_id" label="客户公司">
                <CompanySelect current={order.company} testId="order-company-input" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="contact_id" label="联系人" extra={companyId ? undefined : '先选择客户公司'}>
                {companyId ? (
                  <ContactSelect
                    companyId={companyId}
                    current={order.contact && companyId === order.company?.id ? order.contact : null}
                    testId="order-contact-input"
                  />
                ) : (
                  <Select disabled placeholder="搜索联系人姓名" />
                )}
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="brand" label="品牌" rules={[optionalRule(shape.brand)]}>
                <Input
                  count={textCount(50, false)}
                  autoComplete="off"
                  placeholder="如：青禾"
                  data-testid="order-brand-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="job_type" label="工作类型">
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={JOB_TYPE_OPTIONS}
                  placeholder="请选择"
                  data-testid="order-job-type-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item name="title" label="订单标题" rules={[optionalRule(shape.title)]}>
                <Input
                  count={textCount(ORDER_LIMITS.titleLength)}
                  autoComplete="off"
                  placeholder="如：春夏女装 Lookbook 拍摄"
                  data-testid="order-title-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={canManage ? 12 : 16}>
              <Form.Item name="place" label="地点" rules={[optionalRule(shape.place)]}>
                <OrderPlaceInput />
              </Form.Item>
            </Col>
            {canManage && (
              <Col xs={24} md={4}>
                <Form.Item name="owner_member_id" label="负责人">
                  <MemberSelect current={order.owner} placeholder="负责人" testId="order-owner-input" />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={8}>
              <Form.Item
                name="hold_until"
                label="档期保留至"
                rules={[holdUntilRule(order.hold_until)]}
                extra={`不填则每个档期预留后保留 ${OPTION_DEFAULT_HOURS} 小时`}
                {...holdUntilProps}
              >
                <DatePicker
                  showTime={{ format: DATE_FORMATS.time, minuteStep: 15 }}
                  format={DATE_FORMATS.dateTime}
                  disabledDate={isHoldDayDisabled}
                  placeholder="默认"
                  style={{ width: '100%' }}
                  data-testid="order-hold-input"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="team_recipient_id"
                label="收款主体"
                extra="开票和收款的公司；新增费用行的税率随之而定"
              >
                <TeamRecipientSelect
                  current={order.team_recipient}
                  onChosen={(entity) => form.setFieldValue('new_fee_tax_rate', defaultFeeTaxRate(entity))}
                  testId="order-recipient-select"
                />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title="工作日期">
          <OrderDaysField />
        </Card>
        <Card
          title="模特与费用"
          extra={<Typography.Text type="secondary">金额为不含税价，税额按每行单独计算</Typography.Text>}
        >
          <OrderModelsField orderId={order.id} />
        </Card>
        <Card title="备注">
          <Form.Item name="notes" rules={[optionalRule(shape.notes)]} style={{ marginBottom: 0 }}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              count={textCount(ORDER_LIMITS.notesLength)}
              placeholder="工作要求、服装、妆发、集合时间等"
              // The card's title is the field's only label.
              aria-label="备注"
              data-testid="order-notes-input"
            />
          </Form.Item>
        </Card>
        <Card title="附件">
          <OrderAttachments orderId={order.id} attachments={order.attachments} editable={order.can.attach} />
        </Card>
        <div className={styles.actionBar} data-testid="order-editor-actions">
          <UnsavedChanges savedSnapshot={savedSnapshot} leaving={leaving} />
          <Flex gap={12}>
            {order.can.cancel && (
              <Button
                danger
                disabled={busy}
                onClick={() => setCancelling(true)}
                data-testid="order-editor-cancel"
              >
                取消订单
              </Button>
            )}
            <Button
              loading={save.isPending && !submit.isPending}
              disabled={busy}
              onClick={() => void handleSave()}
              data-testid="order-editor-save"
            >
              保存
            </Button>
            {order.can.submit && (
              <Button
                type="primary"
                loading={submit.isPending}
                disabled={busy}
                onClick={() => void handleSubmit()}
                data-testid="order-editor-submit"
              >
                提交审批
              </Button>
            )}
          </Flex>
        </div>
      </Flex>
      {cancelling && (
        <OrderReasonModal
          kind="cancel"
          number={order.number}
          busy={cancel.isPending}
          onClose={() => setCancelling(false)}
          onSubmit={(reason) =>
            cancel.mutate(
              { id: order.id, reason },
              {
                onSuccess: () => {
                  allowLeaving();
                  void message.success('订单已取消');
                  navigate(orderPath(order.id));
                },
              },
            )
          }
        />
      )}
    </RecordForm>
  );
}

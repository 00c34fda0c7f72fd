import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { type SettlementDetail, settlementPaySchema } from '@trackit/contract/settlement.schema';
import { App, Button, DatePicker, Flex, Form, Input, Modal, Popconfirm, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { schemaRule } from '../../components/schema-rule';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import {
  useDecideSettlement,
  useDeleteSettlement,
  usePaySettlement,
  useSubmitSettlement,
} from './settlement.queries';
import { CorrectModal } from './settlement-correct-modal';

/** 通过 / 驳回: a rejection needs its reason. */
function DecideModal({
  settlement,
  result,
  onClose,
}: {
  settlement: SettlementDetail;
  result: 'passed' | 'rejected';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const decide = useDecideSettlement(settlement.id);
  const passing = result === 'passed';
  return (
    <Modal
      open
      title={`${passing ? '通过' : '驳回'}结算单 · ${settlement.number}`}
      okText={passing ? '通过' : '驳回'}
      okButtonProps={passing ? {} : { danger: true }}
      onCancel={onClose}
      confirmLoading={decide.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="settlement-decide-modal"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) =>
          decide.mutate(
            { result, comment: values.comment ?? '' },
            {
              onSuccess: () => {
                void message.success(passing ? '已通过，可登记付款' : '已驳回，金额退回待结算');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          name="comment"
          label={passing ? '审批意见（选填）' : '驳回原因'}
          rules={
            passing
              ? []
              : [{ required: true, whitespace: true, message: APPROVAL_MESSAGES.rejectNeedsComment }]
          }
        >
          <Input.TextArea maxLength={200} showCount rows={3} data-testid="settlement-decide-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface PayValues {
  paid_on: Dayjs;
  reference: string;
  team_recipient_id: number;
}

/** 登记付款: the date paid (not after today), the bank's reference and the payee entity whose account paid. */
function PayModal({ settlement, onClose }: { settlement: SettlementDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayValues>();
  const pay = usePaySettlement(settlement.id);
  const entities = useQuery(teamRecipientOptionsQuery);
  const today = businessDate(new Date());
  const options = (entities.data?.data ?? []).map((entity) => ({
    value: entity.id,
    label: entity.short_name,
  }));
  return (
    <Modal
      open
      title={`登记付款 · ${settlement.number}`}
      okText="登记"
      onCancel={onClose}
      confirmLoading={pay.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="settlement-pay-modal"
    >
      <Form
        form={form}
        layout="vertical"
        name="settlement-pay"
        initialValues={{ paid_on: dayjs(today) }}
        onFinish={(values) =>
          pay.mutate(
            {
              paid_on: values.paid_on.format(DATE_FORMATS.date),
              reference: values.reference,
              team_recipient_id: values.team_recipient_id,
            },
            {
              onSuccess: () => {
                void message.success('已登记付款');
                onClose();
              },
            },
          )
        }
      >
        <Form.Item name="paid_on" label="付款日期" rules={[{ required: true, message: '*请选择付款日期' }]}>
          <DatePicker
            style={{ width: '100%' }}
            disabledDate={(value) => value.format(DATE_FORMATS.date) > today}
            data-testid="settlement-paid-on"
          />
        </Form.Item>
        <Form.Item
          name="reference"
          label="银行流水号"
          required
          rules={[schemaRule(settlementPaySchema.shape.reference)]}
        >
          <Input maxLength={64} data-testid="settlement-reference" />
        </Form.Item>
        <Form.Item
          name="team_recipient_id"
          label="付款主体"
          rules={[{ required: true, message: '*请选择付款主体' }]}
        >
          <Select
            options={options}
            loading={entities.isLoading}
            placeholder="选择付款的收款主体"
            data-testid="settlement-payer"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type OpenModal = { kind: 'decide'; result: 'passed' | 'rejected' } | { kind: 'pay' } | { kind: 'correct' };

/** The settlement's actions, as its `can` allows them (the server checks again). */
export function SettlementActions({ settlement }: { settlement: SettlementDetail }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const submit = useSubmitSettlement(settlement.id);
  const remove = useDeleteSettlement(settlement.id);
  const { can } = settlement;
  const close = () => setModal(null);
  return (
    <Flex gap={8} wrap data-testid="settlement-actions">
      {can.submit && (
        <Popconfirm
          title="提交审批？"
          description="提交后由有财务管理权限的成员审批"
          onConfirm={() =>
            submit.mutateAsync().then(
              () => void message.success('已提交审批'),
              () => undefined,
            )
          }
        >
          <Button type="primary" loading={submit.isPending} data-testid="settlement-submit">
            提交审批
          </Button>
        </Popconfirm>
      )}
      {can.decide && (
        <>
          <Button
            type="primary"
            onClick={() => setModal({ kind: 'decide', result: 'passed' })}
            data-testid="settlement-pass"
          >
            通过
          </Button>
          <Button
            danger
            onClick={() => setModal({ kind: 'decide', result: 'rejected' })}
            data-testid="settlement-reject"
          >
            驳回
          </Button>
        </>
      )}
      {can.pay && (
        <Button type="primary" onClick={() => setModal({ kind: 'pay' })} data-testid="settlement-pay">
          登记付款
        </Button>
      )}
      {can.correct && (
        <Button onClick={() => setModal({ kind: 'correct' })} data-testid="settlement-correct">
          冲正
        </Button>
      )}
      {can.delete && (
        <Popconfirm
          title="删除结算单？"
          description="其金额与扣款退回待结算，编号不再使用"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove.mutateAsync().then(
              () => {
                void message.success('已删除');
                void navigate(toAdminRoute(ADMIN_PATHS.settlements) ?? '/');
              },
              () => undefined,
            )
          }
        >
          <Button danger loading={remove.isPending} data-testid="settlement-delete">
            删除
          </Button>
        </Popconfirm>
      )}
      {modal?.kind === 'decide' && (
        <DecideModal settlement={settlement} result={modal.result} onClose={close} />
      )}
      {modal?.kind === 'pay' && <PayModal settlement={settlement} onClose={close} />}
      {modal?.kind === 'correct' && <CorrectModal settlement={settlement} onClose={close} />}
    </Flex>
  );
}

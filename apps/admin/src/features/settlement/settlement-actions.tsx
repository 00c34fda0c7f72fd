import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { APPROVAL_MESSAGES } from '@trackit/contract/approval.schema';
import { businessDate } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { formatYuan } from '@trackit/contract/money';
import { type SettlementDetail, settlementPaySchema } from '@trackit/contract/settlement.schema';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { schemaRule } from '../../components/schema-rule';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import {
  paymentPreviewQuery,
  useDecideSettlement,
  useDeleteSettlement,
  usePaySettlement,
  useSubmitSettlement,
} from './settlement.queries';
import { CorrectModal } from './settlement-correct-modal';
import { residencyText } from './settlement-labels';

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

/**
 * What paying on the chosen date records, from the server's preview: the tax worked out for that month
 * with its earlier payouts (beside the draft's estimate), the deductions still taken and those given back,
 * and the net to transfer; or what the model's tax identity lacks, which stops the payment.
 */
function PaymentPreview({ settlement, paidOn }: { settlement: SettlementDetail; paidOn: string }) {
  const preview = useQuery(paymentPreviewQuery(settlement.id, paidOn));
  if (preview.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (preview.isError) return <Alert type="error" showIcon title="无法计算付款金额，请稍后重试" />;
  const answer = preview.data;
  if (answer.tax_identity_missing.length > 0) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="settlement-pay-identity"
        title={`模特纳税身份信息不完整，缺少${answer.tax_identity_missing.join('、')}，补全后才能登记付款`}
      />
    );
  }
  const individual = settlement.payout_type === 'individual';
  return (
    <Flex vertical gap={8} data-testid="settlement-pay-preview">
      <Descriptions size="small" column={1} bordered>
        {individual && (
          <Descriptions.Item label="计税月份">
            {answer.tax_month} · {residencyText(answer.tax_residency)}
          </Descriptions.Item>
        )}
        {individual && (
          <Descriptions.Item label="预扣个税">
            <span data-testid="settlement-pay-tax">
              <MoneyCell fen={answer.tax} />
              {answer.tax !== settlement.tax && `（生成时预估 ${formatYuan(settlement.tax)}）`}
            </span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="扣款">
          <MoneyCell fen={answer.deductions} />
        </Descriptions.Item>
        <Descriptions.Item label="付款金额（实付）">
          <strong data-testid="settlement-pay-net">
            <MoneyCell fen={answer.net} />
          </strong>
        </Descriptions.Item>
        <Descriptions.Item label="收款账户">
          {answer.payout_account ? (
            <span data-testid="settlement-pay-account">
              {[
                answer.payout_account.account_name,
                [answer.payout_account.bank, answer.payout_account.branch].filter(Boolean).join(' '),
                answer.payout_account.account_number,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : (
            <span data-testid="settlement-pay-account">模特尚未填写收款账户，请先在模特资料中填写</span>
          )}
        </Descriptions.Item>
      </Descriptions>
      {answer.deductions_returned.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`按付款月份重新计算个税后，${answer.deductions_returned.length} 笔扣款（${formatYuan(
            answer.deductions_returned.reduce((sum, deduction) => sum + deduction.amount, 0),
          )}）不再从本结算单扣除，留待下次结算`}
        />
      )}
    </Flex>
  );
}

interface PayValues {
  paid_on: Dayjs;
  reference: string;
  team_recipient_id: number;
}

/**
 * 登记付款: the date paid (not after today), the bank's reference and the payee entity whose account paid
 * (proposed: the one the client paid); the preview of that date shows the amount to transfer and the
 * model's account, and the payment carries the amount (`expected_net`, `amount`).
 */
function PayModal({ settlement, onClose }: { settlement: SettlementDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PayValues>();
  const pay = usePaySettlement(settlement.id);
  const entities = useQuery(teamRecipientOptionsQuery);
  const today = businessDate(new Date());
  const picked = Form.useWatch('paid_on', form);
  const paidOn = picked ? picked.format(DATE_FORMATS.date) : today;
  const preview = useQuery(paymentPreviewQuery(settlement.id, paidOn));
  const payable = preview.data !== undefined && preview.data.tax_identity_missing.length === 0;
  const proposedPayer = preview.data?.payer_id ?? null;
  // 付款主体 defaults to the entity the client paid (the orders' 收款主体), until the payer picks another.
  useEffect(() => {
    if (proposedPayer !== null && form.getFieldValue('team_recipient_id') === undefined) {
      form.setFieldValue('team_recipient_id', proposedPayer);
    }
  }, [form, proposedPayer]);
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
      okButtonProps={{ disabled: !payable, 'data-testid': 'settlement-pay-ok' }}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="settlement-pay-modal"
    >
      <Form
        form={form}
        layout="vertical"
        name="settlement-pay"
        data-testid="settlement-pay-form"
        initialValues={{ paid_on: dayjs(today) }}
        onFinish={(values) =>
          pay.mutate(
            {
              paid_on: values.paid_on.format(DATE_FORMATS.date),
              reference: values.reference,
              team_recipient_id: values.team_recipient_id,
              ...(preview.data ? { expected_net: preview.data.net, amount: preview.data.net } : {}),
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
        <Form.Item label="按付款日期计算">
          <PaymentPreview settlement={settlement} paidOn={paidOn} />
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

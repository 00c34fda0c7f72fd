import { useQuery } from '@tanstack/react-query';
import { businessDate, monthStart } from '@trackit/contract/business-time';
import { FEE_STATEMENT_LIMITS, type FeeStatement } from '@trackit/contract/fee-statement.schema';
import { Alert, Button, DatePicker, Drawer, Flex, Form, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { shareUrl, useCopyShareUrl } from '../../components/share-links';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import { type FeeStatementScope, useCreateFeeStatement } from './fee-statement.queries';

interface PeriodForm {
  period: [Dayjs, Dayjs];
  team_recipient_id?: number;
}

const DATE = 'YYYY-MM-DD';

/** The link just made: its address, to copy or open. */
function SharedLink({ statement }: { statement: FeeStatement }) {
  const copy = useCopyShareUrl();
  const url = shareUrl(statement.url);
  return (
    <Flex vertical gap={12} data-testid="fee-statement-shared">
      <Alert
        type="success"
        showIcon
        title="对账单链接已生成"
        description={`客户打开链接即可查看、确认、提出疑问和提交开票信息；链接 ${FEE_STATEMENT_LIMITS.expiryDays} 天后失效，可随时撤销。`}
      />
      <Typography.Text copyable={false} code data-testid="fee-statement-url">
        {url}
      </Typography.Text>
      <Flex gap={8}>
        <Button type="primary" onClick={() => void copy(statement.url)} data-testid="fee-statement-copy">
          复制链接
        </Button>
        <Button href={url} target="_blank" rel="noreferrer">
          打开
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * 分享对账单: an order's statement in one click, or a client company's over a period (at most
 * FEE_STATEMENT_LIMITS.periodDays days, this month by default) for one payee entity (the default one
 * unless chosen). Once made, its link to copy.
 */
export function FeeStatementDrawer({ scope, onClose }: { scope: FeeStatementScope; onClose: () => void }) {
  const create = useCreateFeeStatement();
  const [made, setMade] = useState<FeeStatement | null>(null);
  const recipients = useQuery({ ...teamRecipientOptionsQuery, enabled: 'company_id' in scope });
  const entities = recipients.data?.data ?? [];
  const [form] = Form.useForm<PeriodForm>();
  const today = businessDate(new Date());
  const submit = (values?: PeriodForm) => {
    const body =
      'order_id' in scope
        ? { order_id: scope.order_id }
        : {
            company_id: scope.company_id,
            from: values?.period[0].format(DATE),
            to: values?.period[1].format(DATE),
            team_recipient_id: values?.team_recipient_id,
          };
    create.mutate(body, { onSuccess: setMade });
  };
  return (
    <Drawer
      open
      title="分享对账单"
      width={520}
      onClose={onClose}
      destroyOnHidden
      data-testid="fee-statement-drawer"
    >
      {made ? (
        <SharedLink statement={made} />
      ) : 'order_id' in scope ? (
        <Flex vertical gap={16}>
          <Typography.Paragraph type="secondary">
            客户将看到本订单的费用明细（仅模特艺名）、价税合计与大写、已付与未付、付款期限和收款账户，
            金额在打开时按当天的记录计算。
          </Typography.Paragraph>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => submit()}
            data-testid="fee-statement-create"
          >
            生成分享链接
          </Button>
        </Flex>
      ) : (
        <Form<PeriodForm>
          form={form}
          layout="vertical"
          initialValues={{ period: [dayjs(monthStart(today)), dayjs(today)] }}
          onFinish={submit}
        >
          <Form.Item
            name="period"
            label="期间"
            rules={[{ required: true, message: '*请选择期间' }]}
            extra={`按订单出账日期、开票日期和收款日期计入，最长 ${FEE_STATEMENT_LIMITS.periodDays} 天`}
          >
            <DatePicker.RangePicker
              style={{ width: '100%' }}
              disabledDate={(day, info) =>
                info.from ? Math.abs(day.diff(info.from, 'day')) >= FEE_STATEMENT_LIMITS.periodDays : false
              }
              data-testid="fee-statement-period"
            />
          </Form.Item>
          <Form.Item name="team_recipient_id" label="收款主体" extra="不选则为默认收款主体">
            <Select
              allowClear
              loading={recipients.isLoading}
              placeholder={entities.find((entity) => entity.is_default)?.short_name ?? '默认收款主体'}
              options={entities.map((entity) => ({ value: entity.id, label: entity.short_name }))}
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            data-testid="fee-statement-create"
          >
            生成分享链接
          </Button>
        </Form>
      )}
    </Drawer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { businessDate, monthStart } from '@trackit/contract/business-time';
import {
  FEE_STATEMENT_LIMITS,
  FEE_STATEMENT_MESSAGES,
  type FeeStatement,
  type FeeStatementPreview,
} from '@trackit/contract/fee-statement.schema';
import { formatYuan } from '@trackit/contract/money';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Popconfirm,
  Select,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { QueryState } from '../../components/query-state';
import { shareUrl, useCopyShareUrl } from '../../components/share-links';
import { teamRecipientOptionsQuery } from '../team-recipient/team-recipient.queries';
import {
  type FeeStatementScope,
  feeStatementPreviewQuery,
  useCreateFeeStatement,
} from './fee-statement.queries';

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

/** An order's statement: what the client will see, then the link on one click. */
function OrderStatement({ orderId, onMade }: { orderId: number; onMade: (made: FeeStatement) => void }) {
  const create = useCreateFeeStatement();
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary">
        客户将看到本订单的费用明细（仅模特艺名）、价税合计与大写、已付与未付、付款期限和收款账户，
        金额在打开时按当天的记录计算。
      </Typography.Paragraph>
      <Button
        type="primary"
        loading={create.isPending}
        onClick={() => create.mutate({ order_id: orderId }, { onSuccess: onMade })}
        data-testid="fee-statement-create"
      >
        生成分享链接
      </Button>
    </Flex>
  );
}

/** The figures the client would read: the payee's account, the period's balance, the lines' totals. */
function PreviewFigures({ preview }: { preview: FeeStatementPreview }) {
  const { statement } = preview;
  const figures = statement.figures;
  return (
    <Flex vertical gap={12} data-testid="fee-statement-preview">
      {preview.empty && (
        <Alert
          type="warning"
          showIcon
          title="对账单是空的"
          description={FEE_STATEMENT_MESSAGES.emptyStatement}
          data-testid="fee-statement-empty-warning"
        />
      )}
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          ...(figures
            ? [
                { key: 'opening', label: '期初余额', children: formatYuan(figures.opening) },
                { key: 'fees', label: '本期费用', children: formatYuan(figures.fees) },
                { key: 'invoiced', label: '本期开票', children: formatYuan(figures.invoiced) },
                { key: 'received', label: '本期收款', children: formatYuan(figures.received) },
                {
                  key: 'closing',
                  label: '期末余额',
                  children: (
                    <span data-testid="fee-statement-preview-closing">{formatYuan(figures.closing)}</span>
                  ),
                },
                { key: 'credit', label: '预收款', children: formatYuan(figures.credit) },
              ]
            : []),
          { key: 'lines', label: '费用明细', children: `${statement.lines.length} 条` },
          {
            key: 'outstanding',
            label: '明细未付',
            children: (
              <span data-testid="fee-statement-preview-outstanding">
                {formatYuan(statement.totals.outstanding)}
              </span>
            ),
          },
          { key: 'invoices', label: '本期发票', children: `${statement.invoices.length} 张` },
          { key: 'due', label: '付款期限', children: statement.due_on ?? '—' },
        ]}
      />
      <Descriptions
        size="small"
        column={1}
        title="收款账户（客户将付款至此）"
        data-testid="fee-statement-preview-payee"
        items={[
          { key: 'name', label: '收款单位', children: statement.payee.name },
          { key: 'bank', label: '开户银行', children: `${statement.payee.bank} ${statement.payee.branch}` },
          { key: 'account', label: '银行账号', children: statement.payee.account },
        ]}
      />
    </Flex>
  );
}

/** The entities to choose from: those the client's orders use (with what is outstanding), then the others. */
function entityOptions(preview: FeeStatementPreview | undefined, all: { id: number; short_name: string }[]) {
  const used = preview?.entities ?? [];
  const usedIds = new Set(used.map((entity) => entity.id));
  const options = [
    ...used.map((entity) => ({
      value: entity.id,
      label: `${entity.short_name} · ${entity.billed_orders} 个订单 · 未付 ${formatYuan(entity.outstanding)}`,
    })),
    ...all
      .filter((entity) => !usedIds.has(entity.id))
      .map((entity) => ({ value: entity.id, label: `${entity.short_name}（客户订单未使用）` })),
  ];
  return options;
}

/**
 * A client company's statement over a period, for one payee entity (docs/decisions.md "One period statement
 * per payee entity"): the entity the client's billed orders owe most by default, the others offered; the
 * figures previewed as the client would read them, a warning when there is nothing in it, and the link made
 * only on 分享对账单.
 */
function PeriodStatement({ companyId, onMade }: { companyId: number; onMade: (made: FeeStatement) => void }) {
  const create = useCreateFeeStatement();
  const today = businessDate(new Date());
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>([dayjs(monthStart(today)), dayjs(today)]);
  const [entityId, setEntityId] = useState<number | undefined>(undefined);
  const asked = {
    company_id: companyId,
    from: period[0].format(DATE),
    to: period[1].format(DATE),
    ...(entityId === undefined ? {} : { team_recipient_id: entityId }),
  };
  const preview = useQuery({ ...feeStatementPreviewQuery(asked), placeholderData: (previous) => previous });
  const recipients = useQuery(teamRecipientOptionsQuery);
  const shown = preview.data;
  const share = () =>
    shown &&
    create.mutate(
      { company_id: companyId, from: asked.from, to: asked.to, team_recipient_id: shown.team_recipient_id },
      { onSuccess: onMade },
    );
  const several = (shown?.entities.length ?? 0) > 1;
  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" component="div">
        <Form.Item
          label="期间"
          required
          extra={`按订单出账日期、开票日期和收款日期计入，最长 ${FEE_STATEMENT_LIMITS.periodDays} 天`}
        >
          <DatePicker.RangePicker
            style={{ width: '100%' }}
            value={period}
            allowClear={false}
            onChange={(range) => {
              if (range?.[0] && range[1]) setPeriod([range[0], range[1]]);
            }}
            disabledDate={(day, info) =>
              info.from ? Math.abs(day.diff(info.from, 'day')) >= FEE_STATEMENT_LIMITS.periodDays : false
            }
            data-testid="fee-statement-period"
          />
        </Form.Item>
        <Form.Item
          label="收款主体"
          extra={
            several
              ? '客户的订单使用了多个收款主体：每个主体各出一份对账单（各自的收款账户），默认未付最多的一个'
              : '默认为客户订单所用的收款主体'
          }
        >
          <Select
            value={shown?.team_recipient_id ?? entityId}
            loading={preview.isLoading || recipients.isLoading}
            onChange={setEntityId}
            options={entityOptions(shown, recipients.data?.data ?? [])}
            data-testid="fee-statement-entity"
          />
        </Form.Item>
      </Form>
      <QueryState query={preview} loading={{ rows: 6 }}>
        {(data) => <PreviewFigures preview={data} />}
      </QueryState>
      {shown?.empty ? (
        <Popconfirm
          title="这份对账单是空的，仍要分享吗？"
          onConfirm={share}
          okText="仍然分享"
          cancelText="取消"
        >
          <Button loading={create.isPending} disabled={preview.isFetching} data-testid="fee-statement-create">
            分享对账单
          </Button>
        </Popconfirm>
      ) : (
        <Button
          type="primary"
          loading={create.isPending}
          disabled={!shown || preview.isFetching}
          onClick={share}
          data-testid="fee-statement-create"
        >
          分享对账单
        </Button>
      )}
    </Flex>
  );
}

/** 分享对账单: an order's statement in one click, or a client company's period statement, previewed first. */
export function FeeStatementDrawer({ scope, onClose }: { scope: FeeStatementScope; onClose: () => void }) {
  const [made, setMade] = useState<FeeStatement | null>(null);
  return (
    <Drawer
      open
      title="分享对账单"
      size={560}
      onClose={onClose}
      destroyOnHidden
      data-testid="fee-statement-drawer"
    >
      {made ? (
        <SharedLink statement={made} />
      ) : 'order_id' in scope ? (
        <OrderStatement orderId={scope.order_id} onMade={setMade} />
      ) : (
        <PeriodStatement companyId={scope.company_id} onMade={setMade} />
      )}
    </Drawer>
  );
}

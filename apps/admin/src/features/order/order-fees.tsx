import { FEE_KIND_LABELS, RENEWAL_OPTION_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { formatTaxRate, formatYuan, type Totals } from '@trackit/contract/money';
import type { FeeLine, Order } from '@trackit/contract/order.schema';
import { FEE_UNIT_LABELS } from '@trackit/contract/order-constants';
import { Alert, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MoneyCell } from '../../components/money/money-cell';
import { MoneyTotals } from '../../components/money/money-totals';
import styles from './order-pages.module.css';

/** `¥1,500.00 / 天 × 2`, or the licence's terms. */
export const feeTerms = (fee: FeeLine): string => {
  if (fee.kind === 'UsageFee') {
    const period = fee.start_date && fee.end_date ? `${fee.start_date} ~ ${fee.end_date}` : MESSAGES.empty;
    return [fee.media, fee.territory, period].filter(Boolean).join(' · ');
  }
  const unit = fee.unit ? FEE_UNIT_LABELS[fee.unit] : '';
  return `${formatYuan(fee.amount)} / ${unit} × ${fee.quantity ?? 1}`;
};

const money = (fen: number) => <MoneyCell fen={fen} />;

const columns: ColumnsType<FeeLine> = [
  {
    title: '类型',
    dataIndex: 'kind',
    width: 100,
    render: (kind: FeeLine['kind']) => (
      <Tag color={kind === 'UsageFee' ? 'purple' : 'blue'}>{FEE_KIND_LABELS[kind]}</Tag>
    ),
  },
  {
    title: '内容',
    key: 'terms',
    render: (_: unknown, fee) => (
      <Flex vertical>
        <span>{feeTerms(fee)}</span>
        {fee.kind === 'UsageFee' && fee.renewal && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            到期：{RENEWAL_OPTION_LABELS[fee.renewal]}
          </Typography.Text>
        )}
        {fee.note && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {fee.note}
          </Typography.Text>
        )}
      </Flex>
    ),
  },
  { title: '税率', dataIndex: 'tax_rate', width: 70, align: 'right', render: formatTaxRate },
  { title: '小计', dataIndex: 'subtotal', width: 130, align: 'right', render: money },
  { title: '税额', dataIndex: 'tax', width: 110, align: 'right', render: money },
  { title: '合计', dataIndex: 'total', width: 130, align: 'right', render: money },
];

/** An order's split by kind, shown before its totals: `费用 ¥3,000.00 · 肖像授权 ¥5,000.00`. */
export const kindParts = (totals: Totals) => [
  { label: '费用', fen: totals.model_fees },
  { label: '肖像授权', fen: totals.usage_fees },
];

/**
 * The models of an order with their fee lines and figures, each model's totals and the order's; or, for a
 * member who may not see this order's fees, the models alone and why.
 */
export function OrderFees({ order }: { order: Order }) {
  if (order.models.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有模特" />;
  }
  return (
    <Flex vertical gap={20} data-testid="order-fees">
      {!order.fees_visible && (
        <Alert
          type="info"
          showIcon
          title="费用仅订单负责人和有订单管理权限的成员可见"
          data-testid="order-fees-hidden"
        />
      )}
      {order.models.map((model) => (
        <div key={model.model_id} data-testid={`order-model-${model.model_id}`}>
          <Flex align="baseline" gap={8} className={styles.modelHead}>
            <Typography.Text strong>{model.name}</Typography.Text>
            {model.english_name && <Typography.Text type="secondary">{model.english_name}</Typography.Text>}
          </Flex>
          {order.fees_visible && (
            <>
              <Table<FeeLine>
                size="small"
                rowKey={(fee) => fee.id}
                columns={columns}
                dataSource={model.fees}
                pagination={false}
                locale={{ emptyText: '没有费用' }}
              />
              {model.totals && <MoneyTotals totals={model.totals} label="小计" />}
            </>
          )}
        </div>
      ))}
      {order.totals && (
        <div className={styles.orderTotals}>
          <MoneyTotals
            totals={order.totals}
            label="订单合计"
            parts={kindParts(order.totals)}
            testId="order-totals"
          />
        </div>
      )}
    </Flex>
  );
}

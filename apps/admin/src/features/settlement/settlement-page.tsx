import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { FEE_KIND_LABELS } from '@trackit/contract/enums';
import { MESSAGES } from '@trackit/contract/messages';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import { MODEL_DEDUCTION_KIND_LABELS } from '@trackit/contract/model-deduction.schema';
import {
  SETTLEMENT_MESSAGES,
  type SettlementDetail,
  type SettlementJob,
  type SettlementLine,
} from '@trackit/contract/settlement.schema';
import { SETTLEMENT_FIGURE_LABELS as FIGURES } from '@trackit/contract/settlement-enums';
import { motherAgencyInCommission } from '@trackit/contract/settlement-math';
import {
  Alert,
  Card,
  Descriptions,
  Flex,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { Link, useParams } from 'react-router';
import { ApprovalTimeline } from '../../components/approval-timeline';
import { MoneyCell } from '../../components/money/money-cell';
import { isRecordMissing, parseRecordId } from '../../components/record-id';
import { RecordPage } from '../../components/record-page';
import { useBreadcrumbTitle } from '../../layouts/breadcrumb-title';
import { dateTimeText } from '../order/order-labels';
import { settlementQuery } from './settlement.queries';
import { SettlementActions } from './settlement-actions';
import { IncomeCategoryTag, residencyText, SettlementStatusTag } from './settlement-labels';
import { SettlementShare } from './settlement-share';

type Deduction = SettlementDetail['deductions_taken'][number];

const money = (fen: number) => <MoneyCell fen={fen} />;

/**
 * 佣金 and, under it, the mother agency's share paid out of it: shown where it is taken from, so
 * 分成前金额 − 佣金 − 母公司分成（模特承担） = 模特收入 reads across (issue 35 item 9).
 */
function CommissionCell({
  split,
  testId,
}: {
  split: Pick<SettlementLine, 'commission' | 'mother_agency' | 'mother_agency_from_model'>;
  testId?: string;
}) {
  const inCommission = motherAgencyInCommission(split);
  return (
    <span data-testid={testId}>
      <MoneyCell fen={split.commission} />
      {inCommission !== 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          含母公司分成 <MoneyCell fen={inCommission} />
        </Typography.Text>
      )}
    </span>
  );
}

const route = (path: string) => toAdminRoute(path) ?? '/';

const lineColumns: TableColumnsType<SettlementLine> = [
  {
    title: '订单',
    key: 'order',
    render: (_: unknown, line) => (
      <Flex vertical>
        <Link
          to={route(ADMIN_PATHS.financeOrder(line.order.id))}
          data-testid={`settlement-line-order-${line.id}`}
        >
          {line.order.number}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {line.order.title || '（未填写标题）'}
        </Typography.Text>
      </Flex>
    ),
  },
  { title: '客户', dataIndex: 'company_name', render: (name: string | null) => name ?? MESSAGES.empty },
  { title: '日期', dataIndex: 'date', width: 110, render: (date: string | null) => date ?? MESSAGES.empty },
  {
    title: '费用',
    key: 'kind',
    render: (_: unknown, line) => (
      <Flex gap={4} wrap>
        <span>{FEE_KIND_LABELS[line.kind]}</span>
        {line.advance && (
          <Tag color="orange" data-testid={`settlement-line-advance-${line.id}`}>
            提前支付
          </Tag>
        )}
      </Flex>
    ),
  },
  {
    title: '所得项目',
    key: 'income_category',
    render: (_: unknown, line) => (
      <IncomeCategoryTag category={line.income_category} testId={`settlement-line-category-${line.id}`} />
    ),
  },
  { title: FIGURES.gross, dataIndex: 'gross', align: 'right', render: money },
  {
    title: FIGURES.commission,
    key: 'commission',
    align: 'right',
    render: (_: unknown, line) => (
      <CommissionCell split={line} testId={`settlement-line-commission-${line.id}`} />
    ),
  },
  {
    title: FIGURES.motherAgencyFromModel,
    dataIndex: 'mother_agency_from_model',
    align: 'right',
    // The long title wraps in two lines rather than widening the table past 1280 px.
    width: 104,
    render: money,
  },
  { title: FIGURES.income, dataIndex: 'income', align: 'right', render: money },
];

/** A payment of the settlement: its job and income item. */
const jobKey = (job: Pick<SettlementJob, 'order_id' | 'income_category'>) =>
  `${job.order_id}:${job.income_category}`;

const jobColumns: TableColumnsType<SettlementJob> = [
  {
    title: '订单',
    dataIndex: 'order_number',
    render: (number: string, job) => <Link to={route(ADMIN_PATHS.financeOrder(job.order_id))}>{number}</Link>,
  },
  {
    title: '所得项目',
    key: 'income_category',
    render: (_: unknown, job) => <IncomeCategoryTag category={job.income_category} />,
  },
  { title: '模特收入', dataIndex: 'income', align: 'right', render: money },
  { title: '本月已付收入', dataIndex: 'earlier_income', align: 'right', render: money },
  { title: '本月已扣税', dataIndex: 'earlier_tax', align: 'right', render: money },
  { title: '应纳税所得额', dataIndex: 'taxable', align: 'right', render: money },
  { title: '本次扣缴个税', dataIndex: 'tax', align: 'right', render: money },
];

const deductionColumns: TableColumnsType<Deduction> = [
  { title: '日期', dataIndex: 'occurred_on', width: 110 },
  {
    title: '类型',
    dataIndex: 'kind',
    render: (kind: Deduction['kind']) => MODEL_DEDUCTION_KIND_LABELS[kind],
  },
  { title: '说明', dataIndex: 'note', render: (note: string) => note || MESSAGES.empty },
  { title: '金额', dataIndex: 'amount', align: 'right', render: money },
];

/** Whether the settlement's tax is still an estimate: an individual's, until it is paid. */
const estimated = (settlement: SettlementDetail) =>
  settlement.payout_type === 'individual' && settlement.status !== 'paid';

function Header({ settlement }: { settlement: SettlementDetail }) {
  const figures = [
    [FIGURES.gross, settlement.gross],
    [FIGURES.commission, settlement.commission],
    [FIGURES.motherAgencyFromModel, settlement.mother_agency_from_model],
    [FIGURES.income, settlement.income],
    ['应纳税所得额', settlement.taxable],
    // A non-resident's tax is withheld in full (代扣), a resident's in advance (预扣).
    [settlement.tax_residency === 'non_resident' ? '代扣个税' : '预扣个税', settlement.tax],
    ['扣款', settlement.deductions],
    ['实付', settlement.net],
  ] as const;
  return (
    <Card
      title={
        <Flex align="center" gap={12} wrap>
          <span data-testid="settlement-number">{settlement.number}</span>
          <SettlementStatusTag status={settlement.status} testId="settlement-status" />
          {settlement.corrects && <Tag color="purple">冲正</Tag>}
          {settlement.has_advance && <Tag color="orange">含提前支付</Tag>}
        </Flex>
      }
      extra={
        <Flex gap={8} wrap>
          <SettlementShare settlement={settlement} />
          <SettlementActions settlement={settlement} />
        </Flex>
      }
    >
      <Descriptions column={{ xs: 1, md: 2, xl: 4 }} data-testid="settlement-info">
        <Descriptions.Item label="模特">
          <Link to={route(ADMIN_PATHS.model(settlement.model.id))} data-testid="settlement-model">
            {settlement.model.name}
          </Link>
        </Descriptions.Item>
        <Descriptions.Item label="结算类型">
          {MODEL_PAYOUT_TYPE_LABELS[settlement.payout_type]}
        </Descriptions.Item>
        <Descriptions.Item label="计税月份">
          <span data-testid="settlement-tax-month">
            {settlement.tax_month}
            {estimated(settlement) && (
              <Typography.Text type="secondary">（预估，付款时按付款月份计算）</Typography.Text>
            )}
          </span>
        </Descriptions.Item>
        {settlement.payout_type === 'individual' && (
          <Descriptions.Item label="纳税身份">
            <span data-testid="settlement-residency">{residencyText(settlement.tax_residency)}</span>
          </Descriptions.Item>
        )}
        <Descriptions.Item label="结算期间">
          {settlement.period_from && settlement.period_to
            ? `${settlement.period_from} 至 ${settlement.period_to}`
            : '全部可结算'}
        </Descriptions.Item>
        <Descriptions.Item label="生成">
          {settlement.created_by?.nickname ?? MESSAGES.empty} · {dateTimeText(settlement.created_at)}
        </Descriptions.Item>
        {settlement.paid_on && (
          <Descriptions.Item label="付款">
            <span data-testid="settlement-paid">
              {settlement.paid_on} · {settlement.paid_by?.short_name ?? MESSAGES.empty} · 流水号{' '}
              {settlement.paid_reference ?? MESSAGES.empty}
            </span>
          </Descriptions.Item>
        )}
        {settlement.corrects && (
          <Descriptions.Item label="冲正">
            <Link to={route(ADMIN_PATHS.settlement(settlement.corrects.id))}>
              {settlement.corrects.number}
            </Link>
            {settlement.reason ? `：${settlement.reason}` : ''}
          </Descriptions.Item>
        )}
        {settlement.corrections.length > 0 && (
          <Descriptions.Item label="冲正结算单">
            <Flex gap={8} wrap>
              {settlement.corrections.map((correction) => (
                <Link key={correction.id} to={route(ADMIN_PATHS.settlement(correction.id))}>
                  {correction.number}
                </Link>
              ))}
            </Flex>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Flex gap={40} wrap style={{ marginTop: 16 }} data-testid="settlement-figures">
        {figures.map(([title, fen]) => (
          <Statistic
            key={title}
            title={title}
            valueRender={() =>
              title === FIGURES.commission ? <CommissionCell split={settlement} /> : <MoneyCell fen={fen} />
            }
          />
        ))}
      </Flex>
    </Card>
  );
}

/**
 * A model's settlement (/admin/finance/settlements/{id}, docs/product.md "Model settlements"): its figures,
 * the fee lines it pays with the income item of each, each payment's tax (job and item) with the month's
 * earlier payouts (an estimate until paid), what the model's tax identity still lacks, the deductions it
 * takes and its approvals; submitted, decided, paid, corrected or deleted as its `can` allows. Approval notifications and
 * 待我审批 link here (ADMIN_PATHS.settlement). The breadcrumb shows the settlement's number, never the id.
 */
export function SettlementPage() {
  const id = parseRecordId(useParams().id);
  const query = useQuery({ ...settlementQuery(id ?? 0), enabled: id !== undefined });
  const missing = id === undefined || isRecordMissing(query.error);
  useBreadcrumbTitle(query.data?.number ?? (missing ? SETTLEMENT_MESSAGES.notFound : undefined));
  return (
    <RecordPage
      query={query}
      missing={missing}
      missingMessage="该结算单可能不存在、已删除，或不属于当前团队"
      back={{ label: '返回模特结算', to: route(ADMIN_PATHS.settlements) }}
      testId="settlement-missing"
      skeletonRows={10}
    >
      {(settlement) => (
        <Flex vertical gap={16} data-testid="settlement-page">
          {settlement.status === 'rejected' && (
            <Alert type="warning" showIcon title="结算单已驳回：金额已退回待结算，可删除后重新生成" />
          )}
          {settlement.tax_identity_missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              data-testid="settlement-identity-missing"
              title={`模特纳税身份信息不完整，缺少${settlement.tax_identity_missing.join('、')}：补全后才能登记付款`}
              action={<Link to={route(ADMIN_PATHS.model(settlement.model.id))}>前往模特资料</Link>}
            />
          )}
          <Header settlement={settlement} />
          <Card title="费用明细">
            <Table<SettlementLine>
              size="small"
              rowKey="id"
              columns={lineColumns}
              dataSource={settlement.lines}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="settlement-lines"
            />
          </Card>
          <Card
            title="按订单和所得项目预扣个税"
            extra={
              estimated(settlement) && (
                <Typography.Text type="secondary">
                  付款时按付款月份及该月已付款的结算单重新计算
                </Typography.Text>
              )
            }
          >
            <Table<SettlementJob>
              size="small"
              rowKey={jobKey}
              columns={jobColumns}
              dataSource={settlement.jobs}
              pagination={false}
              data-testid="settlement-jobs"
            />
          </Card>
          <Card title="扣款">
            <Table<Deduction>
              size="small"
              rowKey="id"
              columns={deductionColumns}
              dataSource={settlement.deductions_taken}
              pagination={false}
              locale={{ emptyText: '本结算单未扣款' }}
              data-testid="settlement-deductions"
            />
          </Card>
          <Card title="审批记录">
            <ApprovalTimeline testId="settlement-approvals" approvals={settlement.approvals} />
          </Card>
        </Flex>
      )}
    </RecordPage>
  );
}

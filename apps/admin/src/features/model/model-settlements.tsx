import { useQuery } from '@tanstack/react-query';
import { ADMIN_PATHS, toAdminRoute } from '@trackit/contract/admin-paths';
import { MESSAGES } from '@trackit/contract/messages';
import { type Settlement, settlementQuerySchema } from '@trackit/contract/settlement.schema';
import type { SettlementSummary } from '@trackit/contract/settlement-summary.schema';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { settlementListQuery } from '../settlement/settlement.queries';
import { SettlementStatusTag } from '../settlement/settlement-labels';
import { settlementSummaryQuery } from '../settlement/settlement-summary.queries';

/** The model's latest settlements the tab lists; 查看全部 opens the rest. */
export const MODEL_SETTLEMENTS_SHOWN = 5;

const SETTLEMENTS_ROUTE = toAdminRoute(ADMIN_PATHS.settlements) ?? '/finance/settlements';
const settlementRoute = (id: number) => toAdminRoute(ADMIN_PATHS.settlement(id)) ?? SETTLEMENTS_ROUTE;
/** 待结算 narrowed to the model. */
export const readyOfModelRoute = (modelId: number) => `${SETTLEMENTS_ROUTE}?tab=ready&model_id=${modelId}`;

const COLUMNS: TableColumnsType<Settlement> = [
  {
    title: '结算单',
    key: 'number',
    render: (_: unknown, row) => (
      <Flex gap={4} wrap align="center">
        <Link to={settlementRoute(row.id)} data-testid={`model-settlement-open-${row.id}`}>
          {row.number}
        </Link>
        {row.corrects && <Tag color="purple">冲正</Tag>}
      </Flex>
    ),
  },
  { title: '计税月份', dataIndex: 'tax_month', width: 100 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (status: Settlement['status']) => <SettlementStatusTag status={status} />,
  },
  {
    title: '实付',
    dataIndex: 'net',
    align: 'right',
    width: 150,
    render: (fen: number) => <MoneyCell fen={fen} />,
  },
  {
    title: '付款日期',
    dataIndex: 'paid_on',
    width: 120,
    render: (paidOn: string | null) => paidOn ?? MESSAGES.empty,
  },
];

/** A figure card: its title, the amount and a line under it. */
function Figure({
  title,
  fen,
  note,
  testId,
}: {
  title: string;
  fen: number;
  note: ReactNode;
  testId: string;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={fen}
        formatter={(value) => <MoneyCell fen={Number(value)} />}
        data-testid={testId}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {note}
      </Typography.Text>
    </Card>
  );
}

const figureSpan = { xs: 24, sm: 12, xl: 6 } as const;

function Figures({ summary }: { summary: SettlementSummary }) {
  return (
    <Row gutter={[16, 16]} data-testid="model-settlement-figures">
      <Col {...figureSpan}>
        <Figure
          title="当前可结算"
          fen={summary.payable_now}
          note="客户已付款、现在生成结算单可付的实付"
          testId="model-settlement-payable"
        />
      </Col>
      <Col {...figureSpan}>
        <Figure
          title="待回款"
          fen={summary.waiting}
          note="等客户付款后可结算（个税为估算）"
          testId="model-settlement-waiting"
        />
      </Col>
      <Col {...figureSpan}>
        <Figure
          title="本年已付"
          fen={summary.paid_this_year}
          note={
            <>
              {summary.year} 年已付款结算单实付（含冲正），分成前金额{' '}
              <MoneyCell fen={summary.gross_this_year} />
            </>
          }
          testId="model-settlement-paid"
        />
      </Col>
      <Col {...figureSpan}>
        <Figure
          title="本年代扣个税"
          fen={summary.withheld_this_year}
          note={`${summary.year} 年已付款结算单预扣的个人所得税`}
          testId="model-settlement-withheld"
        />
      </Col>
    </Row>
  );
}

/**
 * 结算 (accounting read, docs/product.md "Model settlements"): what the model is owed now and waiting for
 * clients, what this business year's paid settlements paid and withheld, the latest settlements (each
 * opening its page) and 待结算, which opens 待结算 narrowed to the model.
 */
export function ModelSettlements({ modelId }: { modelId: number }) {
  const navigate = useNavigate();
  const summary = useQuery(settlementSummaryQuery(modelId));
  const list = useQuery(
    settlementListQuery(
      settlementQuerySchema.parse({ model_id: modelId, per_page: MODEL_SETTLEMENTS_SHOWN }),
    ),
  );
  return (
    <Flex vertical gap={16} data-testid="model-settlements">
      <QueryState query={summary}>{(answer) => <Figures summary={answer} />}</QueryState>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>
          结算单
          {summary.data && (
            <Typography.Text type="secondary" data-testid="model-settlement-count">
              （共 {summary.data.settlements.count} 张）
            </Typography.Text>
          )}
        </Typography.Text>
        <Flex gap={8}>
          {(summary.data?.settlements.count ?? 0) > MODEL_SETTLEMENTS_SHOWN && (
            <Button
              onClick={() => void navigate(`${SETTLEMENTS_ROUTE}?model_id=${modelId}`)}
              data-testid="model-settlement-all"
            >
              查看全部
            </Button>
          )}
          <Button
            type="primary"
            onClick={() => void navigate(readyOfModelRoute(modelId))}
            data-testid="model-settlement-ready"
          >
            待结算
          </Button>
        </Flex>
      </Flex>
      <QueryState query={list}>
        {(page) =>
          page.data.length === 0 ? (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="还没有结算单"
              data-testid="model-settlements-empty"
            />
          ) : (
            <Table<Settlement>
              rowKey="id"
              size="small"
              columns={COLUMNS}
              dataSource={page.data}
              pagination={false}
              scroll={{ x: 'max-content' }}
              onRow={(row) => ({ 'data-testid': `model-settlement-row-${row.id}` }) as object}
            />
          )
        }
      </QueryState>
    </Flex>
  );
}

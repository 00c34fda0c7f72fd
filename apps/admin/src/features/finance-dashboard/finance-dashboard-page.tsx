import { useQuery } from '@tanstack/react-query';
import type { FinanceDashboard } from '@trackit/contract/finance-dashboard.schema';
import { RECEIVABLE_WORDS } from '@trackit/contract/finance-dashboard-lists';
import { AGING_BUCKET_LABELS } from '@trackit/contract/finance-enums';
import { Card, Col, Empty, Row, Spin, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { loadChunk } from '../../chunk-reload';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { useCanOpen } from '../../layouts/route-access';
import { OpenQueriesCard } from '../fee-statement/open-queries-card';
import styles from './finance-dashboard.module.css';
import { financeDashboardQuery, payableToModelsQuery } from './finance-dashboard.queries';
import { type FinanceDashboardLinks, financeDashboardLinks } from './finance-dashboard-links';

/**
 * The charts and their library come in a chunk of their own (with the data dashboard's), loaded only here,
 * once for both charts (a failed load is tried again by the next render).
 */
let charts: ReturnType<typeof importCharts> | undefined;
const importCharts = () => loadChunk(() => import('./finance-dashboard-charts'));
const chartsChunk = () => {
  charts ??= importCharts().catch((error: unknown) => {
    charts = undefined;
    throw error;
  });
  return charts;
};
const ExpectedChart = lazy(() => chartsChunk().then((module) => ({ default: module.ExpectedChart })));
const RevenueChart = lazy(() => chartsChunk().then((module) => ({ default: module.RevenueChart })));

/** Its children as a link to `to` when the member may open it (`finance-link-${testId}`), else as they are. */
function Linked({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  const canOpen = useCanOpen();
  return canOpen(to) ? (
    <Link to={to} className={styles.link} data-testid={`finance-link-${testId}`}>
      {children}
    </Link>
  ) : (
    <div>{children}</div>
  );
}

/** An amount as a statistic, through the admin's money text. */
const Money = ({ title, fen, testId }: { title?: ReactNode; fen: number; testId: string }) => (
  <Statistic
    className={styles.figure}
    title={title}
    value={fen}
    formatter={(value) => <MoneyCell fen={Number(value)} />}
    data-testid={testId}
  />
);

const Note = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <div className={styles.note} data-testid={testId}>
    {children}
  </div>
);

/** Four cards a row from xl; 收款 holds two months, so it takes the width of almost two. */
const figureSpan = { xs: 24, sm: 12, xl: 5 } as const;
const receivedSpan = { xs: 24, sm: 12, xl: 9 } as const;

function Figures({ answer, links }: { answer: FinanceDashboard; links: FinanceDashboardLinks }) {
  const { receivable, received_this_month: month, received_last_month: last } = answer;
  return (
    <Row gutter={[16, 16]}>
      <Col {...figureSpan}>
        <Card size="small" title={RECEIVABLE_WORDS.outstanding} className={styles.card}>
          <Linked to={links.receivable} testId="receivable">
            <Money fen={receivable.outstanding} testId="finance-receivable" />
            <Note testId="finance-receivable-count">{receivable.count} 个已出账订单未收清</Note>
          </Linked>
        </Card>
      </Col>
      <Col {...receivedSpan}>
        <Card size="small" title="收款" className={styles.card}>
          <div className={styles.pair}>
            <Linked to={links.receivedThisMonth} testId="received-this-month">
              <Money title="本月" fen={month.amount} testId="finance-received-this-month" />
              <Note testId="finance-received-this-month-count">{month.count} 笔</Note>
            </Linked>
            <Linked to={links.receivedLastMonth} testId="received-last-month">
              <Money title="上月" fen={last.amount} testId="finance-received-last-month" />
              <Note testId="finance-received-last-month-count">{last.count} 笔</Note>
            </Linked>
          </div>
        </Card>
      </Col>
      <Col {...figureSpan}>
        <Card size="small" title="已开票未收款" className={styles.card}>
          <Linked to={links.invoicedUnpaid} testId="invoiced-unpaid">
            <Money fen={answer.invoiced_unpaid.amount} testId="finance-invoiced-unpaid" />
            <Note testId="finance-invoiced-unpaid-count">
              {answer.invoiced_unpaid.count} 张已开具发票（已减红冲与核销）
            </Note>
          </Linked>
        </Card>
      </Col>
      <Col {...figureSpan}>
        <Card size="small" title="预收款" className={styles.card}>
          <Linked to={links.credit} testId="credit">
            <Money fen={answer.credit.amount} testId="finance-credit" />
            <Note testId="finance-credit-count">{answer.credit.count} 笔收款有未核销金额</Note>
          </Linked>
        </Card>
      </Col>
    </Row>
  );
}

const payableSpan = { xs: 24, sm: 12, xl: 14 } as const;
const withheldSpan = { xs: 24, sm: 12, xl: 10 } as const;

/**
 * 应付模特 (what settlements drafted now would pay, what waits for clients: its own call, which may take
 * longer than the rest) and 本月代扣个税.
 */
function ModelPayables({ answer, links }: { answer: FinanceDashboard; links: FinanceDashboardLinks }) {
  const { withheld_this_month: withheld } = answer;
  const payableQuery = useQuery(payableToModelsQuery);
  return (
    <Row gutter={[16, 16]}>
      <Col {...payableSpan}>
        <Card size="small" title="应付模特" className={styles.card}>
          <QueryState query={payableQuery} loading={{ rows: 1 }}>
            {(payable) => (
              <Linked to={links.payableToModels} testId="payable-to-models">
                <div className={styles.pair}>
                  <div>
                    <Money title="当前可结算" fen={payable.payable} testId="finance-payable-now" />
                    <Note testId="finance-payable-models">
                      {payable.models} 位模特待结算（实付，已扣个税与扣款）
                    </Note>
                  </div>
                  <div>
                    <Money title="待回款" fen={payable.waiting} testId="finance-payable-waiting" />
                    <Note>客户付款后可结算（个税为估算）</Note>
                  </div>
                </div>
              </Linked>
            )}
          </QueryState>
        </Card>
      </Col>
      <Col {...withheldSpan}>
        <Card size="small" title="本月代扣个税" className={styles.card}>
          <Linked to={links.withholding} testId="withholding">
            <Money fen={withheld.amount} testId="finance-withheld-this-month" />
            <Note testId="finance-withheld-this-month-count">本月付款的 {withheld.count} 张结算单预扣</Note>
          </Linked>
        </Card>
      </Col>
    </Row>
  );
}

/** 账龄: what is outstanding in each bucket, each opening 费用 filtered by it. */
function Buckets({ answer, links }: { answer: FinanceDashboard; links: FinanceDashboardLinks }) {
  return (
    <Card
      size="small"
      title="账龄"
      extra={
        <Typography.Text type="secondary">
          逾期合计 <MoneyCell fen={answer.expected.overdue.outstanding} testId="finance-overdue-total" />
        </Typography.Text>
      }
    >
      <div className={styles.buckets}>
        {answer.buckets.map((entry) => (
          <Linked key={entry.bucket} to={links.bucket(entry.bucket)} testId={`bucket-${entry.bucket}`}>
            <Money
              title={AGING_BUCKET_LABELS[entry.bucket]}
              fen={entry.outstanding}
              testId={`finance-bucket-${entry.bucket}`}
            />
            <Note testId={`finance-bucket-${entry.bucket}-count`}>{entry.count} 个订单</Note>
          </Linked>
        ))}
      </div>
    </Card>
  );
}

/** 欠款最多的客户: each opens 费用 of the client, outstanding only. */
function TopClients({ answer, links }: { answer: FinanceDashboard; links: FinanceDashboardLinks }) {
  const most = answer.top_clients[0]?.outstanding ?? 0;
  return (
    <Card size="small" title="欠款最多的客户" className={styles.card}>
      {answer.top_clients.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未收的客户" />
      ) : (
        <ol className={styles.clients} data-testid="finance-top-clients">
          {answer.top_clients.map((client) => (
            <li key={client.company.id}>
              <Linked to={links.client(client.company.id)} testId={`client-${client.company.id}`}>
                <div className={styles.client}>
                  <span className={styles.clientName}>{client.company.name}</span>
                  <span className={styles.clientCount}>{client.count} 单</span>
                  <MoneyCell fen={client.outstanding} testId={`finance-client-${client.company.id}`} />
                </div>
                <div className={styles.share}>
                  <div style={{ width: `${most > 0 ? (client.outstanding / most) * 100 : 0}%` }} />
                </div>
              </Linked>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const chartFallback = (
  <div className={styles.chartFallback} data-testid="finance-charts-loading">
    <Spin />
  </div>
);

function FinanceDashboardBody({ answer }: { answer: FinanceDashboard }) {
  const links = financeDashboardLinks(answer);
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  const open = (to: string) => {
    if (canOpen(to)) void navigate(to);
  };
  const { later } = answer.expected;
  return (
    <div className={styles.page} data-testid="finance-dashboard">
      <Figures answer={answer} links={links} />
      <ModelPayables answer={answer} links={links} />
      <Buckets answer={answer} links={links} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Suspense fallback={chartFallback}>
            <ExpectedChart
              title="未来 8 周预计收款（按到期日，每周一起）"
              extra={
                later.count > 0 && (
                  <Typography.Text type="secondary" data-testid="finance-expected-later">
                    8 周后 <MoneyCell fen={later.outstanding} />（{later.count} 个）
                  </Typography.Text>
                )
              }
              data={answer.expected}
              onOpen={(index) => open(index === 0 ? links.overdue : links.byDueDate)}
            />
          </Suspense>
        </Col>
        <Col xs={24} xl={10}>
          <TopClients answer={answer} links={links} />
        </Col>
      </Row>
      <OpenQueriesCard />
      <Suspense fallback={chartFallback}>
        <RevenueChart
          title="近 12 个月开票收入"
          extra={<Typography.Text type="secondary">不含税，已减当月通过的红冲</Typography.Text>}
          data={answer.invoiced_by_month}
          onOpen={(index) => {
            const month = answer.invoiced_by_month[index];
            if (month) open(links.month(month));
          }}
        />
      </Suspense>
    </div>
  );
}

/**
 * 看板 (/admin/finance/dashboard, docs/product.md "Finance dashboard"): what clients owe and since when,
 * what came in this month and last, invoices left unpaid, credit held, what falls due in the weeks ahead,
 * what is payable to models and withheld for them this month, who owes most and revenue invoiced month by
 * month; each figure opens the list behind it. The charts load
 * on their own, after the figures.
 */
export function FinanceDashboardPage() {
  const dashboard = useQuery(financeDashboardQuery);
  return (
    <QueryState query={dashboard} loading="page" framed>
      {(answer) => <FinanceDashboardBody answer={answer} />}
    </QueryState>
  );
}

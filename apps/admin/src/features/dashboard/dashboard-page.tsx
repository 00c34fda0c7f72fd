import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_KINDS } from '@trackit/contract/approval.schema';
import type { Dashboard } from '@trackit/contract/dashboard.schema';
import { BILLING_WORDS } from '@trackit/contract/order-constants';
import { Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { loadChunk } from '../../chunk-reload';
import { MoneyCell } from '../../components/money/money-cell';
import { QueryState } from '../../components/query-state';
import { useCanOpen } from '../../layouts/route-access';
import { WaitingApprovalsCard } from '../approval/waiting-approvals-card';
import styles from './dashboard.module.css';
import { dashboardQuery } from './dashboard.queries';
import { changePercent, changeText, rangeText, scopeNote } from './dashboard-figures';
import { type DashboardLinks, dashboardLinks } from './dashboard-links';

/** The charts and their library come in a chunk of their own, loaded only here. */
const DashboardCharts = lazy(() =>
  loadChunk(() => import('./dashboard-charts')).then((module) => ({ default: module.DashboardCharts })),
);

/** What 待我审批 counts: the requests of every kind the member approves (订单、发票红冲). */
const WAITING_NOTE = `已提交、等待审批的${Object.values(APPROVAL_KINDS)
  .map((kind) => kind.label)
  .join('、')}`;

interface FigureCardProps {
  title: string;
  to: string;
  /** `dashboard-link-${testId}` on the link. */
  testId: string;
  children: ReactNode;
}

/** One figure: a card that opens the list behind it, when the member may open that list. */
function FigureCard({ title, to, testId, children }: FigureCardProps) {
  const canOpen = useCanOpen();
  const linked = canOpen(to);
  const card = (
    <Card hoverable={linked} size="small" title={title} className={styles.figure}>
      {children}
    </Card>
  );
  return linked ? (
    <Link to={to} className={styles.figureLink} data-testid={`dashboard-link-${testId}`}>
      {card}
    </Link>
  ) : (
    card
  );
}

/** `较上月 +12.5%` with an arrow up (green) or down (red). */
function Change({ current, previous, testId }: { current: number; previous: number; testId: string }) {
  const change = changePercent(current, previous);
  const icon =
    change === null || change === 0 ? null : change > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  const tone = change === null || change === 0 ? undefined : change > 0 ? styles.up : styles.down;
  return (
    <span className={tone} data-testid={testId}>
      较上月 {icon} {changeText(change)}
    </span>
  );
}

const figureSpan = { xs: 24, sm: 12, lg: 8, xxl: 6 } as const;

function Figures({ answer, links }: { answer: Dashboard; links: DashboardLinks }) {
  const models = answer.models_booked_this_week + answer.models_free_this_week;
  const note = scopeNote(answer);
  const { this_month: month, last_month: last } = answer;
  return (
    <Row gutter={[16, 16]}>
      <Col {...figureSpan}>
        <FigureCard title="今日工作" to={links.jobsToday} testId="jobs-today">
          <Statistic value={answer.jobs_today} suffix="个" data-testid="dashboard-jobs-today" />
          <div className={styles.figureNote}>今天有工作日的已确认订单</div>
        </FigureCard>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="本周工作" to={links.jobsThisWeek} testId="jobs-week">
          <Statistic value={answer.jobs_this_week} suffix="个" data-testid="dashboard-jobs-week" />
          <div className={styles.figureNote}>{rangeText(answer.week)}</div>
        </FigureCard>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="本周档期" to={links.modelsThisWeek} testId="models-week">
          <Statistic
            value={answer.models_booked_this_week}
            suffix={`/ ${models}`}
            data-testid="dashboard-models-booked"
          />
          <div className={styles.figureNote} data-testid="dashboard-models-free">
            有排期的模特 / 在职模特，空闲 {answer.models_free_this_week} 位
          </div>
        </FigureCard>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="48 小时内过期的预留" to={links.optionsExpiring} testId="options-expiring">
          <Statistic
            value={answer.options_expiring_48h}
            suffix="个"
            data-testid="dashboard-options-expiring"
          />
          <div className={styles.figureNote}>到期未推进将自动释放</div>
        </FigureCard>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="待我审批" to={links.approvals} testId="approvals">
          <Statistic value={answer.approvals_waiting} suffix="个" data-testid="dashboard-approvals" />
          <div className={styles.figureNote}>{WAITING_NOTE}</div>
        </FigureCard>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="套餐（近 7 天）" to={links.packages} testId="packages">
          <div className={styles.figureRow}>
            <Statistic
              title="被打开"
              value={answer.packages_opened_7d}
              suffix="个"
              data-testid="dashboard-packages-opened"
            />
            <Statistic
              title="浏览"
              value={answer.package_views_7d}
              suffix="次"
              data-testid="dashboard-package-views"
            />
            <Statistic
              title="选中"
              value={answer.package_picks_7d}
              suffix="次"
              data-testid="dashboard-package-picks"
            />
          </div>
        </FigureCard>
      </Col>
      <Col xs={24} lg={16} xxl={12}>
        <Card
          size="small"
          title="本月订单"
          extra={
            note && (
              <Typography.Text type="secondary" data-testid="dashboard-scope-note">
                {note}
              </Typography.Text>
            )
          }
          className={styles.figure}
        >
          <div className={styles.figureRow}>
            <MonthFigure label="本月" month={month} to={links.thisMonth} testId="month" linkId="this-month" />
            <MonthFigure label="上月" month={last} to={links.lastMonth} testId="last" linkId="last-month" />
            <div>
              <div className={styles.figureNote}>
                订单数{' '}
                <Change current={month.orders} previous={last.orders} testId="dashboard-orders-change" />
              </div>
              <div className={styles.figureNote}>
                订单额 <Change current={month.value} previous={last.value} testId="dashboard-value-change" />
              </div>
            </div>
          </div>
        </Card>
      </Col>
      <Col {...figureSpan}>
        <FigureCard title="30 天内到期的肖像授权" to={links.licences} testId="licences">
          <Statistic value={answer.licences_expiring_30d} suffix="项" data-testid="dashboard-licences" />
          <div className={styles.figureNote}>已确认、{BILLING_WORDS.done}订单的肖像授权</div>
        </FigureCard>
      </Col>
    </Row>
  );
}

/**
 * The data dashboard (/admin/dashboard, docs/product.md "Dashboard"): today's and this week's jobs, the
 * models booked and free this week, options about to expire, approvals waiting, what clients did with
 * packages, this month's orders against last month's, and licences to renew; each figure opens the list
 * it counts. The charts load on their own, after the figures.
 */
/** A month's booked orders: their count and value, linking to the month's list. */
const MonthFigure = ({
  label,
  month,
  to,
  testId,
  linkId,
}: {
  label: string;
  month: Dashboard['this_month'];
  to: string;
  testId: string;
  linkId: string;
}) => {
  const canOpen = useCanOpen();
  const figures = (
    <>
      <Statistic
        title={`${label}（${rangeText(month)}）`}
        value={month.orders}
        suffix="个"
        data-testid={`dashboard-${testId}-orders`}
      />
      <Statistic
        value={month.value}
        formatter={(fen) => <MoneyCell fen={Number(fen)} />}
        data-testid={`dashboard-${testId}-value`}
      />
    </>
  );
  return canOpen(to) ? (
    <Link to={to} className={styles.figureLink} data-testid={`dashboard-link-${linkId}`}>
      {figures}
    </Link>
  ) : (
    <div>{figures}</div>
  );
};

export function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  return (
    <QueryState query={dashboard} loading="page" framed>
      {(answer) => <DashboardBody answer={answer} />}
    </QueryState>
  );
}

function DashboardBody({ answer }: { answer: Dashboard }) {
  return (
    <div className={styles.page} data-testid="dashboard">
      <Figures answer={answer} links={dashboardLinks(answer)} />
      {/* Asked for only when something waits: the figure already says how many. */}
      {answer.approvals_waiting > 0 && <WaitingApprovalsCard />}
      <Suspense
        fallback={
          <div className={styles.chartFallback} data-testid="dashboard-charts-loading">
            <Spin />
          </div>
        }
      >
        <DashboardCharts
          jobsByDay={answer.jobs_by_day}
          valueByDay={answer.value_by_day}
          valueNote={scopeNote(answer)}
        />
      </Suspense>
    </div>
  );
}

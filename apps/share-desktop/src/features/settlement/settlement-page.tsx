import { formatDate } from '@trackit/client/format';
import { dateInChinese } from '@trackit/contract/business-time';
import { FEE_KIND_LABELS } from '@trackit/contract/enums';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import { MODEL_DEDUCTION_KIND_LABELS } from '@trackit/contract/model-deduction.schema';
import { fenInChineseCapitals, formatYuan } from '@trackit/contract/money';
import {
  SETTLEMENT_FIGURE_LABELS as FIGURES,
  INCOME_CATEGORY_LABELS,
  SETTLEMENT_STATUS_LABELS,
} from '@trackit/contract/settlement-enums';
import {
  type PublicSettlement,
  type PublicSettlementLine,
  SETTLEMENT_SHARE_MESSAGES,
} from '@trackit/contract/settlement-share.schema';
import { isShareId } from '@trackit/contract/share';
import { Button, Skeleton, Table, type TableColumnsType, Tag } from 'antd';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { QueryFailure } from '../../components/query-failure';
import { SectionTitle, SharePage, ShareTopBar, TeamName } from '../../components/share-frame';
import sheet from '../../components/statement-sheet.module.css';
import { settlementPdfUrl, useSharedSettlement } from './settlement.queries';
import styles from './settlement-page.module.css';

/**
 * /web/settlements/:shareId: a settlement shared with its model (docs/product.md "Model settlements"): the
 * model's share of each line, the tax withheld, the deductions and what is paid, printable on A4 and
 * downloadable as PDF; each line's client fee only when the agency shows it.
 */
export function SettlementPage() {
  const { shareId = '' } = useParams();
  return isShareId(shareId) ? <SettlementView key={shareId} shareId={shareId} /> : <NotFoundPage />;
}

/** Rows without an id of their own, keyed by their place (the lists never reorder). */
const keyed = <T extends object>(rows: readonly T[]) => rows.map((row, place) => ({ ...row, key: place }));

const money = (fen: number) => <span className={sheet.figure}>{formatYuan(fen)}</span>;

/**
 * 佣金 and, under it, the mother agency's share the agency pays out of it (where that share is taken from;
 * issue 35 item 9), so 分成前金额 − 佣金 − 母公司分成（模特承担） = 模特收入 reads across.
 */
const commission = (split: { commission: number; mother_agency_in_commission: number }) => (
  <>
    {money(split.commission)}
    {split.mother_agency_in_commission !== 0 && (
      <div className={styles.muted}>含母公司分成 {formatYuan(split.mother_agency_in_commission)}</div>
    )}
  </>
);

type Row = PublicSettlementLine & { key: number };
const AMOUNTS = ['gross', 'commission', 'mother_agency', 'income'] as const;

function lineColumns(statement: PublicSettlement): TableColumnsType<Row> {
  return [
    {
      title: '订单',
      key: 'order',
      className: styles.order,
      render: (_: unknown, line: Row) => (
        <>
          <div className={sheet.nowrap}>{line.order_number}</div>
          {line.order_title && <div className={styles.muted}>{line.order_title}</div>}
        </>
      ),
    },
    {
      title: '日期',
      dataIndex: 'date',
      className: sheet.nowrap,
      render: (date: string | null) => date ?? '—',
    },
    {
      title: '项目',
      dataIndex: 'kind',
      className: sheet.nowrap,
      render: (kind: PublicSettlementLine['kind']) => FEE_KIND_LABELS[kind],
    },
    {
      title: '所得项目',
      dataIndex: 'income_category',
      className: sheet.nowrap,
      render: (category: PublicSettlementLine['income_category']) => INCOME_CATEGORY_LABELS[category],
    },
    ...(statement.show_client_fees
      ? [
          {
            title: '客户费用（含税）',
            dataIndex: 'client_total',
            align: 'right' as const,
            render: (fen: number | undefined) => money(fen ?? 0),
          },
        ]
      : []),
    { title: FIGURES.gross, dataIndex: 'gross', align: 'right', render: money },
    {
      title: FIGURES.commission,
      dataIndex: 'commission',
      align: 'right',
      render: (_: number, line: Row) => commission(line),
    },
    { title: FIGURES.motherAgencyFromModel, dataIndex: 'mother_agency', align: 'right', render: money },
    { title: FIGURES.income, dataIndex: 'income', align: 'right', render: money },
  ];
}

function Heading({ statement }: { statement: PublicSettlement }) {
  const period =
    statement.period_from && statement.period_to
      ? `${statement.period_from} 至 ${statement.period_to}`
      : null;
  return (
    <section className={sheet.hero}>
      <div className={sheet.eyebrow}>{statement.agency}</div>
      <h1 className={sheet.title}>
        {statement.corrects ? '结算单（冲正）' : '结算单'}
        <Tag color={statement.status === 'paid' ? 'success' : 'default'} data-testid="status">
          {SETTLEMENT_STATUS_LABELS[statement.status]}
        </Tag>
      </h1>
      <div className={sheet.meta}>
        <span data-testid="model-name">{statement.model_name}</span>
        <span data-testid="number">{statement.number}</span>
        <span>{MODEL_PAYOUT_TYPE_LABELS[statement.payout_type]}</span>
        <span>生成于 {dateInChinese(statement.created_on)}</span>
        {period && <span>结算期间 {period}</span>}
      </div>
      {statement.corrects && (
        <div className={styles.correction} data-testid="corrects">
          冲正结算单 {statement.corrects}
          {statement.reason ? `：${statement.reason}` : ''}
        </div>
      )}
    </section>
  );
}

function Summary({ statement }: { statement: PublicSettlement }) {
  const { totals } = statement;
  const owed = totals.net < 0;
  return (
    <section className={sheet.summary} data-testid="summary">
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>收入</div>
        <div className={sheet.statValue}>{formatYuan(totals.income)}</div>
      </div>
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>预扣个税</div>
        <div className={sheet.statValue}>{formatYuan(totals.tax)}</div>
      </div>
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>扣款</div>
        <div className={sheet.statValue}>{formatYuan(totals.deductions)}</div>
      </div>
      <div className={`${sheet.stat} ${sheet.strong}`}>
        <div className={sheet.statLabel}>{owed ? '应退回' : '实付'}</div>
        <div className={sheet.statValue} data-testid="net">
          {formatYuan(totals.net)}
        </div>
        <div className={sheet.capitals}>人民币{fenInChineseCapitals(Math.abs(totals.net))}</div>
      </div>
    </section>
  );
}

function Lines({ statement }: { statement: PublicSettlement }) {
  const { totals } = statement;
  const columns = lineColumns(statement);
  const rows = keyed(statement.lines);
  const sums = statement.show_client_fees ? (['client_total', ...AMOUNTS] as const) : AMOUNTS;
  const lead = columns.length - sums.length;
  return (
    <section className={sheet.block}>
      <SectionTitle title="结算明细" count={statement.lines.length} />
      <Table<Row>
        className={sheet.lines}
        data-testid="lines"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={rows}
        summary={() => (
          <Table.Summary.Row className={sheet.totalRow}>
            <Table.Summary.Cell index={0} colSpan={lead}>
              合计
            </Table.Summary.Cell>
            {sums.map((field, index) => (
              <Table.Summary.Cell key={field} index={lead + index} align="right">
                {field === 'commission' ? commission(totals) : money(totals[field] ?? 0)}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

function Totals({ statement }: { statement: PublicSettlement }) {
  const { totals } = statement;
  const rows: [string, number][] = [
    [FIGURES.gross, totals.gross],
    [FIGURES.commission, totals.commission],
    ...(totals.mother_agency_in_commission === 0
      ? []
      : [[`　${FIGURES.motherAgencyInCommission}`, totals.mother_agency_in_commission] as [string, number]]),
    [FIGURES.motherAgencyFromModel, totals.mother_agency],
    [FIGURES.income, totals.income],
    ['应纳税所得额', totals.taxable],
    ['预扣个税', totals.tax],
    ['扣款', totals.deductions],
    [totals.net < 0 ? '应退回' : '实付', totals.net],
  ];
  return (
    <div className={sheet.card} data-testid="totals">
      <SectionTitle title="合计" />
      <dl className={styles.pairs}>
        {rows.map(([label, fen]) => (
          <div key={label} className={sheet.pair}>
            <dt>{label}</dt>
            <dd className={sheet.figure}>{formatYuan(fen)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Payment({ statement }: { statement: PublicSettlement }) {
  return (
    <div className={sheet.card} data-testid="payment">
      <SectionTitle title="扣款" count={statement.deductions.length} />
      {statement.deductions.length === 0 ? (
        <div className={sheet.none}>本结算单未扣款</div>
      ) : (
        <ul className={sheet.list}>
          {keyed(statement.deductions).map(({ key, ...deduction }) => (
            <li key={key}>
              <span>{deduction.occurred_on}</span>
              <span>
                {MODEL_DEDUCTION_KIND_LABELS[deduction.kind]}
                {deduction.note ? ` · ${deduction.note}` : ''}
              </span>
              {money(deduction.amount)}
            </li>
          ))}
        </ul>
      )}
      <SectionTitle title="付款信息" />
      <dl className={styles.pairs}>
        <div className={sheet.pair}>
          <dt>收款账户</dt>
          <dd data-testid="payout-account">{statement.payout_account ?? '—'}</dd>
        </div>
        <div className={sheet.pair}>
          <dt>付款日期</dt>
          <dd data-testid="paid-on">{statement.paid ? dateInChinese(statement.paid.on) : '尚未付款'}</dd>
        </div>
        {statement.paid && (
          <div className={sheet.pair}>
            <dt>付款流水号</dt>
            <dd className={sheet.figure}>{statement.paid.reference}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}

function SettlementView({ shareId }: { shareId: string }) {
  const query = useSharedSettlement(shareId);
  const statement = query.data;
  if (!statement) {
    return query.isError ? (
      <QueryFailure error={query.error} onRetry={() => query.refetch()} />
    ) : (
      <SharePage testId="settlement-loading">
        <Skeleton active paragraph={{ rows: 12 }} style={{ paddingTop: 96 }} />
      </SharePage>
    );
  }
  return (
    <SharePage testId="settlement-page">
      <title>{SETTLEMENT_SHARE_MESSAGES.title(statement.number)}</title>
      <ShareTopBar
        start={<TeamName name={statement.agency} />}
        end={
          <div className={sheet.tools}>
            <Button onClick={() => window.print()} data-testid="print">
              打印
            </Button>
            <Button type="primary" href={settlementPdfUrl(shareId)} data-testid="download-pdf">
              下载 PDF
            </Button>
          </div>
        }
      />
      <Heading statement={statement} />
      <Summary statement={statement} />
      <Lines statement={statement} />
      <section className={`${sheet.block} ${sheet.columns}`}>
        <Totals statement={statement} />
        <Payment statement={statement} />
      </section>
      <footer className={sheet.footer}>
        金额单位：人民币元。分成前金额为您的分成基数（不含增值税），模特收入 = 分成前金额 − 佣金 −
        母公司分成（模特承担），实付 = 模特收入 − 预扣个税 −
        扣款；由佣金支付的母公司分成列在佣金下，不从您的收入扣除。
        {statement.expires_at && ` 链接有效期至 ${formatDate(statement.expires_at, 'YYYY-MM-DD HH:mm')}`}
      </footer>
    </SharePage>
  );
}

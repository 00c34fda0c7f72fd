import { copyText } from '@trackit/client/clipboard';
import { formatDate } from '@trackit/client/format';
import { dateInChinese } from '@trackit/contract/business-time';
import {
  isQueryOpen,
  type PublicFeeLine,
  type PublicFeeStatement,
} from '@trackit/contract/fee-statement.schema';
import { INVOICE_ITEM_LABELS } from '@trackit/contract/finance-enums';
import { formatYuan } from '@trackit/contract/money';
import { isShareId } from '@trackit/contract/share';
import { App, Button, Skeleton, Table, type TableColumnsType, Tag } from 'antd';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { QueryFailure } from '../../components/query-failure';
import { SectionTitle, SharePage, ShareTopBar, TeamName } from '../../components/share-frame';
import sheet from '../../components/statement-sheet.module.css';
import { feeStatementPdfUrl, useFeeStatement } from './fee-statement.queries';
import { StatementAnswers } from './fee-statement-answers';
import styles from './fee-statement-page.module.css';

/** /web/fees/:shareId: a fee statement shared with the client, printable on A4 and downloadable as PDF. */
export function FeeStatementPage() {
  const { shareId = '' } = useParams();
  return isShareId(shareId) ? <StatementView key={shareId} shareId={shareId} /> : <NotFoundPage />;
}

/** Rows without an id of their own, keyed by their place (the lists never reorder). */
const keyed = <T extends object>(rows: readonly T[]) => rows.map((row, place) => ({ ...row, key: place }));

const money = (fen: number) => <span className={sheet.figure}>{formatYuan(fen)}</span>;

/** A line's description with the order's days under it. */
function describe(line: PublicFeeLine) {
  return (
    <>
      <div>{line.description}</div>
      {line.dates && <div className={styles.dates}>{line.dates}</div>}
    </>
  );
}

function lineColumns(statement: PublicFeeStatement): TableColumnsType<PublicFeeLine> {
  return [
    ...(statement.order ? [] : [{ title: '订单', dataIndex: 'order_number', className: sheet.nowrap }]),
    { title: '模特', dataIndex: 'model_name', className: sheet.nowrap },
    {
      title: '项目',
      dataIndex: 'item',
      className: sheet.nowrap,
      render: (item: PublicFeeLine['item']) => INVOICE_ITEM_LABELS[item],
    },
    {
      title: '说明与日期',
      key: 'description',
      className: styles.description,
      render: (_: unknown, line: PublicFeeLine) => describe(line),
    },
    { title: '税率', dataIndex: 'tax_rate', align: 'right', render: (rate: number) => `${rate}%` },
    { title: '不含税金额', dataIndex: 'subtotal', align: 'right', render: money },
    { title: '税额', dataIndex: 'tax', align: 'right', render: money },
    { title: '价税合计', dataIndex: 'total', align: 'right', render: money },
    { title: '已付', dataIndex: 'paid', align: 'right', render: money },
    { title: '未付', dataIndex: 'outstanding', align: 'right', render: money },
  ];
}

function Heading({ statement }: { statement: PublicFeeStatement }) {
  const open = statement.queries.filter(isQueryOpen).length;
  return (
    <section className={sheet.hero}>
      <div className={sheet.eyebrow}>{statement.payee.name}</div>
      <h1 className={sheet.title}>
        对账单
        {statement.confirmation && (
          <Tag color="success" data-testid="confirmed">
            已确认
          </Tag>
        )}
        {open > 0 && (
          <Tag color="warning" data-testid="open-queries">
            {open} 个疑问处理中
          </Tag>
        )}
      </h1>
      <div className={sheet.meta}>
        <span data-testid="client-name">{statement.client_name}</span>
        <span>
          {statement.order
            ? `订单 ${statement.order.number}${statement.order.title ? `「${statement.order.title}」` : ''}`
            : `期间 ${statement.from} 至 ${statement.to}`}
        </span>
        <span>截至 {dateInChinese(statement.as_of)}</span>
      </div>
    </section>
  );
}

function Summary({ statement }: { statement: PublicFeeStatement }) {
  const { totals } = statement;
  return (
    <section className={`${sheet.summary} ${styles.summary}`} data-testid="summary">
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>价税合计</div>
        <div className={sheet.statValue}>{formatYuan(totals.total)}</div>
        <div className={sheet.capitals}>人民币{totals.total_in_capitals}</div>
      </div>
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>已付</div>
        <div className={sheet.statValue}>{formatYuan(totals.paid)}</div>
      </div>
      <div className={`${sheet.stat} ${sheet.strong}`}>
        <div className={sheet.statLabel}>未付</div>
        <div className={sheet.statValue} data-testid="outstanding">
          {formatYuan(totals.outstanding)}
        </div>
        <div className={sheet.capitals}>人民币{totals.outstanding_in_capitals}</div>
      </div>
      <div className={sheet.stat}>
        <div className={sheet.statLabel}>付款期限</div>
        <div className={sheet.statValue} data-testid="due-on">
          {statement.due_on ? dateInChinese(statement.due_on) : '—'}
        </div>
      </div>
    </section>
  );
}

function PeriodFigures({ figures }: { figures: NonNullable<PublicFeeStatement['figures']> }) {
  const items: [string, number][] = [
    ['期初余额', figures.opening],
    ['本期费用', figures.fees],
    ['本期开票', figures.invoiced],
    ['本期收款', figures.received],
    ['期末余额', figures.closing],
    ['预收款', figures.credit],
  ];
  return (
    <section className={sheet.block}>
      <SectionTitle title="本期往来" />
      <div className={styles.figures} data-testid="period-figures">
        {items.map(([label, fen]) => (
          <div key={label} className={styles.figureItem}>
            <div className={sheet.statLabel}>{label}</div>
            <div className={styles.figureValue}>{formatYuan(fen)}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * The lines on a phone: a card each, with what is paid and outstanding in view (the table's ten columns
 * would put them off-screen). Shown instead of the table below 640px, never printed.
 */
function LineCards({ statement }: { statement: PublicFeeStatement }) {
  if (statement.lines.length === 0)
    return <div className={`${sheet.none} ${styles.cards}`}>本期没有费用</div>;
  return (
    <ul className={styles.cards} data-testid="line-cards">
      {statement.lines.map((line) => (
        <li key={line.fee_line_id} className={styles.card} data-testid="line-card">
          <div className={styles.cardHead}>
            <span>
              {line.model_name} · {INVOICE_ITEM_LABELS[line.item]}
            </span>
            {!statement.order && <span className={styles.dates}>{line.order_number}</span>}
          </div>
          <div className={styles.dates}>
            {line.description}
            {line.dates && ` · ${line.dates}`}
          </div>
          <dl className={styles.cardFigures}>
            <div>
              <dt>价税合计</dt>
              <dd>{money(line.total)}</dd>
            </div>
            <div>
              <dt>已付</dt>
              <dd>{money(line.paid)}</dd>
            </div>
            <div className={sheet.strong}>
              <dt>未付</dt>
              <dd data-testid="line-card-outstanding">{money(line.outstanding)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Lines({ statement }: { statement: PublicFeeStatement }) {
  const { totals } = statement;
  const columns = lineColumns(statement);
  const lead = columns.length - 6;
  return (
    <section className={sheet.block}>
      <SectionTitle title="费用明细" count={statement.lines.length} />
      <LineCards statement={statement} />
      <Table<PublicFeeLine>
        className={`${sheet.lines} ${styles.lines}`}
        data-testid="lines"
        rowKey="fee_line_id"
        size="middle"
        pagination={false}
        columns={columns}
        dataSource={statement.lines}
        locale={{ emptyText: '本期没有费用' }}
        summary={() => (
          <Table.Summary.Row className={sheet.totalRow}>
            <Table.Summary.Cell index={0} colSpan={lead}>
              合计
            </Table.Summary.Cell>
            <Table.Summary.Cell index={lead} />
            {(['subtotal', 'tax', 'total', 'paid', 'outstanding'] as const).map((field, index) => (
              <Table.Summary.Cell key={field} index={lead + 1 + index} align="right">
                {money(totals[field])}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        )}
      />
      <div className={styles.capitalsLine} data-testid="total-capitals">
        价税合计（大写）：人民币{totals.total_in_capitals}
      </div>
    </section>
  );
}

function Payee({ statement }: { statement: PublicFeeStatement }) {
  const { payee } = statement;
  const { message } = App.useApp();
  // The digits alone: a banking app takes the account without the grouping spaces.
  const copyAccount = async () => {
    if (await copyText(payee.account.replace(/\s+/g, ''))) void message.success('账号已复制');
    else void message.error('复制失败，请长按账号手动复制');
  };
  const rows: [string, string][] = [
    ['收款单位', payee.name],
    ['统一社会信用代码', payee.credit_code],
    ['开户银行', payee.bank],
    ['开户支行', payee.branch],
  ];
  return (
    <div className={sheet.card} data-testid="payee">
      <SectionTitle title="收款账户" />
      <dl className={styles.pairs}>
        {rows.map(([label, value]) => (
          <div key={label} className={sheet.pair}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={sheet.pair}>
          <dt>银行账号</dt>
          <dd className={styles.accountRow}>
            <span className={styles.account} data-testid="account">
              {payee.account}
            </span>
            <Button
              size="small"
              onClick={() => void copyAccount()}
              className={styles.copy}
              data-testid="copy-account"
            >
              复制账号
            </Button>
          </dd>
        </div>
      </dl>
    </div>
  );
}

function Movements({ statement }: { statement: PublicFeeStatement }) {
  return (
    <div className={sheet.card} data-testid="movements">
      <SectionTitle title="发票" count={statement.invoices.length} />
      {statement.invoices.length === 0 ? (
        <div className={sheet.none}>暂无发票</div>
      ) : (
        <ul className={`${sheet.list} ${styles.movementList}`}>
          {keyed(statement.invoices).map(({ key, ...invoice }) => (
            <li key={key}>
              <span>{invoice.issued_on}</span>
              <span className={styles.number}>{invoice.number}</span>
              {money(invoice.total)}
            </li>
          ))}
        </ul>
      )}
      {statement.figures && (
        <>
          <SectionTitle title="收款" count={statement.receipts.length} />
          {statement.receipts.length === 0 ? (
            <div className={sheet.none}>本期暂无收款</div>
          ) : (
            <ul className={`${sheet.list} ${styles.movementList}`}>
              {keyed(statement.receipts).map(({ key, ...receipt }) => (
                <li key={key}>
                  <span>{receipt.received_on}</span>
                  <span />
                  {money(receipt.amount)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function StatementView({ shareId }: { shareId: string }) {
  const query = useFeeStatement(shareId);
  const statement = query.data;
  if (!statement) {
    return query.isError ? (
      <QueryFailure error={query.error} onRetry={() => query.refetch()} />
    ) : (
      <SharePage testId="fee-statement-loading">
        <Skeleton active paragraph={{ rows: 12 }} style={{ paddingTop: 96 }} />
      </SharePage>
    );
  }
  return (
    <SharePage testId="fee-statement-page">
      <title>{`对账单 · ${statement.client_name}`}</title>
      <ShareTopBar
        start={<TeamName name={statement.team_name} />}
        end={
          <div className={sheet.tools}>
            <Button onClick={() => window.print()} data-testid="print">
              打印
            </Button>
            <Button type="primary" href={feeStatementPdfUrl(shareId)} data-testid="download-pdf">
              下载 PDF
            </Button>
          </div>
        }
      />
      <Heading statement={statement} />
      <Summary statement={statement} />
      {statement.figures && <PeriodFigures figures={statement.figures} />}
      <Lines statement={statement} />
      <section className={`${sheet.block} ${sheet.columns}`}>
        <Payee statement={statement} />
        <Movements statement={statement} />
      </section>
      <StatementAnswers shareId={shareId} statement={statement} />
      <footer className={sheet.footer}>
        金额单位：人民币元（含税）
        {statement.expires_at && ` · 链接有效期至 ${formatDate(statement.expires_at, 'YYYY-MM-DD HH:mm')}`}
      </footer>
    </SharePage>
  );
}

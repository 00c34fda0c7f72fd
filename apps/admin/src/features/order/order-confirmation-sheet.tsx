import { businessDate, dateInChinese, weekdayName } from '@trackit/contract/business-time';
import { FEE_KIND_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { fenInChineseCapitals, formatTaxRate, type Totals } from '@trackit/contract/money';
import type { Order, OrderModel } from '@trackit/contract/order.schema';
import { feeDescription } from '@trackit/contract/order-text';
import { MoneyCell } from '../../components/money/money-cell';
import styles from './order-confirmation-sheet.module.css';

/** The sheet's dash for a blank, as the PDF prints it. */
const DASH = '—';
const orDash = (text: string | null | undefined) => (text?.trim() ? text : DASH);

const modelName = (model: OrderModel) =>
  model.english_name ? `${model.name}  ${model.english_name}` : model.name;

const Figures = ({ totals }: { totals: Pick<Totals, 'subtotal' | 'tax' | 'total'> }) => (
  <>
    <td className={styles.number}>
      <MoneyCell fen={totals.subtotal} />
    </td>
    <td className={styles.number}>
      <MoneyCell fen={totals.tax} />
    </td>
    <td className={styles.number}>
      <MoneyCell fen={totals.total} />
    </td>
  </>
);

function ModelFees({ model }: { model: OrderModel }) {
  return (
    <div className={styles.model} data-testid={`confirmation-model-${model.model_id}`}>
      <div className={styles.modelName}>{modelName(model)}</div>
      {model.fees.length === 0 ? (
        <div>无费用</div>
      ) : (
        <table className={styles.table}>
          <colgroup>
            <col style={{ width: '9%' }} />
            <col />
            <col style={{ width: '7%' }} />
            <col style={{ width: '15%' }} />
            <col style={{ width: '12%' }} />
            <col style={{ width: '15%' }} />
          </colgroup>
          <thead>
            <tr>
              <th>项目</th>
              <th>说明</th>
              <th className={styles.number}>税率</th>
              <th className={styles.number}>不含税金额</th>
              <th className={styles.number}>税额</th>
              <th className={styles.number}>合计</th>
            </tr>
          </thead>
          <tbody>
            {model.fees.map((fee) => (
              <tr key={fee.id}>
                <td>{FEE_KIND_LABELS[fee.kind]}</td>
                <td>{feeDescription(fee)}</td>
                <td className={styles.number}>{formatTaxRate(fee.tax_rate)}</td>
                <Figures totals={fee} />
              </tr>
            ))}
            {model.totals && (
              <tr className={styles.subtotal}>
                <td>小计</td>
                <td />
                <td />
                <Figures totals={model.totals} />
              </tr>
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}

function GrandTotal({ totals }: { totals: Totals }) {
  const lines: [string, number, boolean][] = [
    ['费用（不含税）', totals.model_fees, false],
    ['肖像授权（不含税）', totals.usage_fees, false],
    ['不含税金额合计', totals.subtotal, false],
    ['税额合计', totals.tax, false],
    ['总计（含税）', totals.total, true],
  ];
  return (
    <div className={styles.grandTotal} data-testid="confirmation-totals">
      <dl>
        {lines.map(([label, fen, strong]) => (
          <div key={label} className={strong ? styles.grandLine : undefined}>
            <dt>{label}</dt>
            <dd>
              <MoneyCell fen={fen} />
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.capitals} data-testid="confirmation-capitals">
        总计（大写）：人民币{fenInChineseCapitals(totals.total)}
      </p>
    </div>
  );
}

export interface OrderConfirmationSheetProps {
  order: Order;
  /** The agency's name (the team), at the head and in its signature box. */
  teamName: string;
  printedAt?: Date;
}

/**
 * 订单确认单 as an A4 sheet: the content of the PDF the server makes (order-confirmation.pdf.ts), for the
 * screen and the printer. The job, its days with weekdays, each model's fee lines, the totals in figures
 * and in capitals, the notes, and a signature box for each party; no amount at all when the member may
 * not see this order's fees.
 */
export function OrderConfirmationSheet({
  order,
  teamName,
  printedAt = new Date(),
}: OrderConfirmationSheetProps) {
  const job: [string, string, boolean][] = [
    ['客户公司', orDash(order.company?.name), false],
    ['联系人', orDash(order.contact?.name), false],
    ['品牌', orDash(order.brand), false],
    ['工作类型', order.job_type ? JOB_TYPE_LABELS[order.job_type] : DASH, false],
    ['订单标题', orDash(order.title), true],
    ['工作地点', orDash(order.place), true],
  ];
  const totals = order.fees_visible ? order.totals : null;
  return (
    <article className={styles.sheet} data-testid="order-confirmation">
      <header>
        <div className={styles.team}>{teamName}</div>
        <h1 className={styles.title}>订单确认单</h1>
        <div className={styles.meta}>
          <span>订单编号：{order.number}</span>
          <span>打印日期：{dateInChinese(businessDate(printedAt))}</span>
        </div>
      </header>
      <dl className={styles.job}>
        {job.map(([label, value, wide]) => (
          <div key={label} className={wide ? styles.wide : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section>
        <h2 className={styles.section}>工作日期</h2>
        {order.days.length === 0 ? (
          <div>{DASH}</div>
        ) : (
          <ul className={styles.days} data-testid="confirmation-days">
            {order.days.map((day) => (
              <li key={day.date}>
                {day.date}（{weekdayName(day.date)}）{day.start_time}–{day.end_time}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h2 className={styles.section}>模特</h2>
        {order.fees_visible ? (
          order.models.map((model) => <ModelFees key={model.model_id} model={model} />)
        ) : (
          <div data-testid="confirmation-model-names">{order.models.map(modelName).join('、') || DASH}</div>
        )}
        {totals && <GrandTotal totals={totals} />}
      </section>
      {order.notes.trim() && (
        <section>
          <h2 className={styles.section}>备注</h2>
          <p className={styles.notes}>{order.notes}</p>
        </section>
      )}
      <div className={styles.signatures}>
        {[
          ['客户（甲方）', orDash(order.company?.name)],
          ['经纪方（乙方）', teamName],
        ].map(([role, name]) => (
          <div key={role} className={styles.signature}>
            <div className={styles.party}>
              {role}：{name}
            </div>
            {['签字：', '盖章：', '日期：'].map((label) => (
              <div key={label} className={styles.signLine}>
                <span>{label}</span>
                <span className={styles.blank} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </article>
  );
}

/**
 * The demo agency's fee statements (docs/product.md "Demo data: the finance year"), shared through the
 * fee-statement services a few days ago: the statement of the latest order paid in full, which its client
 * confirmed, and the statement of the order owing most, on whose first line the client asked a question
 * still open (the finance dashboard counts it); and that client's period statement of the last two months
 * (for the payee entity its orders owe most), whose question staff answered and resolved (issue 35).
 * Runs after the finance year (demo-finance.ts), reading the orders' kept money.
 */
import { addDays, businessDate, businessInstant } from '@trackit/contract/business-time';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { createFeeStatement } from '../domains/fee-statement/fee-statement.service';
import { confirmStatement, queryStatement } from '../domains/fee-statement/fee-statement-public.service';
import { answerStatementQuery } from '../domains/fee-statement/fee-statement-query.service';
import { feeLines, orders } from '../domains/order/order.tables';
import type { AuthContext } from '../http/auth-context';

const origin = { ip: '', userAgent: '' };

export async function seedDemoStatements(db: Database, author: AuthContext): Promise<void> {
  const { teamId } = author;
  const billed = and(eq(orders.teamId, teamId), eq(orders.status, 'billed'));
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(billed, gt(orders.feesTotal, 0), eq(orders.received, orders.feesTotal)))
    .orderBy(desc(orders.billedAt))
    .limit(1);
  const [owing] = await db
    .select({ id: orders.id, companyId: orders.companyId })
    .from(orders)
    .where(and(billed, gt(orders.feesTotal, orders.received)))
    .orderBy(desc(sql`${orders.feesTotal} - ${orders.received}`), asc(orders.id))
    .limit(1);
  if (!paid || !owing) return;
  const today = businessDate(new Date());
  const when = (days: number, time: string) => {
    const at = businessInstant(addDays(today, days), time);
    return { db, clock: () => at };
  };

  const confirmed = await createFeeStatement(when(-6, '10:30'), author, { order_id: paid.id }, origin);
  await confirmStatement(when(-5, '09:15'), confirmed.share_id, { name: '陈会计' });

  const queried = await createFeeStatement(when(-4, '16:00'), author, { order_id: owing.id }, origin);
  const [line] = await db
    .select({ id: feeLines.id })
    .from(feeLines)
    .where(and(eq(feeLines.teamId, teamId), eq(feeLines.orderId, owing.id)))
    .orderBy(asc(feeLines.position), asc(feeLines.id))
    .limit(1);
  await queryStatement(when(-3, '11:40'), queried.share_id, {
    ...(line ? { fee_line_id: line.id } : {}),
    comment: '第二天的拍摄因天气延后半天，这一天的费用是否按半天计算？',
    name: '刘经理',
  });

  if (owing.companyId === null) return;
  // The period statement: its question answered the next day and resolved with the answer.
  const period = await createFeeStatement(
    when(-2, '10:00'),
    author,
    { company_id: owing.companyId, from: addDays(today, -60), to: addDays(today, -1) },
    origin,
  );
  const asked = await queryStatement(when(-2, '15:20'), period.share_id, {
    comment: '上月的发票我们还没有收到，请问是否已经开具？',
    name: '刘经理',
  });
  const question = asked.queries[0];
  if (!question) return;
  await answerStatementQuery(
    when(-1, '09:30'),
    author,
    question.id,
    { reply: '发票已开具并于昨日发送至贵司财务邮箱，纸质件随快递寄出；如未收到请告知。', resolve: true },
    origin,
  );
}

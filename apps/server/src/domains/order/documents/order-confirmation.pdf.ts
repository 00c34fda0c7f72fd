/**
 * The booking confirmation (订单确认单) a client reads and signs (docs/product.md "Orders", `export/{id}`):
 * A4 portrait, the job, its working days, each model with its fee lines and the totals (figures and
 * Chinese capitals), the notes, and a signature and stamp box for each party. Laid out on the shared
 * document frame (`documents/pdf-frame.ts`): a table that runs over a page goes on with its header
 * repeated, and every page is numbered. When the caller may not see the order's fees (`fees_visible`
 * false), no amount appears anywhere.
 */

import { type Bank, bankName } from '@trackit/contract/banks';
import { businessDate, dateInChinese, weekdayName } from '@trackit/contract/business-time';
import { FEE_KIND_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { formatYuan, type Totals } from '@trackit/contract/money';
import type { Order, OrderModel } from '@trackit/contract/order.schema';
import { feeDescription } from '@trackit/contract/order-text';
import { formatAccountNumber } from '@trackit/contract/patterns';
import {
  CONTENT_WIDTH,
  HAIRLINE,
  INK,
  MARGIN,
  MUTED,
  newPdf,
  renderPdf,
} from '../../../documents/pdf-document';
import { loadPdfFonts } from '../../../documents/pdf-fonts';
import { PAD, PdfFrame, type TableColumn, type TableRow, TYPE } from '../../../documents/pdf-frame';

/** The fee table: what, how (unit price × quantity, or the licence's terms), rate, and the figures. */
const FEE_COLUMNS: readonly TableColumn[] = (() => {
  const fixed = { kind: 50, rate: 36, subtotal: 84, tax: 70, total: 84 };
  const description = CONTENT_WIDTH - Object.values(fixed).reduce((sum, width) => sum + width, 0);
  return [
    { title: '项目', width: fixed.kind, align: 'left' },
    { title: '说明', width: description, align: 'left' },
    { title: '税率', width: fixed.rate, align: 'right' },
    { title: '不含税金额', width: fixed.subtotal, align: 'right' },
    { title: '税额', width: fixed.tax, align: 'right' },
    { title: '合计', width: fixed.total, align: 'right' },
  ];
})();

const orDash = (text: string | null | undefined) => (text?.trim() ? text : '—');

/**
 * The agency as the confirmation names it: the order's payee entity (收款主体), with the credit code and
 * the account the client pays into, or the team's name alone when the order has none.
 */
export interface ConfirmationParty {
  name: string;
  payee: { creditCode: string; bank: string; account: string } | null;
}

/** The party of the team and the order's payee entity, if any. */
export function confirmationParty(
  teamName: string,
  payee: {
    name: string;
    creditCode: string;
    bank: Bank;
    bankName: string | null;
    branch: string;
    accountNumber: string;
  } | null,
): ConfirmationParty {
  if (!payee) return { name: teamName, payee: null };
  return {
    name: payee.name,
    payee: {
      creditCode: payee.creditCode,
      bank: `${bankName(payee.bank, payee.bankName)} ${payee.branch}`,
      account: formatAccountNumber(payee.accountNumber),
    },
  };
}

/** The payee's credit code and account, under the heading: where the client pays. */
function drawPayee(frame: PdfFrame, team: ConfirmationParty) {
  if (!team.payee) return;
  const rows: [string, string][] = [
    ['收款单位', team.name],
    ['统一社会信用代码', team.payee.creditCode],
    ['开户银行', team.payee.bank],
    ['银行账号', team.payee.account],
  ];
  const labelWidth = 96;
  frame.section('收款信息');
  for (const [label, value] of rows) {
    frame.room(TYPE.body * 1.8);
    frame.write(label, MARGIN, frame.y, labelWidth, 'light', TYPE.body, { color: MUTED });
    frame.write(value, MARGIN + labelWidth, frame.y, CONTENT_WIDTH - labelWidth, 'medium', TYPE.body);
    frame.y += TYPE.body * 1.8;
  }
}

function drawHeading(frame: PdfFrame, order: Order, team: ConfirmationParty, printedAt: Date) {
  frame.write(team.name, MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body, { color: MUTED });
  frame.y += TYPE.body * 2;
  frame.write('订单确认单', MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.title, { align: 'center' });
  frame.y += TYPE.title * 1.8;
  const half = CONTENT_WIDTH / 2;
  frame.write(`订单编号：${order.number}`, MARGIN, frame.y, half, 'light', TYPE.body);
  const printed = `打印日期：${dateInChinese(businessDate(printedAt))}`;
  frame.write(printed, MARGIN + half, frame.y, half, 'light', TYPE.body, { align: 'right' });
  frame.y += TYPE.body * 2;
  frame.rule(frame.y, INK);
  frame.y += 8;
}

/** The job: label and value pairs, two to a row, the long ones across the page. */
function drawJob(frame: PdfFrame, order: Order) {
  const labelWidth = 56;
  const rows: [string, string][][] = [
    [
      ['客户公司', orDash(order.company?.name)],
      ['联系人', orDash(order.contact?.name)],
    ],
    [
      ['品牌', orDash(order.brand)],
      ['工作类型', order.job_type ? JOB_TYPE_LABELS[order.job_type] : '—'],
    ],
    [['订单标题', orDash(order.title)]],
    [['工作地点', orDash(order.place)]],
  ];
  for (const row of rows) {
    const width = CONTENT_WIDTH / row.length;
    const valueWidth = width - labelWidth - PAD;
    const height =
      Math.max(...row.map(([, value]) => frame.heightOf(value, 'medium', TYPE.body, valueWidth))) + 6;
    frame.room(height);
    row.forEach(([label, value], column) => {
      const x = MARGIN + column * width;
      frame.write(label, x, frame.y, labelWidth, 'light', TYPE.body, { color: MUTED });
      frame.write(value, x + labelWidth, frame.y, valueWidth, 'medium', TYPE.body);
    });
    frame.y += height;
  }
}

/** The working days, three to a row: date, weekday and hours. */
async function drawDays(frame: PdfFrame, order: Order) {
  frame.section('工作日期');
  if (order.days.length === 0) {
    frame.write('—', MARGIN, frame.y, CONTENT_WIDTH, 'light', TYPE.body);
    frame.y += TYPE.body * 2;
    return;
  }
  const perRow = 3;
  const width = CONTENT_WIDTH / perRow;
  const height = TYPE.body * 2;
  for (let start = 0; start < order.days.length; start += perRow) {
    frame.room(height);
    order.days.slice(start, start + perRow).forEach((day, column) => {
      const text = `${day.date}（${weekdayName(day.date)}）${day.start_time}–${day.end_time}`;
      frame.write(text, MARGIN + column * width, frame.y, width - PAD, 'light', TYPE.body);
    });
    frame.y += height;
    frame.counted();
    await frame.pause();
  }
}

const modelName = (model: OrderModel) =>
  model.english_name ? `${model.name}  ${model.english_name}` : model.name;

const figures = (totals: Pick<Totals, 'subtotal' | 'tax' | 'total'>) => [
  formatYuan(totals.subtotal),
  formatYuan(totals.tax),
  formatYuan(totals.total),
];

/** A model's heading and its fee table, the header repeated on each page the table reaches. */
async function drawModelFees(frame: PdfFrame, model: OrderModel) {
  const heading = (suffix = '') => {
    frame.write(`${modelName(model)}${suffix}`, MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body + 1);
    frame.y += (TYPE.body + 1) * 1.8;
  };
  // The heading, the header and a first line together.
  frame.room((TYPE.body + 1) * 1.8 + PdfFrame.TABLE_START + 8);
  frame.y += 4;
  heading();
  if (model.fees.length === 0) {
    frame.write('无费用', MARGIN, frame.y, CONTENT_WIDTH, 'light', TYPE.body);
    frame.y += TYPE.body * 2;
    return;
  }
  const rows: TableRow[] = model.fees.map((fee) => ({
    cells: [FEE_KIND_LABELS[fee.kind], feeDescription(fee), `${fee.tax_rate}%`, ...figures(fee)],
  }));
  if (model.totals) rows.push({ cells: ['小计', '', '', ...figures(model.totals)], weight: 'medium' });
  await frame.table(FEE_COLUMNS, rows, { continued: () => heading('（续）') });
  frame.y += 6;
}

/** The models without amounts: names only. */
function drawModelNames(frame: PdfFrame, order: Order) {
  frame.paragraph(order.models.map(modelName).join('、') || '—');
  frame.y += 4;
}

function drawGrandTotal(frame: PdfFrame, totals: Totals) {
  frame.totals(
    [
      { label: '费用（不含税）', fen: totals.model_fees },
      { label: '肖像授权（不含税）', fen: totals.usage_fees },
      { label: '不含税金额合计', fen: totals.subtotal },
      { label: '税额合计', fen: totals.tax },
      { label: '总计（含税）', fen: totals.total, weight: 'medium' },
    ],
    { label: '总计（大写）', fen: totals.total },
  );
}

async function drawNotes(frame: PdfFrame, notes: string) {
  if (!notes.trim()) return;
  frame.section('备注');
  // Paragraph by paragraph, so a long note flows over pages instead of leaving one blank.
  for (const paragraph of notes.split(/\r?\n/)) {
    frame.paragraph(paragraph || ' ');
    frame.counted();
    await frame.pause();
  }
}

/** A box for each party: who, then signature, stamp and date lines. */
function drawSignatures(frame: PdfFrame, order: Order, team: ConfirmationParty) {
  const gap = 20;
  const width = (CONTENT_WIDTH - gap) / 2;
  const height = 130;
  frame.room(height + 24);
  frame.y += 20;
  const parties = [
    ['客户（甲方）', orDash(order.company?.name)],
    ['经纪方（乙方）', team.name],
  ] as const;
  parties.forEach(([role, name], index) => {
    const x = MARGIN + index * (width + gap);
    frame.doc.rect(x, frame.y, width, height).lineWidth(0.5).strokeColor(HAIRLINE).stroke();
    frame.write(`${role}：${name}`, x + 10, frame.y + 10, width - 20, 'medium', TYPE.body);
    ['签字：', '盖章：', '日期：'].forEach((label, line) => {
      const lineY = frame.y + 42 + line * 28;
      frame.write(label, x + 10, lineY, 40, 'light', TYPE.body);
      frame.doc
        .moveTo(x + 44, lineY + TYPE.body + 2)
        .lineTo(x + width - 12, lineY + TYPE.body + 2)
        .lineWidth(0.5)
        .strokeColor(HAIRLINE)
        .stroke();
    });
  });
  frame.y += height;
}

/** Draws the whole confirmation, the event loop given a turn every few rows (`PdfFrame.pause`). */
async function draw(frame: PdfFrame, order: Order, team: ConfirmationParty, printedAt: Date) {
  frame.start();
  drawHeading(frame, order, team, printedAt);
  drawJob(frame, order);
  await drawDays(frame, order);
  frame.section('模特');
  if (order.fees_visible) {
    for (const model of order.models) await drawModelFees(frame, model);
    if (order.totals) drawGrandTotal(frame, order.totals);
  } else {
    drawModelNames(frame, order);
  }
  drawPayee(frame, team);
  await drawNotes(frame, order.notes);
  drawSignatures(frame, order, team);
  await frame.finishPages({ footer: `${team.name} · 订单确认单 ${order.number}` });
}

/**
 * The confirmation of `order` as an A4 PDF. `order` is the answer the caller may see: with
 * `fees_visible` false its fee lines are already empty and its totals null, and no amount is printed.
 */
export async function renderOrderConfirmation(
  order: Order,
  team: ConfirmationParty,
  printedAt: Date,
): Promise<Buffer> {
  const info = {
    title: `订单确认单 ${order.number}`,
    author: team.name,
    subject: order.title,
    createdAt: printedAt,
  };
  const doc = newPdf(info, await loadPdfFonts(), { bufferPages: true });
  return renderPdf(doc, () => draw(new PdfFrame(doc), order, team, printedAt));
}

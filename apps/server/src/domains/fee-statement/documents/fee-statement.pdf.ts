/**
 * The fee statement (对账单) as an A4 PDF, for the client to download from its share page
 * (docs/product.md "Fee statements"). Drawn from the public answer alone, so it prints exactly what the
 * page shows and nothing else: the payee and its account, the lines (model stage name, item, description,
 * days, figures), the totals in figures and capitals, what is paid and outstanding, the due date, the
 * invoices issued (an order's or the period's), a period's balance and receipts, and room at the end for both
 * parties' 盖章 (a client returns it signed and stamped). Laid out on the shared frame
 * (`documents/pdf-frame.ts`).
 */
import { dateInChinese } from '@trackit/contract/business-time';
import type { PublicFeeStatement } from '@trackit/contract/fee-statement.schema';
import { INVOICE_ITEM_LABELS } from '@trackit/contract/finance-enums';
import { formatYuan } from '@trackit/contract/money';
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
import { PdfFrame, type TableColumn, TYPE } from '../../../documents/pdf-frame';

const LINE_COLUMNS: readonly TableColumn[] = (() => {
  const fixed = { model: 60, kind: 58, rate: 30, subtotal: 66, tax: 56, total: 70, outstanding: 66 };
  const description = CONTENT_WIDTH - Object.values(fixed).reduce((sum, width) => sum + width, 0);
  return [
    { title: '模特', width: fixed.model, align: 'left' },
    { title: '项目', width: fixed.kind, align: 'left' },
    { title: '说明', width: description, align: 'left' },
    { title: '税率', width: fixed.rate, align: 'right' },
    { title: '不含税金额', width: fixed.subtotal, align: 'right' },
    { title: '税额', width: fixed.tax, align: 'right' },
    { title: '价税合计', width: fixed.total, align: 'right' },
    { title: '未付', width: fixed.outstanding, align: 'right' },
  ];
})();

/** The statement's name: an order's number, or a period. */
export const statementSubject = (statement: PublicFeeStatement) =>
  statement.order ? `订单 ${statement.order.number}` : `${statement.from} 至 ${statement.to}`;

function pairs(frame: PdfFrame, rows: readonly [string, string][], labelWidth = 96) {
  for (const [label, value] of rows) {
    frame.room(TYPE.body * 1.8);
    frame.write(label, MARGIN, frame.y, labelWidth, 'light', TYPE.body, { color: MUTED });
    frame.write(value, MARGIN + labelWidth, frame.y, CONTENT_WIDTH - labelWidth, 'medium', TYPE.body);
    frame.y += TYPE.body * 1.8;
  }
}

function drawHeading(frame: PdfFrame, statement: PublicFeeStatement) {
  frame.write(statement.payee.name, MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body, { color: MUTED });
  frame.y += TYPE.body * 2;
  frame.write('对账单', MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.title, { align: 'center' });
  frame.y += TYPE.title * 1.8;
  const half = CONTENT_WIDTH / 2;
  frame.write(`客户：${statement.client_name}`, MARGIN, frame.y, half, 'light', TYPE.body);
  const asOf = `截至：${dateInChinese(statement.as_of)}`;
  frame.write(asOf, MARGIN + half, frame.y, half, 'light', TYPE.body, { align: 'right' });
  frame.y += TYPE.body * 1.8;
  const what = statement.order
    ? `订单：${statement.order.number}${statement.order.title ? `「${statement.order.title}」` : ''}`
    : `期间：${statement.from} 至 ${statement.to}`;
  frame.write(what, MARGIN, frame.y, CONTENT_WIDTH, 'light', TYPE.body);
  frame.y += TYPE.body * 2;
  frame.rule(frame.y, INK);
  frame.y += 8;
}

async function drawLines(frame: PdfFrame, statement: PublicFeeStatement) {
  frame.section('费用明细');
  if (statement.lines.length === 0) {
    frame.paragraph('本期没有费用');
    return;
  }
  const rows = statement.lines.map((line) => ({
    cells: [
      line.model_name,
      INVOICE_ITEM_LABELS[line.item],
      [line.dates, line.description, statement.order ? '' : line.order_number].filter(Boolean).join('\n'),
      `${line.tax_rate}%`,
      formatYuan(line.subtotal),
      formatYuan(line.tax),
      formatYuan(line.total),
      formatYuan(line.outstanding),
    ],
  }));
  await frame.table(LINE_COLUMNS, rows, {
    continued: () => {
      frame.write('费用明细（续）', MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body);
      frame.y += TYPE.body * 1.8;
    },
  });
  const { totals } = statement;
  frame.totals(
    [
      { label: '不含税金额合计', fen: totals.subtotal },
      { label: '税额合计', fen: totals.tax },
      { label: '价税合计', fen: totals.total, weight: 'medium' },
      { label: '已付', fen: totals.paid },
      { label: '未付', fen: totals.outstanding, weight: 'medium' },
    ],
    { label: '价税合计（大写）', fen: totals.total },
  );
}

function drawPeriod(frame: PdfFrame, statement: PublicFeeStatement) {
  const figures = statement.figures;
  if (!figures) return;
  frame.section('本期往来');
  pairs(frame, [
    ['期初余额', formatYuan(figures.opening)],
    ['本期费用', formatYuan(figures.fees)],
    ['本期开票', formatYuan(figures.invoiced)],
    ['本期收款', formatYuan(figures.received)],
    ['期末余额', formatYuan(figures.closing)],
    ['预收款', formatYuan(figures.credit)],
  ]);
  if (statement.receipts.length > 0) {
    frame.section('收款');
    for (const receipt of statement.receipts) {
      frame.paragraph(`${receipt.received_on}  ${formatYuan(receipt.amount)}`);
    }
  }
}

const INVOICE_ROW = TYPE.body * 1.8;
const DATE_WIDTH = 90;

/** One invoice's line: its date and number at the left, its total at the right (one line each, never wrapped). */
function invoiceLine(
  frame: PdfFrame,
  cells: { date: string; number: string; total: string },
  weight: 'light' | 'medium',
) {
  frame.write(cells.date, MARGIN, frame.y, DATE_WIDTH, weight, TYPE.body);
  frame.write(
    cells.number,
    MARGIN + DATE_WIDTH,
    frame.y,
    CONTENT_WIDTH - DATE_WIDTH - 120,
    weight,
    TYPE.body,
  );
  frame.write(cells.total, MARGIN + CONTENT_WIDTH - 120, frame.y, 120, weight, TYPE.body, { align: 'right' });
  frame.y += INVOICE_ROW;
}

/**
 * The invoices issued: an order's, or the period's (a red-letter correction negative, on its date). Drawn as
 * plain lines, two writes each and the event loop given a turn every few: a client of thousands of invoices
 * still gets its PDF in time.
 */
async function drawInvoices(frame: PdfFrame, statement: PublicFeeStatement) {
  frame.section('发票');
  if (statement.invoices.length === 0) {
    frame.paragraph(statement.order ? '暂未开票' : '本期没有开票');
    return;
  }
  const header = () => {
    invoiceLine(frame, { date: '开票日期', number: '数电发票号码', total: '价税合计' }, 'medium');
    frame.rule(frame.y - TYPE.body * 0.5);
  };
  header();
  for (const invoice of statement.invoices) {
    frame.room(INVOICE_ROW, header);
    invoiceLine(
      frame,
      { date: invoice.issued_on, number: invoice.number, total: formatYuan(invoice.total) },
      'light',
    );
    frame.counted();
    await frame.pause();
  }
}

/** Room for both parties' stamp: the payee's, and the client's confirmation (a box each, kept on one page). */
function drawStamps(frame: PdfFrame, statement: PublicFeeStatement) {
  const gap = 20;
  const width = (CONTENT_WIDTH - gap) / 2;
  const height = 120;
  frame.room(height + 24);
  frame.y += 20;
  const parties = [
    ['收款方（盖章）', statement.payee.name],
    ['客户确认（盖章）', statement.client_name],
  ] as const;
  parties.forEach(([role, name], index) => {
    const x = MARGIN + index * (width + gap);
    frame.doc.rect(x, frame.y, width, height).lineWidth(0.5).strokeColor(HAIRLINE).stroke();
    frame.write(role, x + 10, frame.y + 10, width - 20, 'medium', TYPE.body);
    frame.write(name, x + 10, frame.y + 10 + TYPE.body * 1.6, width - 20, 'light', TYPE.body, {
      color: MUTED,
    });
    const lineY = frame.y + height - 24;
    frame.write('日期：', x + 10, lineY, 40, 'light', TYPE.body);
    frame.doc
      .moveTo(x + 44, lineY + TYPE.body + 2)
      .lineTo(x + width - 12, lineY + TYPE.body + 2)
      .lineWidth(0.5)
      .strokeColor(HAIRLINE)
      .stroke();
  });
  frame.y += height;
}

function drawPayee(frame: PdfFrame, statement: PublicFeeStatement) {
  frame.section('收款信息');
  pairs(frame, [
    ['收款单位', statement.payee.name],
    ['统一社会信用代码', statement.payee.credit_code],
    ['开户银行', `${statement.payee.bank} ${statement.payee.branch}`],
    ['银行账号', statement.payee.account],
    ['付款期限', statement.due_on ? dateInChinese(statement.due_on) : '—'],
  ]);
  if (statement.confirmation) {
    frame.y += 6;
    frame.paragraph(`客户已确认：${statement.confirmation.name}`, 'medium');
  }
}

/** The statement as an A4 PDF. */
export async function renderFeeStatementPdf(statement: PublicFeeStatement, printedAt: Date): Promise<Buffer> {
  const info = {
    title: `对账单 ${statementSubject(statement)}`,
    author: statement.payee.name,
    subject: statement.client_name,
    createdAt: printedAt,
  };
  const doc = newPdf(info, await loadPdfFonts(), { bufferPages: true });
  return renderPdf(doc, async () => {
    const frame = new PdfFrame(doc);
    frame.start();
    drawHeading(frame, statement);
    await drawLines(frame, statement);
    drawPeriod(frame, statement);
    await drawInvoices(frame, statement);
    drawPayee(frame, statement);
    drawStamps(frame, statement);
    await frame.finishPages({ footer: `${statement.payee.name} · 对账单 ${statementSubject(statement)}` });
  });
}

/**
 * The booking confirmation (订单确认单) a client reads and signs (docs/product.md "Orders", `export/{id}`):
 * A4 portrait, the job, its working days, each model with its fee lines and the totals (figures and
 * Chinese capitals), the notes, and a signature and stamp box for each party. Drawn with pdfkit in Noto
 * Sans SC, as the comp card is; a table that runs over a page goes on with its header repeated. When the
 * caller may not see the order's fees (`fees_visible` false), no amount appears anywhere.
 */

import { setImmediate as nextTurn } from 'node:timers/promises';
import { businessDate, dateInChinese, weekdayName } from '@trackit/contract/business-time';
import { FEE_KIND_LABELS, JOB_TYPE_LABELS } from '@trackit/contract/enums';
import { fenInChineseCapitals, formatYuan, type Totals } from '@trackit/contract/money';
import type { Order, OrderModel } from '@trackit/contract/order.schema';
import { feeDescription } from '@trackit/contract/order-text';
import PDFDocument from 'pdfkit';
import { type CompCardFonts, loadCompCardFonts } from '../../model/comp-card/comp-card-fonts';

/** A4 in points. */
const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** Where content stops: the footer (page numbers) sits below. */
const CONTENT_BOTTOM = A4.height - MARGIN - 14;
const PAD = 4;

const INK = '#1a1a1a';
const MUTED = '#7f7f7f';
const HAIRLINE = '#d0d0d0';
const HEADER_FILL = '#f2f4f7';

const TYPE = { title: 20, section: 11, body: 9, small: 8 } as const;
const LINE_GAP = 1.5;

type Weight = 'light' | 'medium';
type Align = 'left' | 'right' | 'center';

interface Column {
  title: string;
  width: number;
  align: Align;
}

/** The fee table: what, how (unit price × quantity, or the licence's terms), rate, and the figures. */
const FEE_COLUMNS: readonly Column[] = (() => {
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

/**
 * Rows drawn before the event loop gets a turn: drawing runs on the server's one thread (with PGlite, the
 * database's too), so a long confirmation lets other requests in every few milliseconds instead of
 * holding them until its last page (docs/decisions.md "What one order may hold").
 */
const ROWS_PER_TURN = 10;

const orDash = (text: string | null | undefined) => (text?.trim() ? text : '—');

/** A document with a cursor: each block asks for room first and goes to a new page when there is none. */
class Sheet {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN;
  /** Rows drawn since the event loop last had a turn. */
  private drawn = 0;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  /** Counts a row drawn: the caller gives the event loop a turn (`pause`) between rows. */
  counted() {
    this.drawn += 1;
  }

  /** Gives other requests a turn once ROWS_PER_TURN rows have been drawn since the last one. */
  async pause() {
    if (this.drawn < ROWS_PER_TURN) return;
    this.drawn = 0;
    await nextTurn();
  }

  style(weight: Weight, size: number, color = INK) {
    this.doc.font(weight).fontSize(size).fillColor(color);
    return this.doc;
  }

  heightOf(text: string, weight: Weight, size: number, width: number) {
    return this.style(weight, size).heightOfString(text, { width, lineGap: LINE_GAP });
  }

  /** Makes room for `height` points, starting a page (and calling `continued` there) when needed. */
  room(height: number, continued?: () => void) {
    if (this.y + height <= CONTENT_BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
    continued?.();
  }

  write(
    text: string,
    x: number,
    y: number,
    width: number,
    weight: Weight,
    size: number,
    { color = INK, align = 'left' }: { color?: string; align?: Align } = {},
  ) {
    this.style(weight, size, color).text(text, x, y, { width, lineGap: LINE_GAP, align });
  }

  rule(y: number, color = HAIRLINE) {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  }

  section(title: string) {
    this.room(TYPE.section * 2 + 30);
    this.y += 10;
    this.write(title, MARGIN, this.y, CONTENT_WIDTH, 'medium', TYPE.section);
    this.y += TYPE.section * 1.6;
  }

  /** A row of cells, wrapped within their columns; the row is kept on one page. */
  row(
    columns: readonly Column[],
    cells: readonly string[],
    options: { weight?: Weight; fill?: string; continued?: () => void } = {},
  ) {
    const weight = options.weight ?? 'light';
    const height =
      Math.max(
        ...columns.map((column, index) =>
          this.heightOf(cells[index] ?? '', weight, TYPE.body, column.width - 2 * PAD),
        ),
      ) +
      2 * PAD;
    this.room(height, options.continued);
    if (options.fill) {
      this.doc.rect(MARGIN, this.y, CONTENT_WIDTH, height).fillColor(options.fill).fill();
    }
    let x = MARGIN;
    columns.forEach((column, index) => {
      this.write(cells[index] ?? '', x + PAD, this.y + PAD, column.width - 2 * PAD, weight, TYPE.body, {
        align: column.align,
      });
      x += column.width;
    });
    this.y += height;
    this.rule(this.y);
    this.counted();
  }
}

function drawHeading(sheet: Sheet, order: Order, team: { name: string }, printedAt: Date) {
  sheet.write(team.name, MARGIN, sheet.y, CONTENT_WIDTH, 'medium', TYPE.body, { color: MUTED });
  sheet.y += TYPE.body * 2;
  sheet.write('订单确认单', MARGIN, sheet.y, CONTENT_WIDTH, 'medium', TYPE.title, { align: 'center' });
  sheet.y += TYPE.title * 1.8;
  const half = CONTENT_WIDTH / 2;
  sheet.write(`订单编号：${order.number}`, MARGIN, sheet.y, half, 'light', TYPE.body);
  sheet.write(
    `打印日期：${dateInChinese(businessDate(printedAt))}`,
    MARGIN + half,
    sheet.y,
    half,
    'light',
    TYPE.body,
    {
      align: 'right',
    },
  );
  sheet.y += TYPE.body * 2;
  sheet.rule(sheet.y, INK);
  sheet.y += 8;
}

/** The job: label and value pairs, two to a row, the long ones across the page. */
function drawJob(sheet: Sheet, order: Order) {
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
      Math.max(...row.map(([, value]) => sheet.heightOf(value, 'medium', TYPE.body, valueWidth))) + 6;
    sheet.room(height);
    row.forEach(([label, value], column) => {
      const x = MARGIN + column * width;
      sheet.write(label, x, sheet.y, labelWidth, 'light', TYPE.body, { color: MUTED });
      sheet.write(value, x + labelWidth, sheet.y, valueWidth, 'medium', TYPE.body);
    });
    sheet.y += height;
  }
}

/** The working days, three to a row: date, weekday and hours. */
async function drawDays(sheet: Sheet, order: Order) {
  sheet.section('工作日期');
  if (order.days.length === 0) {
    sheet.write('—', MARGIN, sheet.y, CONTENT_WIDTH, 'light', TYPE.body);
    sheet.y += TYPE.body * 2;
    return;
  }
  const perRow = 3;
  const width = CONTENT_WIDTH / perRow;
  const height = TYPE.body * 2;
  for (let start = 0; start < order.days.length; start += perRow) {
    sheet.room(height);
    order.days.slice(start, start + perRow).forEach((day, column) => {
      const text = `${day.date}（${weekdayName(day.date)}）${day.start_time}–${day.end_time}`;
      sheet.write(text, MARGIN + column * width, sheet.y, width - PAD, 'light', TYPE.body);
    });
    sheet.y += height;
    sheet.counted();
    await sheet.pause();
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
async function drawModelFees(sheet: Sheet, model: OrderModel) {
  const heading = (suffix = '') => {
    sheet.write(`${modelName(model)}${suffix}`, MARGIN, sheet.y, CONTENT_WIDTH, 'medium', TYPE.body + 1);
    sheet.y += (TYPE.body + 1) * 1.8;
  };
  const header = () =>
    sheet.row(
      FEE_COLUMNS,
      FEE_COLUMNS.map((column) => column.title),
      { weight: 'medium', fill: HEADER_FILL },
    );
  const continued = () => {
    heading('（续）');
    header();
  };
  // The heading, the header and a first line together.
  sheet.room((TYPE.body + 1) * 1.8 + 2 * (TYPE.body * 1.6 + 2 * PAD) + 8);
  sheet.y += 4;
  heading();
  if (model.fees.length === 0) {
    sheet.write('无费用', MARGIN, sheet.y, CONTENT_WIDTH, 'light', TYPE.body);
    sheet.y += TYPE.body * 2;
    return;
  }
  header();
  for (const fee of model.fees) {
    sheet.row(
      FEE_COLUMNS,
      [FEE_KIND_LABELS[fee.kind], feeDescription(fee), `${fee.tax_rate}%`, ...figures(fee)],
      { continued },
    );
    await sheet.pause();
  }
  if (model.totals) {
    sheet.row(FEE_COLUMNS, ['小计', '', '', ...figures(model.totals)], { weight: 'medium', continued });
  }
  sheet.y += 6;
}

/** The models without amounts: names only. */
function drawModelNames(sheet: Sheet, order: Order) {
  const text = order.models.map(modelName).join('、') || '—';
  const height = sheet.heightOf(text, 'light', TYPE.body, CONTENT_WIDTH);
  sheet.room(height);
  sheet.write(text, MARGIN, sheet.y, CONTENT_WIDTH, 'light', TYPE.body);
  sheet.y += height + 4;
}

function drawGrandTotal(sheet: Sheet, totals: Totals) {
  const lines: [string, string, Weight][] = [
    ['费用（不含税）', formatYuan(totals.model_fees), 'light'],
    ['肖像授权（不含税）', formatYuan(totals.usage_fees), 'light'],
    ['不含税金额合计', formatYuan(totals.subtotal), 'light'],
    ['税额合计', formatYuan(totals.tax), 'light'],
    ['总计（含税）', formatYuan(totals.total), 'medium'],
  ];
  const height = lines.length * TYPE.body * 1.9 + TYPE.body * 3 + 10;
  sheet.room(height);
  sheet.y += 6;
  const labelX = MARGIN + CONTENT_WIDTH - 240;
  for (const [label, value, weight] of lines) {
    sheet.write(label, labelX, sheet.y, 120, weight, TYPE.body);
    sheet.write(value, labelX + 120, sheet.y, 120, weight, TYPE.body, { align: 'right' });
    sheet.y += TYPE.body * 1.9;
  }
  sheet.write(
    `总计（大写）：人民币${fenInChineseCapitals(totals.total)}`,
    MARGIN,
    sheet.y + 2,
    CONTENT_WIDTH,
    'medium',
    TYPE.body,
    { align: 'right' },
  );
  sheet.y += TYPE.body * 3;
}

async function drawNotes(sheet: Sheet, notes: string) {
  if (!notes.trim()) return;
  sheet.section('备注');
  // Paragraph by paragraph, so a long note flows over pages instead of leaving one blank.
  for (const paragraph of notes.split(/\r?\n/)) {
    const text = paragraph || ' ';
    const height = sheet.heightOf(text, 'light', TYPE.body, CONTENT_WIDTH);
    sheet.room(height);
    sheet.write(text, MARGIN, sheet.y, CONTENT_WIDTH, 'light', TYPE.body);
    sheet.y += height;
    sheet.counted();
    await sheet.pause();
  }
}

/** A box for each party: who, then signature, stamp and date lines. */
function drawSignatures(sheet: Sheet, order: Order, team: { name: string }) {
  const gap = 20;
  const width = (CONTENT_WIDTH - gap) / 2;
  const height = 130;
  sheet.room(height + 24);
  sheet.y += 20;
  const parties = [
    ['客户（甲方）', orDash(order.company?.name)],
    ['经纪方（乙方）', team.name],
  ] as const;
  parties.forEach(([role, name], index) => {
    const x = MARGIN + index * (width + gap);
    sheet.doc.rect(x, sheet.y, width, height).lineWidth(0.5).strokeColor(HAIRLINE).stroke();
    sheet.write(`${role}：${name}`, x + 10, sheet.y + 10, width - 20, 'medium', TYPE.body);
    ['签字：', '盖章：', '日期：'].forEach((label, line) => {
      const lineY = sheet.y + 42 + line * 28;
      sheet.write(label, x + 10, lineY, 40, 'light', TYPE.body);
      sheet.doc
        .moveTo(x + 44, lineY + TYPE.body + 2)
        .lineTo(x + width - 12, lineY + TYPE.body + 2)
        .lineWidth(0.5)
        .strokeColor(HAIRLINE)
        .stroke();
    });
  });
  sheet.y += height;
}

/** The order's name and the page number at the foot of every page, once the page count is known. */
async function drawFooters(sheet: Sheet, order: Order, team: { name: string }) {
  const { start, count } = sheet.doc.bufferedPageRange();
  for (let page = start; page < start + count; page += 1) {
    sheet.doc.switchToPage(page);
    const y = A4.height - MARGIN + 2;
    const half = CONTENT_WIDTH / 2;
    const line = { lineBreak: false } as const;
    sheet.style('light', TYPE.small, MUTED).text(`${team.name} · 订单确认单 ${order.number}`, MARGIN, y, {
      ...line,
      width: half,
    });
    sheet
      .style('light', TYPE.small, MUTED)
      .text(`第 ${page + 1} 页，共 ${count} 页`, MARGIN + half, y, { ...line, width: half, align: 'right' });
    sheet.counted();
    await sheet.pause();
  }
}

/** Draws the whole confirmation, giving the event loop a turn every ROWS_PER_TURN rows. */
async function draw(doc: PDFKit.PDFDocument, order: Order, team: { name: string }, printedAt: Date) {
  const sheet = new Sheet(doc);
  doc.addPage();
  drawHeading(sheet, order, team, printedAt);
  drawJob(sheet, order);
  await drawDays(sheet, order);
  sheet.section('模特');
  const totals = order.fees_visible ? order.totals : null;
  if (order.fees_visible) {
    for (const model of order.models) await drawModelFees(sheet, model);
    if (totals) drawGrandTotal(sheet, totals);
  } else {
    drawModelNames(sheet, order);
  }
  await drawNotes(sheet, order.notes);
  drawSignatures(sheet, order, team);
  await drawFooters(sheet, order, team);
}

function newDocument(order: Order, team: { name: string }, printedAt: Date, fonts: CompCardFonts) {
  const doc = new PDFDocument({
    size: [A4.width, A4.height],
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    lang: 'zh-CN',
    displayTitle: true,
    info: {
      Title: `订单确认单 ${order.number}`,
      Author: team.name,
      Subject: order.title,
      Creator: 'TrackIt',
      CreationDate: printedAt,
    },
  });
  doc.registerFont('light', fonts.light);
  doc.registerFont('medium', fonts.medium);
  return doc;
}

/**
 * The confirmation of `order` as an A4 PDF. `order` is the answer the caller may see: with
 * `fees_visible` false its fee lines are already empty and its totals null, and no amount is printed.
 */
export async function renderOrderConfirmation(
  order: Order,
  team: { name: string },
  printedAt: Date,
): Promise<Buffer> {
  const doc = newDocument(order, team, printedAt, await loadCompCardFonts());
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    await draw(doc, order, team, printedAt);
  } finally {
    doc.end();
  }
  return done;
}

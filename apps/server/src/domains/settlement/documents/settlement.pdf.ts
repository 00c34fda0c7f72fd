/**
 * A model's settlement (结算单) as an A4 PDF (docs/product.md "Model settlements"): staff download it from
 * the settlement's page, the model from its share page. Drawn from the public answer alone (the model's
 * figures, never the client's price), so both print the same: who pays, the number, the model, the period
 * and date, the status, the lines, the deductions, the totals (with 实付 in capitals), the payment when
 * paid and, for a correction, the settlement it corrects. `settlementPdfLayout` is what is written, kept
 * apart from the drawing so a test can add it up. Laid out on the shared frame (`documents/pdf-frame.ts`).
 */
import { dateInChinese } from '@trackit/contract/business-time';
import { FEE_KIND_LABELS } from '@trackit/contract/enums';
import { MODEL_PAYOUT_TYPE_LABELS } from '@trackit/contract/model.schema';
import { MODEL_DEDUCTION_KIND_LABELS } from '@trackit/contract/model-deduction.schema';
import { formatYuan } from '@trackit/contract/money';
import {
  SETTLEMENT_FIGURE_LABELS as FIGURES,
  INCOME_CATEGORY_LABELS,
  SETTLEMENT_STATUS_LABELS,
} from '@trackit/contract/settlement-enums';
import { type PublicSettlement, SETTLEMENT_SHARE_MESSAGES } from '@trackit/contract/settlement-share.schema';
import { TAX_RESIDENCY_LABELS } from '@trackit/contract/tax-identity';
import { CONTENT_WIDTH, INK, MARGIN, MUTED, newPdf, renderPdf } from '../../../documents/pdf-document';
import { loadPdfFonts } from '../../../documents/pdf-fonts';
import {
  PdfFrame,
  type TableColumn,
  type TableRow,
  type TotalLine,
  TYPE,
} from '../../../documents/pdf-frame';

const LINE_COLUMNS: readonly TableColumn[] = (() => {
  const fixed = { date: 58, kind: 44, category: 58, gross: 64, commission: 64, mother: 64, income: 64 };
  const order = CONTENT_WIDTH - Object.values(fixed).reduce((sum, width) => sum + width, 0);
  return [
    { title: '订单', width: order, align: 'left' },
    { title: '日期', width: fixed.date, align: 'left' },
    { title: '项目', width: fixed.kind, align: 'left' },
    { title: '所得项目', width: fixed.category, align: 'left' },
    { title: FIGURES.gross, width: fixed.gross, align: 'right' },
    { title: FIGURES.commission, width: fixed.commission, align: 'right' },
    { title: FIGURES.motherAgencyFromModel, width: fixed.mother, align: 'right' },
    { title: FIGURES.income, width: fixed.income, align: 'right' },
  ];
})();

const TAX_COLUMNS: readonly TableColumn[] = [
  { title: '所得项目', width: CONTENT_WIDTH - 300, align: 'left' },
  { title: '收入', width: 100, align: 'right' },
  { title: '应纳税所得额', width: 100, align: 'right' },
  { title: '预扣个税', width: 100, align: 'right' },
];

const DEDUCTION_COLUMNS: readonly TableColumn[] = [
  { title: '日期', width: 80, align: 'left' },
  { title: '类型', width: 60, align: 'left' },
  { title: '说明', width: CONTENT_WIDTH - 220, align: 'left' },
  { title: '金额', width: 80, align: 'right' },
];

/** The lines' own figures, in fen. */
export interface LineSums {
  gross: number;
  commission: number;
  /** The part of the commission the mother agency is paid. */
  mother_agency_in_commission: number;
  /** The mother agency's share taken from the model. */
  mother_agency: number;
  income: number;
}

/** What the PDF writes: the heading's pairs, the tables' rows and the totals block. */
export interface SettlementPdfLayout {
  agency: string;
  title: string;
  facts: [string, string][];
  lines: TableRow[];
  /** The lines added up: the PDF's 合计 row. */
  lineSums: LineSums;
  /** An individual's tax per income item (empty for a studio). */
  taxes: TableRow[];
  deductions: TableRow[];
  totals: TotalLine[];
  capitals: { label: string; fen: number };
  payment: [string, string][];
}

const period = (statement: PublicSettlement) =>
  statement.period_from && statement.period_to ? `${statement.period_from} 至 ${statement.period_to}` : null;

/** The layout of the statement: every text and figure the PDF writes. */
export function settlementPdfLayout(statement: PublicSettlement): SettlementPdfLayout {
  const lineSums = statement.lines.reduce<LineSums>(
    (sum, line) => ({
      gross: sum.gross + line.gross,
      commission: sum.commission + line.commission,
      mother_agency_in_commission: sum.mother_agency_in_commission + line.mother_agency_in_commission,
      mother_agency: sum.mother_agency + line.mother_agency,
      income: sum.income + line.income,
    }),
    { gross: 0, commission: 0, mother_agency_in_commission: 0, mother_agency: 0, income: 0 },
  );
  /** 佣金, and under it the mother agency's share it pays (where that share is taken from). */
  const commissionCell = (commission: number, inCommission: number) =>
    inCommission === 0
      ? formatYuan(commission)
      : `${formatYuan(commission)}\n含母公司分成 ${formatYuan(inCommission)}`;
  const lines: TableRow[] = statement.lines.map((line) => ({
    cells: [
      line.order_title ? `${line.order_number}\n${line.order_title}` : line.order_number,
      line.date ?? '—',
      FEE_KIND_LABELS[line.kind],
      INCOME_CATEGORY_LABELS[line.income_category],
      formatYuan(line.gross),
      commissionCell(line.commission, line.mother_agency_in_commission),
      formatYuan(line.mother_agency),
      formatYuan(line.income),
    ],
  }));
  lines.push({
    cells: [
      '合计',
      '',
      '',
      '',
      formatYuan(lineSums.gross),
      commissionCell(lineSums.commission, lineSums.mother_agency_in_commission),
      formatYuan(lineSums.mother_agency),
      formatYuan(lineSums.income),
    ],
    weight: 'medium',
  });
  const { totals } = statement;
  const facts: [string, string][] = [
    ['模特', statement.model_name],
    ['结算单号', statement.number],
    ['状态', SETTLEMENT_STATUS_LABELS[statement.status]],
    ['结算类型', MODEL_PAYOUT_TYPE_LABELS[statement.payout_type]],
    ['生成日期', dateInChinese(statement.created_on)],
    // Until paid the tax is an estimate: it is worked out for the month the payment is made in.
    [
      '计税月份',
      statement.status === 'paid' || statement.payout_type === 'studio'
        ? statement.tax_month
        : `${statement.tax_month}（预估，按付款月份计算）`,
    ],
  ];
  if (statement.tax_residency) facts.push(['纳税身份', TAX_RESIDENCY_LABELS[statement.tax_residency]]);
  const range = period(statement);
  if (range) facts.push(['结算期间', range]);
  if (statement.corrects) facts.push(['冲正的结算单', statement.corrects]);
  if (statement.reason) facts.push(['冲正原因', statement.reason]);
  const payment: [string, string][] = [];
  if (statement.payout_account) payment.push(['收款账户', statement.payout_account]);
  if (statement.paid) {
    payment.push(['付款日期', dateInChinese(statement.paid.on)], ['付款流水号', statement.paid.reference]);
  }
  return {
    agency: statement.agency,
    title: statement.corrects
      ? `${SETTLEMENT_SHARE_MESSAGES.pdfTitle}（冲正）`
      : SETTLEMENT_SHARE_MESSAGES.pdfTitle,
    facts,
    lines,
    lineSums,
    taxes: statement.taxes.map((tax) => ({
      cells: [
        INCOME_CATEGORY_LABELS[tax.category],
        formatYuan(tax.income),
        formatYuan(tax.taxable),
        formatYuan(tax.tax),
      ],
    })),
    deductions: statement.deductions.map((deduction) => ({
      cells: [
        deduction.occurred_on,
        MODEL_DEDUCTION_KIND_LABELS[deduction.kind],
        deduction.note || '—',
        formatYuan(deduction.amount),
      ],
    })),
    totals: [
      { label: FIGURES.gross, fen: totals.gross },
      { label: FIGURES.commission, fen: totals.commission },
      ...(totals.mother_agency_in_commission === 0
        ? []
        : [{ label: `　${FIGURES.motherAgencyInCommission}`, fen: totals.mother_agency_in_commission }]),
      { label: FIGURES.motherAgencyFromModel, fen: totals.mother_agency },
      { label: FIGURES.income, fen: totals.income, weight: 'medium' as const },
      { label: '应纳税所得额', fen: totals.taxable },
      { label: '预扣个税', fen: totals.tax },
      { label: '扣款', fen: totals.deductions },
      { label: totals.net < 0 ? '应退回' : '实付', fen: totals.net, weight: 'medium' },
    ],
    capitals: { label: totals.net < 0 ? '应退回（大写）' : '实付（大写）', fen: Math.abs(totals.net) },
    payment,
  };
}

function pairs(frame: PdfFrame, rows: readonly [string, string][], labelWidth = 84) {
  for (const [label, value] of rows) {
    const height = Math.max(
      TYPE.body * 1.8,
      frame.heightOf(value, 'medium', TYPE.body, CONTENT_WIDTH - labelWidth) + 4,
    );
    frame.room(height);
    frame.write(label, MARGIN, frame.y, labelWidth, 'light', TYPE.body, { color: MUTED });
    frame.write(value, MARGIN + labelWidth, frame.y, CONTENT_WIDTH - labelWidth, 'medium', TYPE.body);
    frame.y += height;
  }
}

/** The statement as an A4 PDF. */
export async function renderSettlementPdf(statement: PublicSettlement, printedAt: Date): Promise<Buffer> {
  const layout = settlementPdfLayout(statement);
  const info = {
    title: `${layout.title} ${statement.number}`,
    author: layout.agency,
    subject: statement.model_name,
    createdAt: printedAt,
  };
  const doc = newPdf(info, await loadPdfFonts(), { bufferPages: true });
  return renderPdf(doc, async () => {
    const frame = new PdfFrame(doc);
    frame.start();
    frame.write(layout.agency, MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body, { color: MUTED });
    frame.y += TYPE.body * 2;
    frame.write(layout.title, MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.title, { align: 'center' });
    frame.y += TYPE.title * 1.8;
    pairs(frame, layout.facts);
    frame.y += 4;
    frame.rule(frame.y, INK);
    frame.y += 8;
    frame.section('结算明细');
    await frame.table(LINE_COLUMNS, layout.lines, {
      continued: () => {
        frame.write('结算明细（续）', MARGIN, frame.y, CONTENT_WIDTH, 'medium', TYPE.body);
        frame.y += TYPE.body * 1.8;
      },
    });
    if (layout.taxes.length > 0) {
      frame.section('代扣个人所得税');
      await frame.table(TAX_COLUMNS, layout.taxes);
    }
    if (layout.deductions.length > 0) {
      frame.section('扣款');
      await frame.table(DEDUCTION_COLUMNS, layout.deductions);
    }
    frame.section('合计');
    frame.totals(layout.totals, layout.capitals);
    if (layout.payment.length > 0) {
      frame.section('付款信息');
      pairs(frame, layout.payment);
    }
    await frame.finishPages({ footer: `${layout.agency} · ${layout.title} ${statement.number}` });
  });
}

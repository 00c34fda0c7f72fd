/**
 * Flowing A4 pages: a cursor that starts a new page when a block does not fit, text and rules, section
 * titles, a table whose header is repeated on each page it reaches, a totals block (figures and Chinese
 * capitals), and the running header and footer with 第 N 页，共 M 页 written once the page count is known.
 * Drawing gives the event loop a turn every ROWS_PER_TURN rows: it runs on the server's one thread (with
 * PGlite, the database's too), so a long document lets other requests in every few milliseconds instead
 * of holding them until its last page (docs/decisions.md "What one order may hold").
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fenInChineseCapitals, formatYuan } from '@trackit/contract/money';
import { A4, CONTENT_WIDTH, HAIRLINE, HEADER_FILL, INK, MARGIN, MUTED } from './pdf-document';
import type { PdfWeight } from './pdf-fonts';

/** Type sizes in points. */
export const TYPE = { title: 20, section: 11, body: 9, small: 8 } as const;
const LINE_GAP = 1.5;
/** Inside a table cell. */
export const PAD = 4;
/** Where content stops: the footer (page numbers) sits below. */
const CONTENT_BOTTOM = A4.height - MARGIN - 14;
/** Rows drawn before the event loop gets a turn. */
const ROWS_PER_TURN = 10;

export type Align = 'left' | 'right' | 'center';

export interface TableColumn {
  title: string;
  width: number;
  align: Align;
}

/** A row of a table: its cells' texts, in `medium` for sums. */
export interface TableRow {
  cells: readonly string[];
  weight?: PdfWeight;
}

/** A line of a totals block: label and amount in fen. */
export interface TotalLine {
  label: string;
  fen: number;
  weight?: PdfWeight;
}

/** A document with a cursor: each block asks for room first and goes to a new page when there is none. */
export class PdfFrame {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN;
  /** Rows drawn since the event loop last had a turn. */
  private drawn = 0;

  /** `doc` must buffer its pages (`newPdf(…, { bufferPages: true })`) for `finishPages`. */
  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
  }

  /** Starts the first page. */
  start() {
    this.doc.addPage();
    this.y = MARGIN;
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

  style(weight: PdfWeight, size: number, color = INK) {
    this.doc.font(weight).fontSize(size).fillColor(color);
    return this.doc;
  }

  heightOf(text: string, weight: PdfWeight, size: number, width: number) {
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
    weight: PdfWeight,
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

  /** A paragraph across the page, on the next page when it does not fit. */
  paragraph(text: string, weight: PdfWeight = 'light') {
    const height = this.heightOf(text, weight, TYPE.body, CONTENT_WIDTH);
    this.room(height);
    this.write(text, MARGIN, this.y, CONTENT_WIDTH, weight, TYPE.body);
    this.y += height;
  }

  /** A row of cells, wrapped within their columns; the row is kept on one page. */
  row(
    columns: readonly TableColumn[],
    cells: readonly string[],
    options: { weight?: PdfWeight; fill?: string; continued?: () => void } = {},
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

  /** The height of a table's header row and one line: what a table needs to start on a page. */
  static readonly TABLE_START = 2 * (TYPE.body * 1.6 + 2 * PAD);

  /**
   * A table: its header row, then the rows. A row that does not fit goes to the next page, where
   * `continued` (a heading saying the table goes on) and the header are drawn again.
   */
  async table(
    columns: readonly TableColumn[],
    rows: Iterable<TableRow>,
    { continued }: { continued?: () => void } = {},
  ) {
    const header = () =>
      this.row(
        columns,
        columns.map((column) => column.title),
        { weight: 'medium', fill: HEADER_FILL },
      );
    const onNewPage = () => {
      continued?.();
      header();
    };
    header();
    for (const row of rows) {
      this.row(columns, row.cells, { weight: row.weight, continued: onNewPage });
      await this.pause();
    }
  }

  /**
   * Totals at the right: each line's label and amount in figures, then `capitals` (the last line's
   * amount, e.g. 总计（大写）) in Chinese capitals (大写金额) as invoices and contracts print it.
   */
  totals(lines: readonly TotalLine[], capitals: { label: string; fen: number }) {
    const height = lines.length * TYPE.body * 1.9 + TYPE.body * 3 + 10;
    this.room(height);
    this.y += 6;
    const labelX = MARGIN + CONTENT_WIDTH - 240;
    for (const { label, fen, weight = 'light' } of lines) {
      this.write(label, labelX, this.y, 120, weight, TYPE.body);
      this.write(formatYuan(fen), labelX + 120, this.y, 120, weight, TYPE.body, { align: 'right' });
      this.y += TYPE.body * 1.9;
    }
    this.write(
      `${capitals.label}：人民币${fenInChineseCapitals(capitals.fen)}`,
      MARGIN,
      this.y + 2,
      CONTENT_WIDTH,
      'medium',
      TYPE.body,
      { align: 'right' },
    );
    this.y += TYPE.body * 3;
  }

  /**
   * The running header (when given, in the top margin) and footer of every page: the footer's text at
   * the left, 第 N 页，共 M 页 at the right. Called last, once the page count is known.
   */
  async finishPages({ header, footer }: { header?: string; footer: string }) {
    const { start, count } = this.doc.bufferedPageRange();
    const half = CONTENT_WIDTH / 2;
    const line = { lineBreak: false } as const;
    for (let page = start; page < start + count; page += 1) {
      this.doc.switchToPage(page);
      if (header) {
        this.style('light', TYPE.small, MUTED).text(header, MARGIN, MARGIN - 22, {
          ...line,
          width: CONTENT_WIDTH,
        });
      }
      const y = A4.height - MARGIN + 2;
      this.style('light', TYPE.small, MUTED).text(footer, MARGIN, y, { ...line, width: half });
      this.style('light', TYPE.small, MUTED).text(
        `第 ${page - start + 1} 页，共 ${count} 页`,
        MARGIN + half,
        y,
        {
          ...line,
          width: half,
          align: 'right',
        },
      );
      this.counted();
      await this.pause();
    }
  }
}

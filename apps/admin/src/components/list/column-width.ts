/**
 * How wide a list's columns are, from what each declares it holds: short columns get a fixed width, the
 * record's title (and any other long text) a minimum and a share of the room the others leave; below the
 * sum of them all the table scrolls sideways instead of squeezing a column, the record's title pinned at
 * the left and its actions at the right (docs/product.md §2.3 "Lists").
 */
/**
 * What a column holds, and the width of that content at 14 px (cell padding aside). `grow` columns share
 * the room left and never go below their content; the others are fixed.
 */
export const COLUMN_KINDS = {
  /** The record's name or title: takes the room the other columns leave. */
  title: { content: 160, grow: true },
  /** A longer text beside the title (a company, an e-mail, a sentence): shares the room left. */
  text: { content: 120, grow: true },
  /** An identifier: an order number `HF20261124001`, a WeChat id, an address. */
  code: { content: 112, grow: false },
  /** A short name of a few characters: a member's nickname, a model, a city. */
  name: { content: 64, grow: false },
  /** `13800000000`. */
  mobile: { content: 96, grow: false },
  /** `2026-11-24`. */
  date: { content: 88, grow: false },
  /** A range of days: `12-05 ~ 12-08`. */
  days: { content: 96, grow: false },
  /** `2026-11-24 18:30`. */
  dateTime: { content: 120, grow: false },
  /** `2026-11-24 18:30:05`. */
  dateTimeSeconds: { content: 144, grow: false },
  /** `¥1,234,567.00`. */
  money: { content: 100, grow: false },
  /** A small number: a count of files, of views. */
  count: { content: 40, grow: false },
  /** A tag of up to four characters (a status, a kind). */
  tag: { content: 72, grow: false },
  /** A short label of a few characters: 性别, 尺码, 行业. */
  label: { content: 56, grow: false },
} as const satisfies Readonly<Record<string, { content: number; grow: boolean }>>;

export type ColumnKind = keyof typeof COLUMN_KINDS;

/**
 * How a column says its width, one way only: what it holds (`kind`), a fixed `width` of its own
 * (thumbnails, an avatar group), or a `minWidth` for a growing column of its own measure. The row's
 * buttons are `kind: 'actions'` with the `width` they take, since only the page knows its buttons.
 * Widths include the cell's padding, as antd's do.
 */
export type ColumnSize =
  | { kind: ColumnKind; width?: never; minWidth?: never }
  | { kind: 'actions'; width: number; minWidth?: never }
  | { width: number; kind?: never; minWidth?: never }
  | { minWidth: number; kind?: never; width?: never };

/** Where a column stays while the table scrolls sideways (antd's `fixed`): its start or its end. */
export type ColumnPin = 'start' | 'end';

export type TableSize = 'large' | 'medium' | 'middle' | 'small';

/** Horizontal padding of a cell on each side (antd's table tokens: padding, then paddingXS). */
const CELL_PADDING: Readonly<Record<TableSize, number>> = { large: 16, medium: 8, middle: 8, small: 8 };
/** The sort arrows beside a sortable heading, with their margin. */
const SORTER_WIDTH = 20;
/** The checkbox column of a list with bulk actions (handed to antd, so the sum is exact). */
export const SELECTION_COLUMN_WIDTH = 48;
const FONT_SIZE = 14;

/**
 * The width of a line of text at 14 px, on the generous side: Chinese (and any wide character) a full
 * em, Latin letters and digits 0.62 em, a space 0.3 em; so a heading measured here fits on one line in
 * any of the fonts antd asks for.
 */
export const textWidth = (text: string): number => {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === ' ') width += 0.3;
    else if (code > 0x2e7f) width += 1;
    else width += 0.62;
  }
  return Math.ceil(width * FONT_SIZE);
};

export interface SizedColumn extends Partial<Pick<ColumnSize, 'kind' | 'width' | 'minWidth'>> {
  /** A heading given as text is measured; any other (a function, an element) is not. */
  title?: unknown;
  sortField?: string | undefined;
  /** Texts the column shows that must each fit on one line (an enumeration's labels). */
  fits?: readonly string[] | undefined;
}

export interface ColumnWidth {
  /** The width handed to antd; none for the first growing column, which takes the room left. */
  width: number | undefined;
  /** The narrowest the column may be on screen: its fixed width, or a growing column's minimum. */
  minWidth: number;
  /** Pinned while the table scrolls sideways: the record's title (and what comes before it), its actions. */
  fixed: ColumnPin | undefined;
}

/** The widths of a list's columns and the table width below which it scrolls sideways. */
export interface TableLayout {
  columns: ColumnWidth[];
  scrollX: number;
}

/** What the column needs for its heading (with the sort arrows) and its `fits` texts on one line each. */
const neededWidth = (column: SizedColumn, padding: number): number =>
  Math.max(
    (typeof column.title === 'string' ? textWidth(column.title) : 0) + (column.sortField ? SORTER_WIDTH : 0),
    ...(column.fits ?? []).map(textWidth),
  ) +
  2 * padding;

const widthOf = (column: SizedColumn, padding: number): Omit<ColumnWidth, 'fixed'> => {
  const heading = neededWidth(column, padding);
  if (column.kind && column.kind !== 'actions') {
    const kind = COLUMN_KINDS[column.kind];
    const width = Math.max(kind.content + 2 * padding, heading);
    return kind.grow ? { width: undefined, minWidth: width } : { width, minWidth: width };
  }
  if (column.width !== undefined) {
    const width = Math.max(column.width, heading);
    return { width, minWidth: width };
  }
  return { width: undefined, minWidth: Math.max(column.minWidth ?? 0, heading) };
};

/**
 * Which columns stay put while the table scrolls sideways, so the record and what can be done on it are
 * always in view: the first title column and every column before it (antd pins only from the edge; a
 * selection column follows by itself), and the actions column with any after it. Where the table fits,
 * antd's sticky cells stay where they are.
 */
const pinsOf = (columns: readonly SizedColumn[]): (ColumnPin | undefined)[] => {
  const title = columns.findIndex((column) => column.kind === 'title');
  const actions = columns.findIndex((column, index) => column.kind === 'actions' && index > title);
  return columns.map((_, index) => {
    if (index <= title) return 'start';
    if (actions >= 0 && index >= actions) return 'end';
    return undefined;
  });
};

/**
 * Lays out a list's columns: each fixed column at its width (at least its heading on one line), each
 * growing one at least its own minimum; the table is never narrower than their sum (`scrollX`), below
 * which it scrolls, the title and the actions pinned (`pinsOf`). Given the room the table has
 * (`available`, measured on screen), the room beyond the sum is shared between the growing columns in
 * proportion to their minimums; the first growing column (the title) is left to antd's fixed layout, so
 * it takes its share and whatever rounding leaves. Unmeasured, the other growing columns keep their
 * minimum and the first takes all the room left.
 */
export function layoutColumns(
  columns: readonly SizedColumn[],
  { size, selectable, available }: { size: TableSize; selectable: boolean; available?: number | undefined },
): TableLayout {
  const padding = CELL_PADDING[size];
  const widths = columns.map((column) => widthOf(column, padding));
  const pins = pinsOf(columns);
  const fixedSum = widths.reduce((sum, column) => sum + (column.width ?? 0), 0);
  const growSum = widths.reduce((sum, column) => sum + (column.width === undefined ? column.minWidth : 0), 0);
  const scrollX = (selectable ? SELECTION_COLUMN_WIDTH : 0) + fixedSum + growSum;
  const extra = available === undefined ? 0 : Math.max(0, Math.floor(available) - scrollX);
  const firstGrowing = widths.findIndex((column) => column.width === undefined);
  return {
    columns: widths.map((column, index) => {
      const fixed = pins[index];
      if (column.width !== undefined || index === firstGrowing) return { ...column, fixed };
      const share = Math.floor((extra * column.minWidth) / growSum);
      return { width: column.minWidth + share, minWidth: column.minWidth, fixed };
    }),
    scrollX,
  };
}

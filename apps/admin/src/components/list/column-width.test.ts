import { describe, expect, it } from 'vitest';
import { COLUMN_KINDS, layoutColumns, SELECTION_COLUMN_WIDTH, textWidth } from './column-width';

describe('column widths', () => {
  it('measures Chinese characters at a full em and Latin ones narrower', () => {
    expect(textWidth('标题')).toBe(28);
    expect(textWidth('IP')).toBeGreaterThan(14);
    expect(textWidth('IP')).toBeLessThan(28);
    expect(textWidth('')).toBe(0);
  });

  it('gives short columns a fixed width and the title a minimum, the table scrolling below their sum', () => {
    const layout = layoutColumns(
      [
        { title: '编号', kind: 'code' },
        { title: '标题 / 品牌', kind: 'title' },
        { title: '金额', kind: 'money' },
        { title: '操作', width: 72 },
      ],
      { size: 'large', selectable: false },
    );
    // Cell padding (16 px each side at the default size) comes on top of what a kind holds.
    expect(layout.columns.map((column) => column.width)).toEqual([
      COLUMN_KINDS.code.content + 32,
      undefined,
      COLUMN_KINDS.money.content + 32,
      72,
    ]);
    expect(layout.columns[1]?.minWidth).toBe(COLUMN_KINDS.title.content + 32);
    // Every column has its minimum, so the title is never squeezed: below this the table scrolls.
    expect(layout.scrollX).toBe(
      COLUMN_KINDS.code.content + 32 + COLUMN_KINDS.title.content + 32 + COLUMN_KINDS.money.content + 32 + 72,
    );
  });

  it('uses the smaller padding of a middle table, and counts the selection column', () => {
    const plain = layoutColumns([{ title: '名称', kind: 'title' }], { size: 'large', selectable: false });
    const middle = layoutColumns([{ title: '名称', kind: 'title' }], { size: 'middle', selectable: true });
    expect(middle.columns[0]?.minWidth).toBe(COLUMN_KINDS.title.content + 16);
    expect(middle.scrollX).toBe((plain.columns[0]?.minWidth ?? 0) - 16 + SELECTION_COLUMN_WIDTH);
  });

  it('widens a column whose heading would not fit on one line, with room for the sort arrows', () => {
    const layout = layoutColumns(
      [
        { title: '最近打开时间', kind: 'count' },
        { title: '浏览次数', kind: 'count', sortField: 'view_count' },
        { title: '浏览次数', kind: 'count' },
      ],
      { size: 'large', selectable: false },
    );
    const [long, sorted, unsorted] = layout.columns;
    expect(long?.width).toBeGreaterThanOrEqual(textWidth('最近打开时间') + 32);
    expect(sorted?.width).toBeGreaterThan(unsorted?.width ?? 0);
    expect(unsorted?.width).toBeGreaterThanOrEqual(textWidth('浏览次数') + 32);
    expect(sorted?.width).toBeGreaterThanOrEqual(textWidth('浏览次数') + 32 + 20);
  });

  it('widens a column to fit each of the texts it declares it shows', () => {
    const [jobType] = layoutColumns(
      [{ title: '工作类型', kind: 'label', fits: ['广告', 'Lookbook', '时尚活动'] }],
      {
        size: 'middle',
        selectable: false,
      },
    ).columns;
    expect(jobType?.width).toBe(Math.max(COLUMN_KINDS.label.content, textWidth('Lookbook')) + 16);
    expect(jobType?.width).toBeGreaterThan(COLUMN_KINDS.label.content + 16);
  });

  it('counts each growing column at its own minimum, and gives the room left to the first unmeasured', () => {
    const columns = [
      { title: '姓名', kind: 'title' },
      { title: '公司', kind: 'text' },
      { title: '手机号', kind: 'mobile' },
    ] as const;
    const layout = layoutColumns(columns, { size: 'large', selectable: false });
    const title = COLUMN_KINDS.title.content + 32;
    const text = COLUMN_KINDS.text.content + 32;
    expect(layout.scrollX).toBe(title + text + COLUMN_KINDS.mobile.content + 32);
    // Before the table's room is measured, the title (left to antd) takes it all; the others keep their minimum.
    expect(layout.columns.map((column) => column.width)).toEqual([
      undefined,
      text,
      COLUMN_KINDS.mobile.content + 32,
    ]);
    expect(layout.columns.map((column) => column.minWidth)).toEqual([
      title,
      text,
      COLUMN_KINDS.mobile.content + 32,
    ]);
  });

  it('shares the measured room beyond the minimum between the growing columns, by their minimums', () => {
    const columns = [
      { title: '姓名', kind: 'title' },
      { title: '公司', kind: 'text' },
      { title: '邮箱', minWidth: 100 },
      { title: '手机号', kind: 'mobile' },
    ] as const;
    const { scrollX } = layoutColumns(columns, { size: 'middle', selectable: true });
    const wide = layoutColumns(columns, { size: 'middle', selectable: true, available: scrollX + 300.6 });
    const title = COLUMN_KINDS.title.content + 16;
    const text = COLUMN_KINDS.text.content + 16;
    const growing = title + text + 100;
    expect(wide.scrollX).toBe(scrollX);
    expect(wide.columns.map((column) => column.width)).toEqual([
      undefined,
      text + Math.floor((300 * text) / growing),
      100 + Math.floor((300 * 100) / growing),
      COLUMN_KINDS.mobile.content + 16,
    ]);
    // Narrower than the minimum, every column keeps it and the table scrolls.
    const narrow = layoutColumns(columns, { size: 'middle', selectable: true, available: scrollX - 200 });
    expect(narrow.columns.map((column) => column.width)).toEqual([
      undefined,
      text,
      100,
      COLUMN_KINDS.mobile.content + 16,
    ]);
  });

  it('keeps an explicit minimum as a growing column, and an explicit width as a fixed one', () => {
    const layout = layoutColumns(
      [
        { title: '标题', minWidth: 300 },
        { title: '预览', width: 190 },
      ],
      { size: 'large', selectable: false },
    );
    expect(layout.columns[0]).toMatchObject({ width: undefined, minWidth: 300 });
    expect(layout.columns[1]).toMatchObject({ width: 190, minWidth: 190 });
    expect(layout.scrollX).toBe(490);
  });

  it('pins the title and the columns before it at the start, the actions at the end', () => {
    const layout = layoutColumns(
      [
        { title: '编号', kind: 'code' },
        { title: '标题', kind: 'title' },
        { title: '金额', kind: 'money' },
        { title: '状态', kind: 'tag' },
        { title: '操作', kind: 'actions', width: 72 },
      ],
      { size: 'middle', selectable: false },
    );
    expect(layout.columns.map((column) => column.fixed)).toEqual([
      'start',
      'start',
      undefined,
      undefined,
      'end',
    ]);
    // The actions keep the width their buttons take, and count in the table's minimum.
    expect(layout.columns[4]).toMatchObject({ width: 72, minWidth: 72 });
    expect(layout.scrollX).toBe(
      COLUMN_KINDS.code.content +
        COLUMN_KINDS.title.content +
        COLUMN_KINDS.money.content +
        COLUMN_KINDS.tag.content +
        4 * 16 +
        72,
    );
  });

  it('widens an actions column to its heading, and pins nothing a list does not declare', () => {
    const [actions] = layoutColumns([{ title: '操作', kind: 'actions', width: 20 }], {
      size: 'large',
      selectable: false,
    }).columns;
    expect(actions).toMatchObject({ width: textWidth('操作') + 32, fixed: 'end' });

    const plain = layoutColumns(
      [
        { title: '名称', minWidth: 200 },
        { title: '日期', kind: 'date' },
      ],
      { size: 'large', selectable: false },
    );
    expect(plain.columns.map((column) => column.fixed)).toEqual([undefined, undefined]);
  });
});

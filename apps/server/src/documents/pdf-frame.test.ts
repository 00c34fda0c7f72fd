import { fenInChineseCapitals } from '@trackit/contract/money';
import { describe, expect, it } from 'vitest';
import { pdfPages, squeeze } from '../test/pdf-text';
import { CONTENT_WIDTH, newPdf, renderPdf } from './pdf-document';
import { loadPdfFonts } from './pdf-fonts';
import { PdfFrame, type TableColumn } from './pdf-frame';

const COLUMNS: readonly TableColumn[] = [
  { title: '序号', width: 60, align: 'left' },
  { title: '内容', width: CONTENT_WIDTH - 160, align: 'left' },
  { title: '金额', width: 100, align: 'right' },
];

const info = {
  title: '测试',
  author: '星辰模特经纪',
  subject: '表格',
  createdAt: new Date('2026-11-24T02:00:00Z'),
};

describe('PDF page frame', () => {
  it('repeats the table header on every page, numbers the pages and gives the event loop turns', async () => {
    const doc = newPdf(info, await loadPdfFonts(), { bufferPages: true });
    const rows = Array.from({ length: 150 }, (_, index) => ({
      cells: [`第${index + 1}行`, '说明', '¥1.00'],
    }));
    let turns = 0;
    let drawing = true;
    const count = () => {
      if (!drawing) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    const pdf = await renderPdf(doc, async () => {
      const frame = new PdfFrame(doc);
      frame.start();
      frame.section('明细');
      await frame.table(COLUMNS, rows, { continued: () => frame.paragraph('明细（续）', 'medium') });
      frame.totals([{ label: '合计', fen: 1_234_567, weight: 'medium' }], {
        label: '合计（大写）',
        fen: 1_234_567,
      });
      await frame.finishPages({ header: '星辰模特经纪 · 测试', footer: '测试文档' });
    });
    drawing = false;
    const pages = (await pdfPages(pdf)).map(squeeze);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((page, index) => {
      expect(page).toContain('星辰模特经纪·测试');
      expect(page).toContain('测试文档');
      expect(page).toContain(`第${index + 1}页，共${pages.length}页`);
      expect(page).toContain(index === 0 ? '明细序号内容金额第1行' : '明细（续）序号内容金额第');
    });
    expect(pages.join('')).toContain('第150行');
    expect(pages.at(-1)).toContain(`合计（大写）：人民币${fenInChineseCapitals(1_234_567)}`);
    expect(pages.at(-1)).toContain('壹万贰仟叁佰肆拾伍元陆角柒分');
    // 150 rows and the footers, a turn every ten rows: other callbacks ran while it drew.
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

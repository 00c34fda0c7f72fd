import { describe, expect, it } from 'vitest';
import { visibleRows } from './virtual-rows';

describe('visibleRows', () => {
  const base = { rowHeight: 58, count: 500, overscan: 6, viewportHeight: 580 };

  it('renders the rows in view and a few around them', () => {
    expect(visibleRows({ ...base, scrollTop: 0 })).toEqual({ start: 0, end: 16 });
    // Scrolled to row 100: rows 100–110 are in view.
    expect(visibleRows({ ...base, scrollTop: 5800 })).toEqual({ start: 94, end: 116 });
  });

  it('stays inside the list at its end and with fewer rows than fit', () => {
    expect(visibleRows({ ...base, scrollTop: 499 * 58 })).toEqual({ start: 493, end: 500 });
    expect(visibleRows({ ...base, count: 3, scrollTop: 0 })).toEqual({ start: 0, end: 3 });
    expect(visibleRows({ ...base, count: 0, scrollTop: 0 })).toEqual({ start: 0, end: 0 });
    // The header above the rows can make the offset negative.
    expect(visibleRows({ ...base, scrollTop: -40 })).toEqual({ start: 0, end: 16 });
  });

  it('keeps the DOM small for 500 models', () => {
    const { start, end } = visibleRows({ ...base, viewportHeight: 900, scrollTop: 12_000 });
    expect(end - start).toBeLessThanOrEqual(Math.ceil(900 / 58) + 2 * 6 + 1);
  });
});

/**
 * Row windowing for the resource view: only the rows in (or near) the scrolled viewport are rendered, so
 * 500 models × a month keep a small DOM. Rows have one fixed height.
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export interface RowWindow {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
}

/** The rows to render: those visible between `scrollTop` and the viewport's bottom, plus `overscan` each side. */
export function visibleRows({
  scrollTop,
  viewportHeight,
  rowHeight,
  count,
  overscan,
}: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan: number;
}): RowWindow {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(scrollTop, 0) / rowHeight);
  const last = Math.ceil((Math.max(scrollTop, 0) + Math.max(viewportHeight, 0)) / rowHeight);
  return { start: Math.max(0, Math.min(first - overscan, count)), end: Math.min(count, last + overscan) };
}

/**
 * The window of a scrolling element, kept as it scrolls or resizes (one update per animation frame).
 * `headerHeight` is the sticky header above the rows inside the same scrolling element.
 */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  {
    rowHeight,
    count,
    overscan = 6,
    headerHeight = 0,
  }: { rowHeight: number; count: number; overscan?: number; headerHeight?: number },
): RowWindow {
  const [view, setView] = useState({ scrollTop: 0, height: 800 });
  const frame = useRef(0);
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    setView((previous) => {
      const next = { scrollTop: element.scrollTop, height: element.clientHeight || previous.height };
      return next.scrollTop === previous.scrollTop && next.height === previous.height ? previous : next;
    });
  }, [scroller]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const onScroll = () => {
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        measure();
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const observer = new ResizeObserver(() => measure());
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      observer.disconnect();
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [scroller, measure]);

  return visibleRows({
    scrollTop: view.scrollTop - headerHeight,
    viewportHeight: view.height,
    rowHeight,
    count,
    overscan,
  });
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { DragSelection } from './calendar-selection';

/**
 * A drag across empty days: `start` on a primary-button press on a cell, `move` as the pointer enters
 * others (of the same model row), and the finished selection handed to `onDone` when the button is
 * released anywhere. Escape cancels it.
 */
export function useDragSelect(onDone: (selection: DragSelection) => void, enabled: boolean) {
  const [selection, setSelection] = useState<DragSelection | null>(null);
  const current = useRef<DragSelection | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  const update = useCallback((next: DragSelection | null) => {
    current.current = next;
    setSelection(next);
  }, []);

  const dragging = selection !== null;
  useEffect(() => {
    if (!dragging) return;
    const finish = () => {
      const finished = current.current;
      update(null);
      if (finished) done.current(finished);
    };
    const cancel = (event: KeyboardEvent) => {
      if (event.key === 'Escape') update(null);
    };
    window.addEventListener('mouseup', finish);
    window.addEventListener('keydown', cancel);
    return () => {
      window.removeEventListener('mouseup', finish);
      window.removeEventListener('keydown', cancel);
    };
  }, [dragging, update]);

  const start = useCallback(
    (
      event: { button: number; preventDefault: () => void },
      at: Omit<DragSelection, 'current' | 'currentMinutes'>,
    ) => {
      if (!enabled || event.button !== 0) return;
      // No text selection while dragging.
      event.preventDefault();
      update({
        ...at,
        current: at.anchor,
        ...(at.anchorMinutes !== undefined ? { currentMinutes: at.anchorMinutes } : {}),
      });
    },
    [enabled, update],
  );

  const move = useCallback(
    (date: string, modelId: number | null = null, minutes?: number) => {
      const active = current.current;
      if (!active || active.modelId !== modelId) return;
      if (active.current === date && active.currentMinutes === minutes) return;
      update({ ...active, current: date, ...(minutes !== undefined ? { currentMinutes: minutes } : {}) });
    },
    [update],
  );

  return { selection, start, move };
}

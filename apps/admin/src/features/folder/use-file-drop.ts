import { collectDroppedFiles, type PickedFiles } from '@trackit/client/upload/dropped-files';
import { type DragEvent, useEffect, useRef, useState } from 'react';

const carriesFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Drag-and-drop of files and whole folders onto an element: `dragging` while files hover over it, and
 * `onFiles` with the uploadable files once they are dropped (folders read recursively). Text or links
 * dragged around the page are left alone. While it is mounted, files dropped just beside the element are
 * ignored rather than opened by the browser, which would leave the page and stop the uploads.
 */
export function useFileDrop(onFiles: (picked: PickedFiles) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed; a depth count tells when the pointer really left.
  const depth = useRef(0);

  useEffect(() => {
    // Runs after the element's own handlers (window is last to hear a bubbling event): what they took
    // is already default-prevented.
    const ignore = (event: globalThis.DragEvent) => {
      if (event.defaultPrevented || !event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      if (event.type === 'dragover' && event.dataTransfer) event.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', ignore);
    window.addEventListener('drop', ignore);
    return () => {
      window.removeEventListener('dragover', ignore);
      window.removeEventListener('drop', ignore);
    };
  }, []);

  const handlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the dropped file instead.
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      // Taken now: the browser empties the DataTransfer when the event is over.
      void collectDroppedFiles(event.dataTransfer).then(onFiles);
    },
  };

  return { dragging, handlers };
}

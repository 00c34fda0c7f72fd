/**
 * The comp card's geometry, apart from drawing it: where photos go, at how many pixels, and how text is
 * fitted to its room. In PDF points (72 to the inch) from the page's top left corner.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Photos are printed at this resolution: the usual one of offset and good laser printing. */
export const PRINT_DPI = 300;

/** The pixels a photo needs to print sharp in its frame. */
export function printPixels(frame: Pick<Box, 'width' | 'height'>): { width: number; height: number } {
  const perPoint = PRINT_DPI / 72;
  return { width: Math.round(frame.width * perPoint), height: Math.round(frame.height * perPoint) };
}

/** A cell of a grid template, in fractions of the template's width and height. */
type Cell = readonly [x: number, y: number, width: number, height: number];

/**
 * The back's grid for 1 to 4 photos: each template has its own shape (height ÷ width) so that every cell
 * stays a portrait of about 3:4 or 2:3, as model photos are; the template is then fitted to the room.
 */
const GRIDS: Readonly<Record<number, { shape: number; cells: readonly Cell[] }>> = {
  1: { shape: 4 / 3, cells: [[0, 0, 1, 1]] },
  2: {
    shape: 3 / 4,
    cells: [
      [0, 0, 1 / 2, 1],
      [1 / 2, 0, 1 / 2, 1],
    ],
  },
  // One large beside two stacked: three equal cells would be small and wide.
  3: {
    shape: 1,
    cells: [
      [0, 0, 2 / 3, 1],
      [2 / 3, 0, 1 / 3, 1 / 2],
      [2 / 3, 1 / 2, 1 / 3, 1 / 2],
    ],
  },
  4: {
    shape: 4 / 3,
    cells: [
      [0, 0, 1 / 2, 1 / 2],
      [1 / 2, 0, 1 / 2, 1 / 2],
      [0, 1 / 2, 1 / 2, 1 / 2],
      [1 / 2, 1 / 2, 1 / 2, 1 / 2],
    ],
  },
};

const EDGE = 1e-9;
/** A room this close to a template's shape is filled whole: the photos line up with the text's margins. */
const SHAPE_TOLERANCE = 0.15;

/**
 * The frames of `count` photos (at most 4) in `room`: the template filling the room when their shapes are
 * close, else as large as the room allows and centred; `gutter` points between neighbouring cells. No
 * photos, no frames.
 */
export function photoGrid(count: number, room: Box, gutter: number): Box[] {
  const grid = GRIDS[Math.min(count, 4)];
  if (!grid || count <= 0) return [];
  const roomShape = room.height / room.width;
  const fills = Math.abs(roomShape / grid.shape - 1) <= SHAPE_TOLERANCE;
  const width = fills ? room.width : Math.min(room.width, room.height / grid.shape);
  const height = fills ? room.height : width * grid.shape;
  const left = room.x + (room.width - width) / 2;
  const top = room.y + (room.height - height) / 2;
  // Each inner edge gives half the gutter to either side; the outer edges stay on the template's border.
  const inset = (start: number, end: number) => ({
    from: start > EDGE ? gutter / 2 : 0,
    to: end < 1 - EDGE ? gutter / 2 : 0,
  });
  return grid.cells.map(([cx, cy, cw, ch]) => {
    const across = inset(cx, cx + cw);
    const down = inset(cy, cy + ch);
    return {
      x: left + cx * width + across.from,
      y: top + cy * height + down.from,
      width: cw * width - across.from - across.to,
      height: ch * height - down.from - down.to,
    };
  });
}

/** Measures a text at a font size (the PDF library's metrics, or a stand-in in tests). */
export type MeasureText = (text: string, size: number) => number;

/**
 * The largest size from `largest` down to `smallest` (in half points) at which `text` fits `room`, and
 * the text itself, cut with an ellipsis when even the smallest size is too wide (a 50-character name).
 */
export function fitText(
  text: string,
  room: number,
  sizes: { largest: number; smallest: number },
  measure: MeasureText,
): { text: string; size: number } {
  for (let size = sizes.largest; size >= sizes.smallest; size -= 0.5) {
    if (measure(text, size) <= room) return { text, size };
  }
  const size = sizes.smallest;
  const characters = [...text];
  while (characters.length > 1 && measure(`${characters.join('')}…`, size) > room) characters.pop();
  return { text: `${characters.join('')}…`, size };
}

/**
 * Places columns of the given widths left to right with `gap` between them, starting a new row where the
 * next would cross `room`. Resolves each column's row and left edge (from 0).
 */
export function flowColumns(widths: readonly number[], room: number, gap: number) {
  const placed: { row: number; x: number }[] = [];
  let row = 0;
  let x = 0;
  for (const width of widths) {
    if (x > 0 && x + width > room) {
      row += 1;
      x = 0;
    }
    placed.push({ row, x });
    x += width + gap;
  }
  return { placed, rows: widths.length === 0 ? 0 : row + 1 };
}

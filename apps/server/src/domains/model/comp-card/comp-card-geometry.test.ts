import { describe, expect, it } from 'vitest';
import { type Box, fitText, flowColumns, photoGrid, printPixels } from './comp-card-geometry';

const round = (box: Box) => ({
  x: Math.round(box.x),
  y: Math.round(box.y),
  width: Math.round(box.width),
  height: Math.round(box.height),
});

/** Every character as wide as the font size: easy sums. */
const monospace = (text: string, size: number) => [...text].length * size;

describe('comp card geometry', () => {
  const room: Box = { x: 40, y: 40, width: 500, height: 650 };

  it('fills a room close to the grid’s shape, gutters only between photos', () => {
    const four = photoGrid(4, room, 10).map(round);
    expect(four).toEqual([
      { x: 40, y: 40, width: 245, height: 320 },
      { x: 295, y: 40, width: 245, height: 320 },
      { x: 40, y: 370, width: 245, height: 320 },
      { x: 295, y: 370, width: 245, height: 320 },
    ]);
    expect(photoGrid(1, room, 10).map(round)).toEqual([room]);
  });

  it('centres a grid whose shape differs, keeping each photo a portrait', () => {
    const two = photoGrid(2, room, 10).map(round);
    // 500 wide × 375 high, centred in 650.
    expect(two).toEqual([
      { x: 40, y: 178, width: 245, height: 375 },
      { x: 295, y: 178, width: 245, height: 375 },
    ]);
    const three = photoGrid(3, room, 10).map(round);
    expect(three[0]).toEqual({ x: 40, y: 115, width: 328, height: 500 });
    expect(three.slice(1)).toEqual([
      { x: 378, y: 115, width: 162, height: 245 },
      { x: 378, y: 370, width: 162, height: 245 },
    ]);
    for (const frame of [...two, ...three]) expect(frame.height / frame.width).toBeGreaterThan(1.4);
  });

  it('has no frames without photos and at most four', () => {
    expect(photoGrid(0, room, 10)).toEqual([]);
    expect(photoGrid(6, room, 10)).toHaveLength(4);
  });

  it('asks for 300 dpi', () => {
    expect(printPixels({ width: 72, height: 144 })).toEqual({ width: 300, height: 600 });
  });

  it('shrinks a text to its room, then cuts it with an ellipsis', () => {
    expect(fitText('刘晓阳', 100, { largest: 30, smallest: 16 }, monospace)).toEqual({
      text: '刘晓阳',
      size: 30,
    });
    expect(fitText('欧阳娜娜娜', 100, { largest: 30, smallest: 16 }, monospace)).toEqual({
      text: '欧阳娜娜娜',
      size: 20,
    });
    expect(fitText('名'.repeat(50), 100, { largest: 30, smallest: 20 }, monospace)).toEqual({
      text: '名名名名…',
      size: 20,
    });
  });

  it('flows columns onto a new row when the next one would cross the room', () => {
    expect(flowColumns([40, 40, 40], 100, 10)).toEqual({
      placed: [
        { row: 0, x: 0 },
        { row: 0, x: 50 },
        { row: 1, x: 0 },
      ],
      rows: 2,
    });
    expect(flowColumns([], 100, 10)).toEqual({ placed: [], rows: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  collectDroppedFiles,
  type DroppedDirectoryEntry,
  type DroppedEntry,
  type DroppedFileEntry,
  type DropSource,
  pickUploadable,
} from './dropped-files';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', mp4: 'video/mp4', pdf: 'application/pdf' };

const makeFile = (name: string) => new File(['x'], name, { type: TYPES[name.split('.').pop() ?? ''] ?? '' });

const fileEntry = (name: string): DroppedFileEntry => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (success) => success(makeFile(name)),
});

/** A directory whose reader answers in batches of `batch` entries, like Chrome's 100. */
const dirEntry = (name: string, children: DroppedEntry[], batch = 2): DroppedDirectoryEntry => ({
  name,
  isFile: false,
  isDirectory: true,
  createReader: () => {
    let at = 0;
    return {
      readEntries: (success) => {
        const next = children.slice(at, at + batch);
        at += batch;
        setTimeout(() => success(next), 0);
      },
    };
  },
});

const dropOf = (entries: DroppedEntry[], loose: File[] = []): DropSource => ({
  items: [
    ...entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry, getAsFile: () => null })),
    ...loose.map((file) => ({ kind: 'file', webkitGetAsEntry: () => null, getAsFile: () => file })),
    { kind: 'string', webkitGetAsEntry: () => null, getAsFile: () => null },
  ],
  files: [],
});

describe('collectDroppedFiles', () => {
  it('reads folders recursively, across several reader batches', async () => {
    const drop = dropOf([
      fileEntry('cover.jpg'),
      dirEntry('shoot', [
        fileEntry('1.jpg'),
        fileEntry('2.jpg'),
        fileEntry('3.jpg'),
        dirEntry('video', [fileEntry('clip.mp4'), fileEntry('notes.txt')]),
        fileEntry('.DS_Store'),
      ]),
    ]);
    const picked = await collectDroppedFiles(drop);
    expect(picked.files.map((file) => file.name)).toEqual([
      'cover.jpg',
      '1.jpg',
      '2.jpg',
      '3.jpg',
      'clip.mp4',
    ]);
    expect(picked.skipped).toBe(1);
  });

  it('takes plain files when the browser gives no entries', async () => {
    const picked = await collectDroppedFiles(dropOf([], [makeFile('a.pdf')]));
    expect(picked.files.map((file) => file.name)).toEqual(['a.pdf']);
    const legacy = await collectDroppedFiles({ files: [makeFile('b.jpg'), makeFile('c.zip')] });
    expect(legacy).toMatchObject({ skipped: 1 });
    expect(legacy.files.map((file) => file.name)).toEqual(['b.jpg']);
  });

  it('leaves out a file that cannot be opened', async () => {
    const broken: DroppedFileEntry = {
      ...fileEntry('gone.jpg'),
      file: (_ok, fail) => fail?.(new Error('gone')),
    };
    const picked = await collectDroppedFiles(dropOf([broken, fileEntry('ok.jpg')]));
    expect(picked.files.map((file) => file.name)).toEqual(['ok.jpg']);
  });
});

describe('pickUploadable', () => {
  it('keeps accepted types, counts the others and ignores hidden files', () => {
    const picked = pickUploadable(['a.jpg', 'b.mp4', 'c.pdf', 'd.exe', '.hidden.jpg'].map(makeFile));
    expect(picked.files.map((file) => file.name)).toEqual(['a.jpg', 'b.mp4', 'c.pdf']);
    expect(picked.skipped).toBe(1);
  });
});

/**
 * The files of a drop: loose files and whole folders (read recursively through the File and Directory
 * Entries API), without hidden files (.DS_Store) and without types the server does not take, which
 * are counted so the page can say how many it left out.
 */
import { isAcceptedContentType } from '@trackit/contract/upload';

export interface PickedFiles {
  files: File[];
  /** Files left out because their type is not accepted. */
  skipped: number;
}

/** The parts of the browser's FileSystemEntry types this code reads (fakes in tests). */
export interface DroppedEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}
export interface DroppedFileEntry extends DroppedEntry {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DroppedDirectoryEntry extends DroppedEntry {
  createReader(): {
    readEntries(success: (entries: DroppedEntry[]) => void, failure?: (error: unknown) => void): void;
  };
}

/** What the drop event's DataTransfer offers. */
export interface DropSource {
  items?: ArrayLike<{ kind: string; webkitGetAsEntry?: () => unknown; getAsFile(): File | null }>;
  files: ArrayLike<File>;
}

/** A file the upload queue can take: a type the server accepts (images, videos, PDF, office documents). */
export const isUploadable = (file: File): boolean => isAcceptedContentType(file.type);

const isHidden = (name: string): boolean => name.startsWith('.');

/** Splits picked files into the accepted ones and a count of the others; hidden files are dropped silently. */
export function pickUploadable(files: Iterable<File>): PickedFiles {
  const picked: PickedFiles = { files: [], skipped: 0 };
  for (const file of files) {
    if (isHidden(file.name)) continue;
    if (isUploadable(file)) picked.files.push(file);
    else picked.skipped += 1;
  }
  return picked;
}

const readBatch = (reader: ReturnType<DroppedDirectoryEntry['createReader']>): Promise<DroppedEntry[]> =>
  new Promise((resolve, reject) => reader.readEntries(resolve, reject));

/** Every entry of a directory: readEntries answers in batches (100 in Chrome) until an empty one. */
async function readDirectory(directory: DroppedDirectoryEntry): Promise<DroppedEntry[]> {
  const reader = directory.createReader();
  const all: DroppedEntry[] = [];
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    all.push(...batch);
  }
  return all;
}

const fileOf = (entry: DroppedFileEntry): Promise<File | undefined> =>
  // A file that vanished or cannot be opened is left out rather than failing the whole drop.
  new Promise((resolve) => entry.file(resolve, () => resolve(undefined)));

async function filesOf(entry: DroppedEntry, into: File[]): Promise<void> {
  if (isHidden(entry.name)) return;
  if (entry.isFile) {
    const file = await fileOf(entry as DroppedFileEntry);
    if (file) into.push(file);
  } else if (entry.isDirectory) {
    let children: DroppedEntry[];
    try {
      children = await readDirectory(entry as DroppedDirectoryEntry);
    } catch {
      return;
    }
    for (const child of children) await filesOf(child, into);
  }
}

/**
 * The uploadable files of a drop, folders included. Call it in the drop handler itself: the browser
 * empties the DataTransfer once the event is over, so the entries are taken before the first await.
 */
export function collectDroppedFiles(source: DropSource): Promise<PickedFiles> {
  const entries: DroppedEntry[] = [];
  const loose: File[] = [];
  for (const item of Array.from(source.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() as DroppedEntry | null | undefined;
    if (entry) {
      entries.push(entry);
    } else {
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  // No items list (older browsers): the plain files, without folders.
  if (!source.items) loose.push(...Array.from(source.files));

  return (async () => {
    const files = [...loose];
    for (const entry of entries) await filesOf(entry, files);
    return pickUploadable(files);
  })();
}

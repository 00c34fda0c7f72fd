// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeGallery, galleryState } from '../../components/image-gallery';
import { type FileEditing, FolderFileGrid, galleryItemOf, movedOrder } from './folder-file-grid';

afterEach(() => {
  act(() => closeGallery());
  cleanup();
});

const file = (
  id: number,
  name: string,
  content_type: string,
  kind: FileItem['kind'],
  extra: Partial<FileItem> = {},
): FileItem => ({
  id,
  folder_id: 1,
  name,
  content_type,
  byte_size: 1024,
  checksum: 'x',
  kind,
  thumbnail_state: 'none',
  url: `/blobs/${id}?name=${name}`,
  thumb_url: null,
  preview_url: null,
  created_at: '2025-01-01T00:00:00Z',
  ...extra,
});

const FILES = [
  file(1, 'a.jpg', 'image/jpeg', 'image', {
    thumbnail_state: 'ready',
    thumb_url: '/t1.webp',
    preview_url: '/p1.webp',
  }),
  file(2, 'b.mp4', 'video/mp4', 'video', {
    thumbnail_state: 'ready',
    thumb_url: '/t2.webp',
    preview_url: '/p2.webp',
  }),
  file(3, 'c.pdf', 'application/pdf', 'document', { preview_url: '/inline/3.pdf' }),
  file(4, 'd.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'),
];

describe('FolderFileGrid', () => {
  it('marks a video tile with a play badge, and no other', () => {
    render(<FolderFileGrid files={FILES} />);
    expect(within(screen.getByTestId('folder-file-2')).getByTestId('video-badge')).toBeTruthy();
    expect(within(screen.getByTestId('folder-file-1')).queryByTestId('video-badge')).toBeNull();
  });

  it('opens a video in the gallery, not in a new tab, among the pictures and PDFs of the folder', () => {
    render(<FolderFileGrid files={FILES} />);
    const tile = screen.getByTestId('folder-file-2');
    expect(tile.querySelector('a[target="_blank"]')).toBeNull();
    fireEvent.click(within(tile).getByRole('button'));
    const { open, items, current } = galleryState();
    expect(open).toBe(true);
    expect(items.map((item) => item.kind)).toEqual(['image', 'video', 'pdf']);
    expect(items[current]).toMatchObject({
      kind: 'video',
      src: '/blobs/2?name=b.mp4',
      poster: '/p2.webp',
      name: 'b.mp4',
    });
  });

  it('opens a PDF in the gallery too, and lets an office document download in this tab', () => {
    render(<FolderFileGrid files={FILES} />);
    fireEvent.click(within(screen.getByTestId('folder-file-3')).getByRole('button'));
    expect(galleryState().items[galleryState().current]).toMatchObject({ kind: 'pdf', src: '/inline/3.pdf' });
    const link = screen.getByTestId('folder-file-4').querySelector('a');
    expect(link?.getAttribute('download')).toBe('d.docx');
    expect(link?.getAttribute('target')).toBeNull();
  });
});

describe('galleryItemOf', () => {
  it('shows a PDF without an inline address as a card to download', () => {
    expect(galleryItemOf(file(5, 'e.pdf', 'application/pdf', 'document'))).toMatchObject({
      kind: 'file',
      name: 'e.pdf',
      downloadUrl: '/blobs/5?name=e.pdf',
    });
  });

  it('shows the large preview of a picture, else the original', () => {
    expect(galleryItemOf(FILES[0] as FileItem).src).toBe('/p1.webp');
    expect(galleryItemOf(file(6, 'f.png', 'image/png', 'image')).src).toBe('/blobs/6?name=f.png');
  });
});

describe('movedOrder', () => {
  it('puts the moved file where the target stood, either way', () => {
    expect(movedOrder([1, 2, 3, 4], 4, 2)).toEqual([1, 4, 2, 3]);
    expect(movedOrder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedOrder([1, 2, 3], 2, 2)).toEqual([1, 2, 3]);
    expect(movedOrder([1, 2, 3], 9, 2)).toEqual([1, 2, 3]);
  });
});

describe('FolderFileGrid for a member who may edit', () => {
  const editing = (extra: Partial<FileEditing> = {}): FileEditing => ({
    selected: new Set<number>(),
    onToggle: vi.fn(),
    onDelete: vi.fn(),
    onReorder: vi.fn(),
    onSetCover: vi.fn(),
    coverFileId: null,
    ...extra,
  });

  it('shows no tools without editing', () => {
    render(<FolderFileGrid files={FILES} />);
    expect(screen.queryByTestId('file-delete-1')).toBeNull();
    expect(screen.getByTestId('folder-file-1').getAttribute('draggable')).toBeNull();
  });

  it('moves a file earlier or later with the whole new order; the ends cannot go further', () => {
    const tools = editing();
    render(<FolderFileGrid files={FILES} editing={tools} />);
    fireEvent.click(screen.getByTestId('file-later-1'));
    expect(tools.onReorder).toHaveBeenLastCalledWith([2, 1, 3, 4]);
    fireEvent.click(screen.getByTestId('file-earlier-3'));
    expect(tools.onReorder).toHaveBeenLastCalledWith([1, 3, 2, 4]);
    expect((screen.getByTestId('file-earlier-1') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('file-later-4') as HTMLButtonElement).disabled).toBe(true);
  });

  it('reorders by dragging a tile onto another’s place', () => {
    const tools = editing();
    render(<FolderFileGrid files={FILES} editing={tools} />);
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    const dragged = screen.getByTestId('folder-file-4');
    expect(dragged.getAttribute('draggable')).toBe('true');
    fireEvent.dragStart(dragged, { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('folder-file-1'), { dataTransfer });
    expect(screen.getByTestId('folder-file-1').getAttribute('data-drop-target')).toBe('true');
    fireEvent.drop(screen.getByTestId('folder-file-1'), { dataTransfer });
    expect(tools.onReorder).toHaveBeenCalledWith([4, 1, 2, 3]);
  });

  it('offers no reordering while the folder is not wholly loaded', () => {
    render(<FolderFileGrid files={FILES} editing={editing({ onReorder: undefined })} />);
    expect(screen.queryByTestId('file-later-1')).toBeNull();
    expect(screen.getByTestId('folder-file-1').getAttribute('draggable')).toBeNull();
  });

  it('deletes only after the confirmation', async () => {
    const tools = editing();
    render(<FolderFileGrid files={FILES} editing={tools} />);
    fireEvent.click(screen.getByTestId('file-delete-2'));
    expect(await screen.findByText('确定删除「b.mp4」吗？删除后无法恢复。')).toBeTruthy();
    expect(tools.onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('file-delete-confirm'));
    expect(tools.onDelete).toHaveBeenCalledWith(FILES[1]);
  });

  it('offers the cover on pictures only, marking the current one, and selects files', () => {
    const tools = editing({ coverFileId: 1, selected: new Set([2]) });
    render(<FolderFileGrid files={FILES} editing={tools} />);
    expect((screen.getByTestId('file-cover-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('file-cover-2')).toBeNull();
    expect(screen.getByTestId('folder-file-2').getAttribute('data-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('file-select-1'));
    expect(tools.onToggle).toHaveBeenCalledWith(FILES[0]);
  });

  it('offers no cover when the folder has no model', () => {
    render(<FolderFileGrid files={FILES} editing={editing({ onSetCover: undefined })} />);
    expect(screen.queryByTestId('file-cover-1')).toBeNull();
  });
});

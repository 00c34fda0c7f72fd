// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FileItem } from '@trackit/contract/upload.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGallery, galleryState } from '../../components/image-gallery';
import { FolderFileGrid, galleryItemOf } from './folder-file-grid';

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

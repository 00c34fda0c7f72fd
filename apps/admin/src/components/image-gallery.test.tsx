// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGallery, galleryState, ImageGalleryHost, openGallery, openImageGallery } from './image-gallery';

afterEach(() => {
  act(() => closeGallery());
  cleanup();
});

/** antd's preview renders in a portal, after its opening motion starts. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

const FILES = [
  { kind: 'image', src: '/photo.webp', name: 'a-定妆照.jpg', downloadUrl: '/blobs/photo?name=a' },
  {
    kind: 'video',
    src: '/clip.webm',
    poster: '/poster.webp',
    name: 'b-试镜.webm',
    downloadUrl: '/blobs/clip?name=b',
  },
  { kind: 'pdf', src: '/contract.pdf', name: 'c-合同.pdf', downloadUrl: '/blobs/contract?name=c' },
  {
    kind: 'file',
    src: '',
    name: 'd-报价.pdf',
    contentType: 'application/pdf',
    downloadUrl: '/blobs/quote?name=d',
  },
] as const;

describe('openImageGallery', () => {
  it('clamps the start index and ignores an empty list', () => {
    openImageGallery([]);
    expect(galleryState().open).toBe(false);
    openImageGallery(['/a.jpg', '/b.jpg'], 5);
    expect(galleryState()).toEqual({
      open: true,
      items: [
        { kind: 'image', src: '/a.jpg' },
        { kind: 'image', src: '/b.jpg' },
      ],
      current: 1,
    });
    openImageGallery(['/a.jpg', '/b.jpg'], -1);
    expect(galleryState().current).toBe(0);
  });

  it('shows the chosen image in the mounted host', async () => {
    render(<ImageGalleryHost />);
    act(() => openImageGallery(['/one.jpg', '/two.jpg', '/three.jpg'], 1));
    await settle();
    expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe('/two.jpg');
    expect(document.body.textContent).toContain('2 / 3');
  });
});

describe('openGallery', () => {
  it('shows a picture with its name, a download button and the picture tools', async () => {
    render(<ImageGalleryHost />);
    act(() => openGallery(FILES, 0));
    await settle();
    expect(screen.getByTestId('gallery-name').textContent).toBe('a-定妆照.jpg');
    expect(screen.getByTestId('gallery-download').getAttribute('href')).toBe('/blobs/photo?name=a');
    expect(document.querySelector('.ant-image-preview-actions-action-zoomIn')).not.toBeNull();
  });

  it('plays a video in place of the picture, with controls, and without the picture tools', async () => {
    render(<ImageGalleryHost />);
    act(() => openGallery(FILES, 1));
    await settle();
    const video = screen.getByTestId('gallery-video') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/clip.webm');
    expect(video.getAttribute('poster')).toBe('/poster.webp');
    expect(video.controls).toBe(true);
    expect(screen.getByTestId('gallery-name').textContent).toBe('b-试镜.webm');
    expect(document.querySelector('.ant-image-preview-actions-action-zoomIn')).toBeNull();
    // antd never loads the video as a picture.
    expect(document.querySelector('.ant-image-preview img[src="/clip.webm"]')).toBeNull();
  });

  it('shows a PDF in a frame of its own address, and a file it cannot show as a card to download', async () => {
    render(<ImageGalleryHost />);
    act(() => openGallery(FILES, 2));
    await settle();
    const frame = screen.getByTestId('gallery-pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/contract.pdf');
    expect(frame.getAttribute('title')).toBe('c-合同.pdf');

    act(() => openGallery(FILES, 3));
    await settle();
    expect(screen.getByTestId('gallery-file').textContent).toContain('d-报价.pdf');
    expect(screen.getByTestId('gallery-download').getAttribute('href')).toBe('/blobs/quote?name=d');
  });

  it('stops the video when closed: nothing of it stays in the page', async () => {
    render(<ImageGalleryHost />);
    act(() => openGallery(FILES, 1));
    await settle();
    expect(screen.queryByTestId('gallery-video')).not.toBeNull();
    act(() => closeGallery());
    await settle();
    expect(screen.queryByTestId('gallery-video')).toBeNull();
  });

  it('darkens the page behind and keeps its own class on the preview for the arrows', async () => {
    render(<ImageGalleryHost />);
    act(() => openGallery(FILES, 0));
    await settle();
    const root = document.querySelector('.ant-image-preview');
    expect(root?.className).toMatch(/gallery/);
    const maskClasses = document.querySelector('.ant-image-preview-mask')?.className.split(' ') ?? [];
    expect(maskClasses.some((name) => name.includes('mask') && !name.startsWith('ant-'))).toBe(true);
  });
});

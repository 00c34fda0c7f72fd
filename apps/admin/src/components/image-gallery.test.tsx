// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { closeImageGallery, ImageGalleryHost, imageGalleryState, openImageGallery } from './image-gallery';

afterEach(() => {
  act(() => closeImageGallery());
  cleanup();
});

describe('openImageGallery', () => {
  it('clamps the start index and ignores an empty list', () => {
    openImageGallery([]);
    expect(imageGalleryState().open).toBe(false);
    openImageGallery(['/a.jpg', '/b.jpg'], 5);
    expect(imageGalleryState()).toEqual({ open: true, urls: ['/a.jpg', '/b.jpg'], current: 1 });
    openImageGallery(['/a.jpg', '/b.jpg'], -1);
    expect(imageGalleryState().current).toBe(0);
  });

  it('shows the chosen image in the mounted host', async () => {
    render(<ImageGalleryHost />);
    act(() => openImageGallery(['/one.jpg', '/two.jpg', '/three.jpg'], 1));
    const preview = await new Promise<Element | null>((resolve) =>
      setTimeout(() => resolve(document.querySelector('.ant-image-preview img')), 50),
    );
    expect(preview?.getAttribute('src')).toBe('/two.jpg');
    expect(document.body.textContent).toContain('2 / 3');
  });
});

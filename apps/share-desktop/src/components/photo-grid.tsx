import { ExpandOutlined } from '@ant-design/icons';
import type { PublicFile } from '@trackit/contract/share.schema';
import { Image } from 'antd';
import type { CSSProperties } from 'react';
import styles from './media.module.css';
import { gridImageSources, previewImageSource } from './public-image';

export interface PhotoGridProps {
  photos: readonly PublicFile[];
  /** How many tiles a row holds (the CSS grid's columns). */
  columns: number;
  /** The `sizes` matching the tile's width at each screen width, for the browser's choice in `srcset`. */
  sizes: string;
  /** The first tiles, on screen at once, load eagerly; the rest as they scroll near. */
  eager: number;
  /** Names the pictures for screen readers: `林晓 照片 3`. */
  alt: string;
}

/**
 * Photos as 3:4 tiles; a click opens antd's full-screen preview on the 1600 px picture, with the arrow
 * keys and the count to move through all of them.
 */
export function PhotoGrid({ photos, columns, sizes, eager, alt }: PhotoGridProps) {
  // The preview's own list, so it shows the preview picture alone (the tiles' srcset and sizes would
  // otherwise follow the registered images into the preview and pick the thumbnail).
  const items = photos.flatMap((photo, index) => {
    const src = previewImageSource(photo);
    return src ? [{ src, alt: `${alt} ${index + 1}` }] : [];
  });
  return (
    <Image.PreviewGroup
      items={items}
      classNames={{ popup: { mask: styles.previewMask } }}
      preview={{ countRender: (current, total) => `${current} / ${total}` }}
    >
      <div
        className={styles.photoGrid}
        style={{ '--columns': columns } as CSSProperties}
        data-testid="photo-grid"
      >
        {photos.map((photo, index) => {
          const sources = gridImageSources(photo);
          if (!sources) {
            return (
              <div key={photo.id} className={styles.photoPending}>
                图片处理中
              </div>
            );
          }
          return (
            <Image
              key={photo.id}
              src={sources.src}
              srcSet={sources.srcSet}
              sizes={sizes}
              alt={`${alt} ${index + 1}`}
              loading={index < eager ? 'eager' : 'lazy'}
              decoding="async"
              classNames={{ root: styles.photo, image: styles.photoImage, cover: styles.photoCover }}
              preview={{ src: previewImageSource(photo) ?? sources.src, cover: <ExpandOutlined /> }}
              data-testid="photo"
            />
          );
        })}
      </div>
    </Image.PreviewGroup>
  );
}

import type { PublicFile } from '@trackit/contract/share.schema';
import { Link } from '../router';
import { TEXTS } from '../texts';
import page from './page.module.css';
import { ShareImage } from './share-image';

/** Photos in 3:4 slots; a tap opens the gallery at that photo (`linkOf(index)`). */
export function PhotoGrid({
  photos,
  name,
  linkOf,
  eagerCount = 2,
}: {
  photos: readonly PublicFile[];
  /** Whose photos (their alt text). */
  name: string;
  linkOf: (index: number) => string;
  eagerCount?: number;
}) {
  return (
    <ul className={page.photoGrid}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <Link to={linkOf(index)} className={page.slot}>
            <ShareImage file={photo} alt={TEXTS.photoAlt(name, index + 1)} eager={index < eagerCount} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /h5/f/:shareId: a folder shared alone: its photos (a tap opens the gallery, `?i=`), videos and documents. */
import { lazy, Suspense } from 'react';
import { FileList } from '../components/file-list';
import { LoadError } from '../components/load-error';
import page from '../components/page.module.css';
import { PhotoGrid } from '../components/photo-grid';
import { AddressRefresh } from '../components/share-image';
import { GallerySkeleton, PackageSkeleton } from '../components/skeletons';
import { useFolder } from '../queries/share-data';
import { useDocumentTitle } from '../queries/use-share-view';
import { backTo, navigate, useSearchParam } from '../router';
import { paths } from '../routes';
import { TEXTS } from '../texts';
import styles from './folder-page.module.css';

const Gallery = lazy(() => import('../components/gallery'));

export default function FolderPage({ shareId }: { shareId: string }) {
  const { data, error, retry, refreshAddresses } = useFolder(shareId);
  const photoIndex = useSearchParam('i');
  useDocumentTitle(data?.name);

  if (!data) return error ? <LoadError error={error} onRetry={retry} /> : <PackageSkeleton />;
  const folderPath = paths.folder(shareId);
  const owner = [data.model_name, data.model_english_name].filter(Boolean).join(' · ');
  const empty = data.photos.length === 0 && data.files.length === 0;

  return (
    <AddressRefresh value={refreshAddresses}>
      <div className={page.page}>
        <header className={styles.header}>
          <p className={page.eyebrow}>{data.team_name}</p>
          <h1 className={`${page.title} ${styles.title}`}>{data.name}</h1>
          {owner && <p className={styles.owner}>{owner}</p>}
        </header>
        {empty && <p className={page.empty}>{TEXTS.emptyFolder}</p>}
        {data.photos.length > 0 && (
          <section>
            <h2 className={page.sectionTitle}>
              {TEXTS.photos}
              <small>{data.photos.length}</small>
            </h2>
            <PhotoGrid
              photos={data.photos}
              name={data.model_name ?? data.name}
              linkOf={(index) => paths.folderPhoto(shareId, index)}
              eagerCount={4}
            />
          </section>
        )}
        <FileList files={data.files} />
        {photoIndex !== null && data.photos.length > 0 && (
          <Suspense fallback={<GallerySkeleton />}>
            <Gallery
              photos={data.photos}
              startIndex={Number(photoIndex)}
              caption={data.model_name ?? data.name}
              onIndexChange={(index) => navigate(paths.folderPhoto(shareId, index), { replace: true })}
              onClosed={() => backTo(folderPath, { replace: true })}
            />
          </Suspense>
        )}
      </div>
    </AddressRefresh>
  );
}

import { isShareId } from '@trackit/contract/share';
import { useParams } from 'react-router';
import { MediaSections } from '../../components/media-sections';
import { NotFoundPage } from '../../components/not-found-page';
import { QueryFailure } from '../../components/query-failure';
import { SharePage, ShareTopBar, TeamName } from '../../components/share-frame';
import { useSharedFolder } from './folder.queries';
import styles from './folder-page.module.css';
import { FolderSkeleton } from './folder-skeleton';

/** The `sizes` of a tile: four columns in the page's width (at most 1440 px, 64 px margins, 40 below 1280 px). */
const PHOTO_SIZES =
  '(min-width: 1440px) 316px, (min-width: 1280px) calc((100vw - 176px) / 4), calc((100vw - 128px) / 4)';

/** /web/f/:shareId: a folder shared alone, its photos, videos and documents. */
export function FolderPage() {
  const { shareId = '' } = useParams();
  return isShareId(shareId) ? <FolderView key={shareId} shareId={shareId} /> : <NotFoundPage />;
}

function FolderView({ shareId }: { shareId: string }) {
  const query = useSharedFolder(shareId);
  const folder = query.data;
  if (!folder) {
    return query.isError ? (
      <QueryFailure error={query.error} onRetry={() => query.refetch()} />
    ) : (
      <FolderSkeleton />
    );
  }
  return (
    <SharePage testId="folder-page">
      <title>{`${folder.name} · ${folder.team_name}`}</title>
      <ShareTopBar start={<TeamName name={folder.team_name} />} />
      <section className={styles.hero}>
        <h1 className={styles.title} data-testid="folder-name">
          {folder.name}
        </h1>
        {folder.model_name && (
          <div className={styles.model} data-testid="folder-model">
            {folder.model_name}
            {folder.model_english_name && (
              <span className={styles.englishName}>{folder.model_english_name}</span>
            )}
          </div>
        )}
      </section>
      <MediaSections
        photos={folder.photos}
        files={folder.files}
        photoGrid={{ columns: 4, sizes: PHOTO_SIZES, eager: 8, alt: folder.model_name ?? folder.name }}
        videoColumns={3}
      />
    </SharePage>
  );
}

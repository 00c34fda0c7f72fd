/** /h5/photo/:shareId/:modelId?i=3: a model's photos full screen, from the 4th. */
import Gallery from '../components/gallery';
import { LoadError } from '../components/load-error';
import page from '../components/page.module.css';
import { GallerySkeleton } from '../components/skeletons';
import { useModel } from '../queries/share-data';
import { useDocumentTitle, useShareView } from '../queries/use-share-view';
import { backTo, navigate, useSearchParam } from '../router';
import { paths } from '../routes';
import { TEXTS } from '../texts';

export default function PhotosPage({ shareId, modelId }: { shareId: string; modelId: number }) {
  const { data, error, retry } = useModel(shareId, modelId);
  const start = Number(useSearchParam('i') ?? 0);
  useShareView(data !== undefined, shareId, 'photos', modelId);
  useDocumentTitle(data?.name);

  if (!data) return error ? <LoadError error={error} onRetry={retry} /> : <GallerySkeleton />;
  if (data.photos.length === 0) return <p className={page.empty}>{TEXTS.noPhotos}</p>;
  return (
    <Gallery
      photos={data.photos}
      startIndex={start}
      caption={data.name}
      // The address follows the photo shown: a reload or a copied link opens the same one.
      onIndexChange={(index) => navigate(paths.photos(shareId, modelId, index), { replace: true })}
      onClosed={() => backTo(paths.model(shareId, modelId), { replace: true })}
    />
  );
}

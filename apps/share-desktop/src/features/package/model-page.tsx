import { isShareId, shareFacts } from '@trackit/contract/share';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { MediaSections } from '../../components/media-sections';
import { NotFoundPage } from '../../components/not-found-page';
import { QueryFailure } from '../../components/query-failure';
import { SharePage } from '../../components/share-frame';
import { ModelFacts } from './model-facts';
import { ModelNav } from './model-nav';
import styles from './model-page.module.css';
import { ModelPickPanel } from './model-pick-panel';
import { ModelSkeleton } from './model-skeleton';
import { usePackage, usePackageModel, usePrefetchModel } from './package.queries';
import { usePicks } from './use-picks';
import { useShareView } from './use-share-view';

/**
 * The `sizes` of a photo tile, matching model-page.module.css: two columns beside a 340 px column
 * (300 px below 1280 px wide), the page no wider than 1440 px.
 */
const PHOTO_SIZES =
  '(min-width: 1440px) 442px, (min-width: 1280px) calc((100vw - 556px) / 2), calc((100vw - 444px) / 2)';

/** A model id in the address: a positive whole number, anything else is not found. */
const parseModelId = (text: string): number | null => (/^[1-9]\d{0,14}$/.test(text) ? Number(text) : null);

/** /web/s/:shareId/:modelId: one model of the package, with everything the package shows of them. */
export function ModelPage() {
  const { shareId = '', modelId = '' } = useParams();
  const id = parseModelId(modelId);
  return isShareId(shareId) && id !== null ? (
    <ModelView key={`${shareId}/${id}`} shareId={shareId} modelId={id} />
  ) : (
    <NotFoundPage />
  );
}

function ModelView({ shareId, modelId }: { shareId: string; modelId: number }) {
  const query = usePackageModel(shareId, modelId);
  const { data: pkg } = usePackage(shareId);
  const picks = usePicks(shareId);
  const prefetchModel = usePrefetchModel(shareId);
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? '';
  const model = query.data;
  useShareView(shareId, 'model', modelId, model !== undefined);

  // The neighbours load while the client looks at this one.
  useEffect(() => {
    if (model?.next_model_id) prefetchModel(model.next_model_id);
    if (model?.previous_model_id) prefetchModel(model.previous_model_id);
  }, [model?.next_model_id, model?.previous_model_id, prefetchModel]);

  if (!model) {
    return query.isError ? (
      <QueryFailure error={query.error} onRetry={() => query.refetch()} />
    ) : (
      <ModelSkeleton />
    );
  }

  const modelPath = (id: number | null) => (id === null ? null : `/s/${shareId}/${id}`);
  const index = pkg ? pkg.models.findIndex((item) => item.id === modelId) : -1;
  const videoCount = model.files.filter((file) => file.kind === 'video').length;
  const counts = [
    model.photos.length > 0 && `${model.photos.length} 张照片`,
    videoCount > 0 && `${videoCount} 个视频`,
    model.files.length > videoCount && `${model.files.length - videoCount} 个文件`,
  ].filter(Boolean);

  return (
    <SharePage testId="model-page">
      <title>{`${model.name} · ${model.package_title}`}</title>
      <ModelNav
        packagePath={`/s/${shareId}${back}`}
        packageTitle={model.package_title}
        previousPath={modelPath(model.previous_model_id)}
        nextPath={modelPath(model.next_model_id)}
        position={pkg && index >= 0 ? `${index + 1} / ${pkg.models.length}` : null}
        backState={{ back }}
      />
      <div className={styles.layout}>
        <aside className={styles.aside}>
          <h1 className={styles.name} data-testid="model-name">
            {model.name}
          </h1>
          {counts.length > 0 && <div className={styles.counts}>{counts.join(' · ')}</div>}
          <ModelFacts facts={shareFacts(model.facts, model.fields)} />
          <ModelPickPanel key={String(picks.ready)} modelId={modelId} picks={picks} />
        </aside>
        <div>
          <MediaSections
            photos={model.photos}
            files={model.files}
            photoGrid={{ columns: 2, sizes: PHOTO_SIZES, eager: 4, alt: model.name }}
            videoColumns={2}
          />
        </div>
      </div>
      {picks.namePrompt}
    </SharePage>
  );
}

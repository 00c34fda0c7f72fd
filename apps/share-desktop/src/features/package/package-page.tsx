import { isShareId } from '@trackit/contract/share';
import { Button, Empty } from 'antd';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { QueryFailure } from '../../components/query-failure';
import { SharePage } from '../../components/share-frame';
import { ModelCard } from './model-card';
import { usePackage, usePrefetchModel } from './package.queries';
import { PackageHeader } from './package-header';
import styles from './package-page.module.css';
import { PackageSkeleton } from './package-skeleton';
import { type PackageFilter, PackageToolbar } from './package-toolbar';
import { usePicks } from './use-picks';
import { useShareView } from './use-share-view';

/** Covers in the first row load at once; the rest as the client scrolls to them. */
const EAGER_COVERS = 5;

/** /web/s/:shareId: the package a client opens, its models in a grid to heart. */
export function PackagePage() {
  const { shareId = '' } = useParams();
  // A malformed id can be nothing but unknown: no need to ask.
  return isShareId(shareId) ? <PackageView key={shareId} shareId={shareId} /> : <NotFoundPage />;
}

function PackageView({ shareId }: { shareId: string }) {
  const query = usePackage(shareId);
  const picks = usePicks(shareId);
  const prefetchModel = usePrefetchModel(shareId);
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const pkg = query.data;
  useShareView(shareId, 'package', null, pkg !== undefined);

  if (!pkg) {
    return query.isError ? (
      <QueryFailure error={query.error} onRetry={() => query.refetch()} />
    ) : (
      <PackageSkeleton />
    );
  }

  // The filter lives in the address, so coming back from a model keeps it.
  const filter: PackageFilter = searchParams.get('filter') === 'picked' ? 'picked' : 'all';
  const handleFilterChange = (next: PackageFilter) =>
    setSearchParams(next === 'picked' ? { filter: 'picked' } : {}, {
      replace: true,
      preventScrollReset: true,
    });
  const pickedCount = pkg.models.filter((model) => picks.pickOf(model.id).picked).length;
  const shown =
    filter === 'picked' ? pkg.models.filter((model) => picks.pickOf(model.id).picked) : pkg.models;

  return (
    <SharePage testId="package-page">
      <title>{`${pkg.title} · ${pkg.team_name}`}</title>
      <PackageHeader pkg={pkg} />
      <PackageToolbar
        total={pkg.models.length}
        pickedCount={pickedCount}
        filter={filter}
        onFilterChange={handleFilterChange}
      />
      {shown.length > 0 ? (
        <div className={styles.grid} data-testid="model-grid">
          {shown.map((model, index) => (
            <ModelCard
              key={model.id}
              model={model}
              fields={pkg.fields}
              to={`/s/${shareId}/${model.id}`}
              backState={{ back: location.search }}
              picked={picks.pickOf(model.id).picked}
              onTogglePick={() => void picks.togglePick(model.id)}
              onHover={() => prefetchModel(model.id)}
              eager={index < EAGER_COVERS}
            />
          ))}
        </div>
      ) : filter === 'picked' ? (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有选中的模特，点击照片右上角的 ♡ 即可选中"
        >
          <Button onClick={() => handleFilterChange('all')}>查看全部模特</Button>
        </Empty>
      ) : (
        <Empty className={styles.empty} image={Empty.PRESENTED_IMAGE_SIMPLE} description="该套餐暂无模特" />
      )}
      {picks.namePrompt}
    </SharePage>
  );
}

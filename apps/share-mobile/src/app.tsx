/**
 * The app: the page of the address, its code downloaded on demand (each page is its own chunk), its
 * data asked at the same time as its code (prefetchRoute), a skeleton of its shape until both came.
 */
import { type ComponentType, lazy, Suspense, useLayoutEffect } from 'react';
import { NotFound } from './components/load-error';
import { RouteErrorBoundary } from './components/route-error-page';
import { FilesSkeleton, GallerySkeleton, ModelSkeleton, PackageSkeleton } from './components/skeletons';
import { ToastHost } from './components/toast';
import { prefetchRoute } from './queries/share-data';
import { type AppLocation, currentLocation, onLocationChange, savedScroll, useLocation } from './router';
import { matchRoute } from './routes';

const PackagePage = lazy(() => import('./pages/package-page'));
const ModelPage = lazy(() => import('./pages/model-page'));
const PhotosPage = lazy(() => import('./pages/photos-page'));
const FilesPage = lazy(() => import('./pages/files-page'));
const FolderPage = lazy(() => import('./pages/folder-page'));

/** Starts the data of the first page now, and of every next one as soon as its address is known. */
export function startPrefetching(): void {
  prefetchRoute(matchRoute(currentLocation().pathname));
  onLocationChange(() => prefetchRoute(matchRoute(currentLocation().pathname)));
}

/** A new page starts at the top; back and forward return where the page was left. */
function useScrollOnNavigation(location: AppLocation) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per history entry and per page
  useLayoutEffect(() => {
    if (location.action === 'pop') window.scrollTo(0, savedScroll(location.key) ?? 0);
    else window.scrollTo(0, 0);
  }, [location.key, location.pathname]);
}

function Page({ location }: { location: AppLocation }) {
  const match = matchRoute(location.pathname);
  const show = (Skeleton: ComponentType, content: React.ReactNode) => (
    <Suspense fallback={<Skeleton />}>{content}</Suspense>
  );
  switch (match.page) {
    case 'package':
      return show(PackageSkeleton, <PackagePage shareId={match.shareId} />);
    case 'model':
      return show(ModelSkeleton, <ModelPage shareId={match.shareId} modelId={match.modelId} />);
    case 'photos':
      return show(GallerySkeleton, <PhotosPage shareId={match.shareId} modelId={match.modelId} />);
    case 'files':
      return show(FilesSkeleton, <FilesPage shareId={match.shareId} modelId={match.modelId} />);
    case 'folder':
      return show(PackageSkeleton, <FolderPage shareId={match.shareId} />);
    case 'notFound':
      return <NotFound />;
  }
}

export function App() {
  const location = useLocation();
  useScrollOnNavigation(location);
  return (
    <>
      {/* A new address starts clean after a page failed to render. */}
      <RouteErrorBoundary key={location.pathname}>
        <Page location={location} />
      </RouteErrorBoundary>
      <ToastHost />
    </>
  );
}

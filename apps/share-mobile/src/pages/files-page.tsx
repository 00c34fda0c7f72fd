/** /h5/files/:shareId/:modelId: a model's videos, played in place, and documents to download. */
import { FileList } from '../components/file-list';
import { ChevronLeft } from '../components/icons';
import { LoadError } from '../components/load-error';
import page from '../components/page.module.css';
import { AddressRefresh } from '../components/share-image';
import { FilesSkeleton } from '../components/skeletons';
import { useModel } from '../queries/share-data';
import { useDocumentTitle, useShareView } from '../queries/use-share-view';
import { backTo, Link } from '../router';
import { paths } from '../routes';
import { TEXTS } from '../texts';
import styles from './files-page.module.css';

export default function FilesPage({ shareId, modelId }: { shareId: string; modelId: number }) {
  const { data, error, retry, refreshAddresses } = useModel(shareId, modelId);
  useShareView(data !== undefined, shareId, 'files', modelId);
  useDocumentTitle(data ? `${data.name} · ${TEXTS.filesLink}` : undefined);

  if (!data) return error ? <LoadError error={error} onRetry={retry} /> : <FilesSkeleton />;
  const modelPath = paths.model(shareId, modelId);
  return (
    <AddressRefresh value={refreshAddresses}>
      <div className={page.page}>
        <nav className={page.bar}>
          <Link
            to={modelPath}
            className={page.back}
            onClick={(event) => {
              event.preventDefault();
              backTo(modelPath);
            }}
          >
            <ChevronLeft />
            {data.name}
          </Link>
        </nav>
        <header className={styles.header}>
          <p className={page.kicker}>{data.package_title}</p>
          <h1 className={page.title}>{TEXTS.filesLink}</h1>
        </header>
        {data.files.length > 0 ? (
          <FileList files={data.files} />
        ) : (
          <p className={page.empty}>{TEXTS.noFiles}</p>
        )}
      </div>
    </AddressRefresh>
  );
}

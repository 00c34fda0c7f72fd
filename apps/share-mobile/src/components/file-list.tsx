/** A model's or a folder's videos (played in place) and documents (downloaded). */
import { formatFileSize } from '@trackit/client/format';
import type { PublicFile } from '@trackit/contract/share.schema';
import { useContext } from 'react';
import { TEXTS } from '../texts';
import styles from './file-list.module.css';
import { DocumentIcon, DownloadIcon } from './icons';
import page from './page.module.css';
import { AddressRefresh } from './share-image';

export function FileList({ files }: { files: readonly PublicFile[] }) {
  const videos = files.filter((file) => file.kind === 'video');
  const documents = files.filter((file) => file.kind === 'document');
  const onError = useContext(AddressRefresh);
  return (
    <>
      {videos.length > 0 && (
        <section className={page.section}>
          <h2 className={page.sectionTitle}>
            {TEXTS.videos}
            <small>{videos.length}</small>
          </h2>
          <ul className={styles.videos}>
            {videos.map((video) => (
              <li key={video.id}>
                <video
                  className={styles.video}
                  src={video.url}
                  poster={video.thumb_url ?? undefined}
                  controls
                  playsInline
                  preload="metadata"
                  onError={onError}
                  // WeChat's older Android browser (X5) plays full screen without these.
                  {...{ 'webkit-playsinline': 'true', 'x5-playsinline': 'true' }}
                />
                <p className={styles.caption}>
                  <span>{video.name}</span>
                  <small>{formatFileSize(video.byte_size)}</small>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {documents.length > 0 && (
        <section className={page.section}>
          <h2 className={page.sectionTitle}>
            {TEXTS.documents}
            <small>{documents.length}</small>
          </h2>
          <ul className={styles.documents}>
            {documents.map((document) => (
              <li key={document.id}>
                <a className={styles.document} href={document.url} download={document.name} rel="noopener">
                  <DocumentIcon />
                  <span className={styles.documentName}>
                    {document.name}
                    <small>{formatFileSize(document.byte_size)}</small>
                  </span>
                  <span className={styles.download}>
                    <DownloadIcon />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

import type { PublicFile } from '@trackit/contract/share.schema';
import { Empty } from 'antd';
import { DocumentList } from './document-list';
import styles from './media.module.css';
import { PhotoGrid, type PhotoGridProps } from './photo-grid';
import { SectionTitle } from './share-frame';
import { VideoGrid } from './video-grid';

export interface MediaSectionsProps {
  photos: readonly PublicFile[];
  /** Videos and documents. */
  files: readonly PublicFile[];
  photoGrid: Omit<PhotoGridProps, 'photos'>;
  videoColumns: number;
}

/** What a model's page and a shared folder show: 照片, 视频 and 文件, each only when there is some. */
export function MediaSections({ photos, files, photoGrid, videoColumns }: MediaSectionsProps) {
  const videos = files.filter((file) => file.kind === 'video');
  const documents = files.filter((file) => file.kind !== 'video');
  if (photos.length === 0 && files.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="暂无照片和文件"
        style={{ padding: '96px 0' }}
      />
    );
  }
  return (
    <div className={styles.sections}>
      {photos.length > 0 && (
        <section data-testid="photos">
          <SectionTitle title="照片" count={photos.length} />
          <PhotoGrid photos={photos} {...photoGrid} />
        </section>
      )}
      {videos.length > 0 && (
        <section data-testid="videos">
          <SectionTitle title="视频" count={videos.length} />
          <VideoGrid videos={videos} columns={videoColumns} />
        </section>
      )}
      {documents.length > 0 && (
        <section data-testid="documents">
          <SectionTitle title="文件" count={documents.length} />
          <DocumentList documents={documents} />
        </section>
      )}
    </div>
  );
}

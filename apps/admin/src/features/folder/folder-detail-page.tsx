import { CloudUploadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type PickedFiles, pickUploadable } from '@trackit/client/upload/dropped-files';
import { MESSAGES, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import { App, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { type ChangeEvent, type ReactNode, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ResultPage } from '../../components/result-page';
import { useBreadcrumbTitle } from '../../layouts/breadcrumb-title';
import { uploadQueue } from '../../uploads';
import {
  folderFilesQuery,
  folderQuery,
  isFolderMissing,
  parseFolderId,
  useRefreshOnUploads,
} from './folder.queries';
import styles from './folder-detail-page.module.css';
import { FolderFileGrid } from './folder-file-grid';
import { useFileDrop } from './use-file-drop';

const ACCEPT = UPLOAD_CONTENT_TYPES.join(',');

function FolderFiles({ folderId, folderName }: { folderId: number; folderName: string }) {
  const files = useInfiniteQuery(folderFilesQuery(folderId));
  const inputRef = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  useRefreshOnUploads(folderId);

  const handlePicked = ({ files: picked, skipped }: PickedFiles) => {
    if (skipped > 0) void message.warning(`已跳过 ${skipped} 个不支持的文件`);
    if (picked.length > 0) uploadQueue.enqueue(picked, folderId);
  };

  const { dragging, handlers } = useFileDrop(handlePicked);

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    handlePicked(pickUploadable(Array.from(event.target.files ?? [])));
    // Picking the same files again must fire another change.
    event.target.value = '';
  };

  const list = useMemo(() => files.data?.pages.flatMap((page) => page.data) ?? [], [files.data]);
  const total = files.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (files.isPending) {
    body = <Skeleton active paragraph={{ rows: 4 }} />;
  } else if (files.isError) {
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={files.error.message || MESSAGES.networkError}>
        <Button onClick={() => files.refetch()}>{MESSAGES.uploadRetry}</Button>
      </Empty>
    );
  } else if (list.length === 0) {
    body = (
      <button type="button" className={styles.emptyDrop} onClick={() => inputRef.current?.click()}>
        <InboxOutlined className={styles.emptyIcon} />
        <span className={styles.emptyTitle}>点击或拖拽文件、文件夹到此处上传</span>
        <span className={styles.emptyHint}>支持图片、视频、PDF 和 Office 文档</span>
      </button>
    );
  } else {
    body = (
      <>
        <FolderFileGrid files={list} />
        {files.hasNextPage && (
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Button onClick={() => files.fetchNextPage()} loading={files.isFetchingNextPage}>
              加载更多（{list.length}/{total}）
            </Button>
          </Flex>
        )}
      </>
    );
  }

  return (
    <div className={styles.dropZone} data-testid="folder-drop-zone" data-dragging={dragging} {...handlers}>
      <Card
        title={files.data ? `共 ${total} 个文件` : folderName}
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => inputRef.current?.click()}>
            上传文件
          </Button>
        }
      >
        <input
          ref={inputRef}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          onChange={handleInput}
          data-testid="folder-upload-input"
        />
        {body}
      </Card>
      {dragging && (
        <div className={styles.dropOverlay} aria-hidden>
          <CloudUploadOutlined className={styles.dropIcon} />
          <span>松开鼠标，上传到「{folderName}」</span>
        </div>
      )}
    </div>
  );
}

/**
 * A folder's files (/admin/information/folder/{id}): a grid of thumbnails (an image opens the gallery),
 * uploads by the button or by dropping files and whole folders anywhere on the page; the grid fills in
 * as the uploads land. The breadcrumb shows the folder's name (资源夹不存在 for one that is not there).
 */
export function FolderDetailPage() {
  const { id } = useParams();
  const folderId = parseFolderId(id);
  const folder = useQuery({ ...folderQuery(folderId ?? 0), enabled: folderId !== undefined });
  const navigate = useNavigate();
  const missing = folderId === undefined || isFolderMissing(folder.error);
  // A missing folder is named as such in the breadcrumb and heading, never by the id in the address.
  useBreadcrumbTitle(folder.data?.name ?? (missing ? UPLOAD_MESSAGES.folderNotFound : undefined));

  if (missing) {
    return (
      <ResultPage
        status="404"
        message="该资源夹可能已被删除，或不属于当前团队"
        testId="folder-missing"
        action={
          <Button type="primary" onClick={() => navigate('/information/folder')}>
            返回资源列表
          </Button>
        }
      />
    );
  }
  if (folder.isError) {
    return (
      <Card>
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={folder.error.message || MESSAGES.networkError}
        >
          <Button onClick={() => folder.refetch()} loading={folder.isFetching}>
            {MESSAGES.uploadRetry}
          </Button>
        </Empty>
      </Card>
    );
  }
  if (!folder.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  return <FolderFiles folderId={folderId} folderName={folder.data.name} />;
}

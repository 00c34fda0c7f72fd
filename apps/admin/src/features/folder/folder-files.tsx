import { CloudUploadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type PickedFiles, pickUploadable } from '@trackit/client/upload/dropped-files';
import type { Folder } from '@trackit/contract/folder.schema';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import type { FileItem } from '@trackit/contract/upload.schema';
import { App, Button, Card, Flex, Modal, Select, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { QueryState } from '../../components/query-state';
import { uploadQueue } from '../../uploads';
import {
  folderFilesQuery,
  folderModelQuery,
  siblingFoldersQuery,
  useDeleteFile,
  useMoveFiles,
  useOrderFiles,
  useRefreshOnUploads,
  useSetModelCover,
} from './folder.queries';
import { type FileEditing, FolderFileGrid } from './folder-file-grid';
import styles from './folder-files.module.css';
import { useFileDrop } from './use-file-drop';

/** Picks another folder of the same model and moves the selected files there. */
function MoveFilesModal({
  folder,
  fileIds,
  onClose,
  onMoved,
}: {
  folder: Folder;
  fileIds: number[];
  onClose: () => void;
  onMoved: () => void;
}) {
  const siblings = useQuery(siblingFoldersQuery(folder));
  const move = useMoveFiles();
  const [target, setTarget] = useState<number | null>(null);
  const { message } = App.useApp();
  const options = (siblings.data ?? []).map((other) => ({ value: other.id, label: other.name }));
  return (
    <Modal
      open
      title={`移动 ${fileIds.length} 个文件`}
      okText="移动"
      cancelText="取消"
      okButtonProps={{ disabled: target === null, 'data-testid': 'file-move-submit' }}
      confirmLoading={move.isPending}
      onCancel={onClose}
      onOk={() => {
        if (target === null) return;
        move.mutate(
          { fileIds, folderId: target },
          {
            onSuccess: () => {
              void message.success('移动成功');
              onMoved();
            },
          },
        );
      }}
    >
      <Typography.Paragraph type="secondary">
        {folder.model_id
          ? '只能移动到同一模特的其他资源夹，文件排在目标资源夹的最后。'
          : '只能移动到同样不属于模特的资源夹。'}
      </Typography.Paragraph>
      <Select<number>
        style={{ width: '100%' }}
        placeholder="选择目标资源夹"
        options={options}
        value={target ?? undefined}
        onChange={setTarget}
        loading={siblings.isPending}
        notFoundContent={siblings.isPending ? '加载中…' : '没有可移动到的资源夹'}
        data-testid="file-move-target"
      />
    </Modal>
  );
}

const ACCEPT = UPLOAD_CONTENT_TYPES.join(',');

export interface FolderFilesProps {
  folder: Folder;
  /** Upload, reorder, move, delete and set the cover; without it the files are only to look at. */
  canEdit: boolean;
  /** The card's title; the number of files by default. */
  title?: ReactNode;
}

/**
 * A folder's files in its order, in a card: the grid (an image opens the gallery), more on demand, and
 * for members who may edit, uploads by the button or by dropping files and whole folders on the card,
 * reordering, moving the selected files to another folder of the same model, deleting and setting the
 * model's cover. The folder page and a model's 资源 tab both show it.
 */
export function FolderFiles({ folder, canEdit, title }: FolderFilesProps) {
  const folderId = folder.id;
  const folderName = folder.name;
  const files = useInfiniteQuery(folderFilesQuery(folderId));
  const inputRef = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  useRefreshOnUploads(folderId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState(false);
  const order = useOrderFiles(folderId);
  const remove = useDeleteFile();
  const setCover = useSetModelCover();
  const model = useQuery({ ...folderModelQuery(folder.model_id ?? 0), enabled: Boolean(folder.model_id) });

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
  // Files no longer listed (moved, deleted) drop out of the selection.
  const chosen = list.filter((file) => selected.has(file.id)).map((file) => file.id);
  const modelId = folder.model_id;

  // Stable pieces only, so the memoised grid re-renders when the files, selection or cover change.
  const { mutate: removeFile } = remove;
  const { mutate: orderFiles } = order;
  const { mutate: makeCover } = setCover;
  const { refetch: refetchModel } = model;
  const coverFileId = model.data?.cover_file_id ?? null;
  const wholeFolderLoaded = !files.hasNextPage;
  const editing: FileEditing | undefined = useMemo(() => {
    if (!canEdit) return undefined;
    return {
      selected,
      onToggle: (file: FileItem) =>
        setSelected((previous) => {
          const next = new Set(previous);
          if (!next.delete(file.id)) next.add(file.id);
          return next;
        }),
      onDelete: (file: FileItem) => removeFile(file.id, { onSuccess: () => void message.success('已删除') }),
      // Only a whole folder can be ordered: with files still to load, the order would be partial.
      onReorder: wholeFolderLoaded ? (fileIds: number[]) => orderFiles(fileIds) : undefined,
      onSetCover: modelId
        ? (file: FileItem) =>
            makeCover(
              { modelId, fileId: file.id },
              {
                onSuccess: () => {
                  void refetchModel();
                  void message.success('已设为模特封面');
                },
              },
            )
        : undefined,
      coverFileId,
    };
  }, [
    canEdit,
    selected,
    wholeFolderLoaded,
    modelId,
    coverFileId,
    removeFile,
    orderFiles,
    makeCover,
    refetchModel,
    message,
  ]);

  const body = (
    <QueryState
      query={files}
      empty={canEdit ? undefined : { when: () => list.length === 0, text: '资源夹里还没有文件' }}
    >
      {() =>
        list.length === 0 ? (
          <button type="button" className={styles.emptyDrop} onClick={() => inputRef.current?.click()}>
            <InboxOutlined className={styles.emptyIcon} />
            <span className={styles.emptyTitle}>点击或拖拽文件、文件夹到此处上传</span>
            <span className={styles.emptyHint}>支持图片、视频、PDF 和 Office 文档</span>
          </button>
        ) : (
          <>
            {chosen.length > 0 && (
              <div className={styles.selectionBar} data-testid="file-selection-bar">
                <span>已选 {chosen.length} 个文件</span>
                <Button size="small" type="primary" onClick={() => setMoving(true)} data-testid="file-move">
                  移动到…
                </Button>
                <Button size="small" onClick={() => setSelected(new Set())}>
                  取消选择
                </Button>
              </div>
            )}
            <FolderFileGrid files={list} editing={editing} />
            {files.hasNextPage && (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Button onClick={() => files.fetchNextPage()} loading={files.isFetchingNextPage}>
                  加载更多（{list.length}/{total}）
                </Button>
              </Flex>
            )}
          </>
        )
      }
    </QueryState>
  );

  return (
    <div
      className={styles.dropZone}
      data-testid="folder-drop-zone"
      data-dragging={dragging}
      // A member who may only read drops nothing into a folder.
      {...(canEdit ? handlers : {})}
    >
      <Card
        title={title ?? (files.data ? `共 ${total} 个文件` : folderName)}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => inputRef.current?.click()}
              data-testid="folder-upload"
            >
              上传文件
            </Button>
          )
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
      {moving && (
        <MoveFilesModal
          folder={folder}
          fileIds={chosen}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            setSelected(new Set());
          }}
        />
      )}
      {dragging && (
        <div className={styles.dropOverlay} aria-hidden>
          <CloudUploadOutlined className={styles.dropIcon} />
          <span>松开鼠标，上传到「{folderName}」</span>
        </div>
      )}
    </div>
  );
}

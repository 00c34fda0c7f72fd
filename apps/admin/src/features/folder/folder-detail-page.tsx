import { CloudUploadOutlined, EditOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatDate } from '@trackit/client/format';
import { type PickedFiles, pickUploadable } from '@trackit/client/upload/dropped-files';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { Folder } from '@trackit/contract/folder.schema';
import { MESSAGES, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import type { FileItem } from '@trackit/contract/upload.schema';
import { App, Button, Card, Empty, Flex, Modal, Select, Skeleton, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RecordPage, useRouteRecord } from '../../components/record-page';
import { ShellModal } from '../../components/shell-modal';
import { useCan } from '../../layouts/use-permission-level';
import { uploadQueue } from '../../uploads';
import {
  folderFilesQuery,
  folderModelQuery,
  folderQuery,
  siblingFoldersQuery,
  useDeleteFile,
  useMoveFiles,
  useOrderFiles,
  useRefreshOnUploads,
  useSetModelCover,
  useUpdateFolder,
} from './folder.queries';
import styles from './folder-detail-page.module.css';
import { type FileEditing, FolderFileGrid } from './folder-file-grid';
import { FolderForm } from './folder-form';
import { FolderKindTag } from './folder-kind';
import { useFileDrop } from './use-file-drop';

/** The folder's kind and model (the shell's heading shows its name), with 编辑 (rename, kind) for members who may edit. */
function FolderHeader({ folder, canEdit }: { folder: Folder; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateFolder(folder.id);
  const { message } = App.useApp();
  return (
    <Card size="small">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div className={styles.header}>
          <span>
            类型：
            <FolderKindTag kind={folder.kind} />
          </span>
          <span>
            模特：
            {folder.model_id && folder.model_name ? (
              <Link to={`/information/model/${folder.model_id}`} data-testid="folder-model">
                {folder.model_name}
              </Link>
            ) : (
              MESSAGES.empty
            )}
          </span>
          <Typography.Text type="secondary">
            创建于 {formatDate(folder.created_at, DATE_FORMATS.dateTime)}
          </Typography.Text>
        </div>
        {canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="folder-edit">
            编辑
          </Button>
        )}
      </Flex>
      <ShellModal open={editing} onClose={() => setEditing(false)} title="编辑资源夹">
        <FolderForm
          initialValues={{ name: folder.name, kind: folder.kind }}
          submitting={update.isPending}
          submitText="保存"
          onSubmit={(values) =>
            update.mutate(
              { name: values.name, ...(values.kind ? { kind: values.kind } : {}) },
              {
                onSuccess: () => {
                  setEditing(false);
                  void message.success('保存成功');
                },
              },
            )
          }
        />
      </ShellModal>
    </Card>
  );
}

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

function FolderFiles({ folder, canEdit }: { folder: Folder; canEdit: boolean }) {
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

/**
 * A folder (/admin/information/folder/{id}): its name, kind and model (编辑 renames and changes the kind),
 * and a grid of its files (an image opens the gallery); uploads by the button or by dropping files and
 * whole folders anywhere on the page. Members who may edit also reorder files (drag, or 前移/后移), move
 * selected files to another folder of the same model, delete a file after confirming, and make a picture
 * the model's cover. The breadcrumb shows the folder's name (资源夹不存在 for one that is not there).
 */
export function FolderDetailPage() {
  const canEdit = useCan('data_management', 'edit');
  // A missing folder is named as such in the breadcrumb and heading, never by the id in the address.
  const { query: folder, missing } = useRouteRecord(folderQuery, UPLOAD_MESSAGES.folderNotFound);
  return (
    <RecordPage
      query={folder}
      missing={missing}
      missingMessage="该资源夹可能已被删除，或不属于当前团队"
      back={{ label: '返回资源列表', to: '/information/folder' }}
      testId="folder-missing"
    >
      {(record) => (
        <Flex vertical gap={16}>
          <FolderHeader folder={record} canEdit={canEdit} />
          <FolderFiles folder={record} canEdit={canEdit} />
        </Flex>
      )}
    </RecordPage>
  );
}

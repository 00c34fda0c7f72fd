import { FilePdfOutlined, PictureOutlined, StarFilled } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  COMP_CARD_MESSAGES,
  COMP_CARD_PHOTO_MAX,
  compCardFigureLine,
  defaultCompCardPhotos,
} from '@trackit/contract/comp-card';
import type { Folder } from '@trackit/contract/folder.schema';
import { MESSAGES } from '@trackit/contract/messages';
import type { Model } from '@trackit/contract/model.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { Alert, App, Button, Empty, Modal, Skeleton, Spin, Typography } from 'antd';
import { useState } from 'react';
import { modelFoldersQuery } from '../folder/folder.queries';
import { FolderKindTag } from '../folder/folder-kind';
import styles from './comp-card-modal.module.css';
import { compCardPicturesQuery, useDownloadCompCard } from './model.queries';

const INTRODUCTION = `A4 PDF，可直接打印：正面印封面大图，背面印所选照片（最多 ${COMP_CARD_PHOTO_MAX} 张），附姓名、身材数据和团队名称。`;

const thumbOf = (file: FileItem) => file.thumb_url ?? file.preview_url ?? undefined;

/** The model's folders that may hold photos, each with its pictures once loaded. */
function useModelPictures(model: Model) {
  const folders = useQuery(modelFoldersQuery(model.id));
  const photoFolders = (folders.data?.data ?? []).filter(
    (folder) => folder.kind !== 'video' && folder.file_count > 0,
  );
  const pictures = useQueries({
    queries: photoFolders.map((folder) => compCardPicturesQuery(model.id, folder.id)),
  });
  const groups = photoFolders
    .map((folder, index) => ({ folder, files: pictures[index]?.data ?? [] }))
    .filter((group) => group.files.length > 0);
  return {
    groups,
    isPending: folders.isPending || pictures.some((query) => query.isPending),
    error: folders.error ?? pictures.find((query) => query.error)?.error ?? null,
    retry: () => {
      void folders.refetch();
      for (const query of pictures) if (query.isError) void query.refetch();
    },
  };
}

/** A picture to tick: its place among the chosen ones, or the cover's mark (the cover is the front already). */
function PictureTile({
  file,
  badge,
  isCover,
  disabled,
  onToggle,
}: {
  file: FileItem;
  badge: string | null;
  isCover: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={isCover ? `${styles.tile} ${styles.cover}` : styles.tile}
      aria-pressed={badge !== null}
      disabled={disabled || isCover}
      title={isCover ? '封面已印在正面' : file.name}
      onClick={onToggle}
      data-testid={`comp-card-photo-${file.id}`}
    >
      <img src={thumbOf(file)} alt={file.name} className={styles.image} loading="lazy" />
      {badge !== null && <span className={styles.order}>{badge}</span>}
      {isCover && (
        <span className={styles.coverBadge}>
          <StarFilled style={{ color: '#faad14' }} /> 封面
        </span>
      )}
    </button>
  );
}

/**
 * 模卡: the printable A4 comp card of a model. The cover goes on the front; the member ticks up to four
 * photos of the model's folders for the back (the first of the book are ticked to start with), and
 * downloads the PDF the server makes. Without a cover, the first ticked photo is the front. Mounted
 * while open, so the model's pictures are fetched only then, and afresh each time.
 */
export function CompCardModal({ model, onClose }: { model: Model; onClose: () => void }) {
  const { groups, isPending, error, retry } = useModelPictures(model);
  const download = useDownloadCompCard(model);
  const { message } = App.useApp();
  // Until the member ticks something, the card's own choice is shown (and sent).
  const [picked, setPicked] = useState<number[] | null>(null);

  const all = groups.flatMap((group) => group.files.map((file) => ({ file, folderKind: group.folder.kind })));
  const coverId = all.some(({ file }) => file.id === model.cover_file_id) ? model.cover_file_id : null;
  const chosen =
    picked ??
    defaultCompCardPhotos(
      all.map(({ file, folderKind }) => ({ id: file.id, folderKind })),
      model.cover_file_id,
    );
  const front = coverId === null ? all.find(({ file }) => file.id === chosen[0])?.file : undefined;
  const frontThumb = coverId === null ? front && thumbOf(front) : (model.cover_thumb_url ?? undefined);
  const figures = compCardFigureLine(model);

  const toggle = (id: number) =>
    setPicked(chosen.includes(id) ? chosen.filter((other) => other !== id) : [...chosen, id]);
  const badgeOf = (id: number): string | null => {
    const place = chosen.indexOf(id);
    if (place === -1) return null;
    return coverId === null && place === 0 ? '正面' : String(coverId === null ? place : place + 1);
  };
  const handleDownload = () =>
    download.mutate(
      // The cover alone: sent as the only photo, it makes a one-page card (an empty list would let the
      // server choose).
      chosen.length === 0 && coverId !== null ? [coverId] : chosen,
      {
        onSuccess: () => {
          void message.success('模卡已下载');
          onClose();
        },
      },
    );

  const renderFolder = ({ folder, files }: { folder: Folder; files: FileItem[] }) => (
    <section key={folder.id} data-testid={`comp-card-folder-${folder.id}`}>
      <div className={styles.folderHead}>
        <span>{folder.name}</span>
        <FolderKindTag kind={folder.kind} />
      </div>
      <div className={styles.grid}>
        {files.map((file) => (
          <PictureTile
            key={file.id}
            file={file}
            badge={badgeOf(file.id)}
            isCover={file.id === coverId}
            disabled={chosen.length >= COMP_CARD_PHOTO_MAX && !chosen.includes(file.id)}
            onToggle={() => toggle(file.id)}
          />
        ))}
      </div>
    </section>
  );

  const picker = isPending ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : error ? (
    <Alert
      type="error"
      showIcon
      title={error.message || MESSAGES.networkError}
      action={<Button onClick={retry}>{MESSAGES.uploadRetry}</Button>}
    />
  ) : all.length === 0 ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="该模特还没有照片，请先在「资源」中上传"
      data-testid="comp-card-empty"
    />
  ) : (
    <div className={styles.picker}>{groups.map(renderFolder)}</div>
  );

  return (
    <Modal
      open
      onCancel={onClose}
      title={`模卡 · ${model.name}`}
      width={760}
      centered
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<FilePdfOutlined />}
          loading={download.isPending}
          disabled={isPending || (chosen.length === 0 && coverId === null)}
          onClick={handleDownload}
          data-testid="comp-card-download"
        >
          下载模卡
        </Button>,
      ]}
    >
      <Spin spinning={download.isPending} description="正在生成模卡…">
        <div data-testid="comp-card-modal">
          <div className={styles.summary}>
            <div className={styles.front}>
              <div className={styles.frontFrame} data-testid="comp-card-front">
                {frontThumb ? (
                  <img src={frontThumb} alt="正面" className={styles.image} />
                ) : (
                  <PictureOutlined style={{ fontSize: 28 }} />
                )}
              </div>
              正面
            </div>
            <div className={styles.facts}>
              <Typography.Text type="secondary">{INTRODUCTION}</Typography.Text>
              <div className={styles.figures} data-testid="comp-card-figures">
                {figures || <Typography.Text type="secondary">身材数据未填写</Typography.Text>}
              </div>
              {coverId === null && all.length > 0 && (
                <Alert type="info" showIcon title="该模特还没有设置封面：第一张所选照片印在正面。" />
              )}
            </div>
          </div>
          <div className={styles.pickerHead}>
            选择照片
            <span className={styles.count} data-testid="comp-card-count">
              已选 {chosen.length}/{COMP_CARD_PHOTO_MAX}
            </span>
          </div>
          {picker}
          {download.isError && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title={download.error.message || COMP_CARD_MESSAGES.downloadFailed}
              data-testid="comp-card-error"
            />
          )}
        </div>
      </Spin>
    </Modal>
  );
}

import { FilePdfOutlined, PictureOutlined } from '@ant-design/icons';
import {
  COMP_CARD_MESSAGES,
  COMP_CARD_PHOTO_MAX,
  compCardFigureLine,
  defaultCompCardPhotos,
} from '@trackit/contract/comp-card';
import type { Model } from '@trackit/contract/model.schema';
import type { FileItem } from '@trackit/contract/upload.schema';
import { Alert, App, Button, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import styles from './comp-card-modal.module.css';
import { useDownloadCompCard } from './model.queries';
import { ModelPicturePicker, useModelPictures } from './model-picture-picker';

const INTRODUCTION = `A4 PDF，可直接打印：正面印封面大图，背面印所选照片（最多 ${COMP_CARD_PHOTO_MAX} 张），附姓名、身材数据和团队名称。`;

const thumbOf = (file: FileItem) => file.thumb_url ?? file.preview_url ?? undefined;

/**
 * 模卡: the printable A4 comp card of a model. The cover goes on the front; the member ticks up to four
 * photos of the model's folders for the back (the first of the book are ticked to start with), and
 * downloads the PDF the server makes. Without a cover, the first ticked photo is the front. Mounted
 * while open, so the model's pictures are fetched only then, and afresh each time.
 */
export function CompCardModal({ model, onClose }: { model: Model; onClose: () => void }) {
  const pictures = useModelPictures(model);
  const groups = pictures.data ?? [];
  const isPending = pictures.data === undefined && !pictures.error;
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
  // Without a cover, the first chosen photo is the front and the back's are numbered from the second.
  const badgeOf = (place: number) =>
    coverId === null && place === 0 ? '正面' : String(coverId === null ? place : place + 1);
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
                  <img src={frontThumb} alt="正面" className={styles.frontImage} />
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
          <ModelPicturePicker
            pictures={pictures}
            chosen={chosen}
            onToggle={toggle}
            badgeOf={badgeOf}
            isDisabled={(id) => chosen.length >= COMP_CARD_PHOTO_MAX && !chosen.includes(id)}
            coverId={coverId}
            emptyText="该模特还没有照片，请先在「资源」中上传"
            testIds={{ photo: 'comp-card-photo-', folder: 'comp-card-folder-', empty: 'comp-card-empty' }}
          />
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

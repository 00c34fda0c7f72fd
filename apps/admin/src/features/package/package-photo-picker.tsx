import { Button, Modal } from 'antd';
import { useState } from 'react';
import { ModelPicturePicker, useModelPictures } from '../model/model-picture-picker';
import type { PackageModelDraft } from './package-editor-values';
import styles from './package-photo-picker.module.css';

export interface PackagePhotoPickerProps {
  model: Pick<PackageModelDraft, 'model_id' | 'name'>;
  /** The photos ticked so far, in the order the client sees them. */
  value: readonly number[];
  onDone: (fileIds: number[]) => void;
  onClose: () => void;
}

/**
 * Single photos of a model for a package: the pictures of the model's folders to tick, numbered in the
 * order they were ticked (the order the client sees). Mounted while open, so the pictures are fetched
 * only then.
 */
export function PackagePhotoPicker({ model, value, onDone, onClose }: PackagePhotoPickerProps) {
  const pictures = useModelPictures({ id: model.model_id });
  const [chosen, setChosen] = useState<number[]>([...value]);
  const toggle = (id: number) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  return (
    <Modal
      open
      onCancel={onClose}
      title={
        <span>
          选择照片 · {model.name}
          <span className={styles.count} data-testid="package-photos-count">
            已选 {chosen.length} 张
          </span>
        </span>
      }
      width={760}
      centered
      destroyOnHidden
      footer={[
        <Button key="clear" onClick={() => setChosen([])} disabled={chosen.length === 0}>
          清空
        </Button>,
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="done" type="primary" onClick={() => onDone(chosen)} data-testid="package-photos-done">
          确定
        </Button>,
      ]}
    >
      <ModelPicturePicker
        pictures={pictures}
        chosen={chosen}
        onToggle={toggle}
        emptyText="该模特还没有照片，请先在模特的「资源」中上传"
        testIds={{ photo: 'package-photo-', empty: 'package-photos-empty' }}
        spacious
      />
    </Modal>
  );
}

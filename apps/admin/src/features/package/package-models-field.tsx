import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@trackit/contract/messages';
import { PACKAGE_MAX_MODELS } from '@trackit/contract/share';
import { App, Button, Empty, Select, Tooltip, Typography } from 'antd';
import { type DragEvent, useState } from 'react';
import { modelFoldersQuery } from '../folder/folder.queries';
import { FolderModelSelect } from '../folder/folder-model-select';
import { useFetchModel } from './package.queries';
import styles from './package-editor.module.css';
import { modelDraftOf, type PackageModelDraft } from './package-editor-values';
import { ModelThumb } from './package-labels';
import { PackagePhotoPicker } from './package-photo-picker';

/** The folders of one model to show; fetched once the select is opened or some are chosen already. */
function FolderChoice({
  model,
  onChange,
}: {
  model: PackageModelDraft;
  onChange: (folderIds: number[]) => void;
}) {
  const [opened, setOpened] = useState(false);
  const folders = useQuery({
    ...modelFoldersQuery(model.model_id),
    enabled: opened || model.folder_ids.length > 0,
  });
  const options = (folders.data?.data ?? []).map((folder) => ({
    value: folder.id,
    label: `${folder.name}（${folder.file_count}）`,
  }));
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder="全部资源夹（“其他”除外）"
      options={options}
      value={model.folder_ids}
      onChange={onChange}
      onOpenChange={(open) => open && setOpened(true)}
      loading={folders.isFetching}
      notFoundContent={folders.isPending ? '加载中…' : '该模特还没有资源夹'}
      optionFilterProp="label"
      style={{ width: '100%' }}
      aria-label={`${model.name} 的资源夹`}
      data-testid={`package-model-folders-${model.model_id}`}
    />
  );
}

interface RowProps {
  model: PackageModelDraft;
  index: number;
  count: number;
  dragOver: boolean;
  onChange: (patch: Partial<PackageModelDraft>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onPickPhotos: () => void;
  drag: {
    /** The row drags only from its handle, so text in its select can still be chosen. */
    armed: boolean;
    onArm: (armed: boolean) => void;
    onDragStart: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDrop: () => void;
    onDragEnd: () => void;
  };
}

function ModelRow({
  model,
  index,
  count,
  dragOver,
  onChange,
  onMove,
  onRemove,
  onPickPhotos,
  drag,
}: RowProps) {
  const photoCount = model.file_ids.length;
  return (
    <li
      className={dragOver ? `${styles.row} ${styles.dragOver}` : styles.row}
      draggable={drag.armed}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      data-testid={`package-model-${model.model_id}`}
    >
      <HolderOutlined
        className={styles.handle}
        onMouseDown={() => drag.onArm(true)}
        onMouseUp={() => drag.onArm(false)}
        title="拖动排序"
        aria-hidden
      />
      <span className={styles.index}>{index + 1}</span>
      <ModelThumb model={model} size={40} />
      <div className={styles.name}>
        <Typography.Text ellipsis>{model.name}</Typography.Text>
        {model.english_name && <span className={styles.english}>{model.english_name}</span>}
      </div>
      <FolderChoice model={model} onChange={(folderIds) => onChange({ folder_ids: folderIds })} />
      <div className={styles.photos}>
        <Button
          size="small"
          icon={<PictureOutlined />}
          onClick={onPickPhotos}
          data-testid={`package-model-photos-${model.model_id}`}
        >
          {photoCount > 0 ? `单张照片 ${photoCount}` : '选单张照片'}
        </Button>
        {photoCount > 0 && (
          <Button type="link" size="small" onClick={() => onChange({ file_ids: [] })}>
            清除
          </Button>
        )}
      </div>
      <div>
        <Tooltip title="上移">
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`上移 ${model.name}`}
          />
        </Tooltip>
        <Tooltip title="下移">
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`下移 ${model.name}`}
          />
        </Tooltip>
        <Tooltip title="移除">
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={onRemove}
            aria-label={`移除 ${model.name}`}
          />
        </Tooltip>
      </div>
    </li>
  );
}

/** Adds a model found by name at the end of the list. */
function AddModel({
  models,
  onAdd,
}: {
  models: readonly PackageModelDraft[];
  onAdd: (model: PackageModelDraft) => void;
}) {
  const fetchModel = useFetchModel();
  const { message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const handleChoose = async (id: number | null) => {
    if (id === null) return;
    if (models.some((model) => model.model_id === id)) {
      void message.info('该模特已在套餐中');
      return;
    }
    setAdding(true);
    try {
      onAdd(modelDraftOf(await fetchModel(id)));
    } catch (error) {
      void message.error((error as Error).message || MESSAGES.networkError);
    } finally {
      setAdding(false);
    }
  };
  return (
    <div className={styles.addRow}>
      <FolderModelSelect
        value={null}
        onChange={(id) => void handleChoose(id)}
        placeholder={adding ? '正在添加…' : '添加模特：搜索姓名或拼音'}
        style={{ width: 280 }}
        testId="package-add-model"
      />
      <Typography.Text type="secondary">
        共 {models.length} 位，最多 {PACKAGE_MAX_MODELS} 位
      </Typography.Text>
    </div>
  );
}

export interface PackageModelsFieldProps {
  value?: PackageModelDraft[];
  onChange?: (models: PackageModelDraft[]) => void;
}

/**
 * The package's models in the order the client sees them (drag a row, or 上移/下移), each with the folders
 * shown (none chosen: all but 其他) and single photos ticked in a picker; a model can be removed or added.
 */
export function PackageModelsField({ value = [], onChange }: PackageModelsFieldProps) {
  const [picking, setPicking] = useState<PackageModelDraft | null>(null);
  const [armed, setArmed] = useState<number | null>(null);
  const [dragging, setDragging] = useState<{ from: number | null; over: number | null }>({
    from: null,
    over: null,
  });
  const change = (next: PackageModelDraft[]) => onChange?.(next);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= value.length) return;
    const next = [...value];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    change(next);
  };
  const update = (index: number, patch: Partial<PackageModelDraft>) =>
    change(value.map((model, at) => (at === index ? { ...model, ...patch } : model)));

  return (
    <div data-testid="package-models">
      {value.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有模特：在下方搜索添加，或在模特列表中勾选后点「发套餐」"
        />
      ) : (
        <ol className={styles.models}>
          {value.map((model, index) => (
            <ModelRow
              key={model.model_id}
              model={model}
              index={index}
              count={value.length}
              dragOver={dragging.over === index && dragging.from !== index}
              onChange={(patch) => update(index, patch)}
              onMove={(to) => move(index, to)}
              onRemove={() => change(value.filter((_, at) => at !== index))}
              onPickPhotos={() => setPicking(model)}
              drag={{
                armed: armed === index,
                onArm: (on) => setArmed(on ? index : null),
                onDragStart: (event) => {
                  // Firefox starts a drag only with some data.
                  event.dataTransfer.setData('text/plain', model.name);
                  event.dataTransfer.effectAllowed = 'move';
                  setDragging({ from: index, over: null });
                },
                onDragOver: (event) => {
                  if (dragging.from === null) return;
                  event.preventDefault();
                  if (dragging.over !== index) setDragging({ ...dragging, over: index });
                },
                onDrop: () => {
                  if (dragging.from !== null) move(dragging.from, index);
                  setDragging({ from: null, over: null });
                },
                onDragEnd: () => {
                  setArmed(null);
                  setDragging({ from: null, over: null });
                },
              }}
            />
          ))}
        </ol>
      )}
      <AddModel models={value} onAdd={(model) => change([...value, model])} />
      {picking && (
        <PackagePhotoPicker
          model={picking}
          value={picking.file_ids}
          onClose={() => setPicking(null)}
          onDone={(fileIds) => {
            const index = value.findIndex((model) => model.model_id === picking.model_id);
            if (index !== -1) update(index, { file_ids: fileIds });
            setPicking(null);
          }}
        />
      )}
    </div>
  );
}

import { FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type Folder, modelFolderName } from '@trackit/contract/folder.schema';
import type { Model } from '@trackit/contract/model.schema';
import { App, Button, Empty } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/query-state';
import { ShellModal } from '../../components/shell-modal';
import { modelFoldersQuery, useCreateFolder } from '../folder/folder.queries';
import { FolderFiles } from '../folder/folder-files';
import { FolderForm } from '../folder/folder-form';
import { FolderKindTag } from '../folder/folder-kind';
import { FolderPreviews } from '../folder/folder-previews';
import styles from './model-resources.module.css';

/** One of the model's folders in the list on the left: name, kind, count and first thumbnails. */
function FolderChoice({
  folder,
  chosen,
  onChoose,
}: {
  folder: Folder;
  chosen: boolean;
  onChoose: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.folder}
      aria-pressed={chosen}
      onClick={onChoose}
      data-testid="model-folder"
    >
      <span className={styles.folderHead}>
        <span className={styles.folderName}>{folder.name}</span>
        <FolderKindTag kind={folder.kind} />
      </span>
      <span className={styles.folderCount}>{folder.file_count} 个文件</span>
      <FolderPreviews previews={folder.previews} />
    </button>
  );
}

/**
 * A model's 资源 tab: the model's folders (book, polaroids, videos…) on the left, the chosen one's files
 * on the right, where members who may edit upload (through the app's upload queue), reorder, move,
 * delete and set the model's cover, as on the folder's own page. 新建资源夹 creates one for this model.
 */
export function ModelResources({ model, canEdit }: { model: Model; canEdit: boolean }) {
  const folders = useQuery(modelFoldersQuery(model.id));
  return (
    <QueryState query={folders} loading={{ rows: 6 }}>
      {(answer) => <ModelFolders model={model} canEdit={canEdit} list={answer.data} />}
    </QueryState>
  );
}

function ModelFolders({ model, canEdit, list }: { model: Model; canEdit: boolean; list: Folder[] }) {
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const create = useCreateFolder();
  const { message } = App.useApp();
  const chosen = list.find((folder) => folder.id === chosenId) ?? list[0];
  const newFolderButton = canEdit && (
    <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="model-folder-create">
      新建资源夹
    </Button>
  );

  return (
    <>
      {chosen ? (
        <div className={styles.layout}>
          <div className={styles.folders}>
            {list.map((folder) => (
              <FolderChoice
                key={folder.id}
                folder={folder}
                chosen={folder.id === chosen.id}
                onChoose={() => setChosenId(folder.id)}
              />
            ))}
            {newFolderButton}
          </div>
          <FolderFiles
            key={chosen.id}
            folder={chosen}
            canEdit={canEdit}
            title={
              <span>
                {chosen.name}
                <Link
                  to={`/information/folder/${chosen.id}`}
                  style={{ marginLeft: 12, fontSize: 13, fontWeight: 'normal' }}
                >
                  <FolderOpenOutlined /> 打开资源夹
                </Link>
              </span>
            }
          />
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={canEdit ? '还没有资源夹：新建一个画册，上传模特的照片' : '还没有资源夹'}
        >
          {newFolderButton}
        </Empty>
      )}
      <ShellModal open={creating} onClose={() => setCreating(false)} title={`为 ${model.name} 新建资源夹`}>
        <FolderForm
          initialValues={{
            name: list.length === 0 ? modelFolderName(model.name, 'book') : '',
            kind: list.length === 0 ? 'book' : 'other',
          }}
          submitting={create.isPending}
          submitText="创建"
          onSubmit={(values) =>
            create.mutate(
              { ...values, model_id: model.id },
              {
                onSuccess: (folder) => {
                  setCreating(false);
                  setChosenId(folder.id);
                  void message.success('创建成功');
                },
              },
            )
          }
        />
      </ShellModal>
    </>
  );
}

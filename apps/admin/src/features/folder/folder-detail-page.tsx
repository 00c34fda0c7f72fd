import { EditOutlined } from '@ant-design/icons';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { Folder } from '@trackit/contract/folder.schema';
import { MESSAGES, UPLOAD_MESSAGES } from '@trackit/contract/messages';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { RecordDeleteButton } from '../../components/record-delete-button';
import { RecordPage, useRouteRecord } from '../../components/record-page';
import { ShellModal } from '../../components/shell-modal';
import { useCan } from '../../layouts/use-permission-level';
import { folderDeletionQuery, folderQuery, useDeleteFolder, useUpdateFolder } from './folder.queries';
import styles from './folder-detail-page.module.css';
import { FolderFiles } from './folder-files';
import { FolderForm } from './folder-form';
import { FolderKindTag } from './folder-kind';
import { FolderShareButton } from './folder-share-button';

/**
 * The folder's kind and model (the shell's heading shows its name), with 分享 and 编辑 (rename, kind) for
 * members who may edit, and 删除 of an empty folder for managers.
 */
function FolderHeader({
  folder,
  canEdit,
  canManage,
}: {
  folder: Folder;
  canEdit: boolean;
  canManage: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateFolder(folder.id);
  const remove = useDeleteFolder(folder.id);
  const navigate = useNavigate();
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
        <Flex gap={8}>
          <FolderShareButton folder={folder} canEdit={canEdit} />
          {canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="folder-edit">
              编辑
            </Button>
          )}
          {canManage && (
            <RecordDeleteButton
              deletion={folderDeletionQuery(folder.id)}
              remove={remove}
              question={`删除资源夹「${folder.name}」？`}
              onDeleted={() =>
                navigate(folder.model_id ? `/information/model/${folder.model_id}` : '/information/folder', {
                  replace: true,
                })
              }
              testId="folder"
            />
          )}
        </Flex>
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

/**
 * A folder (/admin/information/folder/{id}): its name, kind and model (编辑 renames and changes the kind,
 * 分享 makes or shows its share link, 删除 removes an empty one for managers),
 * and a grid of its files (an image opens the gallery); uploads by the button or by dropping files and
 * whole folders anywhere on the page. Members who may edit also reorder files (drag, or 前移/后移), move
 * selected files to another folder of the same model, delete a file after confirming, and make a picture
 * the model's cover. The breadcrumb shows the folder's name (资源夹不存在 for one that is not there).
 */
export function FolderDetailPage() {
  const canEdit = useCan('data_management', 'edit');
  const canManage = useCan('data_management', 'manage');
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
          <FolderHeader folder={record} canEdit={canEdit} canManage={canManage} />
          <FolderFiles folder={record} canEdit={canEdit} />
        </Flex>
      )}
    </RecordPage>
  );
}

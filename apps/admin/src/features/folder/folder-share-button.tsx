import { ShareAltOutlined } from '@ant-design/icons';
import { formatDate } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import type { Folder } from '@trackit/contract/folder.schema';
import { App, Button, Flex, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { ShareLinks } from '../../components/share-links';
import { useRevokeFolderShare, useShareFolder } from '../package/package.queries';

/**
 * 分享 of a folder's page: shares the folder when it is not shared yet (one live link at a time) and
 * shows the links, the QR code and 取消分享. A member who may only read sees the links of a shared
 * folder and nothing else.
 */
export function FolderShareButton({ folder, canEdit }: { folder: Folder; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const share = useShareFolder(folder.id);
  const revoke = useRevokeFolderShare(folder.id);
  const { message } = App.useApp();
  const { share: link } = folder;
  if (!link && !canEdit) return null;

  const handleOpen = () => {
    if (link) return setOpen(true);
    share.mutate(undefined, { onSuccess: () => setOpen(true) });
  };

  return (
    <>
      <Button
        icon={<ShareAltOutlined />}
        loading={share.isPending}
        onClick={handleOpen}
        data-testid="folder-share"
      >
        {link ? '分享链接' : '分享'}
      </Button>
      <Modal
        open={open && link !== null}
        onCancel={() => setOpen(false)}
        title={`分享资源夹 · ${folder.name}`}
        width={560}
        centered
        destroyOnHidden
        footer={
          <Flex justify="space-between" align="center">
            {canEdit ? (
              <Popconfirm
                title="取消分享？"
                description="链接立即失效；再次分享会生成新链接"
                okText="取消分享"
                cancelText="保留"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  revoke.mutateAsync().then(
                    () => {
                      setOpen(false);
                      void message.success('已取消分享');
                    },
                    () => undefined,
                  )
                }
              >
                <Button danger data-testid="folder-share-revoke">
                  取消分享
                </Button>
              </Popconfirm>
            ) : (
              <span />
            )}
            <Button type="primary" onClick={() => setOpen(false)}>
              完成
            </Button>
          </Flex>
        }
      >
        {link && (
          <Flex vertical gap={16} data-testid="folder-share-panel">
            <Typography.Text type="secondary">
              持有链接的人无需登录即可查看该资源夹中的照片、视频和文件；分享于{' '}
              {formatDate(link.created_at, DATE_FORMATS.dateTime)}。
            </Typography.Text>
            <ShareLinks
              mobileUrl={link.mobile_url}
              desktopUrl={link.desktop_url}
              testId="folder-share-links"
            />
          </Flex>
        )}
      </Modal>
    </>
  );
}

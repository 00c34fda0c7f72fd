import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { formatDate, formatFileSize } from '@trackit/client/format';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { MESSAGES } from '@trackit/contract/messages';
import type { OrderAttachment } from '@trackit/contract/order.schema';
import { ORDER_LIMITS } from '@trackit/contract/order-constants';
import { UPLOAD_CONTENT_TYPES } from '@trackit/contract/upload';
import { App, Button, Empty, Flex, Popconfirm, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FileTypeIcon } from '../../components/file-type-icon';
import { useAddOrderAttachment, useRemoveOrderAttachment } from './order.queries';
import styles from './order-pages.module.css';

export interface OrderAttachmentsProps {
  orderId: number;
  attachments: readonly OrderAttachment[];
  /** The member may add and remove files (`order.can.attach`). */
  editable: boolean;
}

/**
 * An order's attachments (briefs, contracts, call sheets): each with its size and a download link;
 * files added through the upload pipeline one after another, and removed after a confirmation.
 */
export function OrderAttachments({ orderId, attachments, editable }: OrderAttachmentsProps) {
  const add = useAddOrderAttachment(orderId);
  const remove = useRemoveOrderAttachment(orderId);
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const full = attachments.length + uploading >= ORDER_LIMITS.attachments;

  const upload = async (file: File) => {
    setUploading((count) => count + 1);
    try {
      await add.mutateAsync(file);
      void message.success(`已上传 ${file.name}`);
    } catch (error) {
      void message.error((error as Error).message || MESSAGES.networkError);
    } finally {
      setUploading((count) => count - 1);
    }
  };

  return (
    <Flex vertical gap={12} data-testid="order-attachments">
      {editable && (
        <Flex align="center" gap={12}>
          <Upload
            multiple
            accept={UPLOAD_CONTENT_TYPES.join(',')}
            showUploadList={false}
            disabled={full}
            beforeUpload={(file) => {
              void upload(file);
              // The upload pipeline sends the file; antd's own request is not used.
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={uploading > 0}
              disabled={full}
              data-testid="order-attachment-upload"
            >
              {uploading > 0 ? `正在上传 ${uploading} 个文件` : '上传附件'}
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            共 {attachments.length} 个，最多 {ORDER_LIMITS.attachments} 个
          </Typography.Text>
        </Flex>
      )}
      {attachments.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有附件" style={{ margin: '8px 0' }} />
      ) : (
        <div className={styles.attachmentList}>
          {attachments.map((attachment) => (
            <Flex
              key={attachment.id}
              align="center"
              gap={12}
              className={styles.attachment}
              data-testid={`order-attachment-${attachment.id}`}
            >
              <FileTypeIcon contentType={attachment.content_type} style={{ fontSize: 24 }} />
              <Flex vertical className={styles.attachmentName}>
                <Typography.Text ellipsis>{attachment.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatFileSize(attachment.byte_size)} ·{' '}
                  {formatDate(attachment.created_at, DATE_FORMATS.dateTime)}
                </Typography.Text>
              </Flex>
              <Typography.Link
                href={attachment.url}
                target="_blank"
                rel="noreferrer"
                download={attachment.name}
                aria-label={`下载 ${attachment.name}`}
              >
                <DownloadOutlined /> 下载
              </Typography.Link>
              {editable && (
                <Popconfirm
                  title="删除该附件？"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(attachment.id)}
                >
                  <Typography.Link type="danger" aria-label={`删除 ${attachment.name}`}>
                    <DeleteOutlined /> 删除
                  </Typography.Link>
                </Popconfirm>
              )}
            </Flex>
          ))}
        </div>
      )}
    </Flex>
  );
}

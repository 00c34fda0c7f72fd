import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  FileZipOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@trackit/client/format';
import type { PublicFile } from '@trackit/contract/share.schema';
import { Button } from 'antd';
import styles from './media.module.css';

function DocumentIcon({ contentType }: { contentType: string }) {
  const type = contentType.toLowerCase();
  if (type === 'application/pdf') return <FilePdfOutlined />;
  if (type.startsWith('image/')) return <FileImageOutlined />;
  if (/word|opendocument\.text/.test(type)) return <FileWordOutlined />;
  if (/excel|spreadsheet|csv/.test(type)) return <FileExcelOutlined />;
  if (/powerpoint|presentation/.test(type)) return <FilePptOutlined />;
  if (/zip|compressed|x-7z|x-rar|x-tar/.test(type)) return <FileZipOutlined />;
  return <FileOutlined />;
}

/**
 * Documents as rows: name, size, and 下载 (the original, under its own name). A PDF can also be read in
 * a new tab (its preview address is the PDF itself, served inline).
 */
export function DocumentList({ documents }: { documents: readonly PublicFile[] }) {
  return (
    <ul className={styles.documents}>
      {documents.map((document) => (
        <li key={document.id} className={styles.document} data-testid="document">
          <span className={styles.documentIcon}>
            <DocumentIcon contentType={document.content_type} />
          </span>
          <span className={styles.documentName} title={document.name}>
            {document.name}
          </span>
          <span className={styles.documentSize}>{formatFileSize(document.byte_size)}</span>
          <span className={styles.documentActions}>
            {document.content_type === 'application/pdf' && document.preview_url && (
              <Button type="text" href={document.preview_url} target="_blank" rel="noopener">
                查看
              </Button>
            )}
            <Button
              type="text"
              icon={<DownloadOutlined />}
              href={document.url}
              download={document.name}
              data-testid="document-download"
            >
              下载
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

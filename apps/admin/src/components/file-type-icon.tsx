import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileWordOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { CSSProperties } from 'react';

/** The icon of a file by its content type, where no picture of it can be shown. */
export function FileTypeIcon({ contentType, style }: { contentType: string; style?: CSSProperties }) {
  const type = contentType.toLowerCase();
  if (type.startsWith('image/')) return <FileImageOutlined style={style} />;
  if (type.startsWith('video/')) return <VideoCameraOutlined style={style} />;
  if (type === 'application/pdf') return <FilePdfOutlined style={style} />;
  if (type.includes('word')) return <FileWordOutlined style={style} />;
  if (type.includes('excel') || type.includes('spreadsheet')) return <FileExcelOutlined style={style} />;
  if (type.includes('powerpoint') || type.includes('presentation')) return <FilePptOutlined style={style} />;
  return <FileOutlined style={style} />;
}

import { FOLDER_KIND_LABELS, FOLDER_KINDS, type FolderKind } from '@trackit/contract/enums';
import { Tag } from 'antd';

export const FOLDER_KIND_OPTIONS = FOLDER_KINDS.map((kind) => ({
  value: kind,
  label: FOLDER_KIND_LABELS[kind],
}));

const COLORS: Record<FolderKind, string> = {
  book: 'blue',
  polaroid: 'magenta',
  video: 'purple',
  comp_card: 'gold',
  other: 'default',
};

/** A folder's kind as a coloured tag (画册, 拍立得…). */
export function FolderKindTag({ kind }: { kind: FolderKind }) {
  return (
    <Tag color={COLORS[kind]} data-testid="folder-kind" style={{ marginInlineEnd: 0 }}>
      {FOLDER_KIND_LABELS[kind]}
    </Tag>
  );
}

import { Button, Empty } from 'antd';

/** The one wording of clearing a list's filters, wherever a list offers it. */
export const CLEAR_FILTERS_TEXT = '清除筛选';

export interface ListEmptyProps {
  /** Unfiltered: 暂无通知. */
  text: string;
  /** With filters set: 没有符合条件的通知. */
  filteredText: string;
  filtered: boolean;
  onClear: () => void;
  /** The address asks for a page past the last one (rows were removed, or the URL was edited). */
  pastEnd: boolean;
  onFirstPage: () => void;
}

/** No rows: why (nothing yet, nothing matching the filters, a page past the end) and the way out. */
export function ListEmpty({ text, filteredText, filtered, onClear, pastEnd, onFirstPage }: ListEmptyProps) {
  let description = text;
  let action: { label: string; onClick: () => void } | undefined;
  if (pastEnd) {
    description = '这一页没有内容';
    action = { label: '回到第一页', onClick: onFirstPage };
  } else if (filtered) {
    description = filteredText;
    action = { label: CLEAR_FILTERS_TEXT, onClick: onClear };
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid="list-empty">
      {action && <Button onClick={action.onClick}>{action.label}</Button>}
    </Empty>
  );
}

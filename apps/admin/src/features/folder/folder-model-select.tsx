import type { Model } from '@trackit/contract/model.schema';
import { type ControlNameProps, RecordSelect } from '../../components/record-select';
import { folderModelOptionsQuery, folderModelQuery } from './folder.queries';

export interface FolderModelSelectProps extends ControlNameProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
}

const toOption = (model: Model) => ({ value: model.id, label: model.name });

/** Picks one of the team's models, searched by name or pinyin as the member types. */
export function FolderModelSelect({
  value,
  onChange,
  placeholder = '搜索模特姓名',
  style,
  testId,
  ...name
}: FolderModelSelectProps) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={folderModelOptionsQuery}
      lookup={folderModelQuery}
      toOption={toOption}
      placeholder={placeholder}
      notFound="没有符合条件的模特"
      style={style}
      testId={testId}
      {...name}
    />
  );
}

import type { Model } from '@trackit/contract/model.schema';
import { RecordSelect } from '../../components/record-select';
import { modelListQuery, modelQuery } from '../model/model.queries';

const toOption = (model: Pick<Model, 'id' | 'name'>) => ({ value: model.id, label: model.name });
const search = (keyword: string) =>
  modelListQuery({ page: 1, per_page: 20, ...(keyword ? { keyword } : {}) });

/** A model filter of the settlement lists, searched by name as the member types. */
export function SettlementModelSelect({
  value,
  onChange,
  current,
  testId,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  current: { id: number; name: string } | null;
  testId?: string;
}) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={search}
      lookup={modelQuery}
      current={current ? toOption(current) : null}
      toOption={toOption}
      placeholder="模特"
      notFound="没有符合条件的模特"
      style={{ width: 150 }}
      testId={testId}
    />
  );
}

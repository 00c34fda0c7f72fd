import type { Company } from '@trackit/contract/company.schema';
import { type ControlNameProps, RecordSelect } from '../../components/record-select';
import { companyOptionsQuery, companyQuery } from './company.queries';

export interface CompanySelectProps extends ControlNameProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The company already chosen (its name shows before any search). */
  current?: { id: number; name: string } | null;
  testId?: string;
}

const toOption = (company: Pick<Company, 'id' | 'name'>) => ({ value: company.id, label: company.name });

/** Picks one of the team's active companies, searched by name as the member types. */
export function CompanySelect({ value, onChange, current, testId, ...name }: CompanySelectProps) {
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={companyOptionsQuery}
      lookup={companyQuery}
      current={current ? toOption(current) : null}
      toOption={toOption}
      placeholder="搜索公司名称"
      notFound="没有符合条件的公司"
      testId={testId}
      {...name}
    />
  );
}

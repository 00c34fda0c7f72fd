import type { Contact, ContactQuery } from '@trackit/contract/contact.schema';
import { useCallback } from 'react';
import { type ControlNameProps, RecordSelect } from '../../components/record-select';
import { contactListQuery, contactQuery } from './contact.queries';

export interface ContactSelectProps extends ControlNameProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** Only this company's contacts. */
  companyId: number;
  /** The contact already chosen (its name shows before any search). */
  current?: { id: number; name: string } | null;
  testId?: string;
}

const toOption = (contact: Pick<Contact, 'id' | 'name' | 'position'>) => ({
  value: contact.id,
  title: contact.name,
  label: contact.position ? `${contact.name}（${contact.position}）` : contact.name,
});

/** Picks one of a company's active contacts, searched by name as the member types. */
export function ContactSelect({ value, onChange, companyId, current, testId, ...name }: ContactSelectProps) {
  const search = useCallback(
    (keyword: string) =>
      contactListQuery({
        page: 1,
        per_page: 20,
        company_id: companyId,
        status: 'active',
        ...(keyword ? { keyword } : {}),
      } satisfies ContactQuery),
    [companyId],
  );
  return (
    <RecordSelect
      value={value}
      onChange={onChange}
      search={search}
      lookup={contactQuery}
      current={current ? { value: current.id, label: current.name, title: current.name } : null}
      toOption={toOption}
      placeholder="搜索联系人姓名"
      notFound="该公司没有符合条件的联系人"
      testId={testId}
      {...name}
    />
  );
}

import { isWithinRange } from '@trackit/contract/business-time';
import { DATE_FORMATS } from '@trackit/contract/constants';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { ListPatch, ListQueryBase } from './list-search-params';
import type { ListSearch } from './use-list-search';

/** The query's date fields (`from`, `issued_to`): text in the address. */
type DateField<Q> = { [K in keyof Q]-?: NonNullable<Q[K]> extends string ? K : never }[keyof Q];

export interface ListDateRangeFilterProps<Q extends ListQueryBase> {
  search: ListSearch<Q>;
  /** The query's fields for the first and the last day, both ends included. */
  from: DateField<Q> & string;
  to: DateField<Q> & string;
  /** What the dates are of (`工作日期`, `收款日期`): the picker's name and its placeholder `…从 / 至`. */
  label: string;
  width?: number;
  testId?: string;
}

/** A range of days bound to two date fields of the list's query; cleared, both go. */
export function ListDateRangeFilter<Q extends ListQueryBase>({
  search,
  from,
  to,
  label,
  width = 250,
  testId,
}: ListDateRangeFilterProps<Q>) {
  const start = search.query[from] as string | undefined;
  const end = search.query[to] as string | undefined;
  return (
    <DatePicker.RangePicker
      value={start && end ? [dayjs(start), dayjs(end)] : null}
      placeholder={[`${label}从`, '至']}
      onChange={(dates) => {
        const [first, last] = dates ?? [];
        search.set({
          [from]: first?.format(DATE_FORMATS.date),
          [to]: last?.format(DATE_FORMATS.date),
        } as ListPatch<Q>);
      }}
      // Only days the API takes as a filter (docs/product.md §9 "Input bounds"): another would be dropped.
      disabledDate={(day) => !isWithinRange(day.format(DATE_FORMATS.date))}
      style={{ width }}
      aria-label={label}
      data-testid={testId}
    />
  );
}

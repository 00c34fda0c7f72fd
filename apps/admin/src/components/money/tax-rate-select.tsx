import {
  CURRENT_TAX_RATES,
  FORMER_TAX_RATE_NOTE,
  isCurrentTaxRate,
  type TaxRate,
} from '@trackit/contract/constants';
import { formatTaxRate } from '@trackit/contract/money';
import { Select, type SelectProps } from 'antd';

const CURRENT_OPTIONS = CURRENT_TAX_RATES.map((rate) => ({ value: rate, label: formatTaxRate(rate) }));

export type TaxRateSelectProps = Omit<SelectProps<TaxRate>, 'options' | 'mode'>;

/**
 * A VAT rate (docs/decisions.md "Tax rates of today and former ones"): today's rates (`CURRENT_TAX_RATES`,
 * 13 % down to 0 %), shown `6%`. A record holding a former rate (10, 16, 17 or 20 %) keeps it, offered as
 * `10%（旧税率）` beside today's, so it stays readable and is changed only on purpose.
 */
export function TaxRateSelect({ style, value, ...props }: TaxRateSelectProps) {
  const options =
    value === undefined || value === null || isCurrentTaxRate(value)
      ? CURRENT_OPTIONS
      : [...CURRENT_OPTIONS, { value, label: `${formatTaxRate(value)}（${FORMER_TAX_RATE_NOTE}）` }];
  return (
    <Select<TaxRate>
      options={options}
      style={{
        width: value !== undefined && value !== null && !isCurrentTaxRate(value) ? 130 : 80,
        ...style,
      }}
      popupMatchSelectWidth={false}
      value={value}
      {...props}
    />
  );
}

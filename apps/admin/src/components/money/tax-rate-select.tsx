import { TAX_RATES, type TaxRate } from '@trackit/contract/constants';
import { formatTaxRate } from '@trackit/contract/money';
import { Select, type SelectProps } from 'antd';

const TAX_RATE_OPTIONS = TAX_RATES.map((rate) => ({ value: rate, label: formatTaxRate(rate) }));

export type TaxRateSelectProps = Omit<SelectProps<TaxRate>, 'options' | 'mode'>;

/** One of the contract's tax rates (`TAX_RATES`, docs/product.md §9), shown `6%`. */
export function TaxRateSelect({ style, ...props }: TaxRateSelectProps) {
  return <Select<TaxRate> options={TAX_RATE_OPTIONS} style={{ width: 80, ...style }} {...props} />;
}

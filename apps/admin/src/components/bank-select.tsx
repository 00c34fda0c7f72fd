import { BANK_GROUPS, BANK_LABELS, BANK_SEARCH_WORDS, type Bank } from '@trackit/contract/banks';
import { Select, type SelectProps } from 'antd';

interface BankOption {
  value: Bank;
  label: string;
  /** The name and what people also call it: 工行, 招行, ICBC… */
  search: string;
}

const OPTIONS = BANK_GROUPS.map((group) => ({
  label: group.label,
  title: group.label,
  options: group.banks.map(
    (bank): BankOption => ({
      value: bank,
      label: BANK_LABELS[bank],
      search: [BANK_LABELS[bank], ...BANK_SEARCH_WORDS[bank]].join(' ').toLowerCase(),
    }),
  ),
}));

/** Whether an option matches what is typed: its name or a short name, case aside. */
export const bankMatches = (typed: string, option: { search?: string } | undefined): boolean =>
  Boolean(option?.search?.includes(typed.trim().toLowerCase()));

export type BankSelectProps = Omit<SelectProps<Bank>, 'options' | 'showSearch' | 'mode'>;

/**
 * The bank of an account (docs/product.md "Payee entity"): China's national banks in their groups (policy
 * banks, the six large state-owned banks, the twelve joint-stock banks), searchable by name or short name
 * (工行, 招行, 兴业, ICBC), and 其他银行 for any other bank, whose name the form then asks for
 * (`BankNameFields`).
 */
export function BankSelect(props: BankSelectProps) {
  return (
    <Select<Bank>
      options={OPTIONS}
      showSearch={{ filterOption: (typed, option) => bankMatches(typed, option as BankOption | undefined) }}
      placeholder="搜索银行，如 工行、招行、兴业"
      allowClear
      {...props}
    />
  );
}

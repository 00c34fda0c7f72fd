// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { sumTotals } from '@trackit/contract/money';
import { afterEach, describe, expect, it, vi } from 'vitest';
import styles from './money.module.css';
import { MoneyCell } from './money-cell';
import { MoneyTotals } from './money-totals';
import { TaxRateSelect } from './tax-rate-select';

afterEach(cleanup);

describe('MoneyCell', () => {
  it('shows yuan with separators and two decimals', () => {
    render(<MoneyCell fen={123_450} testId="cell" />);
    const cell = screen.getByTestId('cell');
    expect(cell.textContent).toBe('¥1,234.50');
    expect(cell.className).not.toContain(styles.negative);
  });

  it('shows a negative amount in red with a minus sign before the ¥', () => {
    render(<MoneyCell fen={-123_450} testId="cell" />);
    const cell = screen.getByTestId('cell');
    expect(cell.textContent).toBe('-¥1,234.50');
    expect(cell.className).toContain(styles.negative);
  });

  it('shows a dash for no amount', () => {
    render(<MoneyCell fen={null} testId="cell" />);
    expect(screen.getByTestId('cell').textContent).toBe('--');
  });
});

describe('MoneyTotals', () => {
  const totals = sumTotals([
    { kind: 'ModelFee', amount: 150_050, quantity: 2, tax_rate: 6 },
    { kind: 'UsageFee', amount: 500_000, tax_rate: 3 },
  ]);

  it('shows subtotal, tax and a total that adds up, with the parts before them', () => {
    render(
      <MoneyTotals
        totals={totals}
        label="订单合计"
        parts={[
          { label: '费用', fen: totals.model_fees },
          { label: '肖像授权', fen: totals.usage_fees },
        ]}
        testId="totals"
      />,
    );
    expect(totals.subtotal + totals.tax).toBe(totals.total);
    const text = screen.getByTestId('totals').textContent;
    expect(text).toContain('费用 ¥3,001.00');
    expect(text).toContain('肖像授权 ¥5,000.00');
    expect(text).toContain('不含税 ¥8,001.00');
    expect(text).toContain('税额 ¥330.06');
    expect(text).toContain('订单合计 ¥8,331.06');
    expect(screen.queryByTestId('totals-capitals')).toBeNull();
  });

  it('adds the total in Chinese capitals where asked', () => {
    render(<MoneyTotals totals={totals} capitals testId="totals" />);
    expect(screen.getByTestId('totals-capitals').textContent).toBe('大写：人民币捌仟叁佰叁拾壹元零陆分');
  });
});

describe('TaxRateSelect', () => {
  const offered = () =>
    Array.from(document.querySelectorAll('.ant-select-item-option'), (option) => option.textContent);

  it("offers today's VAT rates, highest first", async () => {
    const onChange = vi.fn();
    render(<TaxRateSelect aria-label="税率" value={6} onChange={onChange} open />);
    await screen.findByRole('listbox');
    expect(offered()).toEqual(['13%', '9%', '6%', '5%', '3%', '1%', '0%']);
    fireEvent.click(within(document.body).getByTitle('5%'));
    expect(onChange).toHaveBeenCalledWith(5, expect.anything());
  });

  it('keeps a former rate readable on a record that has it, labelled, without offering the others', async () => {
    render(<TaxRateSelect aria-label="税率" value={17} open />);
    await screen.findByRole('listbox');
    expect(offered()).toEqual(['13%', '9%', '6%', '5%', '3%', '1%', '0%', '17%（旧税率）']);
    expect(document.querySelector('.ant-select-content')?.textContent).toBe('17%（旧税率）');
  });
});

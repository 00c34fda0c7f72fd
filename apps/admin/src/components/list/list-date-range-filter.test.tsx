// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { receiptQuerySchema } from '@trackit/contract/receipt.schema';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ListDateRangeFilter } from './list-date-range-filter';
import { useListSearch } from './use-list-search';

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function ReceiptDates() {
  const search = useListSearch(receiptQuerySchema);
  return (
    <ListDateRangeFilter
      search={search}
      from="received_from"
      to="received_to"
      label="收款日期"
      testId="dates"
    />
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ReceiptDates />
      <Where />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('ListDateRangeFilter', () => {
  it('shows the range the address holds, named by what the dates are of', () => {
    renderAt('/receipts?received_from=2026-10-01&received_to=2026-10-31');
    const inputs = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([...inputs].map((input) => input.value)).toEqual(['2026-10-01', '2026-10-31']);
    expect(inputs[0]?.getAttribute('placeholder')).toBe('收款日期从');
  });

  it('offers only the days the API takes (2000-01-01 to 2099-12-31)', async () => {
    renderAt('/receipts?received_from=2000-01-03&received_to=2000-01-07');
    const input = document.querySelector<HTMLInputElement>('.ant-picker-range input');
    if (!input) throw new Error('the picker has its inputs');
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    const cell = async (date: string) => {
      const found = await waitFor(() => {
        const td = document.querySelector(`td[title="${date}"]`);
        if (!td) throw new Error(`no cell ${date}`);
        return td;
      });
      return found.classList.contains('ant-picker-cell-disabled');
    };
    expect(await cell('1999-12-31')).toBe(true);
    expect(await cell('2000-01-01')).toBe(false);
  });

  it('clears both ends from the address', async () => {
    renderAt('/receipts?received_from=2026-10-01&received_to=2026-10-31&keyword=星河');
    const clear = document.querySelector('.ant-picker-range .ant-picker-clear');
    if (!clear) throw new Error('the picker offers to clear a range');
    fireEvent.mouseDown(clear);
    fireEvent.mouseUp(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(screen.getByTestId('where').textContent).not.toContain('received_'));
    expect(decodeURIComponent(screen.getByTestId('where').textContent ?? '')).toContain('keyword=星河');
  });
});

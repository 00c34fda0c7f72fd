// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankSelect } from './bank-select';

afterEach(cleanup);

const offered = () =>
  Array.from(document.querySelectorAll('.ant-select-item-option'), (option) => option.textContent);

describe('BankSelect', () => {
  it('lists the national banks in their groups, then any other bank', async () => {
    // All of it, not the first screenful a virtual list renders.
    render(<BankSelect aria-label="开户银行" open virtual={false} />);
    await screen.findByRole('listbox');
    const groups = Array.from(
      document.querySelectorAll('.ant-select-item-group'),
      (group) => group.textContent,
    );
    expect(groups).toEqual(['政策性银行', '国有大型商业银行', '全国性股份制商业银行', '其他银行']);
    expect(offered()).toHaveLength(22);
    expect(offered()).toEqual(
      expect.arrayContaining(['兴业银行', '平安银行', '国家开发银行', '中国邮政储蓄银行']),
    );
  });

  it('finds a bank by its name or what people call it: 兴业, 工行, icbc, 平安, 农商', async () => {
    const onChange = vi.fn();
    render(<BankSelect aria-label="开户银行" onChange={onChange} />);
    const input = screen.getByRole('combobox');
    for (const [typed, found] of [
      ['兴业', ['兴业银行']],
      ['工行', ['中国工商银行']],
      ['icbc', ['中国工商银行']],
      ['平安', ['平安银行']],
      ['农商', ['其他银行（城商行、农商行等）']],
      ['进出口', ['中国进出口银行']],
    ] as const) {
      fireEvent.change(input, { target: { value: typed } });
      await screen.findByRole('listbox');
      expect(offered(), typed).toEqual(found);
    }
    fireEvent.change(input, { target: { value: '平安' } });
    fireEvent.click(await screen.findByTitle('平安银行'));
    expect(onChange).toHaveBeenCalledWith('pab', expect.anything());
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MAX_FEE_FEN } from '@trackit/contract/money';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyInput } from './money-input';

afterEach(cleanup);

/** A MoneyInput whose value is shown beside it, as a form would hold it. */
function Held({ initial = null, max }: { initial?: number | null; max?: number }) {
  const [fen, setFen] = useState<number | null>(initial);
  return (
    <>
      <MoneyInput aria-label="金额" value={fen} onChange={setFen} max={max} />
      <output data-testid="held">{fen === null ? 'null' : String(fen)}</output>
    </>
  );
}

const input = () => screen.getByLabelText('金额') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;

describe('MoneyInput', () => {
  it('holds exactly the fen typed in yuan', () => {
    render(<Held />);
    fireEvent.change(input(), { target: { value: '0.01' } });
    expect(held()).toBe('1');
    fireEvent.change(input(), { target: { value: '1234.5' } });
    expect(held()).toBe('123450');
    fireEvent.change(input(), { target: { value: '1,500.5' } });
    expect(held()).toBe('150050');
    fireEvent.change(input(), { target: { value: '0.07' } });
    expect(held()).toBe('7');
    fireEvent.change(input(), { target: { value: '100000000' } });
    expect(held()).toBe(String(MAX_FEE_FEN));
    fireEvent.change(input(), { target: { value: '' } });
    expect(held()).toBe('null');
  });

  it('holds NaN for text that is not an amount it takes, and keeps the text on screen', () => {
    render(<Held />);
    fireEvent.change(input(), { target: { value: '12.345' } });
    expect(held()).toBe('NaN');
    expect(input().value).toBe('12.345');
    fireEvent.change(input(), { target: { value: '100000000.01' } });
    expect(held()).toBe('NaN');
  });

  it('is bounded by the max it is given', () => {
    render(<Held max={10_000} />);
    fireEvent.change(input(), { target: { value: '100' } });
    expect(held()).toBe('10000');
    fireEvent.change(input(), { target: { value: '100.01' } });
    expect(held()).toBe('NaN');
  });

  it('shows a stored amount so it can be typed again, and rounds to the fen when left', () => {
    render(<Held initial={150_050} />);
    expect(input().value).toBe('1,500.50');
    cleanup();
    render(<Held initial={7} />);
    expect(input().value).toBe('0.07');
    cleanup();
    render(<Held initial={MAX_FEE_FEN} />);
    expect(input().value).toBe('100,000,000.00');
    cleanup();
    render(<Held />);
    fireEvent.change(input(), { target: { value: '12.345' } });
    fireEvent.blur(input());
    expect(held()).toBe('1235');
  });
});

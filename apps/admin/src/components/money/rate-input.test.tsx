// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RATE_MESSAGES } from '@trackit/contract/rates';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RateInput, rateRule } from './rate-input';

afterEach(cleanup);

/** A RateInput whose value is shown beside it, as a form would hold it. */
function Held({ initial = null, max }: { initial?: number | null; max?: number }) {
  const [bp, setBp] = useState<number | null>(initial);
  return (
    <>
      <RateInput aria-label="佣金比例" value={bp} onChange={setBp} max={max} />
      <output data-testid="held">{bp === null ? 'null' : String(bp)}</output>
    </>
  );
}

const input = () => screen.getByLabelText('佣金比例') as HTMLInputElement;
const held = () => screen.getByTestId('held').textContent;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('RateInput', () => {
  it('holds the basis points of the percent typed, exactly: 4.35 % and 0.29 % among them', () => {
    render(<Held />);
    for (const [text, bp] of [
      ['4.35', '435'],
      ['0.29', '29'],
      ['0.57', '57'],
      ['20', '2000'],
      ['12.5', '1250'],
      ['100', '10000'],
      ['0', '0'],
    ]) {
      type(text as string);
      expect(held(), text).toBe(bp);
    }
    type('');
    expect(held()).toBe('null');
  });

  it('holds NaN for a text that is not a rate it takes, and keeps the text on screen', () => {
    render(<Held />);
    for (const text of ['4.355', '100.01', 'abc']) {
      type(text);
      expect(held(), text).toBe('NaN');
    }
    type('4.355');
    expect(input().value).toBe('4.355');
  });

  it('is bounded by the max it is given', () => {
    render(<Held max={5000} />);
    type('50');
    expect(held()).toBe('5000');
    type('50.01');
    expect(held()).toBe('NaN');
  });

  it('shows a stored rate as its percent, so it can be typed again', () => {
    render(<Held initial={435} />);
    expect(input().value).toBe('4.35');
    cleanup();
    render(<Held initial={2000} />);
    expect(input().value).toBe('20');
  });

  it('refuses NaN beside the field with the contract’s message, and takes empty and whole rates', async () => {
    const validate = (value: unknown) =>
      (rateRule as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);
    await expect(validate(Number.NaN)).rejects.toThrow(RATE_MESSAGES.invalid);
    await expect(validate(10_001)).rejects.toThrow(RATE_MESSAGES.invalid);
    await expect(validate(null)).resolves.toBeUndefined();
    await expect(validate(435)).resolves.toBeUndefined();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { textCount } from './text-count';

const emoji = '😀';

describe('textCount: a field counts characters as the server does (code points)', () => {
  afterEach(cleanup);

  const renderField = () => {
    render(<Input count={textCount(50)} data-testid="name" />);
    return screen.getByTestId('name') as HTMLInputElement;
  };

  it('takes 26 emoji (52 UTF-16 units) as 26 characters, with no HTML maxlength', () => {
    const input = renderField();
    expect(input.getAttribute('maxlength')).toBeNull();
    fireEvent.change(input, { target: { value: emoji.repeat(26) } });
    expect(input.value).toBe(emoji.repeat(26));
    expect(screen.getByText('26 / 50')).toBeTruthy();
  });

  it('clips at 50 characters without splitting an emoji', () => {
    const input = renderField();
    fireEvent.change(input, { target: { value: emoji.repeat(51) } });
    expect(input.value).toBe(emoji.repeat(50));
  });
});

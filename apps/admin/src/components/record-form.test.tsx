// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressEnter } from '../testing/keyboard';
import { RecordForm } from './record-form';

function NoteForm({ onFinish }: { onFinish: (values: { title: string; notes?: string }) => void }) {
  return (
    <RecordForm<{ title: string; notes?: string }> onFinish={onFinish}>
      <Form.Item name="title">
        <Input data-testid="title" />
      </Form.Item>
      <Form.Item name="notes">
        <Input.TextArea data-testid="notes" />
      </Form.Item>
      <Button htmlType="submit" data-testid="save">
        保存
      </Button>
    </RecordForm>
  );
}

describe('RecordForm: creating and saving need the button', () => {
  afterEach(cleanup);

  it('keeps Enter in a field from submitting a half-filled form; the button submits it', async () => {
    const onFinish = vi.fn();
    render(<NoteForm onFinish={onFinish} />);
    fireEvent.change(screen.getByTestId('title'), { target: { value: '春季新品' } });
    expect(pressEnter(screen.getByTestId('title'))).toBe(false);
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ title: '春季新品' }));
  });

  it('leaves Enter to a textarea for its new lines, and to a chosen button, which it presses', async () => {
    const onFinish = vi.fn();
    render(<NoteForm onFinish={onFinish} />);
    const notes = screen.getByTestId('notes');
    expect(fireEvent.keyDown(notes, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(true);
    const save = screen.getByTestId('save');
    expect(fireEvent.keyDown(save, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(true);
    // An input method confirming its text with Enter is left alone too.
    expect(
      fireEvent.keyDown(screen.getByTestId('title'), { key: 'Enter', keyCode: 229, isComposing: true }),
    ).toBe(true);
    expect(onFinish).not.toHaveBeenCalled();
  });
});

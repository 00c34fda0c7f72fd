// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressEnter } from '../../testing/keyboard';
import { FolderForm } from './folder-form';

describe('FolderForm: the name counts characters as the server does', () => {
  afterEach(cleanup);

  it('accepts 26 emoji (the browser field no longer counts them as 52)', async () => {
    const onSubmit = vi.fn();
    render(<FolderForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    const input = screen.getByTestId('folder-name-input');
    expect(input.getAttribute('maxlength')).toBeNull();
    fireEvent.change(input, { target: { value: '😀'.repeat(26) } });
    fireEvent.click(screen.getByTestId('folder-create-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '😀'.repeat(26), kind: 'other' }));
  });

  it('refuses a name of invisible characters only with the empty-name message', async () => {
    const onSubmit = vi.fn();
    render(<FolderForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByTestId('folder-name-input'), { target: { value: '\u200b\u200f' } });
    fireEvent.click(screen.getByTestId('folder-create-submit'));
    expect(await screen.findByText('*请输入名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not create the folder on Enter in its name: the kind may still be chosen', async () => {
    const onSubmit = vi.fn();
    render(<FolderForm submitting={false} submitText="创建" onSubmit={onSubmit} />);
    fireEvent.change(screen.getByTestId('folder-name-input'), { target: { value: '刘晓阳 拍立得' } });
    expect(pressEnter(screen.getByTestId('folder-name-input'))).toBe(false);
    fireEvent.click(screen.getByTestId('folder-create-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: '刘晓阳 拍立得', kind: 'other' }));
  });
});

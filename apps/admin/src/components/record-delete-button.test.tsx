// @vitest-environment jsdom
import { queryOptions, useMutation } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RecordDeletion } from '@trackit/contract/record-deletion';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../testing/render-page';
import { RecordDeleteButton } from './record-delete-button';

function Harness({ check, remove }: { check: RecordDeletion; remove: () => Promise<null> }) {
  const mutation = useMutation({ mutationFn: remove });
  return (
    <RecordDeleteButton
      deletion={queryOptions({ queryKey: ['deletion'], queryFn: async () => check })}
      remove={mutation}
      question="删除模特「刘晓阳」？"
      onDeleted={() => document.body.setAttribute('data-deleted', 'yes')}
      testId="model"
    />
  );
}

describe('RecordDeleteButton', () => {
  afterEach(() => {
    cleanup();
    document.body.removeAttribute('data-deleted');
  });

  it('is disabled with the server’s reason while something refers to the record', async () => {
    const remove = vi.fn(async () => null);
    const reason = '该模特已有 3 个订单、1 个套餐，不能删除，可以归档';
    renderPage(<Harness check={{ can: false, reason }} remove={remove} />, '/');
    await waitFor(() => expect(screen.getByTestId('model-delete').getAttribute('data-reason')).toBe(reason));
    const button = screen.getByTestId('model-delete') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.mouseEnter(screen.getByTestId('model-delete-blocked'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
    fireEvent.click(button);
    expect(screen.queryByText('删除模特「刘晓阳」？')).toBeNull();
    expect(remove).not.toHaveBeenCalled();
  });

  it('asks first, then deletes and says so', async () => {
    const remove = vi.fn(async () => null);
    renderPage(<Harness check={{ can: true, reason: null }} remove={remove} />, '/');
    // Disabled while the server is asked, then enabled (a new button: the blocked one had a wrapper).
    await waitFor(() =>
      expect((screen.getByTestId('model-delete') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('model-delete'));
    expect(await screen.findByText('删除模特「刘晓阳」？')).toBeTruthy();
    expect(screen.getByText('删除后不能恢复')).toBeTruthy();
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('model-delete-confirm'));
    await waitFor(() => expect(document.body.getAttribute('data-deleted')).toBe('yes'));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('已删除')).toBeTruthy();
  });
});

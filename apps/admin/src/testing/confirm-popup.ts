import { fireEvent, waitFor } from '@testing-library/react';

/** Clicks the OK button of the open Popconfirm (a portal; found by its place, its label is the locale's). */
export async function confirmPopup(): Promise<void> {
  const ok = await waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-primary');
    if (!button) throw new Error('no open confirmation');
    return button;
  });
  fireEvent.click(ok);
}

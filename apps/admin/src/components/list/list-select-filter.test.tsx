// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { APPROVAL_STATUS_LABELS } from '@trackit/contract/enums';
import { notificationQuerySchema } from '@trackit/contract/notify.schema';
import { toOptions } from '@trackit/contract/options';
import { orderQuerySchema } from '@trackit/contract/order.schema';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@trackit/contract/order-constants';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ListSelectFilter } from './list-select-filter';
import { useListSearch } from './use-list-search';

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

function OrderFilters() {
  const search = useListSearch(orderQuerySchema);
  return (
    <>
      <ListSelectFilter
        search={search}
        field="status"
        multiple
        options={toOptions(ORDER_STATUSES, ORDER_STATUS_LABELS)}
        label="状态"
        width={170}
        testId="status"
      />
      <ListSelectFilter
        search={search}
        field="approval_status"
        multiple
        options={APPROVAL_STATUS_LABELS}
        label="审批状态"
        width={150}
        testId="approval"
      />
    </>
  );
}

function ReadFilter() {
  const search = useListSearch(notificationQuerySchema);
  return (
    <ListSelectFilter
      search={search}
      field="read"
      options={[
        { label: '未读', value: 'false' },
        { label: '已读', value: 'true' },
      ]}
      label="阅读状态"
      width={100}
      testId="read"
    />
  );
}

const renderAt = (filters: React.ReactNode, search = '') => {
  render(
    <MemoryRouter initialEntries={[`/list${search}`]}>
      {filters}
      <Where />
    </MemoryRouter>,
  );
  return () => screen.getByTestId('where').textContent;
};

const open = (testId: string) =>
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
const choose = async (label: string) => fireEvent.click(await screen.findByTitle(label));
/** The chosen values, as the open list marks them (the tags fold into +N in a narrow jsdom). */
const tags = (testId: string) => {
  open(testId);
  // The popup opened last is appended last.
  const popup = Array.from(document.querySelectorAll('.ant-select-dropdown')).at(-1) ?? document;
  return Array.from(popup.querySelectorAll('.ant-select-item-option-selected'), (item) => item.textContent);
};
const clear = (testId: string) => {
  const button = screen.getByTestId(testId).querySelector('.ant-select-clear') as HTMLElement;
  fireEvent.mouseDown(button);
  fireEvent.click(button);
};

afterEach(cleanup);

describe('ListSelectFilter', () => {
  it('shows the values the address holds, by their labels', () => {
    renderAt(<OrderFilters />, '?status=draft&status=completed&approval_status=init');
    expect(tags('status')).toEqual([ORDER_STATUS_LABELS.draft, ORDER_STATUS_LABELS.completed]);
    expect(tags('approval')).toEqual([APPROVAL_STATUS_LABELS.init]);
  });

  it('writes several values as repeated parameters, back on the first page', async () => {
    const where = renderAt(<OrderFilters />, '?page=3');
    open('status');
    await choose(ORDER_STATUS_LABELS.draft);
    await waitFor(() => expect(where()).toBe('?status=draft'));
    await choose(ORDER_STATUS_LABELS.completed);
    await waitFor(() => expect(where()).toBe('?status=draft&status=completed'));
  });

  it('offers a contract label map in its order', () => {
    renderAt(<OrderFilters />);
    open('approval');
    const offered = Array.from(
      document.querySelectorAll('.ant-select-item-option'),
      (item) => item.textContent,
    );
    expect(offered).toEqual(Object.values(APPROVAL_STATUS_LABELS));
  });

  it('removes the field from the address when cleared, keeping the other filters', async () => {
    const where = renderAt(<OrderFilters />, '?status=draft&status=completed&approval_status=init');
    clear('status');
    await waitFor(() => expect(where()).toBe('?approval_status=init'));
    expect(tags('status')).toEqual([]);
  });

  it('binds one value to a single field, and clearing it removes it', async () => {
    const where = renderAt(<ReadFilter />, '?page=2');
    open('read');
    await choose('已读');
    await waitFor(() => expect(where()).toBe('?read=true'));
    expect(screen.getByTestId('read').textContent).toContain('已读');
    clear('read');
    await waitFor(() => expect(where()).toBe(''));
  });

  it('ignores a value the schema refuses', () => {
    renderAt(<OrderFilters />, '?status=nonsense');
    expect(tags('status')).toEqual([]);
  });
});

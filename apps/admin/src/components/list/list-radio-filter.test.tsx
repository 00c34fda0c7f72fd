// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { notificationQuerySchema } from '@trackit/contract/notify.schema';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ListRadioFilter } from './list-radio-filter';
import { useListSearch } from './use-list-search';

function Filter() {
  const search = useListSearch(notificationQuerySchema);
  return (
    <>
      <ListRadioFilter
        search={search}
        field="read"
        options={[
          { label: '未读', value: 'false' },
          { label: '已读', value: 'true' },
        ]}
        label="阅读状态"
        testId="read"
      />
      <output data-testid="where">{useLocation().search}</output>
    </>
  );
}

const renderFilter = (search = '') => {
  render(
    <MemoryRouter initialEntries={[`/notify${search}`]}>
      <Filter />
    </MemoryRouter>,
  );
  return () => screen.getByTestId('where').textContent;
};

const checked = () =>
  screen.getByTestId('read').querySelector('.ant-radio-button-wrapper-checked')?.textContent;

afterEach(cleanup);

describe('ListRadioFilter', () => {
  it('shows the address’s choice, 全部 when there is none', () => {
    renderFilter('?read=true');
    expect(checked()).toBe('已读');
    cleanup();
    renderFilter();
    expect(checked()).toBe('全部');
  });

  it('writes a choice to the address, back on the first page, and 全部 removes it', () => {
    const where = renderFilter('?page=3');
    fireEvent.click(screen.getByText('未读'));
    expect(where()).toBe('?read=false');
    fireEvent.click(screen.getByText('全部'));
    expect(where()).toBe('');
  });
});

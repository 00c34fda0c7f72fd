// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { endpoints } from '@trackit/contract/endpoints';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api';
import { answer, answerCalls } from '../../testing/api-answers';
import { renderPage } from '../../testing/render-page';
import { OpenQueriesCard } from './open-queries-card';

vi.mock('../../api', () => ({ api: { call: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('OpenQueriesCard', () => {
  it('counts the open queries and links each to where staff answer it', async () => {
    answerCalls(
      api,
      answer(endpoints.feeStatement.openQueries, () => ({
        count: 3,
        items: [
          {
            id: 1,
            statement_id: 7,
            company: { id: 3, name: '某某服饰' },
            order: { id: 11, number: 'XC20261120001' },
            comment: '天数不对',
            name: '王会计',
            at: '2026-12-03T02:00:00.000Z',
            replied: false,
          },
          {
            id: 2,
            statement_id: 8,
            company: { id: 4, name: '别家传媒' },
            order: null,
            comment: '期初余额不对',
            name: '李四',
            at: '2026-12-04T02:00:00.000Z',
            replied: true,
          },
        ],
      })),
    );
    renderPage(<OpenQueriesCard />, '/');
    expect((await screen.findByTestId('open-queries-count')).textContent).toBe('3 个');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/finance/11', '/information/company/4']);
    expect(screen.getAllByTestId('open-query')[0]?.textContent).toContain('待回复');
    expect(screen.getAllByTestId('open-query')[1]?.textContent).toContain('已回复');
  });
});
